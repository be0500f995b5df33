"""Dox's tactics for the computer player (Rules.tactics): what burning Fortune against the
wounds of a blow is worth."""

from __future__ import annotations

from board.ai.scoring import Scored, Style, Tactics
from board.ai.view import SideView
from board.rules.base import Command
from board.rules.dox.params import Fortune


def burn_fortune(view: SideView, command: Command, style: Style) -> Scored | None:
    """Fortune burnt against wounds (the Fortune question's answer): half a point per point
    burnt; any other command is left to the shared scores."""
    if command.action != "burn_fortune":
        return None
    points = Fortune.of(command).points
    return Scored(command, 0.5 * points, "burns Fortune against the wounds")


TACTICS = Tactics(other=burn_fortune)
