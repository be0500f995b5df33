"""Warrior & Wizard, Combat Actions: the Disengaged and Engaged lists and their conditions.

Casting and disbelieving are checked in test_ww_spells.py.
"""

import pytest

from helpers import act, action_info, gm, of_kind, offered, only, refused, snap
from ww_helpers import active, figure, finish_turn, line, move, new_game, phase, stand_still_until


def engaged_pair(ann: dict | None = None, bob: dict | None = None, *more):
    """Ann (DX 12, first) and Bob (DX 10) face each other, Engaged with each other."""
    return new_game(
        figure("Ann", "red", (0, 0), 0, **{"dx": 12, **(ann or {})}),
        figure("Bob", "blue", (1, 0), 3, **(bob or {})),
        *more,
    )


def apart(ann: dict | None = None, bob: dict | None = None, *more):
    """Ann (DX 12, first) faces Bob (DX 10) six hexes away, off her path east: both Disengaged."""
    return new_game(
        figure("Ann", "red", (-3, 0), 0, **{"dx": 12, **(ann or {})}),
        figure("Bob", "blue", (3, -3), 3, **(bob or {})),
        *more,
    )


def after_moving(game, n: int, action: str | None = None):
    """Ann moves n hexes east, everyone else stands still, and it is Ann's combat action."""
    if n:
        move(game, "Ann", *line(snap(game, "Ann")["hex"], 0, n), action=action)
    stand_still_until(game, "Ann")
    return game


def refused_act(game, action, **fields):
    return refused(game, do="act", figure="Ann", action=action, **fields)


# --- The Disengaged list ----------------------------------------------------------------------


def test_a_fallen_character_may_stand_up_as_his_combat_action_and_do_nothing_else():
    game = apart({"posture": "fallen"})
    after_moving(game, 0)
    assert set(offered(game, "Ann")) == {"stand_up", "pass"}
    outcome = act(game, "Ann", "stand_up")
    assert only(outcome, "stands").figure == "Ann" and snap(game, "Ann")["posture"] == "standing"
    assert active(game) == "Bob"


def test_a_standing_character_has_no_need_to_stand_up():
    game = apart()
    after_moving(game, 0)
    assert "Ann is standing" in refused_act(game, "stand_up")


def test_a_character_who_stood_up_in_the_movement_phase_may_do_nothing_else():
    game = engaged_pair({"posture": "fallen"})
    move(game, "Ann", action="stand_up")
    stand_still_until(game, "Ann")
    assert "stood up this turn and may do nothing else" in refused_act(game, "attack", target="Bob")
    assert set(offered(game, "Ann")) <= {"stand_up", "pass"}


def test_take_a_breather_needs_the_optional_rule():
    game = apart()
    after_moving(game, 0)
    assert "the optional breather rule is off" in refused_act(game, "breather")


def test_take_a_breather_means_no_movement_so_it_is_taken_in_place_of_moving():
    options = {"nonlethal_damage": True, "breather": True}
    game = new_game(figure("Ann", "red", (-3, 0), 0, dx=12), figure("Bob", "blue", (3, 0), 3), options=options)
    after_moving(game, 0)
    assert "in the movement phase" in refused_act(game, "breather")
    game = new_game(figure("Ann", "red", (-3, 0), 0, dx=12), figure("Bob", "blue", (3, 0), 3), options=options)
    outcome = move(game, "Ann", action="breather")
    assert only(outcome, "stance").data["stance"] == "breather"
    stand_still_until(game, "Bob")
    assert "Ann" not in game.state.queue  # the breather was her combat action too


@pytest.mark.parametrize("moved, allowed", [(0, True), (1, True), (2, False)])
def test_move_one_hex_and_shoot(moved, allowed):
    game = apart({"weapons": ["Short Bow"]})
    after_moving(game, moved, "jog" if moved == 2 else None)
    if allowed:
        act(game, "Ann", "shoot", target="Bob", dice=(6, 6, 6))
    else:
        assert "no more than 1 hex" in refused_act(game, "shoot", target="Bob")


def test_shooting_needs_a_ready_missile_weapon():
    game = apart({"weapons": ["Broadsword", "Short Bow"]})
    after_moving(game, 0)
    assert "no missile or thrown weapon ready" in refused_act(game, "shoot", target="Bob")


