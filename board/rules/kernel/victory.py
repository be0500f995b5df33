"""Victory: the fight is over when at most one team still has a figure fighting."""

from __future__ import annotations

from typing import Callable

from board.rules.base import Event


def up(figure) -> bool:
    """The usual test of who still fights: conscious and alive."""
    return figure.up


def over(state) -> None:
    """Mark the fight over: a state whose phase is a plain field."""
    state.phase = "over"


def over_and_nobody_queued(state) -> None:
    """Mark the fight over and empty the queue of those still to act."""
    state.phase = "over"
    state.queue.clear()


def check_victory(state, fights: Callable = up, end: Callable = over,
                  nobody: str = "Nobody is left standing") -> list[Event]:
    """A victory event (the winner, or None: nobody) once at most one team fights, else [].

    `fights(figure)` says who still fights; `end(state)` marks the state over (after
    `state.winner` is set). Nothing happens once `state.phase` is "over"."""
    if state.phase == "over":
        return []
    teams = {f.team for f in state.figures.values() if fights(f)}
    if len(teams) > 1:
        return []
    state.winner = next(iter(teams), None)
    end(state)
    text = f"{state.winner} wins" if state.winner else nobody
    return [Event("victory", text, None, {"winner": state.winner})]
