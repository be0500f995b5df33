"""Warrior & Wizard, Attacking: the DEX check, its modifiers, 3d6 or 4d6, and special attacks."""

import pytest

from board.hexgrid import Hex
from helpers import act, action_info, gm, of_kind, only, refused, snap
from ww_helpers import figure, move, new_game, stand_still_until


def duel(ann: dict | None = None, bob: dict | None = None, *more, **game_options):
    """Ann (DX 12, ST 12, Broadsword) and Bob (DX 10) face each other; it is Ann's action."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, **{"dx": 12, "st": 12, "weapons": ["Broadsword"], **(ann or {})}),
        figure("Bob", "blue", (1, 0), 3, **(bob or {})),
        *more,
        **game_options,
    )
    stand_still_until(game, "Ann")
    return game


def attack(game, action="attack", target="Bob", dice=(), who="Ann", **fields):
    """Ann's attack; the attack event."""
    return only(act(game, who, action, target=target, dice=dice, **fields), "attack")


# --- The Dexterity check ----------------------------------------------------------------------


@pytest.mark.parametrize("faces, hit", [((4, 4, 4), True), ((4, 4, 5), False)])
def test_an_attack_hits_on_a_3d6_roll_at_or_under_the_attackers_effective_dexterity(faces, hit):
    game = duel()
    event = attack(game, dice=faces + (1, 1))
    assert event.data["dice"] == 3 and event.data["needed"] == 12 and event.data["hit"] is hit


def test_armor_lowers_the_attackers_effective_dexterity():
    game = duel({"armor": "Chainmail"})
    assert attack(game, dice=(6, 6, 6)).data["needed"] == 11


def test_on_a_hit_the_attacker_rolls_the_weapons_damage():
    game = duel()
    outcome = act(game, "Ann", "attack", target="Bob", dice=(1, 1, 1, 2, 5))
    assert only(outcome, "damage_roll").data["dice"] == "2d6"
    assert only(outcome, "damage").data["taken"] == 7


def test_a_miss_does_no_damage():
    game = duel()
    outcome = act(game, "Ann", "attack", target="Bob", dice=(6, 6, 6))
    assert not of_kind(outcome, "damage") and snap(game, "Bob")["st"] == 10


# --- 3d6 or 4d6 -------------------------------------------------------------------------------


def test_an_attack_on_a_defending_target_rolls_4d6():
    game = duel(None, {"weapons": ["Broadsword"], "st": 12})
    act(game, "Bob", "defend")
    event = attack(game, dice=(3, 3, 3, 3, 1, 1))
    assert event.data["dice"] == 4 and event.data["roll"] == 12 and event.data["hit"] is True


def test_defend_lasts_the_rest_of_the_turn_against_every_melee_attack():
    game = duel(
        None,
        {"weapons": ["Broadsword"], "st": 12},
        figure("Cid", "red", (2, -1), 4, dx=11, st=12, weapons=["Broadsword"]),
    )
    act(game, "Bob", "defend")
    assert attack(game, dice=(6, 6, 6, 6)).data["dice"] == 4
    # Cid stands beside Bob, who does not face him: Cid charges from where he stands.
    assert attack(game, "charge_attack", who="Cid", dice=(6, 6, 6, 6)).data["dice"] == 4


def test_defend_does_not_help_against_a_missile():
    game = new_game(
        figure("Ann", "red", (1, -4), 5, dx=12, weapons=["Short Bow"]),
        figure("Cid", "red", (0, 0), 0, dx=11),
        figure("Bob", "blue", (1, 0), 3, weapons=["Broadsword"], st=12),
    )
    stand_still_until(game, "Ann")
    act(game, "Bob", "defend")
    event = attack(game, "shoot", dice=(6, 6, 6))
    assert event.data["dice"] == 3


def test_a_shot_at_a_dodging_target_rolls_4d6():
    game = new_game(figure("Ann", "red", (-3, 0), 0, dx=12, weapons=["Short Bow"]), figure("Bob", "blue", (1, 0), 3))
    stand_still_until(game, "Ann")
    act(game, "Bob", "dodge")
    event = attack(game, "shoot", dice=(3, 3, 3, 2, 1))
    assert event.data["dice"] == 4 and event.data["roll"] == 11 and event.data["hit"] is True