@pytest.mark.parametrize("moved, allowed", [(2, True), (3, False)])
def test_move_two_hexes_and_ready_a_weapon(moved, allowed):
    game = apart({"weapons": ["Broadsword", "Short Bow"]})
    after_moving(game, moved)
    if allowed:
        act(game, "Ann", "ready", weapon="Short Bow")
        assert game.state.figures["Ann"].ready == "Short Bow"
        assert game.state.figures["Ann"].weapons == ["Broadsword", "Short Bow"]  # not dropped
    else:
        assert "no more than 2 hexes" in refused_act(game, "ready", weapon="Short Bow")


def test_readying_needs_a_weapon_that_is_not_ready():
    game = apart({"weapons": ["Broadsword"]})
    after_moving(game, 0)
    assert "carries no other weapon" in refused_act(game, "ready", weapon="Broadsword")


@pytest.mark.parametrize("moved, allowed", [(5, True), (6, False)])
def test_half_move_and_drop_prone_or_kneeling(moved, allowed):
    game = apart()
    after_moving(game, moved)
    if allowed:
        act(game, "Ann", "drop", params={"posture": "kneeling"})
        assert snap(game, "Ann")["posture"] == "kneeling"
    else:
        assert "no more than 5 hexes" in refused_act(game, "drop", params={"posture": "prone"})


@pytest.mark.parametrize("moved, allowed", [(5, True), (6, False)])
def test_half_move_and_dodge(moved, allowed):
    game = apart()
    after_moving(game, moved)
    if allowed:
        assert only(act(game, "Ann", "dodge"), "stance").data["stance"] == "dodge"
    else:
        assert "no more than 5 hexes" in refused_act(game, "dodge")


def test_to_dodge_a_character_must_be_able_to_move():
    game = apart({"gear_kg": 71})  # beyond 7x ST: no movement at all
    after_moving(game, 0)
    assert "Ann cannot move" in refused_act(game, "dodge")


@pytest.mark.parametrize("moved, allowed", [(5, True), (6, False)])
def test_charge_and_attack_after_no_more_than_half_a_move(moved, allowed):
    game = new_game(
        figure("Ann", "red", (-6, 0), 0, dx=12, weapons=["Broadsword"], st=12), figure("Bob", "blue", (moved - 5, 0), 3)
    )
    after_moving(game, moved)
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]
    if allowed:
        act(game, "Ann", "charge_attack", target="Bob", dice=(6, 6, 6))
    else:
        assert "no more than 5 hexes" in refused_act(game, "charge_attack", target="Bob")


def test_charge_and_attack_is_with_any_ready_weapon_except_a_missile_weapon():
    game = new_game(figure("Ann", "red", (-3, 0), 0, dx=12, weapons=["Short Bow"]), figure("Bob", "blue", (0, 0), 3))
    after_moving(game, 2)
    assert "Short Bow is not a melee weapon" in refused_act(game, "charge_attack", target="Bob")


def test_after_a_full_move_a_character_may_do_nothing_else():
    game = apart({"weapons": ["Short Bow", "Broadsword"]})
    after_moving(game, 6)
    assert set(offered(game, "Ann")) == {"pass"}
    for action in ("shoot", "ready", "drop", "dodge", "charge_attack"):
        assert "no more than" in refused_act(game, action, target="Bob", weapon="Broadsword")


# --- The Engaged list -------------------------------------------------------------------------


def test_an_engaged_character_who_began_engaged_has_only_the_engaged_list():
    game = engaged_pair({"weapons": ["Broadsword", "Short Bow"], "st": 12})
    after_moving(game, 0)
    assert "that is on the Disengaged list" in refused_act(game, "ready", weapon="Short Bow")
    assert "that is on the Disengaged list" in refused_act(game, "dodge")
    assert "that is on the Disengaged list" in refused_act(game, "shoot", target="Bob")
    assert {"switch", "drop_pickup", "attack_hth", "disengage", "defend"} <= set(offered(game, "Ann"))


