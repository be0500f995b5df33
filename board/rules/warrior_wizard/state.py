"""The state of a Warrior & Wizard fight: figures, turn, phase and who acts next."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex
from board.rules.kernel.clone import OnWrite, Shared
from board.rules.kernel.fight import Fight, Placed
from board.rules.kernel.sheets import from_sheet
from board.rules.warrior_wizard.spec import FigureSpec, Options
from board.rules.warrior_wizard.tables import RuleTables


@dataclass(slots=True)
class TurnRecord:
    """What a figure has done this turn; the combat actions open to it depend on it."""

    moved: int = 0  # hexes moved this turn
    start: Hex | None = None  # where its movement began
    move_action: str | None = None  # the movement action taken
    entered: list[Hex] = field(default_factory=list)  # anchor hexes entered, in order
    engaged_at_start: tuple[str, ...] = ()  # who engaged it when its movement began
    stood_up: bool = False
    delayed: bool = False
    acted: bool = False  # took its combat action
    stance: str | None = None  # defend, dodge, breather or set (a pole arm against a charge)
    charged: tuple[str, ...] = ()  # figures it moved into engagement with this turn
    damage_before_armor: int = 0
    damage_after_armor: int = 0
    spoiled: bool = False  # took damage through armor (spoils a breather)
    upkeep_paid: bool = False  # spent ST keeping a spell up this turn
    displaced: bool = False  # pushed back a hex this turn (not movement, but not staying put)


@dataclass(slots=True)
class FigureState(Placed):
    """One figure now: where it stands, what it holds, what it has suffered."""

    name: str
    team: str
    size: int
    st: int
    dx: int
    iq: int
    ma: int
    hex: Hex
    facing: int
    posture: str
    weapons: list[str]  # carried (sheathed or in hand)
    ready: str | None  # the weapon in hand
    off_hand: str | None  # a dagger or main-gauche in the left hand
    armor: str | None
    shield: str | None
    shield_ready: bool
    backpack: bool
    gear_kg: float
    skills: frozenset[str]
    spells: tuple[str, ...]
    lethal: int = 0
    nonlethal: int = 0
    status: str = "ok"  # ok, unconscious or dead
    out_for_combat: bool = False  # "won't wake up during this combat"
    wounded: bool = False  # took 5+ damage last turn: -2 Effective DEX this turn
    on_fire: str | None = None  # limb, half or whole
    running_on_fire: bool = False  # ran (3+ hexes) last turn while burning
    must_run: bool = False  # burning and failed this turn's IQ check to avoid running
    illusion: bool = False
    surprised: bool = False  # set by the GM; no threat zone until the end of the turn
    caster: str | None = None  # for an illusion: who made it
    burdened_turns: int = 0  # turns spent carrying 5-7x STR (fatigue, damage.py)
    flaming: str | None = None  # the weapon (or arrows) it has set on fire: +2 damage
    pronoun: str = "they"  # the sheet's: how messages speak of it (board/words.py)
    turn: TurnRecord = field(default_factory=TurnRecord)

    @property
    def damage(self) -> int:
        """All damage taken, lethal and nonlethal."""
        return self.lethal + self.nonlethal

    @property
    def effective_st(self) -> int:
        """Strength minus damage taken."""
        return self.st - self.damage

    def readiable(self) -> list[str]:
        """What the figure may ready: its weapons not in hand, and its shield if slung."""
        return [w for w in self.weapons if w != self.ready] + (
            [self.shield] if self.shield and not self.shield_ready else []
        )

    def has_skill(self, skill: str) -> bool:
        """Whether the figure has a skill (case-insensitive)."""
        return skill.casefold() in self.skills


def figure_from_spec(spec: FigureSpec) -> FigureState:
    """A fresh figure from its map entry."""
    return from_sheet(
        FigureState,
        spec,
        ready=spec.ready or None,
        shield_ready=bool(spec.shield) and not spec.shield_slung,
        skills=frozenset(s.casefold() for s in spec.skills),
        spells=tuple(spec.spells),
    )


@dataclass(slots=True)
class ActiveSpell:
    """A spell with an ongoing effect, and the upkeep that keeps it."""

    name: str
    caster: str
    target: str | None
    upkeep: int
    effect: str  # a condition name such as "blur", or "illusion"
    kept: int = 0  # the turn it was cast or last kept up: it is up for upkeep in later turns


@dataclass(frozen=True)
class Disengaging:
    """A Disengage under way (disengage.py): the engagers still to choose, then the step itself."""

    figure: str
    to: Hex
    facing: int | None
    waiting: tuple[str, ...]  # engagers still to choose, in initiative order


@dataclass
class WWState(Fight[FigureState, Options]):
    """A whole fight. Mutable, but only ever changed on a private clone by apply(); a clone shares
    its figures with the original until a command asks for its own copy of one (`own`)."""

    figures: OnWrite[dict[str, FigureState]]
    tables: Shared[RuleTables]
    # phase: setup, movement, combat or over; order: this turn's initiative (kernel Fight)
    chases: dict[str, str] = field(default_factory=dict)  # pursuer -> the one it chases
    items: dict[Hex, list[str]] = field(default_factory=dict)  # weapons lying on hexes
    spells: list[ActiveSpell] = field(default_factory=list)
    disengage: Disengaging | None = None  # while its engagers choose; immutable, so clones share it

    @property
    def active(self) -> str | None:
        """Who acts now in this phase (an engager choosing to strike a disengager comes first)."""
        if self.disengage is not None and self.disengage.waiting:
            return self.disengage.waiting[0]
        return self.queue[0] if self.queue else None

    def occupant_map(self, ignore: str | None = None) -> dict[Hex, str]:
        """Which figure covers each hex (bodies too: a fallen or dead figure is in the way)."""
        out: dict[Hex, str] = {}
        big = []
        for f in self.figures.values():  # one pass; most figures: one hex, no footprint
            if f.name != ignore:
                if f.size == 1:
                    out[f.hex] = f.name
                else:
                    big.append(f)
        for f in big:  # then the footprints, over any body in the same hex
            for cell in f.cells:
                out[cell] = f.name
        return out

    def lying_under(self, figure: FigureState) -> list[str]:
        """What lies on the figure's hexes (dropped weapons, shields)."""
        return [item for cell in figure.cells for item in self.items.get(cell, ())]

    def weapons_under(self, figure: FigureState) -> list[str]:
        """The weapons (not shields) lying on the figure's hexes, each name once."""
        armor = self.tables.armor
        return list(
            dict.fromkeys(
                w
                for w in self.lying_under(figure)
                if w in self.tables.weapons and not (w in armor and armor[w].kind == "shield")
            )
        )

    def enemies(self, figure: FigureState) -> list[FigureState]:
        """Figures of other teams."""
        return [f for f in self.figures.values() if f.team != figure.team]