def test_dodge_does_not_help_against_a_melee_attack():
    # Bob (DX 12) is first and Disengaged; he Dodges. Ann then charges him with her sword.
    game = new_game(
        figure("Ann", "red", (-2, 0), 0, dx=10, st=12, weapons=["Broadsword"]), figure("Bob", "blue", (1, 0), 3, dx=12)
    )
    move(game, "Bob")
    move(game, "Ann", (-1, 0), (0, 0), action="jog")
    act(game, "Bob", "dodge")
    assert attack(game, "charge_attack", dice=(6, 6, 6)).data["dice"] == 3


# --- Who can be attacked ----------------------------------------------------------------------


@pytest.mark.parametrize("where", [(-1, 0), (0, -1), (-1, 1)])
def test_a_melee_target_must_be_in_the_attackers_front(where):
    # [-1, 0] is behind Ann; [0, -1] and [-1, 1] beside her.
    game = duel(None, None, figure("Cid", "blue", where, 0))
    assert "not a valid target" in refused(game, do="act", figure="Ann", action="attack", target="Cid")
    assert action_info(game, "Ann", "attack").targets == ("Bob",)


def test_a_long_weapon_attacks_an_opponent_two_hexes_away():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=13, weapons=["Halberd"]), figure("Bob", "blue", (2, 0), 3)
    )
    stand_still_until(game, "Ann")
    attack(game, "charge_attack", dice=(6, 6, 6))


def test_a_medium_weapon_attacks_into_the_next_hex_only():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]), figure("Bob", "blue", (2, 0), 3)
    )
    stand_still_until(game, "Ann")
    assert "not a valid target" in refused(game, do="act", figure="Ann", action="charge_attack", target="Bob")


def test_a_short_weapon_attacks_into_the_next_hex_at_minus_1():
    game = duel({"weapons": ["Dagger"]})
    event = attack(game, dice=(6, 6, 6))
    assert event.data["modifiers"] == [("Short weapon into the next hex", -1)]
    assert event.data["needed"] == 11


def test_a_short_weapon_in_hand_to_hand_combat_has_no_penalty():
    game = duel({"weapons": ["Dagger"]})
    event = attack(game, "attack_hth", dice=(6, 6, 6))
    assert event.data["modifiers"] == [] and event.data["needed"] == 12


def test_a_missile_weapon_cannot_strike_in_melee():
    game = duel({"weapons": ["Short Bow"]})
    assert "Short Bow is not a melee weapon" in refused(game, do="act", figure="Ann", action="attack", target="Bob")


# --- Strength minimum -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "st, needed, dice",
    [(12, 12, "2d6"), (11, 11, "2d6"), (10, 10, "2d6-1"), (9, 9, "2d6-1"), (8, 8, "2d6-2"), (7, 7, "2d6-2")],
)
def test_below_the_strength_minimum_minus_1_to_hit_per_st_and_minus_1_damage_per_2_st(st, needed, dice):
    game = duel({"st": st})  # Broadsword: ST minimum 12
    outcome = act(game, "Ann", "attack", target="Bob", dice=(1, 1, 1, 6, 6))
    assert only(outcome, "attack").data["needed"] == needed
    assert only(outcome, "damage_roll").data["dice"] == dice


@pytest.mark.parametrize("st, most", [(12, 0), (13, 0), (14, 1), (16, 2), (18, 3), (20, 3)])
def test_extra_strength_buys_plus_1_damage_per_2_st_up_to_plus_3(st, most):
    game = duel({"st": st})
    reason = refused(game, do="act", figure="Ann", action="attack", target="Bob", params={"extra_damage": most + 1})
    assert f"must be 0 to {most}" in reason


def test_each_point_of_extra_damage_costs_1_to_hit():
    game = duel({"st": 16})
    outcome = act(game, "Ann", "attack", target="Bob", params={"extra_damage": 2}, dice=(1, 1, 1, 3, 3))
    assert only(outcome, "attack").data["needed"] == 10
    assert only(outcome, "damage_roll").data["dice"] == "2d6+2"
    assert only(outcome, "damage").data["taken"] == 8


