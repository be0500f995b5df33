"""The kernel's one reach search (board/rules/kernel/reach.py): allowance, blocked hexes,
footprints, a ruleset's own step rule, stop hexes, enter costs, and checking a given path."""

from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st

from board.footprints import footprint_cells
from board.hexgrid import Hex, hex_distance, hex_range
from board.maps import parse_map
from board.rules.kernel import reach as reach_module
from board.rules.kernel.reach import Mover, Where
from board.yamlio import dump_yaml

O = Hex(0, 0)


def battle(radius: int = 4, walls=()):
    """A hexagonal map around [0, 0] (the ruleset does not matter to the search)."""
    data = {"name": "Test", "ruleset": "warrior-wizard", "radius": radius, "figures": []}
    if walls:
        data["hexes"] = [{"at": list(w), "terrain": "wall"} for w in walls]
    return parse_map(dump_yaml(data))


def is_walk(start: Hex, path) -> bool:
    steps = (start, *path)
    return all(hex_distance(a, b) == 1 for a, b in itertools.pairwise(steps))


def test_every_hex_within_the_allowance_is_reached_by_a_shortest_path():
    found = Mover(battle(), O, 2).reach()
    assert set(found.paths) == set(hex_range(O, 2)) - {O}
    for h, path in found.paths.items():
        assert path[-1] == h and len(path) == hex_distance(O, h) and is_walk(O, path)
    assert found.stops == frozenset()


def test_the_nearest_hexes_come_first():
    lengths = [len(p) for p in Mover(battle(), O, 3).reach().paths.values()]
    assert lengths == sorted(lengths)


def test_walls_and_blocked_hexes_are_never_entered_and_paths_go_round_them():
    found = Mover(battle(walls=[(1, 0)]), O, 4, {Hex(1, -1): "Bob"}).reach()
    assert not {Hex(1, 0), Hex(1, -1)} & set(found.paths)
    assert found.paths[Hex(2, 0)] == (Hex(0, 1), Hex(1, 1), Hex(2, 0))  # round: 3 steps, not 2


def test_a_multihex_footprint_fits_with_every_cell_off_walls_and_figures():
    # A size-2 figure facing 0 has its body behind the anchor (direction 3).
    found = Mover(battle(), O, 1, {Hex(0, -1): "Bob"}, size=2, facing=0).reach()
    assert Hex(1, -1) not in found.paths  # its body would stand on Bob
    assert Hex(1, 0) in found.paths


def test_the_rulesets_step_rule_refuses_steps_and_the_hex_stays_open_from_elsewhere():
    # No step straight east (direction 0): the east hexes are reached sideways.
    east = lambda a, b: b != Hex(a.q + 1, a.r)  # noqa: E731
    found = Mover(battle(), O, 2, enter=east).reach()
    assert Hex(1, 0) in found.paths and found.paths[Hex(1, 0)][-2:] != (O, Hex(1, 0))
    assert Hex(2, 0) not in found.paths  # two hexes east needs an eastward step


def test_entering_a_stop_hex_ends_the_path_there():
    zone = {Hex(1, 0), Hex(1, -1), Hex(0, -1)}
    found = Mover(battle(), O, 4, stop=zone).reach()
    assert found.stops == zone
    assert all(not set(p[:-1]) & zone for p in found.paths.values())
    assert len(found.paths[Hex(2, -1)]) == 4  # the straight way, 2 steps, goes through the zone


def test_a_stop_rule_may_be_asked_hex_by_hex():
    found = Mover(battle(), O, 3, stop=Where(lambda h: h.q == 2)).reach()
    assert found.stops == {h for h in found.paths if h.q == 2}
    assert Hex(3, 0) not in found.paths


def test_enter_costs_find_the_cheapest_path_within_the_allowance():
    marsh = {Hex(1, 0)}
    cost = lambda a, b: 3 if b in marsh else 1  # noqa: E731
    found = Mover(battle(), O, 3, cost=cost).reach()
    assert len(found.paths[Hex(1, 0)]) == 1  # three points: just in reach
    # Through the marsh costs 4; round it, three steps cost 3.
    assert Hex(1, 0) not in found.paths[Hex(2, 0)] and len(found.paths[Hex(2, 0)]) == 3
    assert Hex(3, 0) not in found.paths


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=12), st.integers(0, 5))
def test_unit_costs_give_the_breadth_first_answer(walls, limit):
    """The cheapest-first search with every hex costing 1 finds the same hexes at the same
    distances as the breadth-first one."""
    b = battle(walls=[w for w in walls if w != (0, 0) and hex_distance(O, Hex(*w)) <= 4])
    plain = Mover(b, O, limit).reach().paths
    costed = Mover(b, O, limit, cost=lambda a, c: 1).reach().paths
    assert {h: len(p) for h, p in plain.items()} == {h: len(p) for h, p in costed.items()}