def test_stand_still_and_shoot_a_charging_enemy():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=10, weapons=["Light Crossbow"], st=12),
        figure("Bob", "blue", (3, 0), 3, dx=12),
    )
    move(game, "Bob", (2, 0), (1, 0), action="jog")  # Bob charges into Ann's threat zone
    move(game, "Ann")
    act(game, "Bob", "pass")
    outcome = act(game, "Ann", "shoot_charger", target="Bob", dice=(6, 6, 6))
    # "He then drops the weapon."
    assert only(outcome, "drops").data["weapon"] == "Light Crossbow"
    assert game.state.figures["Ann"].ready is None
    assert game.state.items[(0, 0)] == ["Light Crossbow"]


def test_shooting_a_charging_enemy_needs_an_enemy_who_charged():
    game = engaged_pair({"weapons": ["Light Crossbow"], "st": 12})
    after_moving(game, 0)
    assert "no enemy charged them this turn" in refused_act(game, "shoot_charger", target="Bob")


def test_shooting_a_charging_enemy_is_for_a_character_who_has_not_moved():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=10, weapons=["Light Crossbow"], st=12),
        figure("Bob", "blue", (4, 0), 3, dx=12),
    )
    move(game, "Bob", (3, 0), (2, 0), action="jog")
    move(game, "Ann", (1, 0), action="step")  # Ann steps up to Bob: she has moved
    act(game, "Bob", "pass")
    assert "no more than 0 hexes" in refused_act(game, "shoot_charger", target="Bob")


def test_stand_still_drop_and_pick_up_weapons():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"drop": ["Broadsword"]})
    assert game.state.figures["Ann"].ready is None and game.state.items[(0, 0)] == ["Broadsword"]
    finish_turn(game)
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"pick_up": ["Broadsword"]})
    assert game.state.figures["Ann"].weapons == ["Broadsword"] and game.state.items[(0, 0)] == []


def test_drop_and_pick_up_is_for_a_character_who_has_not_moved():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    move(game, "Ann", (0, 1), action="shift", facing=1)
    after_moving(game, 0)
    assert "no more than 0 hexes" in refused_act(game, "drop_pickup", params={"drop": ["Broadsword"]})


@pytest.mark.parametrize("moved", [0, 1])
def test_shift_one_hex_and_attack(moved):
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    if moved:
        move(game, "Ann", (0, 1), action="shift", facing=1)
    after_moving(game, 0)
    assert action_info(game, "Ann", "attack").targets == ("Bob",)
    act(game, "Ann", "attack", target="Bob", dice=(6, 6, 6))


def test_attacking_needs_a_ready_weapon_or_else_hand_to_hand():
    game = engaged_pair()
    after_moving(game, 0)
    assert "attack hand-to-hand instead" in refused_act(game, "attack", target="Bob")


def test_attack_needs_a_target_in_front_and_in_reach():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12}, None, figure("Cid", "blue", (-1, 0), 0))  # behind Ann
    after_moving(game, 0)
    assert "not a valid target" in refused_act(game, "attack", target="Cid")


def test_shift_one_hex_and_defend_needs_a_ready_weapon_to_parry_with():
    game = engaged_pair()
    after_moving(game, 0)
    assert "no ready weapon to parry with" in refused_act(game, "defend")
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    assert only(act(game, "Ann", "defend"), "stance").data["stance"] == "defend"


def test_shift_one_hex_and_switch_drops_the_weapon_in_hand_and_readies_another():
    game = engaged_pair({"weapons": ["Broadsword", "Mace"], "st": 12})
    after_moving(game, 0)
    act(game, "Ann", "switch", weapon="Mace")
    ann = game.state.figures["Ann"]
    assert ann.ready == "Mace" and ann.weapons == ["Mace"]
    assert game.state.items[(0, 0)] == ["Broadsword"]


def test_switching_readies_a_non_missile_weapon():
    game = engaged_pair({"weapons": ["Broadsword", "Short Bow"], "st": 12})
    after_moving(game, 0)
    assert "readies a non-missile weapon" in refused_act(game, "switch", weapon="Short Bow")


def test_shift_one_hex_and_attack_hand_to_hand_drops_weapons_that_are_not_small():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    outcome = act(game, "Ann", "attack_hth", target="Bob", dice=(6, 6, 6))
    assert only(outcome, "drops").data["weapon"] == "Broadsword"
    assert only(outcome, "attack").data["weapon"] is None  # bare hands