def test_a_weapon_without_a_strength_minimum_gets_no_extra_damage():
    game = duel({"weapons": ["Dagger"], "st": 18})
    assert "must be 0 to 0" in refused(
        game, do="act", figure="Ann", action="attack", target="Bob", params={"extra_damage": 1}
    )


# --- Ranged attacks ---------------------------------------------------------------------------


def shooter(weapon: str, distance: int, *more, ann: dict | None = None):
    """Ann (DX 12) with a ready missile or thrown weapon, Bob that many hexes east of her."""
    game = new_game(
        figure(
            "Ann",
            "red",
            (-7, 0),
            0,
            **{"dx": 12, "st": 12, "weapons": [weapon], "skills": ["Thrown Weapons"], **(ann or {})},
        ),
        figure("Bob", "blue", (-7 + distance, 0), 3),
        *more,
    )
    stand_still_until(game, "Ann")
    return game


@pytest.mark.parametrize("distance, penalty", [(2, -1), (3, -2), (4, -3), (6, -5)])
def test_a_thrown_weapon_is_at_minus_1_per_hex_between_attacker_and_target(distance, penalty):
    game = shooter("Javelin", distance)
    event = attack(game, "shoot", dice=(6, 6, 6))
    assert event.data["needed"] == 12 + penalty


def test_a_thrown_weapon_leaves_the_hand_and_lands_by_the_target():
    game = shooter("Javelin", 4)
    act(game, "Ann", "shoot", target="Bob", dice=(1, 1, 1, 3))
    assert game.state.figures["Ann"].ready is None and game.state.figures["Ann"].weapons == []
    assert game.state.items[Hex(-3, 0)] == ["Javelin"]


@pytest.mark.parametrize("distance, penalty", [(2, 0), (6, 0), (7, -1), (12, -1), (13, -2)])
def test_a_missile_weapon_is_at_minus_1_per_six_hexes_beyond_the_first_six(distance, penalty):
    game = shooter("Short Bow", distance)
    event = attack(game, "shoot", dice=(6, 6, 6))
    assert event.data["needed"] == 12 + penalty


def test_each_character_in_the_line_of_fire_is_minus_1():
    game = shooter("Short Bow", 4, figure("Cid", "red", (-5, 0), 1), figure("Dan", "red", (-4, 0), 1))
    event = attack(game, "shoot", dice=(6, 6, 6, 1, 1, 1, 1, 1, 1))
    assert event.data["needed"] == 10 and ("Cid, Dan in the line of fire", -2) in event.data["modifiers"]


def test_a_missile_that_misses_may_hit_a_character_in_its_path():
    # Cid (DEX 10) is nearest: he rolls 11 vs 10 and fails, so the arrow strikes him.
    game = shooter("Short Bow", 4, figure("Cid", "red", (-5, 0), 1), figure("Dan", "red", (-4, 0), 1))
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(6, 6, 6, 5, 5, 1, 4))
    assert only(outcome, "stray_hit").figure == "Cid"
    assert only(outcome, "stray_hit").data["needed"] == 10
    assert only(outcome, "damage").figure == "Cid" and only(outcome, "damage").data["taken"] == 3
    assert not of_kind(outcome, "stray_miss")


def test_a_character_in_the_path_who_makes_his_dexterity_check_is_missed():
    # Cid makes his roll (3 vs 10); Dan, next, fails his (17 vs 10) and is hit.
    game = shooter("Short Bow", 4, figure("Cid", "red", (-5, 0), 1), figure("Dan", "red", (-4, 0), 1))
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(6, 6, 6, 1, 1, 1, 6, 6, 5, 2))
    assert only(outcome, "stray_miss").figure == "Cid"
    assert only(outcome, "stray_hit").figure == "Dan" and only(outcome, "damage").figure == "Dan"


def test_a_character_in_the_path_rolls_at_the_ranged_penalty_of_the_attack():
    # A Javelin thrown 4 hexes is at -3: Cid needs 10 - 3 = 7.
    game = shooter("Javelin", 4, figure("Cid", "red", (-5, 0), 1))
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(6, 6, 6, 3, 3, 2, 1))
    assert only(outcome, "stray_hit").data["needed"] == 7


