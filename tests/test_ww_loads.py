"""Warrior & Wizard, heavy loads: the maximum lift (STR squared) and fatigue at 5-7x STR."""

import pytest

from board.maps import parse_map
from board.yamlio import InputError
from helpers import act, action_info, gm, of_kind, offered, refused, snap
from ww_helpers import battle_text, figure, finish_turn, move, new_game, stand_still_until

FAR_ENEMY = figure("Far", "blue", (0, -7), 2, dx=5)


# --- "STR squared in kg: Maximum lift" ---------------------------------------------------------


def test_str_squared_in_kg_maximum_lift_a_heavier_load_is_refused():
    with pytest.raises(InputError) as error:
        parse_map(battle_text(figure("Ann", "red", (-6, 0), 0, gear_kg=101), FAR_ENEMY))
    assert "101 kg is more than ST 10 can lift (ST squared: 100 kg)" in str(error.value)
    parse_map(battle_text(figure("Ann", "red", (-6, 0), 0, gear_kg=100), FAR_ENEMY))  # exactly: allowed


def test_the_gm_cannot_add_a_figure_carrying_more_than_its_maximum_lift():
    game = new_game(figure("Ann", "red", (-6, 0), 0), FAR_ENEMY)
    reason = refused(
        game,
        do="gm",
        action="add",
        params={"figure": {"name": "Cid", "team": "red", "at": [3, 3], "gear_kg": 95, "armor": "Chainmail"}},
    )
    assert "110 kg is more than ST 10 can lift" in reason


def test_maximum_lift_character_can_move_1_hex_with_4d6_effective_strength_check():
    game = new_game(figure("Ann", "red", (-6, 0), 0, gear_kg=71), FAR_ENEMY)  # > 7x ST 10
    assert set(offered(game, "Ann")) == {"stand_still", "lift_step"}
    assert set(action_info(game, "Ann", "lift_step").hexes) == {(-5, 0), (-5, -1), (-6, -1), (-7, 0), (-7, 1), (-6, 1)}
    outcome = move(game, "Ann", (-5, 0), action="lift_step", dice=(3, 3, 2, 2))  # 10 vs ST 10
    assert of_kind(outcome, "lift_check")[0].data["success"] and snap(game, "Ann")["hex"] == [-5, 0]


def test_maximum_lift_otherwise_no_movement_allowed():
    game = new_game(figure("Ann", "red", (-6, 0), 0, gear_kg=71), FAR_ENEMY)
    outcome = move(game, "Ann", (-5, 0), action="lift_step", dice=(3, 3, 3, 2))  # 11 vs ST 10
    assert not of_kind(outcome, "lift_check")[0].data["success"] and snap(game, "Ann")["hex"] == [-6, 0]


def test_only_a_figure_beyond_seven_times_strength_heaves():
    game = new_game(figure("Ann", "red", (-6, 0), 0, gear_kg=70), FAR_ENEMY)
    assert "move as usual" in refused(game, do="move", figure="Ann", action="lift_step", path=((-5, 0),))


# --- "5-7x STR in kg: ... -1 STR every 2 minutes (nonlethal/fatigue). Max of 10 minutes." ------


def test_5_7x_str_minus_1_str_every_2_minutes_max_of_10_minutes():
    # A turn is taken as 5 seconds: 2 minutes is 24 turns; 10 minutes, 120 turns (5 points).
    game = new_game(figure("Ann", "red", (-6, 0), 0, st=10, gear_kg=60), FAR_ENEMY, options={"nonlethal_damage": True})
    lost = []
    for turn in range(1, 131):
        outcome = finish_turn(game)
        if of_kind(outcome, "fatigue"):
            lost.append(turn)
    assert lost == [24, 48, 72, 96, 120]
    a = game.state.figures["Ann"]
    assert (a.nonlethal, a.lethal) == (5, 0)


def test_no_fatigue_at_5x_str_or_less():
    game = new_game(figure("Ann", "red", (-6, 0), 0, st=10, gear_kg=50), FAR_ENEMY)
    for _ in range(30):
        finish_turn(game)
    assert game.state.figures["Ann"].damage == 0


def test_picking_up_a_shield_beyond_the_maximum_lift_is_refused():
    # Bob drops his Tower Shield (15 kg); the GM moves him back a hex, Ann (ST 10, carrying
    # 90 kg) heaves herself onto it, and next turn, Engaged by Bob, stands still to pick it up.
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=9, gear_kg=90),
        figure("Bob", "blue", (1, 0), 3, dx=12, st=20, shield="Tower Shield"),
        FAR_ENEMY,
    )
    stand_still_until(game, "Bob")
    act(game, "Bob", "drop_pickup", params={"drop": ["shield"]})
    finish_turn(game)
    gm(game, "place", "Bob", to=(2, 0))
    stand_still_until(game, "Ann", "movement")
    move(game, "Ann", (1, 0), action="lift_step", dice=(1, 1, 1, 1))
    finish_turn(game)  # picking up is for a figure that has not moved this turn
    stand_still_until(game, "Ann")
    reason = refused(game, do="act", figure="Ann", action="drop_pickup", params={"pick_up": ["Tower Shield"]})
    assert "105 kg is more than ST 10 can lift" in reason