def test_attack_hand_to_hand_keeps_a_small_weapon():
    game = engaged_pair({"weapons": ["Dagger"]})
    after_moving(game, 0)
    outcome = act(game, "Ann", "attack_hth", target="Bob", dice=(6, 6, 6))
    assert not [e for e in outcome.events if e.kind == "drops"]
    assert only(outcome, "attack").data["weapon"] == "Dagger"


# --- Disengage --------------------------------------------------------------------------------


def test_disengage_moves_one_hex_out_of_the_opponents_threat_zone():
    game = engaged_pair(None, {"weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    assert "still in Bob's threat zone" in refused_act(game, "disengage", to=(0, 1))
    assert "exactly one hex" in refused_act(game, "disengage", to=(-2, 0))
    act(game, "Ann", "disengage", to=(-1, 0))
    outcome = act(game, "Bob", "strike_disengaging", dice=(6, 6, 6))
    assert only(outcome, "move").data["path"] == [[-1, 0]]
    assert only(outcome, "move").data["action"] == "disengage"
    assert snap(game, "Ann")["engaged"] is False


def test_disengage_if_he_wishes_to_attack_you_he_may_do_so_the_engager_chooses():
    game = engaged_pair({"dx": 14}, {"dx": 11, "weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    outcome = act(game, "Ann", "disengage", to=(-1, 0))
    assert not of_kind(outcome, "attack") and active(game) == "Bob"
    assert {i.id for i in game.actions("Bob")} == {"strike_disengaging", "let_go"}
    assert "Bob first chooses" in refused(game, do="act", figure="Bob", action="pass")
    let_go = act(game, "Bob", "let_go")
    assert only(let_go, "move") and not of_kind(let_go, "attack")
    assert active(game) == "Bob" and not game.state.figures["Bob"].turn.acted  # his action is his


def test_disengage_gives_each_engager_who_has_not_acted_an_attack_that_uses_his_action():
    game = engaged_pair({"dx": 14}, {"dx": 11, "weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    act(game, "Ann", "disengage", to=(-1, 0))
    outcome = act(game, "Bob", "strike_disengaging", dice=(3, 3, 2, 1, 1))
    attack = only(outcome, "attack")
    # Ann's Effective DEX 14 is 3 more than Bob's 11: Bob rolls at 11 - 3 = 8; 8 hits.
    assert attack.figure == "Bob" and attack.data["needed"] == 8 and attack.data["hit"] is True
    assert ("target disengaging with higher DEX", -3) in attack.data["modifiers"]
    # Bob's combat action was used up: Ann's action ended the turn.
    assert phase(game) == "movement" and game.state.turn == 2


def test_an_engager_who_already_acted_gets_no_attack_on_a_disengaging_character():
    game = engaged_pair({"dx": 10}, {"dx": 12, "weapons": ["Broadsword"], "st": 12})
    stand_still_until(game, "Bob")
    act(game, "Bob", "pass")
    outcome = act(game, "Ann", "disengage", to=(-1, 0))
    assert not [e for e in outcome.events if e.kind == "attack"]


def test_an_engager_with_the_same_or_higher_dexterity_strikes_without_penalty():
    game = engaged_pair({"dx": 12}, {"dx": 12, "weapons": ["Broadsword"], "st": 12})
    finish_turn(game, dice=(1, 1, 1, 6, 6, 6))  # turn 2: Ann wins the tie for initiative
    after_moving(game, 0)
    act(game, "Ann", "disengage", to=(-1, 0))
    attack = only(act(game, "Bob", "strike_disengaging", dice=(6, 6, 1)), "attack")
    assert attack.data["needed"] == 12 and attack.data["modifiers"] == []


def test_disengage_is_for_a_character_who_has_not_moved():
    game = engaged_pair(None, {"weapons": ["Broadsword"], "st": 12})
    move(game, "Ann", (0, 1), action="shift", facing=1)
    stand_still_until(game, "Ann")
    assert "no more than 0 hexes" in refused_act(game, "disengage", to=(-1, 1))


# --- The Important General Rule of Thumb and the Special Note ---------------------------------


def test_a_shifted_character_whose_engager_falls_acts_as_a_disengaged_character_who_moved_one_hex():
    game = engaged_pair({"weapons": ["Broadsword", "Short Bow"], "st": 12}, None, figure("Cid", "blue", (3, -3), 3))
    move(game, "Ann", (0, 1), action="shift", facing=1)
    stand_still_until(game, "Ann")
    assert "that is on the Disengaged list" in refused_act(game, "ready", weapon="Short Bow")
    gm(game, "posture", "Bob", params={"posture": "fallen"})
    assert snap(game, "Ann")["engaged"] is False
    assert {"ready", "drop", "dodge", "charge_attack"} <= set(offered(game, "Ann"))
    assert "that is on the Engaged list" in refused_act(game, "switch", weapon="Short Bow")
    act(game, "Ann", "ready", weapon="Short Bow")


def test_a_character_who_began_disengaged_may_take_disengaged_actions_though_now_engaged():
    game = new_game(
        figure("Ann", "red", (-3, 0), 0, dx=12, weapons=["Broadsword"], st=12), figure("Bob", "blue", (1, 0), 3)
    )
    after_moving(game, 3, "half_move")
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]
    assert {"charge_attack", "dodge", "drop"} <= set(offered(game, "Ann"))


def test_a_character_who_moved_two_hexes_into_engagement_has_no_shift_and_actions():
    game = new_game(
        figure("Ann", "red", (-2, 0), 0, dx=12, weapons=["Broadsword"], st=12), figure("Bob", "blue", (1, 0), 3)
    )
    after_moving(game, 2, "jog")
    assert "that is on the Engaged list" in refused_act(game, "attack", target="Bob")
    assert "defend" not in offered(game, "Ann")


def test_a_step_into_a_threat_zone_counts_as_a_shift_for_the_shift_and_actions():
    game = new_game(
        figure("Ann", "red", (-1, 0), 0, dx=12, weapons=["Broadsword", "Mace"], st=12), figure("Bob", "blue", (1, 0), 3)
    )
    after_moving(game, 1, "step")
    assert {"attack", "defend", "switch", "attack_hth", "charge_attack"} <= set(offered(game, "Ann"))
    act(game, "Ann", "attack", target="Bob", dice=(6, 6, 6))


def test_a_character_engaged_by_an_enemy_who_moved_up_to_him_has_both_lists():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, weapons=["Broadsword"], st=12), figure("Bob", "blue", (3, 0), 3, dx=10)
    )
    move(game, "Ann")
    move(game, "Bob", (2, 0), (1, 0), action="jog")
    assert {"attack", "defend", "disengage", "charge_attack", "dodge"} <= set(offered(game, "Ann"))


# --- Declared out of turn ---------------------------------------------------------------------


@pytest.mark.parametrize("stance", ["defend", "set_pole"])
def test_defend_and_set_pole_arm_may_be_declared_before_the_characters_turn(stance):
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12}, {"weapons": ["Halberd"], "st": 13})
    stand_still_until(game, "Ann")
    assert active(game) == "Ann"
    assert stance in offered(game, "Bob")
    act(game, "Bob", stance)
    assert game.state.queue == ["Ann"]  # Bob's action is spent
    assert "Bob has already acted" in refused(game, do="act", figure="Bob", action="defend")


def test_dodge_may_be_declared_before_the_characters_turn():
    game = apart({"weapons": ["Short Bow"]})
    stand_still_until(game, "Ann")
    act(game, "Bob", "dodge")
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(6, 6, 6, 6))
    assert only(outcome, "attack").data["dice"] == 4