def test_a_missile_that_hits_its_target_spares_the_characters_in_its_path():
    game = shooter("Short Bow", 4, figure("Cid", "red", (-5, 0), 1))
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(1, 1, 1, 4))
    assert not of_kind(outcome, "stray_hit") and not of_kind(outcome, "stray_miss")
    assert only(outcome, "damage").figure == "Bob"


def test_a_wall_blocks_the_line_of_fire():
    game = new_game(
        figure("Ann", "red", (-3, 0), 0, dx=12, weapons=["Short Bow"]),
        figure("Bob", "blue", (1, 0), 3),
        walls=[(-1, 0)],
    )
    stand_still_until(game, "Ann")
    assert "not a valid target" in refused(game, do="act", figure="Ann", action="shoot", target="Bob")


def test_a_target_taking_a_breather_is_at_plus_3_to_hit():
    # Bob (first) takes a breather in place of moving; Ann steps up to him and attacks.
    game = new_game(
        figure("Ann", "red", (-1, 0), 0, dx=10, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, dx=12),
        options={"nonlethal_damage": True, "breather": True},
    )
    move(game, "Bob", action="breather")
    move(game, "Ann", (0, 0), action="step")
    event = attack(game, dice=(6, 6, 6))
    assert event.data["needed"] == 13 and ("target taking a breather", 3) in event.data["modifiers"]


# --- Shield rush, slam and throw --------------------------------------------------------------


@pytest.mark.parametrize(
    "ann_st, bob_st, roll, falls",
    [
        (10, 12, (5, 5, 4), False),
        (10, 12, (5, 5, 5), True),  # stronger target: 12 + 2 = 14
        (10, 8, (2, 2, 2), False),
        (10, 8, (2, 2, 3), True),  # weaker target: 8 - 2 = 6
        (10, 10, (4, 3, 3), False),
        (10, 10, (4, 4, 3), True),
    ],
)
def test_after_a_hit_the_target_of_a_slam_makes_a_3d6_st_check_adjusted_by_the_st_difference(
    ann_st, bob_st, roll, falls
):
    game = duel({"st": ann_st, "weapons": []}, {"st": bob_st})
    outcome = act(game, "Ann", "attack_hth", target="Bob", params={"maneuver": "slam"}, dice=(1, 1, 1) + roll)
    event = only(outcome, "falls" if falls else "keeps_feet")
    assert event.data["needed"] == bob_st + (bob_st - ann_st)
    assert snap(game, "Bob")["posture"] == ("fallen" if falls else "standing")
    assert not of_kind(outcome, "damage")


def test_the_st_check_uses_unwounded_strength():
    game = duel({"weapons": [], "st": 10}, {"st": 12})
    gm(game, "damage", "Bob", params={"amount": 5})
    outcome = act(game, "Ann", "attack_hth", target="Bob", params={"maneuver": "throw"}, dice=(1, 1, 1, 6, 6, 6))
    assert only(outcome, "falls").data["needed"] == 14


def test_a_shield_rush_needs_a_ready_shield():
    game = duel()
    assert "needs a ready shield" in refused(
        game, do="act", figure="Ann", action="attack", target="Bob", params={"maneuver": "shield_rush"}
    )
    game = duel({"shield": "Small Shield"})
    act(game, "Ann", "attack", target="Bob", params={"maneuver": "shield_rush"}, dice=(1, 1, 1, 6, 6, 6))
    assert snap(game, "Bob")["posture"] == "fallen"


def test_a_missed_slam_has_no_effect():
    game = duel({"weapons": []})
    outcome = act(game, "Ann", "attack_hth", target="Bob", params={"maneuver": "slam"}, dice=(6, 6, 6))
    assert not of_kind(outcome, "falls") and not of_kind(outcome, "keeps_feet")


