"""What the play controller keeps of the screen: the mode, the selection, the hover, the message."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex
from board.ui.play.modes import ChoosingMove, GMMode, Mode


@dataclass
class View:
    """The mode (with what it is planning or aiming), the selection, the message shown."""

    mode: Mode = field(default_factory=ChoosingMove)
    selected: str | None = None
    hover: Hex | None = None
    message: str = ""
    warning: bool = False
    threat_mode: str = "focus"  # all, focus (selected and hovered) or off
    labels: bool = False  # hex labels: off by default (issue 35: noise), the L key shows them

    @property
    def gm(self) -> bool:
        """The GM is at the board (GM mode)."""
        return isinstance(self.mode, GMMode)
