"""What the controller's mixins (combat, GM) use of the Controller they are mixed into."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board.game import Game, Outcome
    from board.hexgrid import Hex
    from board.rules.base import Command
    from board.rules.reports import ActionInfo, TurnInfo
    from board.ui.play.view import View


class ControllerParts:
    """The host's game, view and methods, declared for the type checker (the Controller has them)."""

    game: Game
    view: View

    if TYPE_CHECKING:  # declared only: the Controller's own methods are the ones that run

        def info(self) -> TurnInfo: ...
        def actions(self, figure: str | None = None) -> list[ActionInfo]: ...
        def figure_at(self, h: Hex) -> str | None: ...
        def say(self, text: str, warning: bool = False) -> None: ...
        def submit(self, command: Command) -> Outcome: ...
        def sync(self) -> None: ...
