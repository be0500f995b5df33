"""Warrior & Wizard's tactics for the computer player, named by the ruleset (Rules.tactics):
its movement and defence weights, then its weapons' (tactics_moves, tactics_arms)."""

from __future__ import annotations

from board.ai.scoring import Scored, Tactics
from board.ai.view import SideView
from board.rules.warrior_wizard import tactics_arms, tactics_moves


def adjust(game, view: SideView, rows: list[Scored]) -> list[Scored]:
    """The rows with Warrior & Wizard's movement weights added, then its arms'."""
    return tactics_arms.adjust(game, view, tactics_moves.adjust(game, view, rows))


TACTICS = Tactics(adjust=adjust)
