"""Section 7 actions: timings from actions.yaml checked against the text, and their effects."""

import math

import pytest

from board.dice import ScriptedDice
from board.hexgrid import Hex
from board.rules.melee_seconds.section7 import combined_strength, door_level, kick_target
from board.rules.melee_seconds.sheet import load
from tests.helpers import act, fig, offered, refused, texts
from tests.ms_helpers import fighter, general, new_game, nothing_until

# The sentences of the rule text each action quotes ("..." marks a cut), copied from the
# text once, so the test reads nothing outside the repository.
QUOTED = {
    "draw": "7.2 Drawing a Weapon or other readily-accessible item carried requires 1 AMR.",
    "backpack": "7.2 To retrieve an item from a backpack (or to put it away) takes 1 Melee Round.",
    "sheathe": "7.3 Sheathing a Weapon ... requires 1 AMR",
    "drop": "7.3 ... but Dropping a Weapon or other item requires 1 second.",
    "load": "7.4 Loading a Ranged Weapon requires 1 or more AMR (see Section C.7).",
    "ready_shield": "7.5 Readying a Shield requires 1 AMR.",
    "sling_shield": "7.6 Putting away a Shield ... requires 1 AMR",
    "drop_shield": "7.6 ... but Dropping a Shield requires 1 second",
    "pick_up": "7.7 Picking up or taking an item ... requires 1 AMR.",
    "potion": "7.8 Taking a Potion requires 1 Melee Round to draw, uncork and drink or apply it.",
    "potion_in_hand": "7.8 If the Potion is already uncorked and held in the Shield hand ... it only requires 1 AMR",
    "flash_pellet": "7.9 Throwing a Flash Pellet requires 1 AMR if it is already in hand",
    "flash_pellet_round": "7.9 Alternatively a Combatant may take 1 Melee Round to draw and throw the Flash Pellet",
    "close_eyes": "7.9 Closing one's eyes to avoid being blinded by the Flash Pellet needs to be Specifically Plotted.",
    "tanglefoot": "7.10 ... 1 AMR to draw it, 1 AMR to wet it and 1 AMR to throw it, for a total of 3 AMR.",
    "tanglefoot_round": "7.10 Alternatively a Combatant may take 1 Melee Round to draw, wet and throw the "
    "Tanglefoot Pill",
    "hack_free": "7.10 Attempts to hack out of or through a Tanglefoot count as Attacks and so require AMR.",
    "kick_door": "7.11 Kicking Down or Shoulder Charging a Door requires 1 AMR",
    "despatch": "7.12 Despatching another Combatant who is unconscious ... requires 1 AMR",
    "speak": "5.1.8 moving and speaking are consistent with most General Plots and do not require Initiative",
}

# The timings the text gives, action -> cost.
TIMINGS = {
    "draw": {"amr": 1},
    "backpack": {"round": 1},
    "sheathe": {"amr": 1},
    "drop": {"seconds": 1},
    "ready_shield": {"amr": 1},
    "sling_shield": {"amr": 1},
    "drop_shield": {"seconds": 1},
    "pick_up": {"amr": 1},
    "potion": {"round": 1},
    "potion_in_hand": {"amr": 1},
    "flash_pellet": {"amr": 1},
    "flash_pellet_round": {"round": 1},
    "tanglefoot": {"amr": 3},
    "tanglefoot_round": {"round": 1},
    "kick_door": {"amr": 1},
    "despatch": {"amr": 1},
}


@pytest.mark.parametrize("action, cost", TIMINGS.items())
def test_action_timings_are_those_of_section_7(action, cost):
    assert load().actions[action]["cost"] == cost


def test_every_action_quotes_its_sentence_of_the_rule_text():
    assert {key: action["text"] for key, action in load().actions.items()} == QUOTED


def test_several_kickers_use_the_square_root_of_the_sum_of_squares_of_their_st():
    assert combined_strength([12]) == 12
    assert combined_strength([12, 16]) == 20
    assert math.isclose(combined_strength([10, 10]), 14.142, abs_tol=1e-3)


def test_kicking_a_door_is_a_st_check_at_minus_1_per_door_level():
    assert kick_target([12], 3) == 9
    assert kick_target([12, 16], 2) == 18