def test_only_defend_dodge_and_set_pole_arm_may_be_declared_out_of_turn():
    options = {"nonlethal_damage": True, "breather": True}
    game = new_game(
        figure("Ann", "red", (-3, 0), 0, dx=12),
        figure("Bob", "blue", (3, 0), 3, weapons=["Short Bow"]),
        options=options,
    )
    stand_still_until(game, "Ann")
    assert "Ann's turn" in refused(game, do="act", figure="Bob", action="cast", target="Ann")
    assert "Ann's turn" in refused(game, do="act", figure="Bob", action="shoot", target="Ann")
    assert set(offered(game, "Bob")) == {"dodge"}


def test_stances_are_declared_in_the_combat_phase_only():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12}, {"weapons": ["Broadsword"], "st": 12})
    assert "movement phase" in refused(game, do="act", figure="Bob", action="defend")


# --- Weapons and shields picked up, a slung shield readied --------------------------------------


def test_a_weapon_picked_up_into_empty_hands_is_in_hand_ready():
    """ "pick up any dropped weapons in his hex": "in hand" and "ready" are one state in the text
    ("must have a ready weapon in hand"); next turn he attacks with it, no Switch needed."""
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"drop": ["Broadsword"]})
    finish_turn(game)
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"pick_up": ["Broadsword"]})
    assert game.state.figures["Ann"].ready == "Broadsword"
    finish_turn(game)
    after_moving(game, 0)
    assert of_kind(act(game, "Ann", "attack", target="Bob"), "attack")


