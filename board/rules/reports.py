"""What a ruleset reports to the board: where the game stands, the actions on offer, the odds of an
attack, each figure's token and the keys of its own GM commands (the board, the computer player
and the tests read these)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from board.hexgrid import Hex


@dataclass(frozen=True)
class ActionInfo:
    """One action a figure may (or may not) take now, as the board offers it."""

    id: str
    label: str
    # The turn step it belongs to; the board shows the actions whose phase is TurnInfo.phase.
    # "movement" is special: the board shows reach and asks for the path (and a facing).
    phase: str
    enabled: bool = True
    reason: str | None = None  # why it is greyed out
    # What the board asks before the command: nothing, a path (movement, reach shown), a target,
    # a hex, a weapon, a choice, or only a facing ("facing": the figure stays in its hex and
    # may turn; a click on its own token takes it; asked only where the ruleset has facing).
    needs: str = "none"  # none | path | facing | target | hex | weapon | choice
    targets: tuple[str, ...] = ()
    hexes: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)  # reachable hex -> path
    stop_hexes: frozenset[Hex] = frozenset()  # where a path stops (entering a threat zone)
    choices: tuple[str, ...] = ()
    # What each choice sets in the command's params (a label -> params); for needs "choice".
    choice_params: dict[str, dict] = field(default_factory=dict)
    # Settings an aimed action may take, each param -> its values (the first is the default),
    # offered by the board as toggles: e.g. {"maneuver": (None, "slam"), "spell": (...)}.
    options: dict[str, tuple] = field(default_factory=dict)
    # How the board words each setting's values, in the same order (else the value itself).
    option_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    note: str = ""  # what taking it allows or forbids, shown before the click ("no attack this turn")
    # The movement whose reach the board shows when the phase opens (else the first with reach).
    default: bool = False
    line_of_fire: bool = False  # aimed at range: the board draws the line to the hovered target


@dataclass(frozen=True)
class Prediction:
    """Exact odds of an attack before it is made, as fractions."""

    dice: int
    target_number: int
    hit: Fraction
    damage: dict[int, Fraction]  # damage taken after armor, given a hit
    expected_damage: Fraction  # over all outcomes (a miss counts 0)
    # Over all outcomes, each named in the ruleset's words, or by a common event kind (falls,
    # unconscious, dies: board.rules.kernel.events.OUTCOME_WORDS), which the board shows as bad news.
    outcomes: dict[str, Fraction]
    modifiers: tuple[tuple[str, int], ...] = ()
    # How the roll reads, e.g. "3d6, 11 or less"; empty: "{dice}d6, {target_number} or less".
    roll: str = ""
    severe: int | None = None  # damage of at least this much is bad news (the chart marks it)


@dataclass(frozen=True)
class Token:
    """How the board draws one figure; every ruleset reports its figures this way."""

    name: str
    team: str
    hex: Hex  # the anchor hex
    cells: tuple[Hex, ...]  # every hex the figure covers
    size: int = 1
    facing: int | None = None  # None: the ruleset has no facing, no pointer is drawn
    status: str = "ok"  # ok | unconscious | dead | any other word (drawn greyed, with the word)
    posture: str = "standing"  # standing | kneeling | prone | fallen
    meter: tuple[int, int] | None = None  # (now, full): effective ST of ST, HP of HP...
    meter_label: str = ""  # what the meter counts: "ST", "HP"...
    caption: str = ""  # a short line under the name: the ready weapon, usage dice...
    on_fire: str | None = None
    threat_zone: frozenset[Hex] = frozenset()  # drawn only where the ruleset defines one
    engaged_with: tuple[str, ...] = ()  # figures that engage this one (drawn as arrows)
    shares_hex: bool = False  # in a brawl: drawn smaller, beside the others in its hex
    # What the figure is or wields, drawn faintly on the token: blade, knife, axe, polearm, bow,
    # magic, beast ("": none).
    glyph: str = ""
    icon: str = ""  # the map's `icon:` for this figure ("": the board chooses from the glyph)


@dataclass(frozen=True)
class TurnInfo:
    """For the banner, the menu and every player (person, computer or remote).

    phase is the ruleset's own step ("movement", "combat", "plot", ...), "over" once the fight is
    decided; the board shows the actions whose ActionInfo.phase equals it."""

    turn: int
    phase: str
    active: str | None = None  # the figure whose actions the menu shows now
    order: tuple[str, ...] = ()  # the figures in acting order, as the banner lists them
    winner: str | None = None  # the winning team once over (None: a draw or not over)
    phase_label: str = ""  # the banner's words for the phase ("" : the board words it)
    queue: tuple[str, ...] = ()  # figures still to act this phase (the banner dims the others)
    team: str | None = None  # the side to act now (None: over, or the active figure's team)
    timeline: dict[str, Any] | None = None  # second-by-second plots (see docs/rulesets.md)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def but(self, **changes) -> TurnInfo:
        """A copy with some fields changed."""
        return replace(self, **changes)


@dataclass(frozen=True)
class GMKey:
    """A key in GM mode that sends one of the ruleset's GM commands on the selected figure."""

    key: str  # the character typed: "p"
    action: str  # the GM command's action: "posture"
    words: str  # what the help says after the key: "P posture"
    # A setting the key steps through `values`, starting after the Token attribute `now` holds.
    param: str = ""
    now: str = ""
    values: tuple[str, ...] = ()
    target: bool = False  # the next click names the figure it aims at (a chase)

    def params(self, token) -> dict:
        """The command's params for a figure: the value after its current one, if the key steps."""
        if not self.param:
            return {}
        current = getattr(token, self.now, None)
        index = self.values.index(current) if current in self.values else -1
        return {self.param: self.values[(index + 1) % len(self.values)]}