def test_walk_checks_a_given_path_by_the_same_rule():
    b = battle(walls=[(0, 1)])
    mover = Mover(b, O, 2, {Hex(-1, 0): "Bob"}, stop={Hex(1, 0)})
    assert mover.walk((Hex(1, -1), Hex(2, -1))) is None
    assert "jumps" in mover.walk((Hex(2, 0),))
    assert "a wall" in mover.walk((Hex(0, 1),))
    assert "Bob is in the way" in mover.walk((Hex(-1, 0),))
    assert "3 hexes; this move allows 2" in mover.walk((Hex(0, -1), Hex(0, -2), Hex(0, -3)))
    assert "must stop" in mover.walk((Hex(1, 0), Hex(2, 0)))
    assert mover.walk((Hex(1, 0),)) is None  # stopping in the zone is fine


def test_a_reach_asked_again_is_the_same_and_each_caller_owns_its_paths():
    board = battle(walls=[(1, 0)])
    first = Mover(board, O, 3, {Hex(0, 1): "B"}).reach()
    expected = dict(first.paths)
    first.paths.clear()  # a caller's own dict: emptying it leaves the next answer whole
    again = Mover(board, O, 3, {Hex(0, 1): "B"}).reach()
    assert again.paths == expected and list(again.paths) == list(expected)


def test_a_reach_found_once_is_not_given_for_other_blocked_hexes_a_stop_or_another_map():
    board = battle()
    open_reach = Mover(board, O, 2).reach().paths
    assert Hex(1, 0) in open_reach
    assert Hex(1, 0) not in Mover(board, O, 2, {Hex(1, 0): "B"}).reach().paths
    assert Mover(board, O, 2, stop={Hex(1, 0)}).reach().stops == {Hex(1, 0)}
    assert Hex(1, 0) not in Mover(battle(walls=[(1, 0)]), O, 2).reach().paths
    assert Mover(board, O, 2).reach().paths == open_reach


def test_the_table_of_recent_reaches_stays_small_however_many_questions_are_asked():
    """A hostile or huge game asks many different questions: the table keeps a few answers."""
    board = battle(radius=6)
    for q, r in itertools.islice(hex_range(O, 6), 200):
        for limit in (1, 2, 3):
            Mover(board, Hex(q, r), limit).reach()
    assert 0 < len(reach_module._FOUND) <= reach_module._FOUND_MAX


class _Body:
    """A figure as distance() reads it: size, hex, facing and the cells of its footprint."""

    def __init__(self, size: int, at: Hex, facing: int = 0):
        self.size, self.hex, self.facing = size, at, facing
        self.cells = footprint_cells(size, at, facing)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 3), st.integers(1, 3), st.integers(0, 5), st.integers(0, 5), st.integers(-4, 4), st.integers(-4, 4)
)
def test_distance_between_figures_is_between_their_nearest_cells(size_a, size_b, face_a, face_b, q, r):
    a, b = _Body(size_a, O, face_a), _Body(size_b, Hex(q, r), face_b)
    nearest = min(hex_distance(x, y) for x in a.cells for y in b.cells)
    assert reach_module.distance(a, b) == nearest == reach_module.distance(b, a)
    # a standing elsewhere (a step it considers): its footprint moved there, facing kept
    moved = _Body(size_a, Hex(r, q), face_a)
    assert reach_module.distance(a, b, Hex(r, q)) == min(hex_distance(x, y) for x in moved.cells for y in b.cells)


def test_a_wall_on_a_hex_edge_line_stands_on_one_nudged_line_only():
    # from [0, 0] to [2, -1] the line runs along the edge between [1, 0] and [1, -1]
    edge = Hex(2, -1)
    assert reach_module.walled(battle(), O, edge) == [False, False]
    assert sorted(reach_module.walled(battle(walls=[Hex(1, 0)]), O, edge)) == [False, True]
    assert reach_module.walled(battle(walls=[Hex(1, 0), Hex(1, -1)]), O, edge) == [True, True]
    # a wall at an end is not between the ends
    assert reach_module.walled(battle(walls=[edge]), O, edge) == [False, False]
    assert reach_module.walled(battle(walls=[Hex(1, 0)]), O, Hex(2, 0)) == [True, True]
