"""The state of a Melee: combatants, the Melee Round and second, plots and pending effects."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from board.battle import BattleMap
from board.hexgrid import Hex
from board.rules.kernel.clone import Cloneable, Shared
from board.rules.kernel.fight import Fight, Placed
from board.rules.kernel.sheets import from_sheet
from board.rules.melee_seconds.sheet import MSFigureSpec, Options, Tables, load


@dataclass(frozen=True, slots=True)
class Details:
    """What a Specific Plot was stated with, kept while it runs (5.7): the section 7 action and
    its item or door, the weapon or spell, and its target once running (a Thievish Activity's
    name and seconds are in its text and its `lasts`)."""

    action: str | None = None  # a section 7 action's name (kind "action")
    item: str | None = None  # what it draws, takes out or picks up
    weapon: str | None = None  # 5.2: the weapon an attack names
    thievish: bool = False  # 5.1.7: a Thievish Attack
    forward: bool = False  # 6.5: moving forward after a damaging blow
    spell: str | None = None
    door: str = "door"  # 7.11: the door kicked, its level (None: d4), lock and magic
    door_level: int | None = None
    lock: int = 0
    magic: int = 0
    target: str | None = None  # a running plot's (Ongoing)

    @property
    def chosen(self) -> str:
        """The item a draw, take-out or pick-up names (planning refuses one without)."""
        return required(self.item, f"{self.action} names no item")


NO_DETAILS = Details()


@dataclass(slots=True)
class Plot:
    """A Specific Plot for one second (5.1)."""

    kind: str  # attack, charge, ranged, parry, reload, delay, cast, thievish, action, move, nothing
    text: str  # as the timeline shows it
    target: str | None = None
    to: Hex | None = None
    path: tuple[Hex, ...] = ()
    facing: int | None = None
    params: Details = NO_DETAILS
    uses_initiative: bool = False  # spends the second's Initiative (one AMR)
    shield: bool = True  # Shield a Successful Attack on self if able (5.3)
    fd_parry: bool = True  # on Full Defensive: Parry (breaks it) rather than Shield (4.4)
    auto: bool = False  # a running plot carried on without restating it (5.7): may be changed
    by: str = ""  # who stated it
    lasts: tuple[int, str] | tuple[()] = ()  # (amount, unit): it runs over seconds or AMR (5.7),
    # as an Ongoing

    @property
    def aimed_at(self) -> str:
        """The figure an aimed plot (an attack, charge or shot) is aimed at."""
        return required(self.target, f'the plot "{self.text}" is aimed at nobody')


@dataclass(frozen=True, slots=True)
class SpellDue:
    """A spell cast, to resolve at the beginning of the absolute second `at` (5.1.6)."""

    at: int
    by: str
    spell: str
    target: str


@dataclass(frozen=True, slots=True)
class Pellet:
    """A Flash Pellet or Tanglefoot Pill thrown, to go off at the beginning of the absolute
    second `at` (7.9, 7.10)."""

    at: int
    kind: str  # flash or tanglefoot
    by: str
    hex: Hex


# A pellet's kind: the item thrown (its row in items.yaml holds the kind's rules) and its shout.
PELLETS = {"flash": ("Flash Pellet", "Flash!"), "tanglefoot": ("Tanglefoot Pill", "Tangle!")}
Effect = SpellDue | Pellet  # what goes off at the beginning of a second


@dataclass(slots=True)
class Ongoing:
    """A Specific Plot that covers several seconds and continues until changed (5.7)."""

    kind: str  # cast, action, thievish
    label: str
    left: int  # seconds, or AMR when unit is "amr"
    unit: str = "seconds"
    params: Details = NO_DETAILS


@dataclass(slots=True)
class Fighter(Cloneable, Placed):
    """One combatant now: sheet, wounds, this Melee Round's plots and Initiative."""

    name: str
    team: str
    size: int
    hex: Hex
    facing: int
    sheet: MSFigureSpec
    weapons: list[str]
    ready: str | None
    off_hand: str | None  # a second melee weapon in the shield hand (5.2)
    loaded: bool
    shield_ready: bool
    shield: str | None
    items: list[str]
    backpack: list[str]
    potion_in_hand: bool
    damage: int = 0
    status: str = "ok"  # ok, unconscious or dead
    general: str | None = None  # this round's General Plot key
    spells_reserved: int = 0  # 3.7: dice not rolled, one per spell
    full_defensive: bool = False
    rolled: tuple[int, ...] = ()
    initiative: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()
    reacts_at: int = 1  # first round: the first second it may plot (3.2)
    positioning_until: int = 0  # first round, a thief: before this second it only moves (3.4)
    amr_used: int = 0
    spells_cast: int = 0  # spells begun this round (3.7)
    reflex_at: int = 0  # absolute second of its last Reflex Spell
    chaos_at: tuple[int, int] = (0, -1)  # (round, second) of its last Use Chaos
    shields_used: int = 0
    shielded_at: int = 0  # absolute second of its last Shield (one a second, 5.3)
    # second -> (text, kind; an action's name) this round: the kinds a secret figure's revealed
    # plots tell of its General Plot
    plots: dict[int, tuple[str, str]] = field(default_factory=dict)
    plot: Plot | None = None  # stated for the current second
    ongoing: Ongoing | None = None
    revealed: bool = False  # a Thievish Attack revealed it (3.8)
    may_change: bool = False  # the GM permits a change of General Plot (2.5)
    may_close: tuple[str, ...] = ()  # 6.3: opponents it may close on this second
    blind_until: int = 0  # absolute second until which a Flash Pellet blinds it
    entangled: bool = False

    @property
    def in_hand(self) -> tuple[str, ...]:
        """The weapons it may attack or parry with this second without drawing (5.2, 7.2)."""
        return tuple(w for w in (self.ready, self.off_hand) if w)

    @property
    def stated(self) -> Plot:
        """Its plot for this second: every plotter has one while the second resolves."""
        return required(self.plot, f"{self.name} has no plot for this second")

    @property
    def left(self) -> int:
        """Hits left before falling unconscious."""
        return self.sheet.hits - self.damage

    def status_at(self, damage: int) -> str:
        """Its status with this much damage taken: dead at hits + CO, unconscious at hits
        (procedure.yaml's default)."""
        if damage >= self.sheet.hits + self.sheet.co:
            return "dead"
        return "unconscious" if damage >= self.sheet.hits and self.status == "ok" else self.status

    def heal(self, amount: int) -> int:
        """Heal up to amount (the unconscious wake below their hits); return the points healed."""
        healed = min(amount, self.damage)
        self.damage -= healed
        if self.status == "unconscious" and self.damage < self.sheet.hits:
            self.status = "ok"
        return healed


