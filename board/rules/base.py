"""What every ruleset shares: commands, events, action reports and the Ruleset interface."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from board.dice import DiceSource
from board.hexgrid import Hex
from board.models import Position


class Command(BaseModel):
    """One change a player, script or GM asks of a game; validated before it is applied."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    do: str = Field(description="what to do: move, act, gm, ...")
    figure: str | None = Field(None, description="the figure that acts")
    action: str | None = Field(None, description="which movement or combat action")
    path: tuple[Position, ...] | None = Field(None, description="hexes entered, in order")
    to: Position | None = Field(None, description="a destination hex (the path is found)")
    facing: int | None = Field(None, ge=0, le=5, description="the facing at the end")
    target: str | None = Field(None, description="the figure aimed at")
    weapon: str | None = Field(None, description="a weapon named by the action")
    params: dict[str, Any] = Field(default_factory=dict, description="action-specific settings")
    dice: tuple[int, ...] | None = Field(None, description="forced dice, used before the seeded ones")

    def short(self) -> str:
        """The command as one readable line."""
        parts = [self.do]
        if self.figure:
            parts.append(self.figure)
        if self.action:
            parts.append(self.action)
        if self.target:
            parts.append(f"-> {self.target}")
        return " ".join(parts)


@dataclass(frozen=True)
class Event:
    """Something that happened, with every die rolled; the log and animations read these."""

    kind: str
    text: str
    figure: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict."""
        out: dict[str, Any] = {"event": self.kind, "text": self.text}
        if self.figure:
            out["figure"] = self.figure
        out.update(self.data)
        return out


class Refusal(Exception):
    """An illegal command: the reason is for the player to read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class ActionInfo:
    """One action a figure may (or may not) take now, as the board offers it."""

    id: str
    label: str
    phase: str  # "movement" or "combat"
    enabled: bool = True
    reason: str | None = None  # why it is greyed out
    needs: str = "none"  # none | path | target | hex | weapon | choice
    targets: tuple[str, ...] = ()
    hexes: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)  # reachable hex -> path
    stop_hexes: frozenset[Hex] = frozenset()  # where a path stops (entering a threat zone)
    choices: tuple[str, ...] = ()
    # What each choice sets in the command's params (a label -> params); for needs "choice".
    choice_params: dict[str, dict] = field(default_factory=dict)
    # Settings an aimed action may take, each param -> its values (the first is the default),
    # offered by the board as toggles: e.g. {"maneuver": (None, "slam"), "spell": (...)}.
    options: dict[str, tuple] = field(default_factory=dict)


@dataclass(frozen=True)
class Prediction:
    """Exact odds of an attack before it is made, as fractions."""

    dice: int
    target_number: int
    hit: Fraction
    damage: dict[int, Fraction]  # damage taken after armor, given a hit
    expected_damage: Fraction  # over all outcomes (a miss counts 0)
    outcomes: dict[str, Fraction]  # "5+", "falls", "unconscious", "dies": over all outcomes
    modifiers: tuple[tuple[str, int], ...] = ()


class Ruleset(Protocol):
    """The small interface the board, scripts and tests use for every rule system."""

    id: str
    name: str

    def options_model(self) -> type[BaseModel]:
        """The pydantic model of this ruleset's options."""

    def setup(self, battle, options: BaseModel, dice: DiceSource) -> tuple[Any, list[Event]]:
        """The starting state for a map, and the events of starting (initiative...)."""

    def turn_info(self, state) -> dict[str, Any]:
        """Turn number, phase, order, active figure, for the banner."""

    def actions(self, state, figure: str) -> list[ActionInfo]:
        """The actions the figure may take now, and those greyed out with a reason."""

    def check(self, state, command: Command) -> None:
        """Raise Refusal if the command is illegal now; never changes the state."""

    def apply(self, state, command: Command, dice: DiceSource) -> list[Event]:
        """Apply a checked command to the state (a private copy), returning events."""

    def predict(self, state, command: Command) -> Prediction | None:
        """Exact odds of an attack command, or None for other commands."""

    def snapshot(self, state) -> dict[str, Any]:
        """The state as JSON-ready data (replay --json's last line)."""

    def legal_commands(self, state) -> list[Command]:
        """Concrete legal commands now (for random play and bots)."""


_RULESETS: dict[str, Any] = {}


def register(ruleset) -> None:
    """Make a ruleset available by its id."""
    _RULESETS[ruleset.id] = ruleset


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; KeyError listing the known ones."""
    from board.rules import warrior_wizard  # noqa: F401  (registers itself)

    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise KeyError(f'unknown ruleset "{ruleset_id}"; known: {", ".join(sorted(_RULESETS))}') from None
