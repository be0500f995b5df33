"""The kernel's victory check: over once at most one team still fights."""

from dataclasses import dataclass, field

from board.rules.kernel.victory import check_victory


@dataclass
class Figure:
    team: str
    up: bool = True
    illusion: bool = False


@dataclass
class State:
    figures: dict
    phase: str = "turn"
    winner: str | None = None
    queue: list = field(default_factory=lambda: ["a"])
    over: bool = False


def test_two_teams_fighting_is_no_victory():
    state = State({"a": Figure("red"), "b": Figure("blue")})
    assert check_victory(state) == [] and state.phase == "turn"


def test_the_last_team_fighting_wins_once():
    state = State({"a": Figure("red"), "b": Figure("blue", up=False)})
    events = check_victory(state)  # the queue empties too: nobody is left to act
    assert [e.text for e in events] == ["red wins"] and events[0].data == {"winner": "red"}
    assert state.over and state.phase == "over" and state.winner == "red" and state.queue == []
    assert check_victory(state) == []


def test_who_fights_is_the_rulesets_to_say_and_nobody_left_is_a_draw():
    state = State({"a": Figure("red", illusion=True), "b": Figure("blue", up=False)})
    events = check_victory(
        state,
        fighting=lambda state: {f.team for f in state.figures.values() if f.up and not f.illusion},
        nobody="Nobody fights",
    )
    assert events[0].text == "Nobody fights" and state.winner is None