def test_a_martial_arts_throw_substitutes_a_dexterity_check():
    game = duel({"weapons": [], "skills": ["Martial Arts"]}, {"dx": 9, "st": 12})
    outcome = act(game, "Ann", "attack_hth", target="Bob", params={"maneuver": "throw"}, dice=(1, 1, 1, 4, 4, 4))
    # Bob's DEX 9, +0 for equal ST: 12 fails.
    assert only(outcome, "falls").data["needed"] == 9


# --- Pole arms --------------------------------------------------------------------------------


def charge(path, facing=0, weapon="Spear", st=11, bob: dict | None = None, set_pole=False):
    """Ann (DX 12) runs along path from [-3, 0] and charges Bob at [1, 0] with a pole arm."""
    game = new_game(
        figure("Ann", "red", (-3, 0), 0, dx=12, st=st, weapons=[weapon]),
        figure("Bob", "blue", (1, 0), 3, **{"st": 30, **(bob or {})}),
    )
    move(game, "Ann", *path, facing=facing)
    stand_still_until(game, "Ann")
    if set_pole:
        act(game, "Bob", "set_pole")
    return game


def test_a_pole_arm_charging_along_a_straight_line_does_double_damage():
    game = charge([(-2, 0), (-1, 0)])
    outcome = act(game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 4))
    roll = only(outcome, "damage_roll")
    assert roll.data["dice"] == "1d6+2" and roll.data["double"] is True and roll.data["total"] == 12


def test_a_pole_arm_charge_that_turns_at_the_end_does_normal_damage():
    game = charge([(-2, 0), (-1, 0)], facing=1)
    outcome = act(game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 4))
    assert only(outcome, "damage_roll").data["total"] == 6


def test_a_pole_arm_charge_needs_the_last_three_hexes_in_a_line():
    # [-3, 1], [-2, 1], [-1, 0]: the last step turns, though Ann ends facing east.
    game = charge([(-3, 1), (-2, 1), (-1, 0)], facing=0)
    outcome = act(game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 4))
    assert only(outcome, "damage_roll").data["double"] is False


def test_a_pole_arm_charge_of_one_hex_is_not_three_hexes_in_a_line():
    game = new_game(
        figure("Ann", "red", (-2, 0), 0, dx=12, st=11, weapons=["Spear"]), figure("Bob", "blue", (1, 0), 3, st=30)
    )
    move(game, "Ann", (-1, 0), action="step")
    stand_still_until(game, "Ann")
    outcome = act(game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 4))
    assert only(outcome, "damage_roll").data["double"] is False


def test_a_weapon_that_is_not_a_pole_arm_does_no_double_damage_on_a_charge():
    game = charge([(-2, 0), (-1, 0), (0, 0)], weapon="Broadsword", st=12)
    outcome = act(game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 3, 3))
    assert only(outcome, "damage_roll").data["double"] is False


def test_a_set_pole_arm_strikes_the_charger_first_at_plus_2_and_double_damage():
    game = charge(
        [(-2, 0), (-1, 0), (0, 0)], weapon="Broadsword", st=12, bob={"weapons": ["Halberd"], "st": 13}, set_pole=True
    )
    outcome = act(game, "Ann", "charge_attack", target="Bob", dice=(4, 4, 4, 1, 2, 6, 6, 6))
    first, second = of_kind(outcome, "attack")
    assert first.figure == "Bob" and first.data["needed"] == 12 and first.data["hit"] is True
    assert ("pole arm set against the charge", 2) in first.data["modifiers"]
    assert of_kind(outcome, "damage_roll")[0].data["total"] == 4  # 2d6-1 rolls 2, doubled
    assert second.figure == "Ann"


def test_a_set_pole_arm_does_nothing_against_an_attacker_who_did_not_charge():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, st=13, weapons=["Halberd"]),
    )
    stand_still_until(game, "Ann")
    act(game, "Bob", "set_pole")
    outcome = act(game, "Ann", "attack", target="Bob", dice=(6, 6, 6))
    assert [e.figure for e in of_kind(outcome, "attack")] == ["Ann"]


def test_setting_a_pole_arm_needs_a_ready_pole_arm():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, st=12, weapons=["Broadsword"]),
    )
    stand_still_until(game, "Ann")
    assert "no pole arm ready" in refused(game, do="act", figure="Bob", action="set_pole")
