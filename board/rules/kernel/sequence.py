"""The turn, run by the kernel: a ruleset names its phases, who acts in them and what begins and
ends a turn (`Turns`); the kernel counts the turns, fills and moves on the queue
(kernel/fight.py's fields), steps from phase to phase and asks victory before anything new
begins, so that no turn starts once a side has won.

Two shapes fit. Phase-major (Warrior & Wizard): every figure moves, then every figure fights;
each phase has its queue. Figure-major (`by_figure`: the demo, combat-chart, dox, usage-dice):
one figure goes through the phases, then the next; the phase goes back to the first on each pass.
The turn passes either when the ruleset says the acting figure is done (`pass_turn`, from its
deeds) or after every command, while the head of the queue is `finished` (`settle`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.kernel.victory import check_victory

Hook = Callable[[Any, DiceSource], list[Event]]


def nothing(state, *_) -> list[Event]:
    return []


@dataclass(frozen=True)
class Turns:
    """A ruleset's turn, as the kernel runs it: its phases and its hooks (all optional)."""

    phases: tuple[str, ...] = ("turn",)
    by_figure: bool = False  # figure-major: each figure goes through every phase before the next
    # A turn begins (state.turn already counted): what ticks, and the initiative, which sets
    # state.order; its events.
    begin: Hook = nothing
    end: Hook = nothing  # a turn ends, before victory is asked and the next one begins
    # Who holds a place in the queue of the current phase: (state, names) -> those of the names
    # who do, in their order; None: the names as they are (usage-dice's queue holds sides).
    acts: Callable[[Any, list[str]], list[str]] | None = lambda state, names: [n for n in names if state.figures[n].up]
    # A new phase's queue, from the order's figures that act: (state, names) -> names.
    line_up: Callable[[Any, list[str]], list[str]] = lambda state, queue: queue
    leave: Hook = nothing  # a phase ends, before the next phase begins (phase-major)
    enter: Hook = nothing  # a phase begins, its queue filled: its events (phase-major)
    starts: Callable[[Any], list[Event]] = nothing  # the head of the queue begins its turn
    # The head's turn is over (state, its name, or None if the queue was empty): what ends with it.
    done: Callable[[Any, str | None], list[Event]] = nothing
    # The queue ran out: those who waited their turn (a delay) line up again; its events.
    again: Hook = nothing
    # For settle(): whether the head of the queue has finished its turn (state) -> bool.
    finished: Callable[[Any], bool] = lambda state: False
    victory: Callable[[Any], list[Event]] = check_victory  # the ruleset's, as Rules.victory


def line_up(state, turns: Turns) -> None:
    """The queue of a new phase: the order's figures that act in it, as the ruleset lines them."""
    state.queue = turns.line_up(state, kept(state, turns, state.order))


def kept(state, turns: Turns, names: list[str]) -> list[str]:
    """The names whose figures act in the current phase."""
    return list(names) if turns.acts is None else turns.acts(state, names)


def start_turn(state, dice: DiceSource, turns: Turns) -> list[Event]:
    """A new turn: counted, begun (initiative, what ticks), its first phase lined up; unless that
    decided the fight, the first figure begins."""
    state.turn += 1
    events = turns.begin(state, dice)
    state.phase = turns.phases[0]
    line_up(state, turns)
    events += turns.victory(state)
    return events if state.over else events + turns.starts(state)


def open_fight(state, dice: DiceSource, turns: Turns) -> list[Event]:
    """At setup (and after each turn's end): the next turn, unless a side has won already."""
    events = turns.victory(state)
    return events if state.over else events + start_turn(state, dice, turns)


def end_turn(state, dice: DiceSource, turns: Turns) -> list[Event]:
    """What ends with the turn, then the next turn unless a side has won."""
    return turns.end(state, dice) + open_fight(state, dice, turns)


def pass_turn(state, dice: DiceSource, turns: Turns) -> list[Event]:
    """The acting figure is done: unless a side has won, it leaves the queue (and so does every
    figure that no longer acts) and the turn moves on. Victory is asked first, unless the ruleset
    has nothing to end or begin with a figure's turn (W&W): then only if the queue runs out
    (move_on) and after the command (Rules.apply), so once a command while the queue lasts."""
    events = [] if turns.done is turns.starts is nothing else turns.victory(state)
    if state.over:
        return events
    head = state.queue.pop(0) if state.queue else None
    if turns.by_figure:
        state.phase = turns.phases[0]
    return events + turns.done(state, head) + move_on(state, dice, turns)


def move_on(state, dice: DiceSource, turns: Turns) -> list[Event]:
    """The queue keeps the figures that still act; while it is empty, those who waited line up,
    then the next phase, then the next turn. Else its head begins."""
    state.queue = kept(state, turns, state.queue)
    events: list[Event] = []
    while not state.queue:
        events += turns.victory(state)  # nothing ends or begins once a side has won
        if state.over:
            return events
        events += turns.again(state, dice)
        if state.queue:
            return events
        following = turns.phases[turns.phases.index(state.phase) + 1 :]
        if turns.by_figure or not following:
            return events + end_turn(state, dice, turns)
        events += turns.leave(state, dice)
        state.phase = following[0]
        line_up(state, turns)
        events += turns.enter(state, dice)
    return events if state.over else events + turns.starts(state)


def settle(state, dice: DiceSource, turns: Turns) -> list[Event]:
    """After every command: unless a side has won, the turn passes on while the head of the queue
    has finished, and a new turn begins when nobody is left to act."""
    events = turns.victory(state)
    for _ in range(len(state.queue) + 2 * len(state.figures) + 2):  # each pass shortens the queue
        if state.over or not turns.finished(state):
            break
        head = state.queue.pop(0) if state.queue else None
        events += turns.done(state, head)
        events += turns.starts(state) if state.queue else start_turn(state, dice, turns)
    return events
