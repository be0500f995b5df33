"""Warrior & Wizard, the Weapons Table: every row is usable, or refused with a reason."""

import pytest

from board.rules.warrior_wizard.tables import load_tables
from helpers import act, of_kind, refused, submit
from ww_helpers import figure, new_game, stand_still_until

WEAPONS = sorted(load_tables().weapons)


def armed(weapon: str, distance: int, *carried: str, st: int = 12):
    """Ann (DX 12) with `weapon` ready (and more carried), Bob that many hexes east of her."""
    game = new_game(
        figure(
            "Ann", "red", (-3, 0), 0, dx=12, st=st, weapons=[weapon, *carried], ready=weapon, skills=["Thrown Weapons"]
        ),
        figure("Bob", "blue", (-3 + distance, 0), 3),
    )
    stand_still_until(game, "Ann")
    return game


@pytest.mark.parametrize("weapon", WEAPONS)
@pytest.mark.parametrize("action, distance", [("shoot", 3), ("attack", 1)])
def test_every_row_of_the_weapons_table_is_usable_or_refused_with_a_reason(weapon, action, distance):
    game = armed(weapon, distance)
    for dice in ((1, 1, 1) + (3,) * 8, (6, 6, 6) + (3,) * 8):
        outcome = submit(game, do="act", figure="Ann", action=action, target="Bob", dice=dice)
        if outcome.accepted:
            assert of_kind(outcome, "attack")
            game.undo()
        else:
            assert outcome.reason and "malformed" not in outcome.reason


@pytest.mark.parametrize("weapon", ["Lasso", "Blowgun", "Dart"])
def test_a_weapon_whose_damage_is_see_notes_or_poison_hits_and_leaves_its_effect_to_the_gm(weapon):
    game = armed(weapon, 3)
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(1, 1, 1))
    assert of_kind(outcome, "attack")[0].data["hit"]
    assert not of_kind(outcome, "damage") and of_kind(outcome, "hit_effect")
    assert game.state.figures["Bob"].damage == 0


def test_the_spear_thrower_is_not_itself_a_thrown_weapon():
    game = armed("Spear Thrower", 3)
    assert "Spear Thrower" in refused(game, do="act", figure="Ann", action="shoot", target="Bob")


def test_spear_thrower_plus_2_to_thrown_spear():
    game = armed("Spear", 3, "Spear Thrower")
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(1, 1, 1, 3))
    assert of_kind(outcome, "damage_roll")[0].data["dice"] == "2d6-2"  # Spear 1d6+2, +2: 1d6+4
    assert game.state.figures["Ann"].weapons == ["Spear Thrower"]  # the thrower stays in hand


def test_spear_thrower_str_minimum_is_str_for_spear_thrown():
    game = armed("Spear", 3, "Spear Thrower", st=9)  # Spear: ST 11
    outcome = act(game, "Ann", "shoot", target="Bob", dice=(1, 1, 1, 3))
    assert ("STR 2 under the minimum", -2) in [tuple(m) for m in of_kind(outcome, "attack")[0].data["modifiers"]]
    assert of_kind(outcome, "damage_roll")[0].data["dice"] == "1d6+3"  # -1 damage for 2 short


# --- Rows the board was missing -----------------------------------------------------------------


def melee(ann: dict, bob_at=(1, 0)):
    """Ann (DX 12, ST 12) faces Bob; it is Ann's action."""
    game = new_game(figure("Ann", "red", (0, 0), 0, **{"dx": 12, "st": 12, **ann}), figure("Bob", "blue", bob_at, 3))
    stand_still_until(game, "Ann")
    return game


def test_spiked_buckler_1d6_minus_2_damage_if_used_as_a_weapon():
    game = melee({"weapons": ["Broadsword"], "shield": "Spiked Buckler"})
    offered = next(i for i in game.actions("Ann") if i.id == "attack")
    assert offered.options["strike_with"] == (None, "Spiked Buckler")
    outcome = act(game, "Ann", "attack", target="Bob", dice=(1, 1, 1, 4), params={"strike_with": "Spiked Buckler"})
    attack = of_kind(outcome, "attack")[0]
    assert attack.data["weapon"] == "Spiked Buckler" and ["Short weapon into the next hex", -1] in [
        list(m) for m in attack.data["modifiers"]
    ]
    assert of_kind(outcome, "damage_roll")[0].data["dice"] == "1d6-2"


def test_a_slung_or_plain_shield_is_no_weapon():
    game = melee({"weapons": ["Mace"], "shield": "Small Shield"})
    assert "cannot strike with Small Shield" in refused(
        game, do="act", figure="Ann", action="attack", target="Bob", params={"strike_with": "Small Shield"}
    )


def test_pike_2d6_plus_1_or_as_spear():
    # As a Spear: the Spear's 1d6+2 and its ST minimum 11 (the Pike's is 12).
    game = melee({"weapons": ["Pike"], "st": 11}, bob_at=(2, 0))
    plain = act(game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 1, 1))
    assert of_kind(plain, "damage_roll")[0].data["dice"] == "2d6+1"
    assert ["STR 1 under the minimum", -1] in [list(m) for m in of_kind(plain, "attack")[0].data["modifiers"]]
    game.undo()
    spear = act(
        game, "Ann", "charge_attack", target="Bob", dice=(1, 1, 1, 1), params={"strike_with": "Pike (as Spear)"}
    )
    assert of_kind(spear, "damage_roll")[0].data["dice"] == "1d6+2"
    assert of_kind(spear, "attack")[0].data["modifiers"] == []


@pytest.mark.parametrize("weapon, action, dice", [("Broadsword", "attack", "2d6+2"), ("Longbow", "shoot", "2d6-2")])
def test_a_weapon_that_is_on_fire_does_plus_2_damage_a_flaming_arrow_too(weapon, action, dice):
    game = melee({"weapons": [weapon]}, bob_at=(1, 0) if action == "attack" else (3, 0))
    ok_gm = submit(game, do="gm", action="ignite", figure="Ann", params={"weapon": True})
    assert ok_gm.accepted, ok_gm.reason
    outcome = act(game, "Ann", action, target="Bob", dice=(1, 1, 1, 1, 1))
    assert of_kind(outcome, "damage_roll")[0].data["dice"] == dice  # 2d6 / 1d6+2, +2


def test_the_burning_torch_is_not_counted_twice():
    game = melee({"weapons": ["Burning Torch"]})
    assert submit(game, do="gm", action="ignite", figure="Ann", params={"weapon": True}).accepted
    outcome = act(game, "Ann", "attack", target="Bob", dice=(1, 1, 1, 1))
    assert of_kind(outcome, "damage_roll")[0].data["dice"] == "1d6+2"
