"""The kernel's sequencer (board/rules/kernel/sequence.py): turns counted and begun, the queue
moved on, phase after phase or figure after figure, those who waited lined up last, and no turn
begun once a side has won."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pydantic import BaseModel

from board.rules.base import Event
from board.rules.kernel import sequence
from board.rules.kernel.fight import Fight, InFight
from board.rules.kernel.sequence import Turns
from board.rules.kernel.victory import check_victory


@dataclass
class Fig(InFight):
    name: str
    team: str
    status: str = "ok"
    acted: bool = False


@dataclass
class State(Fight[Fig, BaseModel]):  # no options of its own
    waiting: list[str] = field(default_factory=list)


def fight(*teams: str) -> State:
    """Figures A, B, C... of the teams given, in that order."""
    figures = {chr(65 + i): Fig(chr(65 + i), team) for i, team in enumerate(teams)}
    return State(None, None, figures, order=list(figures))


def initiative(state: State, dice) -> list[Event]:
    """Reverse alphabetical order each turn; everyone may act again."""
    state.order = sorted(state.figures, reverse=True)
    for f in state.figures.values():
        f.acted = False
    return [Event("turn", f"turn {state.turn}", None)]


def kinds(events: list[Event]) -> list[str]:
    return [e.text for e in events]


PHASE_MAJOR = Turns(
    ("movement", "combat"),
    begin=initiative,
    acts=lambda state, names: [
        n for n in names if state.figures[n].up and not (state.phase == "combat" and state.figures[n].acted)
    ],
    enter=lambda state, dice: [Event("phase", state.phase, None)],
)
FIGURE_MAJOR = Turns(
    ("movement", "combat"),
    by_figure=True,
    begin=initiative,
    starts=lambda state: [Event("go", f"{state.active} goes", state.active)],
)


def test_a_turn_is_counted_begun_and_its_first_phase_lined_up_in_the_order_the_ruleset_gives():
    state = fight("red", "blue", "red")
    assert kinds(sequence.start_turn(state, None, PHASE_MAJOR)) == ["turn 1"]
    assert (state.turn, state.phase, state.queue) == (1, "movement", ["C", "B", "A"])


def test_phase_major_every_figure_moves_then_every_figure_that_has_not_acted_fights():
    state = fight("red", "blue", "red")
    sequence.start_turn(state, None, PHASE_MAJOR)
    state.figures["B"].acted = True  # acted out of turn during movement
    for _ in range(2):
        assert sequence.pass_turn(state, None, PHASE_MAJOR) == []
    assert kinds(sequence.pass_turn(state, None, PHASE_MAJOR)) == ["combat"]
    assert (state.phase, state.queue) == ("combat", ["C", "A"])
    sequence.pass_turn(state, None, PHASE_MAJOR)
    assert kinds(sequence.pass_turn(state, None, PHASE_MAJOR)) == ["turn 2"]
    assert (state.turn, state.phase, state.queue) == (2, "movement", ["C", "B", "A"])


def test_figure_major_each_figure_goes_through_the_phases_before_the_next_begins():
    state = fight("red", "blue")
    assert kinds(sequence.start_turn(state, None, FIGURE_MAJOR)) == ["turn 1", "B goes"]
    state.phase = "combat"  # B has moved
    assert kinds(sequence.pass_turn(state, None, FIGURE_MAJOR)) == ["A goes"]
    assert (state.phase, state.queue) == ("movement", ["A"])
    assert kinds(sequence.pass_turn(state, None, FIGURE_MAJOR)) == ["turn 2", "B goes"]


def test_a_figure_out_of_the_fight_loses_its_place_when_the_turn_passes():
    state = fight("red", "blue", "blue")
    sequence.start_turn(state, None, FIGURE_MAJOR)  # C, B, A
    state.figures["B"].status = "down"
    assert kinds(sequence.pass_turn(state, None, FIGURE_MAJOR)) == ["A goes"]


def test_no_turn_begins_once_a_side_has_won():
    state = fight("red", "blue")
    sequence.start_turn(state, None, FIGURE_MAJOR)
    state.figures["A"].status = "dead"
    events = sequence.pass_turn(state, None, FIGURE_MAJOR)
    assert kinds(events) == ["blue wins"]
    assert (state.phase, state.winner, state.queue, state.turn) == ("over", "blue", [], 1)
    assert sequence.pass_turn(state, None, FIGURE_MAJOR) == []


def test_with_nothing_to_end_or_begin_a_figures_turn_victory_waits_for_the_command_or_the_queue_running_out():
    # W&W's shape: the pass asks no victory while the queue lasts (Rules.apply asks after the
    # command), but before the next phase or turn begins.
    asked: list[int] = []
    turns = replace(PHASE_MAJOR, victory=lambda state: asked.append(len(state.queue)) or check_victory(state))
    state = fight("red", "blue", "red")
    sequence.start_turn(state, None, turns)  # C, B, A
    asked.clear()
    assert sequence.pass_turn(state, None, turns) == [] and asked == []
    sequence.pass_turn(state, None, turns)
    state.figures["B"].status = "dead"  # A's deed ends the fight
    assert kinds(sequence.pass_turn(state, None, turns)) == ["red wins"]  # not the combat phase
    assert (asked, state.phase, state.winner, state.queue) == ([0], "over", "red", [])


def test_those_who_waited_line_up_again_once_the_queue_runs_out():
    def waited(state: State, dice) -> list[Event]:
        state.queue, state.waiting = state.waiting, []
        return [Event("again", "delayed: " + ", ".join(state.queue), None)] if state.queue else []

    turns = Turns(("turn",), by_figure=True, begin=initiative, again=waited)
    state = fight("red", "blue")
    sequence.start_turn(state, None, turns)  # B, A
    state.waiting.append(state.queue.pop(0))  # B delays
    assert sequence.move_on(state, None, turns) == []
    assert kinds(sequence.pass_turn(state, None, turns)) == ["delayed: B"]
    assert kinds(sequence.pass_turn(state, None, turns)) == ["turn 2"]


def test_settle_passes_the_turn_after_a_command_while_the_head_has_finished():
    turns = Turns(
        ("turn",),
        by_figure=True,
        begin=initiative,
        finished=lambda state: not state.queue or state.figures[state.queue[0]].acted,
    )
    state = fight("red", "blue", "red")
    sequence.start_turn(state, None, turns)  # C, B, A
    assert sequence.settle(state, None, turns) == []
    state.figures["C"].acted = state.figures["B"].acted = True
    sequence.settle(state, None, turns)
    assert state.queue == ["A"]
    state.figures["A"].acted = True
    assert kinds(sequence.settle(state, None, turns)) == ["turn 2"]
    assert (state.turn, state.queue) == (2, ["C", "B", "A"])


def test_a_fight_already_decided_at_setup_begins_no_turn():
    state = fight("red", "red")
    assert kinds(sequence.open_fight(state, None, FIGURE_MAJOR)) == ["red wins"]
    assert state.turn == 0
