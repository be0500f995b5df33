"""The state of a dox fight: figures, holds (grapples), dropped gear, the round and who acts."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex
from board.rules.base import Event
from board.battle import BattleMap
from board.rules.dox.sheet import Options
from board.rules.dox.sheet import KIND_MOVE, Catalogue, DoxFigure, Weapon, catalogue
from board.rules.kernel.clone import Shared
from board.rules.kernel.fight import Fight, InFight
from board.rules.kernel.sheets import from_sheet


@dataclass(slots=True)
class Fig(InFight):
    """One figure now."""

    name: str
    team: str
    hex: Hex
    kind: str
    strength: int
    warrior: int
    athlete: int
    marksman: int
    rider: int
    dodge: int
    parry: int
    fortune: int
    max_wounds: int
    weapon: str
    gear: list[str]
    armor: str | None
    shield: str | None
    mass: int
    move: int
    mount: str | None = None  # the figure it rides
    posture: str = "standing"
    unaware: bool = False
    wounds: int = 0
    status: str = "ok"  # ok or down
    pronoun: str = "they"  # the sheet's: how messages speak of it (board/words.py)
    moved: bool = False  # took its movement step this round
    acted: bool = False  # took its action this round
    guarding: str | None = None  # the friend it stands ready to block for (an assisted block)
    surprised_by_me: tuple[str, ...] = ()  # victims it has used the surprise bonus on
    ranger: int = 0
    trained_by: str | None = None  # the Ranger whose commands it obeys (an animal)
    war_trained: bool = False
    order: tuple[str, str | None] | None = None  # an obeyed command, until the end of its next turn
    commanded: bool = False  # gave an animal a command this round (a Ranger)

    def heal(self, amount: int) -> int:
        """Heal up to amount wounds (one down gets up below max_wounds): the wounds healed."""
        healed = min(amount, self.wounds)
        self.wounds -= healed
        if not self.up and self.wounds < self.max_wounds:
            self.status = "ok"
        return healed


def fig_from_spec(spec: DoxFigure, options: Options) -> Fig:
    """A fresh figure from its sheet."""
    move = spec.move if spec.move is not None else options.human_move * KIND_MOVE[spec.kind]
    return from_sheet(
        Fig,
        spec,
        move=move,
        mount=spec.mount or None,  # "": on foot
        dodge=spec.athlete if spec.dodge is None else spec.dodge,
        parry=spec.warrior if spec.parry is None else spec.parry,
    )


@dataclass(slots=True)
class Hold:
    """A grapple: who holds whom, and the dox of the roll that took (or last kept) the hold."""

    grappler: str
    victim: str
    dox: int


@dataclass(slots=True)
class Pending:
    """Wounds waiting for the victim's answer: how many Fortune points to burn."""

    victim: str
    wounds: int
    source: str  # the attacker, for the log


@dataclass
class DoxState(Fight[Fig, Options]):
    """A whole fight; changed only on a private clone by apply()."""

    gear: Shared[Catalogue]
    # order: this round's initiative; queue: those still to take their turn (kernel Fight)
    holds: list[Hold] = field(default_factory=list)
    items: dict[Hex, list[str]] = field(default_factory=dict)  # gear lying on hexes
    pending: list[Pending] = field(default_factory=list)

    @property
    def active(self) -> str | None:
        """The figure whose turn it is (or who must answer a Fortune question)."""
        if self.over:
            return None
        if self.pending:
            return self.pending[0].victim
        return self.queue[0] if self.queue else None

    # A property over the kernel's field: the checker allows a dataclass field to be overridden
    # only by another field. Clones derive it as the original does (kernel/clone.py).
    @property  # type: ignore[misc]
    def phase(self) -> str:
        """over, fortune (a victim decides on Fortune), movement or action: read from who acts
        and what it has done (whether the fight is over is the kernel's field)."""
        if self.over:
            return "over"
        if self.pending:
            return "fortune"
        f = self.figures.get(self.queue[0]) if self.queue else None
        return "movement" if f is not None and not f.moved else "action"

    @phase.setter
    def phase(self, value: str) -> None:  # what the kernel sets is derived here
        pass

    def not_its_turn(self, f: Fig) -> str | None:
        if self.pending:
            return f"{self.active} must first decide whether to burn Fortune"
        return super().not_its_turn(f)

    def weapon(self, f: Fig) -> Weapon:
        """The weapon in the figure's hand (a Fist when empty-handed)."""
        return self.gear.weapon(f.weapon or "Fist")

    def protection(self, f: Fig) -> int:
        """The figure's Protection."""
        return self.gear.protection(f.armor, f.shield)

    def rider_of(self, mount: str) -> Fig | None:
        """The figure riding this one, if any."""
        return next((f for f in self.figures.values() if f.mount == mount), None)

    def hold_by(self, grappler: str) -> Hold | None:
        """The hold this figure has on someone."""
        return next((h for h in self.holds if h.grappler == grappler), None)

    def holds_on(self, victim: str) -> list[Hold]:
        """Every hold on this figure (several grapplers make a group pin)."""
        return [h for h in self.holds if h.victim == victim]

    def free(self, h: Hex, ignore: tuple[str, ...] = ()) -> bool:
        """Whether h is passable with nobody on it but those ignored (a body is in the way too)."""
        return self.battle.passable(h) and all(f.hex != h or f.name in ignore for f in self.figures.values())


def new_state(battle: BattleMap, options: Options) -> tuple[DoxState, list[Event]]:
    """The starting state for a map's figures (riders placed on their mounts), and a line for
    each rider left on foot for want of his mount."""
    figures = {spec.name: fig_from_spec(spec, options) for spec in battle.figures}
    state, events = DoxState(battle=battle, options=options, gear=catalogue(), figures=figures), []
    for f in figures.values():
        mount = figures.get(f.mount or "")
        if mount is not None and mount.kind != "person" and state.rider_of(mount.name) is f:
            f.hex = mount.hex
        elif f.mount is not None:
            events.append(
                Event(
                    "status",
                    f"{f.name} has no mount named {f.mount} (a free horse or animal on the map): on foot",
                    f.name,
                )
            )
            f.mount = None
    return state, events
