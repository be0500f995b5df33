"""The state of a Warrior & Wizard fight: figures, turn, phase and who acts next."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from board.footprints import footprint_cells
from board.hexgrid import Hex
from board.battle import BattleMap
from board.rules.warrior_wizard.spec import FigureSpec
from board.rules.warrior_wizard.options import Options
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
class FigureState:
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
    burdened_turns: int = 0  # turns spent carrying 5-7x STR (fatigue, load.py)
    flaming: str | None = None  # the weapon (or arrows) he has set on fire: +2 damage
    turn: TurnRecord = field(default_factory=TurnRecord)

    @property
    def cells(self) -> tuple[Hex, ...]:
        """The hexes the figure covers."""
        if self.size == 1:  # most figures: asked for every figure on every command
            return (self.hex,)
        return footprint_cells(self.size, self.hex, self.facing)

    @property
    def damage(self) -> int:
        """All damage taken, lethal and nonlethal."""
        return self.lethal + self.nonlethal

    @property
    def effective_st(self) -> int:
        """Strength minus damage taken."""
        return self.st - self.damage

    @property
    def up(self) -> bool:
        """Conscious and alive."""
        return self.status == "ok"

    def has_skill(self, skill: str) -> bool:
        """Whether the figure has a skill (case-insensitive)."""
        return skill.casefold() in self.skills

    def clone(self) -> FigureState:
        """An independent copy (lists and the turn record copied too)."""
        # Copying slots by hand: dataclasses.replace() re-runs __init__ and costs several
        # times more, and every command clones every figure.
        new = _copy_figure(self)
        new.weapons = list(self.weapons)
        new.turn = _copy_turn(self.turn)
        new.turn.entered = list(self.turn.entered)
        return new


def _copier(cls):
    """A shallow copy function for a slots dataclass, written out field by field once (as
    dataclasses writes its own methods): the engine clones every figure on every command."""
    lines = [f"    new.{f.name} = old.{f.name}" for f in fields(cls)]
    source = "def copy(old):\n    new = new_object(cls)\n" + "\n".join(lines) + "\n    return new\n"
    namespace = {"new_object": object.__new__, "cls": cls}
    exec(source, namespace)  # noqa: S102 - the source is built from the class's own field names
    return namespace["copy"]


_copy_figure = _copier(FigureState)
_copy_turn = _copier(TurnRecord)


def figure_from_spec(spec: FigureSpec) -> FigureState:
    """A fresh figure from its map entry."""
    return FigureState(
        name=spec.name, team=spec.team, size=spec.size, st=spec.st, dx=spec.dx, iq=spec.iq,
        ma=spec.ma, hex=Hex(*spec.at), facing=spec.facing, posture=spec.posture,
        weapons=list(spec.weapons), ready=spec.ready or None, off_hand=spec.off_hand,
        armor=spec.armor, shield=spec.shield, shield_ready=bool(spec.shield) and not spec.shield_slung,
        backpack=spec.backpack, gear_kg=spec.gear_kg,
        skills=frozenset(s.casefold() for s in spec.skills), spells=tuple(spec.spells),
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


@dataclass
class WWState:
    """A whole fight. Mutable, but only ever changed on a private clone by apply()."""

    battle: BattleMap
    options: Options
    tables: RuleTables
    figures: dict[str, FigureState]
    turn: int = 0
    phase: str = "setup"  # movement, combat or over
    order: list[str] = field(default_factory=list)  # this turn's initiative order
    queue: list[str] = field(default_factory=list)  # still to act this phase; queue[0] acts
    chases: dict[str, str] = field(default_factory=dict)  # pursuer -> the one it chases
    items: dict[Hex, list[str]] = field(default_factory=dict)  # weapons lying on hexes
    spells: list[ActiveSpell] = field(default_factory=list)
    winner: str | None = None
    disengage: Any = None  # a Disengaging (disengage.py) while its engagers choose; immutable

    def clone(self) -> WWState:
        """A copy that apply() may change freely (the map and tables are shared)."""
        return WWState(
            battle=self.battle, options=self.options, tables=self.tables,
            figures={name: f.clone() for name, f in self.figures.items()},
            turn=self.turn, phase=self.phase, order=list(self.order), queue=list(self.queue),
            chases=dict(self.chases), items={h: list(v) for h, v in self.items.items()},
            spells=[copy.copy(s) for s in self.spells], winner=self.winner, disengage=self.disengage,
        )

    @property
    def active(self) -> str | None:
        """The figure whose turn it is in this phase (an engager choosing whether to strike
        a disengaging figure comes first)."""
        if self.disengage is not None and self.disengage.waiting:
            return self.disengage.waiting[0]
        return self.queue[0] if self.queue else None

    def occupant_map(self, ignore: str | None = None) -> dict[Hex, str]:
        """Which figure covers each hex (bodies too: a fallen or dead figure is in the way)."""
        figures = [f for f in self.figures.values() if f.name != ignore]
        out = {f.hex: f.name for f in figures if f.size == 1}  # most figures: no footprint
        out.update((cell, f.name) for f in figures if f.size > 1 for cell in f.cells)
        return out

    def enemies(self, figure: FigureState) -> list[FigureState]:
        """Figures of other teams."""
        return [f for f in self.figures.values() if f.team != figure.team]
