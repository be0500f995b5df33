"""Warrior & Wizard, the optional rules: Nonlethal Damage, breathers and the Movement Rule.

The Optional Advanced Initiative System is checked with initiative in test_ww_turns.py.
"""

import pytest
from pydantic import ValidationError

from helpers import act, gm, of_kind, only, refused, snap
from ww_helpers import farthest, figure, finish_turn, move, new_game, stand_still_until

NONLETHAL = {"nonlethal_damage": True}
BREATHER = {"nonlethal_damage": True, "breather": True}
FAR_FRIEND = figure("Cid", "blue", (0, -7), 2, dx=5)  # keeps Bob's side in the fight


def test_every_optional_rule_is_off_unless_turned_on():
    game = new_game(figure("Ann", "red", (0, 0)), figure("Bob", "blue", (3, 0), 3))
    assert game.options.model_dump() == {
        "advanced_initiative": False,
        "nonlethal_damage": False,
        "movement_rule": False,
        "breather": False,
    }


def test_an_unknown_option_is_refused():
    with pytest.raises(ValidationError):
        new_game(figure("Ann", "red", (0, 0)), figure("Bob", "blue", (3, 0), 3), options={"nonlethal": True})


def punch(st=10, bob: dict | None = None, options=NONLETHAL, dice=()):
    """Ann (ST st, DX 12) punches Bob; the game and the outcome."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=st),
        figure("Bob", "blue", (1, 0), 3, **(bob or {})),
        FAR_FRIEND,
        options=options,
    )
    stand_still_until(game, "Ann")
    return game, act(game, "Ann", "attack_hth", target="Bob", dice=(1, 1, 1) + tuple(dice))


def strike(weapon: str, st: int, faces, bob: dict | None = None, options=NONLETHAL):
    """Ann (DX 12) strikes Bob with a weapon; the game and the outcome."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=st, weapons=[weapon]),
        figure("Bob", "blue", (1, 0), 3, **(bob or {})),
        FAR_FRIEND,
        options=options,
    )
    stand_still_until(game, "Ann")
    return game, act(game, "Ann", "attack", target="Bob", dice=(1, 1, 1) + tuple(faces))


def split(outcome) -> tuple[int, int]:
    data = only(outcome, "damage").data
    return data["lethal"], data["nonlethal"]


# --- Optional Nonlethal Damage Rule -----------------------------------------------------------


def test_without_the_nonlethal_rule_all_damage_is_lethal():
    _, outcome = strike("Mace", 11, (5, 5), {"st": 30}, options={})
    assert split(outcome) == (9, 0)


def test_a_damaging_weapon_does_all_of_its_damage_as_lethal():
    _, outcome = strike("Broadsword", 12, (3, 4), {"st": 30})
    assert split(outcome) == (7, 0)


def test_a_bludgeoning_weapon_does_a_third_lethal_and_two_thirds_nonlethal():
    _, outcome = strike("Mace", 11, (5, 5), {"st": 30})  # 2d6-1: 9
    assert split(outcome) == (3, 6)


def test_a_punch_is_a_bludgeoning_attack():
    # ST 10 punches for 2d6-2: 6 + 6 - 2 = 10, of which 3 lethal (a third, rounded down).
    _, outcome = punch(dice=(6, 6), bob={"st": 30})
    assert only(outcome, "damage_roll").data["dice"] == "2d6-2"
    assert split(outcome) == (3, 7)


def test_armor_stops_lethal_damage_first_and_2_nonlethal_more():
    # Mace 9: 3 lethal, 6 nonlethal. Chainmail stops 3 lethal and, worn over cloth, 2 nonlethal.
    _, outcome = strike("Mace", 11, (5, 5), {"st": 30, "armor": "Chainmail"})
    assert split(outcome) == (0, 4)


def test_cloth_armor_stops_1_lethal_and_2_nonlethal():
    _, outcome = strike("Mace", 11, (5, 5), {"st": 30, "armor": "Padded (Cloth)"})
    assert split(outcome) == (2, 4)


def test_armor_left_over_after_lethal_damage_stops_nonlethal():
    # Plate 5 against 3 lethal: 2 more stop nonlethal, with cloth's 2: 6 - 4.
    _, outcome = strike("Mace", 11, (5, 5), {"st": 30, "armor": "Plate Armor"})
    assert split(outcome) == (0, 2)


def test_a_shield_alone_adds_no_cloth_under_it():
    _, outcome = strike("Mace", 11, (5, 5), {"st": 30, "shield": "Small Shield"})
    assert split(outcome) == (2, 6)