def test_a_weapon_picked_up_with_a_weapon_in_hand_is_carried_unready():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    game.state.items[(0, 0)] = ["Dagger"]
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"pick_up": ["Dagger"]})
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.weapons) == ("Broadsword", ["Broadsword", "Dagger"])


def test_a_two_handed_weapon_picked_up_beside_a_ready_shield_is_carried_unready():
    # "A shield must be either slung on the back or dropped in order to use a two-handed weapon."
    game = engaged_pair({"weapons": [], "st": 14, "shield": "Small Shield"})
    game.state.items[(0, 0)] = ["Halberd"]
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"pick_up": ["Halberd"]})
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.weapons, ann.shield_ready) == (None, ["Halberd"], True)


def test_a_shield_picked_up_is_in_hand_ready_and_protects_the_front():
    """ "pick up ... a shield": held, not slung. A shield "held in the 'ready' position protects
    against attacks from the character's front zone": the Tower Shield stops 3 of a 9-point blow
    from the front."""
    from board.rules.warrior_wizard.stats import armor_against

    game = engaged_pair({"weapons": ["Broadsword"], "st": 14})
    game.state.items[(0, 0)] = ["Tower Shield"]
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"pick_up": ["Tower Shield"]})
    ann = game.state.figures["Ann"]
    assert (ann.shield, ann.shield_ready) == ("Tower Shield", True)
    assert armor_against(game.state, ann, "front") == [("Tower Shield", 3)]
    assert armor_against(game.state, ann, "rear") == []


def test_a_shield_picked_up_with_a_two_handed_weapon_in_hand_goes_on_the_back():
    game = engaged_pair({"weapons": ["Halberd"], "st": 14})
    game.state.items[(0, 0)] = ["Small Shield"]
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"pick_up": ["Small Shield"]})
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.shield, ann.shield_ready) == ("Halberd", "Small Shield", False)


def test_a_disengaged_character_may_ready_a_weapon_lying_in_his_hex():
    """ "Move two hexes and ready. A character who has moved no more than two hexes may ready a
    weapon that is not currently ready": a weapon lying at his feet is one (docs/rules-notes.md);
    "Stand still, drop and/or pick up weapons" stays on the Engaged list."""
    game = apart({"weapons": ["Dagger", "Club"], "st": 12})
    game.state.items[(-1, 0)] = ["Broadsword"]
    after_moving(game, 2)
    assert "drop_pickup" not in offered(game, "Ann")
    assert action_info(game, "Ann", "ready").choices == ("Club", "Broadsword")
    out = act(game, "Ann", "ready", weapon="Broadsword")
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.weapons, game.state.items[(-1, 0)]) == ("Broadsword", ["Dagger", "Club", "Broadsword"], [])
    assert [e.kind for e in out.events][1:3] == ["picks_up", "readies"]


def test_a_weapon_lying_in_another_hex_cannot_be_readied():
    game = apart({"weapons": ["Dagger", "Club"], "st": 12})
    game.state.items[(-1, 0)] = ["Broadsword"]
    after_moving(game, 1)
    assert "carries no unready Broadsword and none lies here" in refused_act(game, "ready", weapon="Broadsword")


def test_switch_takes_no_weapon_from_the_ground():
    game = engaged_pair({"weapons": ["Dagger", "Club"], "st": 12})
    game.state.items[(0, 0)] = ["Broadsword"]
    after_moving(game, 0)
    assert "carries no unready Broadsword" in refused_act(game, "switch", weapon="Broadsword")


