"""Where a game stands: the typed turn info every ruleset reports and the board reads, and what
moves a fight's turn on: the whose-turn check, the queue, the initiative tie-break."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from board.rules.base import Refusal


@dataclass(frozen=True)
class TurnInfo:
    """For the banner, the menu and every player (person, computer or remote).

    phase is the ruleset's own step ("movement", "combat", "plot", ...), "over" once the fight is
    decided; the board shows the actions whose ActionInfo.phase equals it."""

    turn: int
    phase: str
    active: str | None = None  # the figure whose actions the menu shows now
    order: tuple[str, ...] = ()  # the figures in acting order, as the banner lists them
    winner: str | None = None  # the winning team once over (None: a draw or not over)
    phase_label: str = ""  # the banner's words for the phase ("" : the board words it)
    queue: tuple[str, ...] = ()  # figures still to act this phase (the banner dims the others)
    team: str | None = None  # the side to act now (None: over, or the active figure's team)
    timeline: dict[str, Any] | None = None  # second-by-second plots (see docs/rulesets.md)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def but(self, **changes) -> TurnInfo:
        """A copy with some fields changed."""
        return replace(self, **changes)


def break_ties(keys: dict[str, list[int]], roll: Callable[[str], int], last: bool = False) -> list[str]:
    """The names by key, highest first (last=True: highest last). While keys tie, each tied name
    rolls again (its roll appended to its key), in the keys' order, until no two tie."""
    while True:
        groups: dict[tuple, list[str]] = {}
        for name, key in keys.items():
            groups.setdefault(tuple(key), []).append(name)
        tied = [names for names in groups.values() if len(names) > 1]
        if not tied:
            return sorted(keys, key=keys.__getitem__, reverse=not last)
        for names in tied:
            for name in names:
                keys[name].append(roll(name))


def named(state, name: str | None):
    """The figure of that name (Refusal naming the figures on the map if none)."""
    f = state.figures.get(name or "")
    if f is None:
        raise Refusal(f'no figure named "{name}"; on the map: {", ".join(state.figures)}')
    return f


def acting(state, command, phase: str | None = None):
    """The figure a command names, if it may act now (in `phase`, if given): the one whose-turn
    check, with its refusals in this order: over, no such figure, the phase, down, not its turn."""
    if state.phase == "over":
        raise Refusal("the fight is over")
    f = named(state, command.figure)
    if phase is not None and state.phase != phase:
        raise Refusal(f"it is the {state.phase} phase, not the {phase} phase")
    if not f.up:
        raise Refusal(f"{f.name} is {f.status} and cannot act")
    why = state.not_its_turn(f)
    if why:
        raise Refusal(why)
    return f


def next_in_queue(state, stays: Callable = lambda f: f.up) -> None:
    """The head of the queue is done: it leaves, and so does every figure that no longer `stays`
    (by default: is up)."""
    if state.queue:
        state.queue.pop(0)
    figures = state.figures
    state.queue = [n for n in state.queue if stays(figures[n])]


def drop(state, name: str, keep_head: bool = False) -> None:
    """A figure leaves the fight: out of the order and the queue (keep_head: if it is acting,
    it stays at the head until its turn is passed on)."""
    state.order = [n for n in state.order if n != name]
    head = state.queue[:1] if keep_head and state.queue[:1] == [name] else []
    state.queue = head + [n for n in state.queue[len(head):] if n != name]
