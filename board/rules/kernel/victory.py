"""Victory: the fight is over when at most one team still has a figure fighting."""

from __future__ import annotations

from collections.abc import Callable

from board.rules.base import Event
from board.rules.kernel.events import VICTORY


def over(state) -> None:
    """Mark the fight over: nobody is left to act."""
    state.over, state.phase = True, "over"
    state.queue.clear()


def check_victory(state, fighting: Callable | None = None, nobody: str = "Nobody is left standing") -> list[Event]:
    """Once at most one team still fights (`fighting(state)`, the teams: by default those with a
    figure up), set `state.winner` (None: nobody), mark the state over and return the victory
    event."""
    if state.over:
        return []
    teams = {f.team for f in state.figures.values() if f.up} if fighting is None else fighting(state)
    if len(teams) > 1:
        return []
    return declare(state, next(iter(teams), None), nobody)


def declare(state, winner: str | None, nobody: str = "Nobody is left standing") -> list[Event]:
    """The fight won by `winner`, the one team still fighting (None: nobody): set `state.winner`,
    mark the state over and return the victory event."""
    state.winner = winner
    over(state)
    return [Event(VICTORY, f"{winner} wins" if winner else nobody, None, {"winner": winner})]
