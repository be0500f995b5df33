"""Area attacks: more than 6 + the ranged challenge hits the area; in an area of more than one hex
each figure may roll Athlete to leap clear, 6 per hex it must move on the real map."""

from board.hexgrid import Hex, hex_neighbors, hex_ring
from helpers import act, of_kind, only, refused, snap
from dox_helpers import fig, new_game

BOMBER = fig("Ann", "Red", [0, 0], weapon="Firebomb")  # Warrior 2; Firebomb: 4, range 3, radius 1


def test_an_area_attack_must_roll_more_than_6_plus_the_ranged_challenge():
    game = new_game(BOMBER, fig("Bob", "Blue", [3, 0]), order=["Ann", "Bob"])
    event = only(act(game, "Ann", "area_attack", to=(3, 0), dice=[2, 2]), "attack")  # 6: not more
    assert not event.data["hit"] and snap(game, "Bob")["wounds"] == 0
    game = new_game(BOMBER, fig("Bob", "Blue", [4, 0]), order=["Ann", "Bob"])
    event = only(act(game, "Ann", "area_attack", to=(4, 0), dice=[3, 4, 1, 1]), "attack")
    # 4 hexes away is the second range band: more than 6 + 2 needed; 9 hits, dox 1
    assert (event.data["challenge"], event.data["dox"], event.data["hit"]) == (8, 1, True)


def test_each_figure_may_leap_clear_at_6_per_hex_it_must_move():
    game = new_game(BOMBER, fig("Bob", "Blue", [3, 0]), fig("Cat", "Blue", [4, 0]), order=["Ann", "Bob", "Cat"])
    out = act(game, "Ann", "area_attack", to=(3, 0), dice=[2, 3, 5, 5, 1, 1])
    rolls = [e.data for e in of_kind(out, "roll") if "challenge" in e.data]
    # Bob in the middle must move 2 hexes (12); Cat on the edge 1 hex (6).
    assert [(r["challenge"], r["success"]) for r in rolls] == [(12, True), (6, False)]
    assert snap(game, "Bob")["wounds"] == 0 and Hex(*snap(game, "Bob")["hex"]) not in _area((3, 0))
    assert snap(game, "Cat")["wounds"] == 1 + 4  # dox 1 + Firebomb 4, no Strength
    assert snap(game, "Ann")["weapon"] == "Fist"  # the bomb is used up


def test_walls_make_the_way_out_longer():
    # Cat at [4, 0] on the edge of the blast around [3, 0], walled in on the outside.
    outside = [(h.q, h.r) for h in hex_neighbors(Hex(4, 0)) if h not in _area((3, 0))]
    game = new_game(BOMBER, fig("Cat", "Blue", [4, 0]), walls=outside, order=["Ann", "Cat"])
    out = act(game, "Ann", "area_attack", to=(3, 0), dice=[2, 3, 6, 6])
    assert [e.data["challenge"] for e in of_kind(out, "roll") if "challenge" in e.data] == [12]


def test_a_figure_with_no_way_out_is_simply_caught():
    # Walls all round the blast but at [1, 0], where Cat stands: Bob has nowhere to leap.
    walls = [(h.q, h.r) for h in hex_ring(Hex(3, 0), 2) if h != Hex(1, 0)]
    game = new_game(
        BOMBER, fig("Bob", "Blue", [3, 0]), fig("Cat", "Blue", [1, 0]), walls=walls, order=["Ann", "Bob", "Cat"]
    )
    out = act(game, "Ann", "area_attack", to=(3, 0), dice=[2, 3])
    assert not [e for e in of_kind(out, "roll") if "challenge" in e.data]
    assert snap(game, "Bob")["wounds"] == 5


def test_a_one_hex_area_gives_no_leap():
    game = new_game(fig("Ann", "Red", [0, 0], weapon="Oil Pot"), fig("Bob", "Blue", [3, 0]), order=["Ann", "Bob"])
    out = act(game, "Ann", "area_attack", to=(3, 0), dice=[3, 3])
    assert not [e for e in of_kind(out, "roll") if "challenge" in e.data]
    assert snap(game, "Bob")["wounds"] == 2 + 3


def test_an_area_weapon_aimed_at_an_individual_is_a_normal_attack_with_a_bonus():
    game = new_game(BOMBER, fig("Bob", "Blue", [2, 0]), order=["Ann", "Bob"])
    event = only(act(game, "Ann", "strike", target="Bob", dice=[2, 2]), "attack")
    assert event.data["modifier"] == 2 and event.data["dox"] == 4 + 2 + 2 - 8


def test_only_an_area_weapon_makes_an_area_attack():
    game = new_game(fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [3, 0]), order=["Ann", "Bob"])
    assert "not an area weapon" in refused(game, do="act", figure="Ann", action="area_attack", to=(3, 0))


def _area(center):
    c = Hex(*center)
    return {c, *hex_neighbors(c)}