@pytest.mark.parametrize("shield", ["Small Shield", "shield"])
def test_ready_a_slung_shield_like_a_weapon_that_is_not_currently_ready(shield):
    """ "Move two hexes and ready. ... may ready a weapon that is not currently ready": a shield
    slung on the back comes back onto the arm; the weapon in hand stays."""
    game = apart({"weapons": ["Broadsword"], "st": 12, "shield": "Small Shield", "shield_slung": True})
    after_moving(game, 2)
    assert "Small Shield" in action_info(game, "Ann", "ready").choices
    act(game, "Ann", "ready", weapon=shield)
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.shield_ready) == ("Broadsword", True)


def test_readying_a_slung_shield_puts_the_two_handed_weapon_away():
    game = apart({"weapons": ["Halberd"], "ready": "Halberd", "st": 14, "shield": "Small Shield", "shield_slung": True})
    after_moving(game, 0)
    act(game, "Ann", "ready", weapon="Small Shield")
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.weapons, ann.shield_ready) == (None, ["Halberd"], True)
    assert game.state.items.get((-3, 0), []) == []


def test_switching_to_a_slung_shield_drops_the_two_handed_weapon():
    """ "Shift one hex and switch: ... may drop a weapon he has in hand, and ready a new
    non-missile weapon": Engaged, the halberd goes to the ground."""
    game = engaged_pair(
        {"weapons": ["Halberd"], "ready": "Halberd", "st": 14, "shield": "Small Shield", "shield_slung": True}
    )
    after_moving(game, 0)
    act(game, "Ann", "switch", weapon="Small Shield")
    ann = game.state.figures["Ann"]
    assert (ann.ready, ann.weapons, ann.shield_ready) == (None, [], True)
    assert game.state.items[(0, 0)] == ["Halberd"]


def test_a_ready_shield_is_not_readied_again():
    game = apart({"weapons": ["Broadsword", "Dagger"], "st": 12, "shield": "Small Shield"})
    after_moving(game, 0)
    assert "Small Shield is ready already" in refused_act(game, "ready", weapon="Small Shield")
    assert "Small Shield" not in action_info(game, "Ann", "ready").choices


@pytest.mark.parametrize("weapon", ["shield", "Small Shield", "Broadsword", "x" * 10_000])
def test_a_ready_command_naming_what_the_figure_cannot_ready_is_refused_and_changes_nothing(weapon):
    """A script, a save or a network peer may name anything: no shield, a weapon lying two hexes
    off, a huge name. Each is a refusal with a reason; the state is as before."""
    game = apart({"weapons": ["Dagger", "Club"], "st": 12})
    game.state.items[(-1, 0)] = ["Broadsword"]
    after_moving(game, 0)
    before = (snap(game, "Ann"), dict(game.state.items), list(game.state.figures["Ann"].weapons))
    assert refused_act(game, "ready", weapon=weapon)
    assert (snap(game, "Ann"), dict(game.state.items), list(game.state.figures["Ann"].weapons)) == before


def test_an_action_on_both_lists_is_worded_as_the_open_list_words_it():
    # "Move one hex and disbelieve" (Disengaged) and "Shift one hex and disbelieve" (Engaged)
    # are one action, disbelieve: the menu and its refusal say which list it is taken from.
    game = after_moving(apart(), 0)
    assert action_info(game, "Ann", "disbelieve").label == "Move one hex and disbelieve"
    game = after_moving(engaged_pair(), 0)
    assert action_info(game, "Ann", "disbelieve").label == "Shift one hex and disbelieve"
    assert refused_act(game, "disbelieve").startswith("Shift one hex and disbelieve: ")


def test_an_action_taken_is_announced_in_the_words_of_its_list():
    game = after_moving(engaged_pair({"weapons": ["Broadsword"]}), 0)
    outcome = act(game, "Ann", "defend")
    assert only(outcome, "action").text == "Ann: Shift one hex and defend"


def test_a_shield_named_twice_in_one_drop_is_dropped_once():
    """Named by its name and as "shield", the shield lands once (nothing else dropped with it)."""
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12, "shield": "Small Shield"})
    after_moving(game, 0)
    outcome = act(game, "Ann", "drop_pickup", params={"drop": ["Small Shield", "shield"]})
    assert game.state.items[(0, 0)] == ["Small Shield"] and game.state.figures["Ann"].shield is None
    assert [e.data for e in of_kind(outcome, "drops")] == [{"shield": "Small Shield"}]