def test_with_the_nonlethal_rule_a_character_stays_conscious_until_total_damage_equals_strength():
    game, _ = strike("Broadsword", 12, (5, 4), {"st": 10})
    assert snap(game, "Bob")["st"] == 1 and snap(game, "Bob")["status"] == "ok"


def test_a_character_falls_unconscious_when_lethal_and_nonlethal_damage_reach_his_strength():
    # A punch of 12 (ST 16 punches for 3d6-2): 4 lethal, 8 nonlethal on ST 10.
    game, outcome = punch(st=16, dice=(4, 5, 5), bob={"st": 10})
    assert split(outcome) == (4, 8)
    assert only(outcome, "unconscious").data["out_for_combat"] is False
    assert snap(game, "Bob")["status"] == "unconscious" and snap(game, "Bob")["st"] == -2


def test_a_character_only_dies_when_his_lethal_damage_equals_his_strength():
    game, _ = punch(st=16, dice=(6, 6, 6), bob={"st": 10})  # 16: 5 lethal, 11 nonlethal
    assert snap(game, "Bob")["status"] == "unconscious"
    gm(game, "damage", "Bob", params={"amount": 5})
    assert snap(game, "Bob")["status"] == "dead"


def test_an_unconscious_character_recovers_1d6_nonlethal_each_turn_and_wakes_above_his_lethal_damage():
    # The text's example: ST 10, 4 lethal and 8 nonlethal, at -2 STR, "has to recover at
    # least 7 STR worth of nonlethal damage". Knocked out in turn 1 (no recovery: the blow
    # spoiled it), at the end of turn 2 a 6 brings him to 4.
    game, _ = punch(st=16, dice=(4, 5, 5), bob={"st": 10})
    finish_turn(game)
    outcome = finish_turn(game, dice=(6,))
    assert only(outcome, "recovers").data["recovered"] == 6
    assert snap(game, "Bob")["st"] == 4 and snap(game, "Bob")["status"] == "unconscious"
    outcome = finish_turn(game, dice=(1,))
    assert only(outcome, "wakes").figure == "Bob"
    assert snap(game, "Bob")["st"] == 5 and snap(game, "Bob")["status"] == "ok"


def test_an_unconscious_characters_recovery_is_spoiled_by_damage_through_armor_that_turn():
    """ "A character who goes unconscious essentially spends every turn taking a breather"; "If he
    takes any damage at all through armor ... during the Turn, then his breather is spoiled":
    knocked out by a blow, he does not recover at the end of that turn; the next, left alone,
    he does."""
    game, _ = punch(st=16, dice=(4, 5, 5), bob={"st": 10})
    outcome = finish_turn(game, dice=(6,))
    assert not of_kind(outcome, "recovers") and snap(game, "Bob")["st"] == -2
    outcome = finish_turn(game, dice=(6,))
    assert only(outcome, "recovers").data["recovered"] == 6 and snap(game, "Bob")["st"] == 4


def test_a_character_knocked_out_by_more_than_half_his_strength_in_lethal_damage_stays_out():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (1, 0), 3), FAR_FRIEND, options=NONLETHAL
    )
    gm(game, "damage", "Bob", params={"amount": 6})  # 6 lethal of ST 10
    stand_still_until(game, "Ann")
    outcome = act(game, "Ann", "attack_hth", target="Bob", dice=(1, 1, 1, 3, 3))  # 4: 1 + 3
    assert only(outcome, "unconscious").data["out_for_combat"] is True
    for _ in range(3):
        outcome = finish_turn(game, dice=(6,))
        assert not of_kind(outcome, "recovers") and snap(game, "Bob")["status"] == "unconscious"


def test_without_the_nonlethal_rule_an_unconscious_character_does_not_recover():
    game, _ = strike("Broadsword", 12, (5, 4), {"st": 10}, options={})
    assert snap(game, "Bob")["status"] == "unconscious"
    outcome = finish_turn(game, dice=(6,))
    assert not of_kind(outcome, "recovers")


# --- Take a breather (optional) ---------------------------------------------------------------


