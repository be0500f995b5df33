"""The hard level's leaf evaluation: what each side has left to fight with, as one number."""

from __future__ import annotations

from board.ai.view import health, up
from board.rules.reports import Token

WON = 12.0  # a won (lost) game against one figure's worth
HELPLESS = 0.3  # a figure down but alive (asleep, unconscious): may wake, may be finished
FALLEN = 0.25  # a figure up but on the ground (prone, kneeling) fights worse until it stands


def worth(token: Token) -> float:
    """One figure's standing: 1 for being in the fight plus what is left of its meter; a figure
    out of the fight but alive is worth a little; the dead nothing."""
    if up(token):
        lying = FALLEN if token.posture not in (None, "", "standing") else 0.0
        return 1.0 + health(token) - lying
    if token.status == "dead" or not token.meter or token.meter[0] <= 0:
        return 0.0
    return HELPLESS


def material(game, team: str) -> float:
    """The side's figures' worth less the enemies', and the game's result when it is over."""
    if game.is_terminal():
        winner = game.winner()
        if winner is not None:
            return WON if winner == team else -WON
    total = 0.0
    for token in game.tokens().values():
        total += worth(token) if token.team == team else -worth(token)
    return total
