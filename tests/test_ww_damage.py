"""Warrior & Wizard, Damage: armor and shields by direction, and the Effects of Damage."""

import pytest

from helpers import act, of_kind, offered, only, snap
from ww_helpers import figure, finish_turn, new_game, stand_still_until

# Where Bob (at [1, 0]) faces, for Ann (at [0, 0], facing east) to strike him from his front,
# side or rear.
BOB_FACING = {"front": 3, "side": 1, "rear": 0}


def hit_bob(zone: str, damage: tuple[int, int], bob: dict | None = None, more=(), then=()):
    """Ann (DX 12, ST 12) hits Bob with a Broadsword (2d6) from the given zone; the outcome."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), BOB_FACING[zone], **{"st": 30, **(bob or {})}),
        *more,
    )
    stand_still_until(game, "Ann")
    action = "attack" if "attack" in offered(game, "Ann") else "charge_attack"
    return game, act(game, "Ann", action, target="Bob", dice=(1, 1, 1) + damage + tuple(then))


def taken(outcome) -> int:
    return only(outcome, "damage").data["taken"]


# --- Armor ------------------------------------------------------------------------------------


def test_armor_is_subtracted_from_the_damage_plate_stops_5_of_8():
    # "if a target wearing Plate armor (with an armor value of 5) is hit for an attack dealing
    # 8 points of damage, he takes (8-5) 3 points."
    game, outcome = hit_bob("front", (4, 4), {"armor": "Plate Armor"})
    assert taken(outcome) == 3 and snap(game, "Bob")["st"] == 27


@pytest.mark.parametrize(
    "armor, stops", [("Fine Plate", 6), ("Half Plate", 4), ("Chainmail", 3), ("Leather", 2), ("Padded (Cloth)", 1)]
)
def test_each_armor_stops_its_defense_value(armor, stops):
    _, outcome = hit_bob("front", (6, 6), {"armor": armor})
    assert taken(outcome) == 12 - stops


def test_armor_never_turns_damage_into_healing():
    game, outcome = hit_bob("front", (1, 1), {"armor": "Plate Armor"})
    assert taken(outcome) == 0 and snap(game, "Bob")["st"] == 30


@pytest.mark.parametrize("zone", ["front", "side", "rear"])
def test_body_armor_protects_from_every_direction(zone):
    _, outcome = hit_bob(zone, (3, 3), {"armor": "Leather"})
    assert taken(outcome) == 4


@pytest.mark.parametrize("zone, stops", [("front", 3), ("side", 0), ("rear", 0)])
def test_a_ready_shield_protects_against_attacks_from_the_front_zone_only(zone, stops):
    _, outcome = hit_bob(zone, (3, 3), {"shield": "Tower Shield"})
    assert taken(outcome) == 6 - stops


@pytest.mark.parametrize("zone, stops", [("front", 0), ("side", 0), ("rear", 2)])
def test_a_shield_slung_on_the_back_protects_against_attacks_from_behind_only(zone, stops):
    _, outcome = hit_bob(zone, (3, 3), {"shield": "Large Shield", "shield_slung": True})
    assert taken(outcome) == 6 - stops


@pytest.mark.parametrize("zone, stops", [("front", 1), ("side", 0), ("rear", 0)])
def test_a_dagger_held_in_the_left_hand_parries_1_from_the_front(zone, stops):
    bob = {"weapons": ["Rapier", "Main-Gauche"], "ready": "Rapier", "off_hand": "Main-Gauche"}
    _, outcome = hit_bob(zone, (3, 3), bob)
    assert taken(outcome) == 6 - stops


def test_a_left_hand_dagger_does_not_add_to_a_slung_shield_from_behind():
    bob = {
        "weapons": ["Rapier", "Dagger"],
        "ready": "Rapier",
        "off_hand": "Dagger",
        "shield": "Small Shield",
        "shield_slung": True,
    }
    _, front = hit_bob("front", (3, 3), bob)
    _, rear = hit_bob("rear", (3, 3), bob)
    assert taken(front) == 5 and taken(rear) == 5


@pytest.mark.parametrize("zone, stops", [("front", 0), ("side", 0), ("rear", 1)])
def test_a_full_backpack_stops_1_from_behind(zone, stops):
    _, outcome = hit_bob(zone, (3, 3), {"backpack": True})
    assert taken(outcome) == 6 - stops


def test_armor_shield_and_backpack_add_up():
    _, outcome = hit_bob("rear", (6, 6), {"armor": "Chainmail", "backpack": True, "shield": "Small Shield"})
    # From behind: Chainmail 3 and the backpack 1; the ready shield faces the front.
    assert taken(outcome) == 8


# --- Effective Strength -----------------------------------------------------------------------


def test_effective_strength_is_strength_minus_damage_taken():
    game, _ = hit_bob("front", (2, 3), {"st": 12})
    assert snap(game, "Bob")["st"] == 7 and snap(game, "Bob")["status"] == "ok"


def test_a_character_whose_effective_strength_reaches_1_falls_unconscious():
    game, outcome = hit_bob("front", (6, 3), {"st": 10}, more=[figure("Cid", "blue", (3, -3), 3)])
    assert only(outcome, "unconscious").figure == "Bob"
    bob = snap(game, "Bob")
    assert bob["st"] == 1 and bob["status"] == "unconscious" and bob["threat_zone"] == []
    assert "Bob" not in game.state.queue


@pytest.mark.parametrize("faces", [(6, 4), (6, 6)])
def test_a_character_whose_effective_strength_reaches_0_dies(faces):
    game, outcome = hit_bob("front", faces, {"st": 10}, more=[figure("Cid", "blue", (3, -3), 3)])
    assert only(outcome, "dies").figure == "Bob" and snap(game, "Bob")["status"] == "dead"


def test_an_unconscious_character_who_is_hit_again_dies_at_0():
    game, _ = hit_bob(
        "front",
        (6, 3),
        {"st": 10},
        more=[
            figure("Cid", "red", (2, -1), 4, dx=11, st=12, weapons=["Broadsword"]),
            figure("Dan", "blue", (3, -3), 3),
        ],
    )
    act(game, "Cid", "charge_attack", target="Bob", dice=(1, 1, 1, 1, 1))
    assert snap(game, "Bob")["status"] == "dead"


def test_the_fight_ends_when_one_side_has_nobody_standing():
    game, outcome = hit_bob("front", (6, 4), {"st": 10})
    assert only(outcome, "victory").data["winner"] == "red" and game.state.phase == "over"


# --- 5 or more damage in a turn ---------------------------------------------------------------


def test_5_damage_in_a_turn_costs_2_effective_dexterity_for_the_next_turn_only():
    game, _ = hit_bob("front", (2, 3), {"dx": 11})
    assert snap(game, "Bob")["adj_dx"] == 11  # not this turn
    finish_turn(game)
    assert snap(game, "Bob")["adj_dx"] == 9
    finish_turn(game)
    assert snap(game, "Bob")["adj_dx"] == 11


def test_4_damage_in_a_turn_costs_no_dexterity():
    game, _ = hit_bob("front", (2, 2), {"dx": 11})
    finish_turn(game)
    assert snap(game, "Bob")["adj_dx"] == 11


def test_damage_from_several_hits_in_one_turn_adds_up_to_5():
    cid = figure("Cid", "red", (2, -1), 4, dx=11, st=12, weapons=["Broadsword"])
    game, _ = hit_bob("front", (1, 2), {"dx": 10}, more=[cid])
    act(game, "Cid", "charge_attack", target="Bob", dice=(1, 1, 1, 1, 1))
    finish_turn(game)
    assert snap(game, "Bob")["adj_dx"] == 8


def test_damage_stopped_by_armor_does_not_count_toward_5():
    game, _ = hit_bob("front", (3, 3), {"dx": 10, "armor": "Chainmail"})  # 6 - 3 = 3 taken
    finish_turn(game)
    assert snap(game, "Bob")["adj_dx"] == 9  # Chainmail's -1 only


# --- 8 or more damage in a turn ---------------------------------------------------------------


def test_8_damage_after_armor_in_a_turn_knocks_the_character_down():
    game, outcome = hit_bob("front", (4, 4))
    assert only(outcome, "falls").figure == "Bob"
    assert snap(game, "Bob")["posture"] == "fallen" and snap(game, "Bob")["threat_zone"] == []


def test_7_damage_leaves_the_character_on_his_feet():
    game, outcome = hit_bob("front", (4, 3))
    assert not of_kind(outcome, "falls") and snap(game, "Bob")["posture"] == "standing"


def test_8_damage_after_armor_from_two_hits_in_a_turn_knocks_the_character_down():
    cid = figure("Cid", "red", (2, -1), 4, dx=11, st=12, weapons=["Broadsword"])
    game, _ = hit_bob("front", (2, 3), more=[cid])
    outcome = act(game, "Cid", "charge_attack", target="Bob", dice=(1, 1, 1, 1, 2))
    assert only(outcome, "falls").figure == "Bob"


def test_8_before_armor_but_less_after_a_failed_dexterity_check_at_minus_2_knocks_him_down():
    # Bob: DEX 11, Leather (-1): Effective DEX 10, checks at 8. He rolls 9.
    game, outcome = hit_bob("front", (4, 4), {"dx": 11, "armor": "Leather"}, then=(3, 3, 3))
    assert taken(outcome) == 6
    assert only(outcome, "falls").data["target"] == 8
    assert snap(game, "Bob")["posture"] == "fallen"


def test_8_before_armor_but_less_after_a_successful_dexterity_check_pushes_him_back_a_hex():
    game, outcome = hit_bob("front", (4, 4), {"dx": 11, "armor": "Leather"}, then=(3, 3, 2))
    assert only(outcome, "staggers").data["target"] == 8
    assert only(outcome, "move").data == {"path": [[2, 0]], "forced": True}
    assert snap(game, "Bob")["hex"] == [2, 0] and snap(game, "Bob")["posture"] == "standing"


def test_with_acrobatics_the_dexterity_check_against_falling_has_no_penalty():
    game, outcome = hit_bob("front", (4, 4), {"dx": 11, "armor": "Leather", "skills": ["Acrobatics"]}, then=(4, 3, 3))
    assert only(outcome, "staggers").data["target"] == 10
    assert snap(game, "Bob")["posture"] == "standing"


def test_a_character_who_cannot_be_pushed_back_keeps_his_hex():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, st=30, dx=11, armor="Leather"),
        walls=[(2, 0)],
    )
    stand_still_until(game, "Ann")
    outcome = act(game, "Ann", "attack", target="Bob", dice=(1, 1, 1, 4, 4, 3, 3, 2))
    assert only(outcome, "staggers") and snap(game, "Bob")["hex"] == [1, 0]


def test_after_keeping_his_feet_a_character_still_falls_when_8_gets_through_armor_that_turn():
    # Bob (Leather) keeps his feet after 8 - 2 = 6 and is pushed back to [2, 0], still in Cid's
    # threat zone; Cid's 4 - 2 = 2 brings him to 8 after armor this turn.
    cid = figure("Cid", "red", (2, -1), 4, dx=11, st=12, weapons=["Broadsword"])
    game, _ = hit_bob("front", (4, 4), {"dx": 11, "armor": "Leather"}, more=[cid], then=(3, 3, 2))
    assert snap(game, "Bob")["hex"] == [2, 0]
    outcome = act(game, "Cid", "charge_attack", target="Bob", dice=(1, 1, 1, 2, 2))
    assert taken(outcome) == 2
    assert only(outcome, "falls").figure == "Bob"


def test_the_dexterity_check_against_falling_is_made_once_a_turn():
    # Plate Armor: DEX 11 - 3 = 8, checks at 6. 8 - 5 = 3 taken; Bob keeps his feet. Cid's
    # 8 - 5 = 3 more makes 16 before armor, 6 after: no second check.
    cid = figure("Cid", "red", (2, -1), 4, dx=11, st=12, weapons=["Broadsword"])
    game, _ = hit_bob("front", (4, 4), {"dx": 11, "armor": "Plate Armor"}, more=[cid], then=(1, 1, 1))
    outcome = act(game, "Cid", "charge_attack", target="Bob", dice=(1, 1, 1, 4, 4, 1, 1, 1))
    assert taken(outcome) == 3
    assert not of_kind(outcome, "staggers") and not of_kind(outcome, "falls")
