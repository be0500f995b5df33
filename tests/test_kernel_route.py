"""Mover.route (board/rules/kernel/reach.py): a move command's path, given and walked, or found
by reach to the hex the command names; refused with a reason a player reads."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from board.hexgrid import Hex
from board.rules.base import Command, Refusal
from board.rules.kernel.reach import Mover
from test_kernel_reach import battle

O = Hex(0, 0)


def route(command: Command, limit: int = 2, walls=()):
    b = battle(walls=walls)
    return Mover(b, O, limit).route(SimpleNamespace(battle=b), command, lambda to: f"{to} is out of reach")


def test_a_given_path_is_the_route_when_its_walk_is_allowed():
    assert route(Command(do="move", figure="A", path=[(1, 0), (2, 0)])) == (Hex(1, 0), Hex(2, 0))


def test_a_given_path_that_breaks_the_rule_is_refused_with_walks_reason():
    with pytest.raises(Refusal, match="the path jumps"):
        route(Command(do="move", figure="A", path=[(2, 0)]))


def test_a_hex_to_move_to_is_reached_by_the_shortest_way_around_a_wall():
    path = route(Command(do="move", figure="A", to=(2, 0)), limit=3, walls=[(1, 0)])
    assert path[-1] == Hex(2, 0) and Hex(1, 0) not in path and len(path) == 3


def test_a_hex_out_of_reach_is_refused_in_the_rulesets_words():
    with pytest.raises(Refusal, match="out of reach"):
        route(Command(do="move", figure="A", to=(3, 0)))
    with pytest.raises(Refusal, match="give the path or the hex"):
        route(Command(do="move", figure="A"))