def test_door_level_is_dungeon_level_plus_lock_plus_magic_or_a_d4():
    assert door_level(2, 1, 1, ScriptedDice([])) == (4, [])
    assert door_level(None, 1, 0, ScriptedDice([3])) == (4, [3])


def game(a=None, b=None, a_dice=(1, 2, 3)):
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, **(a or {})), fighter("B", "Blue", (4, 0), facing=3, amr=1, **(b or {}))
    )
    general(g, "A", dice=a_dice)
    general(g, "B", dice=[6])
    return g


def test_kick_door_act_reports_success_of_the_st_check():
    g = game(a={"st": 14})
    out = act(g, "A", "kick_door", params={"door_level": 2}, dice=[12])
    door = [e for e in out.events if e.kind == "door"][0]
    assert door.data["success"] and door.data["target"] == 12


def test_two_kickers_in_the_same_second_combine_their_st():
    g = new_game(
        fighter("A", "Red", (0, 0), st=12),
        fighter("C", "Red", (0, 1), st=16),
        fighter("B", "Blue", (5, 0), facing=3, amr=1),
    )
    general(g, "A", dice=[1, 2])
    general(g, "C", dice=[1, 2])
    general(g, "B", dice=[6])
    act(g, "A", "kick_door", params={"door_level": 2})
    out = act(g, "C", "kick_door", params={"door_level": 2}, dice=[18])
    door = [e for e in out.events if e.kind == "door"]
    assert len(door) == 1 and door[0].data["target"] == 18 and door[0].data["success"]
    assert "A and C kick the door" in door[0].text


def test_drawing_needs_initiative_and_takes_one_amr():
    g = game(a={"ready": "none", "weapons": ["Sword", "Dagger"]}, a_dice=(1, 3, 3))
    act(g, "A", "draw", params={"item": "Dagger"})
    assert fig(g, "A").ready == "Dagger"
    assert "Initiative" in refused(g, do="act", figure="A", action="sheathe")


def test_dropping_takes_a_second_without_initiative_and_leaves_the_weapon_on_the_ground():
    g = game(a_dice=(1, 1, 1))
    act(g, "A", "nothing")
    act(g, "A", "nothing")
    act(g, "A", "nothing")
    act(g, "A", "drop")
    a = fig(g, "A")
    assert a.ready is None and g.state.items[Hex(0, 0)] == ["Sword"]


def test_a_round_long_action_continues_over_six_seconds():
    g = game(a={"backpack": ["Healing Potion"]})
    act(g, "A", "backpack", params={"item": "Healing Potion"})
    # 5.7: seconds 2-5 run on by themselves; B first reacts in second 6.
    assert g.state.second == 6 and g.state.active == "B" and fig(g, "A").plot.auto
    assert fig(g, "A").items == []
    act(g, "B", "nothing")  # second 6 resolves: a whole Melee Round has passed
    assert fig(g, "A").items == ["Healing Potion"]


def test_a_three_amr_tanglefoot_progresses_only_on_initiative_seconds_then_goes_off():
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, items=["Tanglefoot Pill"]), fighter("B", "Blue", (3, 0), facing=3, amr=1)
    )
    general(g, "A", dice=[1, 3, 4])
    general(g, "B", dice=[6])
    out = act(g, "A", "tanglefoot", target="B")  # runs on by itself (5.7) through second 4
    assert [e.data.get("second") for e in out.events if e.kind == "plot"] == [1, 2, 3, 4]
    assert any("throws a Tanglefoot Pill" in t for t in texts(out))  # second 2 had no Initiative
    assert g.state.second == 5 and fig(g, "A").amr_used == 3
    out = act(g, "A", "nothing")  # second 5: it goes off
    assert fig(g, "B").entangled and "Tanglefoot catches B" in texts(out)


