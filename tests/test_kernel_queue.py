"""The kernel's turn (board/rules/kernel/fight.py, queue.py): one whose-turn check with one set
of refusals, a queue that moves on and loses those out of the fight, under every ruleset."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from pydantic import BaseModel

from board.game import Game
from board.maps import load_map
from board.rules.base import Command, Refusal
from board.rules.kernel.fight import Fight, InFight
from board.rules.kernel.queue import acting, drop, leave_queue, named
from board.rules.kernel.sequence import Turns, line_up, pass_turn
from board.rules.registry import ruleset_ids

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.yaml"  # a walled room, 3 against 3


@dataclass
class Fig(InFight):
    name: str
    team: str
    status: str = "ok"


@dataclass
class State(Fight[Fig, BaseModel]):  # no options of its own
    pass


def fight(*names: str, down: tuple[str, ...] = ()) -> State:
    figures = {n: Fig(n, "red" if i % 2 else "blue", "down" if n in down else "ok") for i, n in enumerate(names)}
    return State(None, None, figures, phase="combat", order=list(names), queue=list(names))


def refusal(state, **command) -> str:
    with pytest.raises(Refusal) as refused:
        acting(state, Command(do="act", **command), "combat")
    return refused.value.reason


def test_the_whose_turn_check_refuses_in_one_order_with_one_set_of_sentences():
    state = fight("Ann", "Bo", "Cy", down=("Cy",))
    assert acting(state, Command(do="act", figure="Ann"), "combat") is state.figures["Ann"]
    assert refusal(state, figure="Zed") == 'no figure named "Zed"; on the map: Ann, Bo, Cy'
    assert refusal(state, figure="Cy") == "Cy is down and cannot act"
    assert refusal(state, figure="Bo") == "it is Ann's turn, not Bo's"
    state.phase = "movement"
    assert refusal(state, figure="Ann") == "it is the movement phase, not the combat phase"
    state.over, state.phase = True, "over"
    assert refusal(state, figure="Zed") == "the fight is over"
    with pytest.raises(Refusal, match='no figure named "Zed"'):
        named(state, "Zed")


def test_the_queue_moves_on_and_those_out_of_the_fight_leave_it():
    state = fight("Ann", "Bo", "Cy", "Di")
    state.figures["Cy"].status = "down"
    pass_turn(state, None, Turns())
    assert state.queue == ["Bo", "Di"] and state.active == "Bo"
    leave_queue(state, "Bo")  # the acting figure keeps the head until its turn is passed on
    leave_queue(state, "Di")
    assert state.queue == ["Bo"]
    line_up(state, Turns())
    assert state.queue == ["Ann", "Bo", "Di"]
    drop(state, "Ann", keep_head=True)
    assert state.queue == ["Ann", "Bo", "Di"] and state.order == ["Bo", "Cy", "Di"]
    drop(state, "Di")
    assert state.queue == ["Ann", "Bo"] and state.order == ["Bo", "Cy"]


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_keeps_where_the_fight_stands_in_the_kernels_fields(ruleset):
    game = Game(load_map(ARENA, ruleset), seed=2)
    state, info = game.state, game.turn()
    assert isinstance(state, Fight)
    assert (info.turn, info.phase, info.active, info.winner) == (state.turn, state.phase, state.active, state.winner)
    assert state.turn >= 1 and state.phase != "setup" and state.winner is None and state.active


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_gm_removing_the_acting_figure_takes_it_out_of_the_order_and_the_queue(ruleset):
    game = Game(load_map(ARENA, ruleset), seed=2)
    name = game.turn().active
    assert game.submit(Command(do="gm", action="remove", figure=name)).accepted
    state = game.state
    assert name not in state.order and name not in state.queue and game.turn().active != name
    assert game.turn().active is None or game.turn().active in state.figures


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_victory_is_asked_after_every_command_even_one_that_hurts_nobody(ruleset):
    game = Game(load_map(ARENA, ruleset), seed=2)
    acting_team = game.state.figures[game.turn().active].team
    for f in game.state.figures.values():  # test set-up: the other side is out of the fight
        if f.team != acting_team:
            f.status = "dead"
    name = game.turn().active
    place = Command(do="gm", action="place", figure=name, to=game.battle.label(game.state.figures[name].hex))
    outcome = game.submit(place)
    assert outcome.accepted and [e.kind for e in outcome.events][-1] == "victory"
    assert game.turn().over and game.turn().winner == acting_team and game.state.queue == []
