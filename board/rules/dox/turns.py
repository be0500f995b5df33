"""Rounds: initiative by an Athlete trait roll, then each figure in turn moves and takes one action
(the text has no turn structure: this is the reading in docs/rules-notes.md)."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.dox.moves import cannot_move
from board.rules.dox.rolls import carry_penalty, trait_roll
from board.rules.dox.state import DoxState


def start_round(state: DoxState, dice: DiceSource) -> list[Event]:
    """Roll initiative (trait dice + Athlete), highest first; ties: higher Athlete, then the map's
    order. Then the first figure's turn begins."""
    state.turn += 1
    rolls = {}
    for f in state.figures.values():
        f.moved = f.acted = False
        if f.up:
            rolls[f.name] = trait_roll(state, f.athlete, carry_penalty(state, f), dice)
    position = {name: i for i, name in enumerate(state.figures)}
    state.order = sorted(rolls, key=lambda n: (-rolls[n].total, -state.figures[n].athlete, position[n]))
    state.index = 0
    text = ", ".join(f"{n} {rolls[n].total}" for n in state.order)
    events = [Event("turn", f"Round {state.turn}. Initiative: {text}", None,
                    {"turn": state.turn, "order": list(state.order),
                     "rolls": {n: r.data() for n, r in rolls.items()}})]
    return events + begin(state)


def begin(state: DoxState) -> list[Event]:
    """The figure at state.index starts its turn (down figures are skipped)."""
    while state.index < len(state.order) and not state.figures[state.order[state.index]].up:
        state.index += 1
    if state.index >= len(state.order):
        return []
    f = state.figures[state.order[state.index]]
    # Surprise lasts until the victim's own initiative; an assisted block until the guard's.
    f.unaware, f.guarding = False, None
    f.commanded = False  # a Ranger's one command a round
    f.moved = cannot_move(state, f) is not None
    return [Event("phase", f"{f.name}'s turn", f.name, {"active": f.name})]


def settle(state: DoxState, dice: DiceSource) -> list[Event]:
    """After any command: once no Fortune question is open, pass the turn on if the active
    figure is done (acted or down), and start a new round after the last figure."""
    events: list[Event] = []
    for _ in range(len(state.figures) * 2 + 2):
        if state.over or state.pending:
            return events
        name = state.order[state.index] if state.index < len(state.order) else None
        f = state.figures.get(name) if name else None
        if f is not None and f.up and not f.acted:
            return events
        state.index += 1
        if f is not None:
            f.order = None  # an obeyed command lasts until the end of the animal's turn
        if f is None or state.index >= len(state.order):
            events += start_round(state, dice)
        else:
            events += begin(state)
    return events
