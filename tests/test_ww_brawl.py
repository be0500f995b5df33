"""Warrior & Wizard, the hand-to-hand brawl: one-hex figures sharing a hex.

"Shift one hex and attack hand-to-hand: A character who Shifted during his Movement Phase may
attack barehanded or with a small HTH weapon." "Short weapons can only attack in the same hex
in hand-to-hand combat or into the next hex at a -1 penalty." "If the path taken by a thrown or
missile weapon passes ... into a hand-to-hand brawl in a single hex, the attack takes a -1
penalty for each character. ... When attacking into a brawl, choose the order in which
characters are targeted randomly."
"""

import pytest

from board.hexgrid import Hex
from board.saves import load_game, save_game
from helpers import act, action_info, of_kind, only, refused, snap
from ww_helpers import figure, finish_turn, move, new_game, stand_still_until

BRAWL = (1, 0)  # Bob's hex


def pair(ann: dict | None = None, bob: dict | None = None, *more):
    """Ann (DX 12) at [0, 0] faces Bob (DX 10) at [1, 0]: Engaged with each other."""
    return new_game(
        figure("Ann", "red", (0, 0), 0, **{"dx": 12, **(ann or {})}),
        figure("Bob", "blue", BRAWL, 3, **(bob or {})),
        *more,
    )


def brawl(game, *who: str):
    """Each named figure Shifts into Bob's hex in the Movement Phase; then the combat phase."""
    for name in who:
        stand_still_until(game, name, "movement")
        move(game, name, BRAWL, action="shift")
    return game


def test_an_engaged_figure_may_shift_into_an_adjacent_enemys_hex():
    game = pair()
    stand_still_until(game, "Ann", "movement")
    assert Hex(*BRAWL) in action_info(game, "Ann", "shift").hexes
    move(game, "Ann", BRAWL, action="shift")
    assert snap(game, "Ann")["hex"] == snap(game, "Bob")["hex"] == list(BRAWL)


def test_shift_into_the_enemys_hex_and_attack_hand_to_hand_drops_weapons_that_are_not_small():
    game = brawl(pair({"weapons": ["Broadsword"], "st": 12}), "Ann")
    stand_still_until(game, "Ann")
    assert "Bob" in action_info(game, "Ann", "attack_hth").targets
    outcome = act(game, "Ann", "attack_hth", target="Bob", dice=(6, 6, 6))
    assert only(outcome, "drops").data["weapon"] == "Broadsword"
    assert only(outcome, "attack").data["weapon"] is None  # bare hands


def test_only_a_shift_enters_the_enemys_hex():
    # Cid, not Engaged, cannot step into Bob's hex: a brawl begins with a Shift.
    game = pair({}, {}, figure("Cid", "red", (3, 0), 3))
    stand_still_until(game, "Cid", "movement")
    assert "Bob is in the way" in refused(game, do="move", figure="Cid", action="jog", path=((2, 0), BRAWL))


def test_a_short_weapon_attacks_in_the_same_hex_without_the_minus_1_of_the_next_hex():
    game = brawl(pair({"weapons": ["Dagger"]}), "Ann")
    stand_still_until(game, "Ann")
    event = only(act(game, "Ann", "attack", target="Bob", dice=(6, 6, 6)), "attack")
    assert event.data["needed"] == 12 and not event.data["modifiers"]


def test_a_short_weapon_into_the_next_hex_is_at_minus_1():
    game = pair({"weapons": ["Dagger"]})
    stand_still_until(game, "Ann")
    event = only(act(game, "Ann", "attack", target="Bob", dice=(6, 6, 6)), "attack")
    assert event.data["needed"] == 11 and ("Short weapon into the next hex", -1) in event.data["modifiers"]


def test_a_weapon_longer_than_short_cannot_attack_in_the_same_hex():
    game = brawl(pair({"weapons": ["Broadsword"], "st": 12}), "Ann")
    stand_still_until(game, "Ann")
    assert "not a valid target" in refused(game, do="act", figure="Ann", action="attack", target="Bob")


def into_the_brawl():
    """Ann and Dan (red) have Shifted into Bob's hex; Cid (blue, DX 12, Short Bow) shoots into
    it from four hexes east."""
    game = pair({}, {}, figure("Dan", "red", (0, 1), 1), figure("Cid", "blue", (5, 0), 3, dx=12, weapons=["Short Bow"]))
    brawl(game, "Ann", "Dan")
    stand_still_until(game, "Cid")
    return game