def fighter_from_spec(spec: MSFigureSpec) -> Fighter:
    """A fresh combatant from its sheet."""
    return from_sheet(
        Fighter, spec, sheet=spec, ready=spec.ready or None, shield_ready=bool(spec.shield) and spec.shield_ready
    )


@dataclass
class MSState(Fight[Fighter, Options]):
    """A whole Melee; changed only on a private clone by apply()."""

    tables: Shared[Tables]
    # turn: the Melee Round; phase: general, plot or over (kernel Fight; setup() starts them)
    second: int = 0  # 0 while General Plots are stated
    effects: list[Effect] = field(default_factory=list)  # spells cast, pellets thrown
    items: dict[Hex, list[str]] = field(default_factory=dict)  # items lying on hexes (kernel/ground.py)
    hidden: set[str] = field(default_factory=set)  # General Plots not yet revealed

    @property
    def now(self) -> int:
        """The absolute second: (round - 1) * 6 + second."""
        return (self.turn - 1) * 6 + self.second

    @property
    def active(self) -> str | None:
        """Whose General or Specific Plot is stated next."""
        if self.phase == "general":
            return next((n for n in self.order if self.figures[n].up and self.figures[n].general is None), None)
        if self.phase == "plot":
            return next((n for n in self.order if needs_plot(self, self.figures[n])), None)
        return None

    def not_its_turn(self, f: Fighter) -> None:
        """Any combatant with a plot to state may state it (plots.py says when one has none)."""
        return None

    def occupied(self, ignore: str | None = None) -> dict[Hex, str]:
        """Which figure covers each hex (the fallen too)."""
        return {c: f.name for f in self.figures.values() if f.name != ignore for c in f.cells}

    def enemies(self, f: Fighter) -> list[Fighter]:
        return [o for o in self.figures.values() if o.team != f.team]


def spells_of(state: MSState, f: Fighter, kind: str) -> list[str]:
    """The spells the figure knows of a kind: normal, or reflex (5.4)."""
    return [s for s in f.sheet.spells if state.tables.spells[s]["kind"] == kind]


T = TypeVar("T")


def required(value: T | None, missing: str) -> T:
    """The value a plan made sure of (a target, an item, a spell): None is a bug, not a refusal."""
    if value is None:
        raise ValueError(missing)
    return value


def needs_plot(state: MSState, f: Fighter) -> bool:
    """Whether the figure still has to state its Specific Plot for this second."""
    return f.up and f.plot is None and state.second >= f.reacts_at


def has_init(state: MSState, f: Fighter) -> bool:
    """Initiative is available this second (and no Flash Pellet blinds the figure)."""
    return state.second in f.initiative and state.now >= f.blind_until


def continue_plot(state: MSState, f: Fighter, auto: bool = True) -> Plot:
    """The running plot carried on this second (an AMR-costed one spends the second's Initiative)."""
    o = required(f.ongoing, f"{f.name} has no running plot to continue")
    uses = o.unit == "amr" and has_init(state, f)
    return Plot("continue", f"{o.label} (continues)", uses_initiative=uses, auto=auto)


def melee(battle: BattleMap, options: Options) -> MSState:
    """A Melee about to begin (setup() starts Melee Round 1: General Plots first)."""
    figures = {s.name: fighter_from_spec(s) for s in battle.figures}
    return MSState(battle, options, figures, load(), order=list(figures))


def forget_aims(state: MSState, name: str) -> None:
    """A combatant leaves the Melee: what is aimed at it ends (docs/rules-notes.md)."""
    state.hidden.discard(name)
    for o in state.figures.values():
        if o.ongoing is not None and o.ongoing.params.target == name:
            o.ongoing = None
            if o.plot is not None and o.plot.kind == "continue":
                o.plot = None
        if o.plot is not None and o.plot.target == name:
            o.plot = None
