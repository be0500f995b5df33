"""Victory: the fight is over when at most one team still has a figure fighting."""

from __future__ import annotations

from typing import Callable

from board.rules.base import Event
from board.rules.kernel.events import VICTORY


def over(state) -> None:
    """Mark the fight over: a state whose phase is a plain field."""
    state.phase = "over"


def over_and_nobody_queued(state) -> None:
    """Mark the fight over and empty the queue of those still to act."""
    over(state)
    state.queue.clear()


def check_victory(state, fights: Callable = lambda f: f.up, end: Callable = over,
                  nobody: str = "Nobody is left standing") -> list[Event]:
    """Once at most one team has a figure that `fights` (by default: is up), set `state.winner`
    (None: nobody), mark the state over with `end(state)` and return the victory event."""
    if state.phase == "over":
        return []
    teams = {f.team for f in state.figures.values() if fights(f)}
    if len(teams) > 1:
        return []
    state.winner = next(iter(teams), None)
    end(state)
    return [Event(VICTORY, f"{state.winner} wins" if state.winner else nobody, None,
                  {"winner": state.winner})]
