"""What the play controller keeps of the screen: selection, mode, the move being planned, the message."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from board.hexgrid import Hex
from board.rules.reports import ActionInfo


@dataclass(frozen=True)
class PlannedMove:
    """A move being planned: the figure, the hex it ends on, the path there, the facing it will
    end with and the movement action."""

    figure: str
    hex: Hex
    path: tuple[Hex, ...]
    facing: int
    action: str

    def facing_to(self, facing: int) -> PlannedMove:
        """The same move ending with another facing."""
        return replace(self, facing=facing % 6)


@dataclass
class View:
    """Selection, the chosen action, the move being planned, the message shown."""

    mode: str = "move"  # move, facing, combat, target, hex, choice, gm, over, view
    selected: str | None = None
    move_action: str | None = None
    move_chosen: bool = False  # the player picked the movement action (else a click picks the least)
    hover: Hex | None = None
    pending: PlannedMove | None = None  # the move whose facing is being picked
    action: ActionInfo | None = None  # the combat action being aimed
    message: str = ""
    warning: bool = False
    gm: bool = False
    threat_mode: str = "focus"  # all, focus (selected and hovered) or off
    labels: bool = False  # hex labels: off by default (issue 35: noise), the L key shows them
    chase_from: tuple | None = None  # (figure, GMKey): a GM key waiting for the figure it aims at
    option_index: dict[str, int] = field(default_factory=dict)  # the aimed action's settings
    facings: dict[int, str | None] = field(default_factory=dict)  # pending move: facing -> why not