def test_a_flash_pellet_blinds_those_who_did_not_close_their_eyes():
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, items=["Flash Pellet"], ready="none"),
        fighter("B", "Blue", (2, 0), facing=3),
        fighter("C", "Blue", (2, 1), facing=3),
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1, 4])
    general(g, "C", dice=[1, 4])
    act(g, "A", "draw", params={"item": "Flash Pellet"})
    act(g, "B", "nothing")
    act(g, "C", "nothing")
    act(g, "A", "flash_pellet", target="B")
    act(g, "B", "nothing")
    act(g, "C", "nothing")
    act(g, "A", "close_eyes")
    act(g, "B", "close_eyes")
    out = act(g, "C", "nothing")
    assert "B closed its eyes: not blinded" in texts(out)
    assert fig(g, "C").blind_until > g.state.now and fig(g, "B").blind_until == 0


def test_despatching_the_helpless_needs_an_edged_weapon_and_one_amr():
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3),
        fighter("B", "Blue", (1, 0), facing=3),
        fighter("C", "Blue", (4, 0), facing=3, amr=1),
    )
    from tests.helpers import ok

    ok(g, do="gm", action="damage", figure="B", params={"amount": 12})
    assert fig(g, "B").status == "unconscious"
    general(g, "A", dice=[1, 2, 3])
    general(g, "C", dice=[6])
    act(g, "A", "despatch", target="B")
    assert fig(g, "B").status == "dead"


def test_a_potion_heals_after_a_full_round():
    g = game(a={"items": ["Healing Potion"]})
    g.state.figures["A"].damage = 5
    act(g, "A", "potion")  # runs on to second 6 by itself (5.7)
    act(g, "B", "nothing", dice=[3])
    assert fig(g, "A").damage == 1


def test_shields_cannot_be_held_ready_whilst_using_a_ranged_weapon():
    """7.5 "Shields cannot be held ready whilst using a Ranged Weapon, so will need to be readied
    if switching from Ranged to Melee Weapons": drawing a bow slings the shield."""
    g = game(a={"ready": "none", "weapons": ["Short Bow", "Sword"], "shield": "Shield"}, a_dice=(1, 2, 3))
    assert fig(g, "A").shield_ready
    act(g, "A", "draw", params={"item": "Short Bow"})
    assert fig(g, "A").ready == "Short Bow" and not fig(g, "A").shield_ready
    assert "ready_shield" not in offered(g, "A")


@pytest.mark.parametrize(
    "action, item", [("flash_pellet_round", "Flash Pellet"), ("tanglefoot_round", "Tanglefoot Pill")]
)
def test_the_one_melee_round_throw_goes_off_in_sec_1_of_the_next_mr(action, item):
    """7.9, 7.10 "Alternatively a Combatant may take 1 Melee Round to draw and throw ..., and it
    will go off in sec 1 of the next MR": plotted in second 1, it goes off in round 2, second 1."""
    g = new_game(fighter("A", "Red", (0, 0), amr=1, items=[item]), fighter("B", "Blue", (2, 0), facing=3, amr=1))
    general(g, "A", dice=[1])
    general(g, "B", dice=[6])
    act(g, "A", action, target="B")  # runs on by itself (5.7) to second 6
    act(g, "B", "nothing")  # second 6 resolves: the round is spent
    assert (g.state.turn, fig(g, "B").entangled, fig(g, "B").blind_until) == (2, False, 0)
    general(g, "A", dice=[6])
    general(g, "B", dice=[6])
    act(g, "A", "nothing")
    out = act(g, "B", "nothing")  # round 2, second 1 resolves
    went_off = [t for t in texts(out) if "Tanglefoot catches B" in t or "blinds B" in t]
    assert went_off and (g.state.turn, g.state.second) == (2, 2)


@pytest.mark.parametrize(
    "action, item", [("flash_pellet_round", "Flash Pellet"), ("tanglefoot_round", "Tanglefoot Pill")]
)
def test_the_one_melee_round_throw_takes_the_round_from_its_first_second(action, item):
    """Started in second 4, it could not go off in sec 1 of the next MR and take 1 Melee Round:
    refused, with the reason (docs/rules-notes.md)."""
    g = new_game(fighter("A", "Red", (0, 0), amr=1, items=[item]), fighter("B", "Blue", (2, 0), facing=3, amr=1))
    general(g, "A", dice=[4])
    general(g, "B", dice=[6])
    nothing_until(g, 4)
    reason = refused(g, do="act", figure="A", action=action, target="B")
    assert "whole Melee Round, from second 1" in reason and "second 4" in reason
    assert action not in offered(g, "A")
