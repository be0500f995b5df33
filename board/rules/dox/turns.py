"""Dox rounds: initiative by an Athlete trait roll, then each figure in turn moves and takes one
action (the text has no turn structure: this is the reading in docs/rules-notes.md), run by the
kernel's sequencer (kernel/sequence.py): the turn passes after any command once the acting figure
has acted or is down."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.dox import moves
from board.rules.dox.rolls import carry_penalty, trait_roll
from board.rules.dox.state import DoxState
from board.rules.kernel import sequence


def initiative(state: DoxState, dice: DiceSource) -> list[Event]:
    """Roll initiative (trait dice + Athlete), highest first; ties: higher Athlete, then the map's
    order."""
    rolls = {}
    for f in state.figures.values():
        f.moved = f.acted = False
        if f.up:
            rolls[f.name] = trait_roll(state, f.athlete, carry_penalty(state, f), dice)
    position = {name: i for i, name in enumerate(state.figures)}
    state.order = sorted(rolls, key=lambda n: (-rolls[n].total, -state.figures[n].athlete, position[n]))
    text = ", ".join(f"{n} {rolls[n].total}" for n in state.order)
    return [
        Event(
            "turn",
            f"Round {state.turn}. Initiative: {text}",
            None,
            {"turn": state.turn, "order": list(state.order), "rolls": {n: r.data() for n, r in rolls.items()}},
        )
    ]


def begin(state: DoxState) -> list[Event]:
    """The figure at the head of the queue starts its turn (down figures are skipped)."""
    while state.queue and not state.figures[state.queue[0]].up:
        del state.queue[0]
    if not state.queue:
        return []
    f = state.figures[state.queue[0]]
    # Surprise lasts until the victim's own initiative; an assisted block until the guard's.
    f.unaware, f.guarding = False, None
    f.commanded = False  # a Ranger's one command a round
    f.moved = moves.cannot_move(state, f) is not None
    return [Event("phase", f"{f.name}'s turn", f.name, {"active": f.name})]


def finished(state: DoxState) -> bool:
    """Once no Fortune question is open, the active figure is done when it has acted or is down."""
    if state.pending:
        return False
    f = state.figures.get(state.queue[0]) if state.queue else None
    return f is None or not f.up or f.acted


def done(state: DoxState, name: str | None) -> list[Event]:
    if name in state.figures:
        state.figures[name].order = None  # an obeyed command lasts until the end of the animal's turn
    return []


# The round (kernel/sequence.py): initiative, then each figure in turn moves, then acts.
TURNS = sequence.Turns(
    ("movement", "action"), by_figure=True, begin=initiative, starts=begin, done=done, finished=finished
)
