"""Whose turn it is: the one whose-turn check every ruleset's commands pass, and figures leaving
the queue of those still to act (kernel/fight.py's fields; kernel/sequence.py moves it on)."""

from __future__ import annotations

from board.rules.base import Refusal


def named(state, name: str | None):
    """The figure of that name (Refusal naming the figures on the map if none)."""
    f = state.figures.get(name or "")
    if f is None:
        raise Refusal(f'no figure named "{name}"; on the map: {", ".join(state.figures)}')
    return f


def acting(state, command, phase: str | None = None):
    """The figure a command names, if it may act now (in `phase`, if given): the one whose-turn
    check, with its refusals in this order: over, no such figure, the phase, down, not its turn."""
    if state.over:
        raise Refusal("the fight is over")
    f = state.figures.get(command.figure or "")
    if f is None:
        f = named(state, command.figure)  # its refusal
    if phase is not None and state.phase != phase:
        raise Refusal(f"it is the {state.phase} phase, not the {phase} phase")
    if not f.up:
        raise Refusal(f"{f.name} is {f.status} and cannot act")
    why = state.not_its_turn(f)
    if why:
        raise Refusal(why)
    return f


def leave_queue(state, name: str) -> None:
    """A figure out of the fight loses its place in the queue (the acting one keeps the head
    until its turn is passed on)."""
    if name in state.queue[1:]:
        state.queue.remove(name)


def drop(state, name: str, keep_head: bool = False) -> None:
    """A figure leaves the fight: out of the order and the queue (keep_head: if it is acting,
    it stays at the head until its turn is passed on)."""
    state.order = [n for n in state.order if n != name]
    head = state.queue[:1] if keep_head and state.queue[:1] == [name] else []
    state.queue = head + [n for n in state.queue[len(head) :] if n != name]