def test_a_missile_into_a_brawl_is_at_minus_1_for_each_other_character_in_it():
    game = into_the_brawl()
    event = only(act(game, "Cid", "shoot", target="Ann", dice=(1, 1, 1, 1)), "attack")
    assert ("into a brawl with Bob, Dan", -2) in event.data["modifiers"] and event.data["needed"] == 10


@pytest.mark.parametrize("order_die, first, second", [(1, "Bob", "Dan"), (2, "Dan", "Bob")])
def test_a_missile_that_misses_into_a_brawl_tries_the_others_in_a_random_order(order_die, first, second):
    # The miss (18), then the order die (d2), then the first makes his DX check (3), the
    # second fails his (18) and is struck.
    game = into_the_brawl()
    outcome = act(game, "Cid", "shoot", target="Ann", dice=(6, 6, 6, order_die, 1, 1, 1, 6, 6, 6, 3))
    assert only(outcome, "stray_miss").figure == first
    assert only(outcome, "stray_hit").figure == second
    assert only(outcome, "damage").figure == second


def test_leaving_a_brawl_by_disengaging_out_of_the_enemys_threat_zone():
    game = brawl(pair(), "Ann")
    finish_turn(game)
    stand_still_until(game, "Ann")
    outcome = act(game, "Ann", "disengage", to=(2, 0))
    if not of_kind(outcome, "move"):  # Bob first chooses whether to strike
        outcome = act(game, "Bob", "let_go")
    assert snap(game, "Ann")["hex"] == [2, 0]


def test_leaving_a_brawl_by_shifting_to_a_hex_still_in_the_enemys_threat_zone():
    game = brawl(pair(), "Ann")
    finish_turn(game)
    stand_still_until(game, "Ann", "movement")
    move(game, "Ann", (0, 0), action="shift")
    assert snap(game, "Ann")["hex"] == [0, 0]


def test_a_multihex_figure_does_not_brawl():
    # Gus (three hexes, [-1, 0] [-1, 1] [-2, 1]) is Engaged by Bob at [0, 0]; a Shift onto
    # Bob's hex is refused with the reason.
    game = new_game(figure("Gus", "red", (-1, 0), 0, size=3), figure("Bob", "blue", (0, 0), 3))
    stand_still_until(game, "Gus", "movement")
    reason = refused(game, do="move", figure="Gus", action="shift", path=((0, 0),))
    assert "Gus is a multihex figure: multihex figures do not brawl" in reason


def test_a_one_hex_figure_does_not_brawl_in_a_multihex_figures_hexes():
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Gus", "blue", (1, 0), 3, size=3))
    stand_still_until(game, "Ann", "movement")
    assert Hex(1, 0) not in action_info(game, "Ann", "shift").hexes
    reason = refused(game, do="move", figure="Ann", action="shift", path=((1, 0),))
    assert "Gus is a multihex figure: multihex figures do not brawl" in reason


def test_random_play_may_shift_into_the_brawl_and_attack_there():
    game = pair()
    stand_still_until(game, "Ann", "movement")
    commands = game.ruleset.legal_commands(game.state)
    assert any(c.action == "shift" and c.path == (BRAWL,) for c in commands)
    brawl(game, "Ann")
    stand_still_until(game, "Ann")
    commands = game.ruleset.legal_commands(game.state)
    assert any(c.action == "attack_hth" and c.target == "Bob" for c in commands)


def test_a_shift_into_the_brawl_must_keep_every_other_engagement():
    # Cid behind Ann also Engages her; Bob's hex is out of Cid's threat zone.
    game = pair({}, {}, figure("Cid", "blue", (-1, 0), 0))
    stand_still_until(game, "Ann", "movement")
    reason = refused(game, do="move", figure="Ann", action="shift", path=(BRAWL,))
    assert "must keep you in the threat zone of Cid" in reason


def test_a_saved_brawl_with_a_missile_into_it_loads_as_it_was(tmp_path):
    game = into_the_brawl()
    act(game, "Cid", "shoot", target="Ann")  # the game's own seeded dice, order die included
    save_game(game, tmp_path / "brawl.yaml")
    again = load_game(tmp_path / "brawl.yaml")
    assert again.snapshot() == game.snapshot()
    assert [e.text for e in again.events] == [e.text for e in game.events]
