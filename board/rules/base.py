"""What every ruleset shares: commands, events, refusals and the Ruleset interface (what it
reports to the board: board.rules.reports)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from board.dice import DiceSource
from board.frozen import quick_init
from board.models import Position

if TYPE_CHECKING:  # the interface's types, for its annotations only (a game is set up without them)
    from board.hexgrid import Hex
    from board.rules.reports import ActionInfo, GMKey, Prediction, Token, TurnInfo


class Command(BaseModel):
    """One change a player, script or GM asks of a game; validated before it is applied."""

    # Built at its first use, not at import: a map is loaded and a game set up without one.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

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

    def words(self) -> str:
        """The command in a player's words, without program ids: "Eamon: move (stand still)"."""
        what = (self.action or "").replace("_", " ")
        if self.do == "gm":
            text = "the GM: " + " ".join(p for p in (what or "a change", self.figure) if p)
            return text + (f" and {self.target}" if self.target else "")
        if self.do == "move":
            what = f"move ({what})" if what else "move"
        what = what or self.do.replace("_", " ")
        text = f"{self.figure}: {what}" if self.figure else what
        return text + (f" at {self.target}" if self.target else "")


@quick_init
@dataclass(frozen=True)
class Event:
    """Something that happened, with every die rolled; the log and animations read these."""

    kind: str
    text: str
    figure: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    # How the log shows a kind of the ruleset's own: a tone of board.rules.kernel.events.TONES
    # ("" for the kind's own); presentation only, so not in the JSON.
    tone: str = ""

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


class Ruleset(Protocol):
    """The small interface the board, scripts and tests use for every rule system (a ruleset
    subclasses board.rules.kernel.rules.Rules, which gives the defaults)."""

    id: str
    name: str
    facing: bool  # figures face a hex side: a move ends with a chosen facing
    gm_actions: tuple[str, ...]  # the "gm" command actions it takes (place, damage, heal, ...)
    odds_note: str  # what its predictions cannot know, said under the odds tooltip
    gm_keys: tuple[GMKey, ...]  # its own GM keys beside the common ones (none by default)

    def sheet_choices(self) -> dict[str, tuple[str, ...] | str]:
        """The editor form's drop-down lists: field -> names, or the name of a list field."""

    def sheet_warnings(self, spec) -> list[str]:
        """What the editor warns of in a valid sheet (a weapon too heavy...); none by default."""

    def figure_model(self) -> type[BaseModel]:
        """The figure sheet: a subclass of board.models.FigureBase validated in map files."""

    def check_figure(self, spec, problem) -> Any:
        """Check a sheet against the ruleset's tables: problem(path, message) for each fault.

        Returns the spec to play with (names resolved); path is a tuple of keys in the figure."""

    def options_model(self) -> type[BaseModel]:
        """The pydantic model of this ruleset's options."""

    def setup(self, battle, options: BaseModel, dice: DiceSource) -> tuple[Any, list[Event]]:
        """The starting state for a map, and the events of starting (initiative...)."""

    def turn_info(self, state) -> TurnInfo:
        """Where the game stands (board.rules.reports.TurnInfo): turn, phase ("over" at the
        end), active figure (whose actions the menu shows), order, winner, ..."""

    def tokens(self, state) -> dict[str, Token]:
        """Every figure as the board draws it."""

    def ground_items(self, state) -> dict[Hex, tuple[str, ...]]:
        """What lies on the ground, by hex (a dropped weapon...), for the board to mark; none
        unless the ruleset keeps such things."""

    def card(self, state, figure: str) -> list[tuple[str, str]]:
        """The figure's sheet as (label, value) rows in words, for the board's figure card."""

    def actions(self, state, figure: str) -> list[ActionInfo]:
        """The actions the figure may take now, and those greyed out with a reason."""

    def check(self, state, command: Command) -> None:
        """Raise Refusal if the command is illegal now; never changes the state."""

    def untaken(self, command: Command) -> str | None:
        """The refusal of a field given (target, to...) that the command's action does not take."""

    def apply(self, state, command: Command, dice: DiceSource) -> list[Event]:
        """Apply a checked command to the state (a private copy), returning events."""

    def predict(self, state, command: Command) -> Prediction | None:
        """Exact odds of an attack command, or None for other commands."""

    def snapshot(self, state) -> dict[str, Any]:
        """The state as JSON-ready data (replay --json's last line)."""

    def legal_commands(self, state) -> list[Command]:
        """Concrete legal commands now (for random play and bots)."""


def listed(label: str, names) -> list[tuple[str, str]]:
    """A figure card row naming the things, comma-separated; no row when there are none."""
    names = [str(n) for n in names]
    return [(label, ", ".join(names))] if names else []