def thrown_club(options=BREATHER, breather=False):
    """Ann throws a club (1d6, bludgeoning) at Bob two hexes off: 6 is 2 lethal, 4 nonlethal.

    With `breather`, Bob takes a breather in the movement phase, before Ann acts."""
    game = new_game(
        figure("Ann", "red", (-2, 0), 0, dx=12, weapons=["Club"], skills=["Thrown Weapons"]),
        figure("Bob", "blue", (0, 0), 3),
        FAR_FRIEND,
        options=options,
    )
    if breather:
        stand_still_until(game, "Bob", "movement")
        move(game, "Bob", action="breather")
    stand_still_until(game, "Ann")
    act(game, "Ann", "shoot", target="Bob", dice=(1, 1, 1, 6))
    assert snap(game, "Bob")["st"] == 4
    return game


def test_a_breather_recovers_1d6_nonlethal_damage_at_the_end_of_the_turn():
    game = thrown_club()
    finish_turn(game)
    stand_still_until(game, "Bob", "movement")
    move(game, "Bob", action="breather")
    outcome = finish_turn(game, dice=(3,))
    assert only(outcome, "recovers").data["recovered"] == 3 and snap(game, "Bob")["st"] == 7


def test_a_breather_never_heals_lethal_damage():
    game = thrown_club()
    finish_turn(game)
    stand_still_until(game, "Bob", "movement")
    move(game, "Bob", action="breather")
    outcome = finish_turn(game, dice=(6,))
    assert only(outcome, "recovers").data["recovered"] == 4 and snap(game, "Bob")["st"] == 8


def test_damage_through_armor_during_the_turn_spoils_the_breather():
    game = thrown_club(breather=True)  # Bob is hit while he takes his breather
    outcome = finish_turn(game, dice=(6,))
    assert not of_kind(outcome, "recovers") and snap(game, "Bob")["st"] == 4


def test_other_characters_are_at_plus_3_to_hit_a_breather_all_turn_whoever_acts_first():
    # Ann (DX 12) acts before Bob (DX 10): his breather, taken in place of moving, already holds.
    game = new_game(
        figure("Ann", "red", (-2, 0), 0, dx=12, weapons=["Club"], skills=["Thrown Weapons"]),
        figure("Bob", "blue", (0, 0), 3),
        FAR_FRIEND,
        options=BREATHER,
    )
    stand_still_until(game, "Bob", "movement")
    move(game, "Bob", action="breather")
    stand_still_until(game, "Ann")
    event = only(act(game, "Ann", "shoot", target="Bob", dice=(6, 6, 6)), "attack")
    assert ("target taking a breather", 3) in event.data["modifiers"] and event.data["needed"] == 14


def test_the_breather_rule_needs_the_nonlethal_rule():
    game = new_game(
        figure("Ann", "red", (-3, 0), 0, dx=12), figure("Bob", "blue", (3, -3), 3), options={"breather": True}
    )
    stand_still_until(game, "Ann", "movement")
    assert "breather rule is off" in refused(game, do="move", figure="Ann", action="breather")


# --- Optional Movement Rule -------------------------------------------------------------------


def mover(options, damage=0, **fields):
    game = new_game(figure("Ann", "red", (-6, 0), 0, dx=12, **fields), FAR_FRIEND, options=options)
    if damage:
        gm(game, "damage", "Ann", params={"amount": damage})
    return game


@pytest.mark.parametrize("damage, ma", [(0, 10), (1, 10), (2, 9), (4, 8), (5, 8)])
def test_with_the_movement_rule_a_character_loses_1_movement_for_every_2_damage(damage, ma):
    assert farthest(mover({"movement_rule": True}, damage), "Ann", "full_move") == ma


def test_without_the_movement_rule_damage_does_not_slow_a_character():
    assert farthest(mover({}, 4), "Ann", "full_move") == 10


def test_with_the_movement_rule_the_armors_dexterity_penalty_is_its_movement_loss():
    # Chainmail: -1 DEX, -3 Movement on the table; under the rule it costs 1 Movement.
    assert farthest(mover({"movement_rule": True}, armor="Chainmail"), "Ann", "full_move") == 9
    assert farthest(mover({}, armor="Chainmail"), "Ann", "full_move") == 7


def test_with_the_movement_rule_movement_losses_accumulate():
    # Chainmail (-1 DEX) and a 3-4x STR load (-4 Movement, -1 DEX), and 2 damage: 1 + 4 + 1 + 1.
    game = mover({"movement_rule": True}, 2, armor="Chainmail", gear_kg=20)
    assert farthest(game, "Ann", "full_move") == 3


def test_the_movement_rule_halves_a_damaged_characters_half_move_too():
    game = mover({"movement_rule": True}, 4)
    assert farthest(game, "Ann", "half_move") == 4
    move(game, "Ann", *[(-5 + i, 0) for i in range(4)], action="half_move")
