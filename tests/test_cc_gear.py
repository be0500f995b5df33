"""Shields, crossbows, spells and items, movement, short actions, the sheet and GM commands."""

import pytest

from helpers import act, action_info, fig, of_kind, ok, refused
from cc_helpers import battle_text, finish_round, new_game
from board.maps import parse_map
from board.yamlio import InputError


def pair(a=None, b=None, options=None, walls=(), b_at=(1, 0)):
    return new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9, **(a or {})},
        {"name": "B", "team": "Blue", "at": list(b_at), "weapons": ["Mace"], **(b or {})},
        {"name": "C", "team": "Blue", "at": [-4, 0], "mind": 1},
        options=options,
        walls=walls,
    )


def test_blocking_adds_the_shields_defense_value_for_that_round_only():
    game = pair(a={"weapons": ["Long Sword"]}, b={"shield": "Large Shield", "mind": 9, "body": 6})
    assert game.state.order[0] == "B"
    act(game, "B", "block")
    assert game.snapshot()["figures"]["B"]["defense_rank"] == 3
    out = act(game, "A", "attack", target="B", dice=[6, 6, 5])
    assert of_kind(out, "attack")[0].data["defense_rank"] == 3
    finish_round(game)
    assert game.snapshot()["figures"]["B"]["defense_rank"] == 0


def test_after_a_block_the_next_attack_is_at_minus_shield_value_minus_1():
    game = pair(a={"weapons": ["Long Sword"], "shield": "Large Shield"})
    act(game, "A", "block")
    finish_round(game)
    out = act(game, "A", "attack", target="B", dice=[6, 6, 5])
    assert of_kind(out, "attack")[0].data["attack_rank"] == 4 - 2
    finish_round(game)
    out = act(game, "A", "attack", target="B", dice=[6, 6, 5])
    assert of_kind(out, "attack")[0].data["attack_rank"] == 4  # only the next attack


def test_spells_cant_be_cast_while_using_a_shield():
    game = pair(a={"shield": "Small Shield", "magic": 6, "spells": ["Sleep"]})
    assert "shield" in refused(game, do="act", figure="A", action="cast", target="B", params={"spell": "Sleep"})
    act(game, "A", "short", params={"short": "shield"})  # sling it
    finish_round(game)
    act(game, "A", "cast", target="B", params={"spell": "Sleep"}, dice=[6, 6, 6])
    assert fig(game, "B").status == "knocked out"


@pytest.mark.parametrize("weapon", ["Short Bow", "Light Crossbow", "Heavy Crossbow", "Two-Handed Sword"])
def test_no_shield_with_bows_crossbows_or_two_handed_weapons(weapon):
    game = pair(a={"weapons": [weapon, "Dagger"], "shield": "Small Shield"})
    assert not fig(game, "A").shield_on
    assert "cannot be used" in action_info(game, "A", "block").reason
    act(game, "A", "short", params={"short": "shield"})  # strapping it on puts the weapon away
    assert fig(game, "A").shield_on and fig(game, "A").ready is None
    finish_round(game)
    act(game, "A", "short", params={"short": "ready", "weapon": weapon})
    assert not fig(game, "A").shield_on


def test_a_heavy_crossbow_fires_once_every_other_round_loading_is_a_short_action():
    game = pair(a={"weapons": ["Heavy Crossbow"]}, b_at=(4, -2))
    act(game, "A", "attack", target="B", dice=[6, 6, 5])
    finish_round(game)
    assert "not loaded" in refused(game, do="act", figure="A", action="attack", target="B")
    assert "not loaded" in action_info(game, "A", "attack").reason
    assert "Load Heavy Crossbow" in action_info(game, "A", "short").choices
    act(game, "A", "short", params={"short": "load", "weapon": "Heavy Crossbow"})
    finish_round(game)
    act(game, "A", "attack", target="B", dice=[6, 6, 5])


def test_a_light_crossbow_fires_every_round():
    game = pair(a={"weapons": ["Light Crossbow"]}, b_at=(4, -2))
    for _ in range(3):
        act(game, "A", "attack", target="B", dice=[6, 6, 5])
        finish_round(game)


def test_missiles_need_range_and_a_line_of_fire_walls_give_cover():
    game = pair(a={"weapons": ["Short Bow"]}, b_at=(3, 0), walls=[(1, 0), (2, 0), (1, -1), (2, -1)])
    assert "wall" in refused(game, do="act", figure="A", action="attack", target="B")
    game = pair(a={"weapons": ["Short Bow"]}, b_at=(2, -1), walls=[(1, 0)])  # one of the two lines
    out = act(game, "A", "attack", target="B", dice=[6, 6, 5])
    assert ["cover", 2] in of_kind(out, "attack")[0].data["defense"]
    game = pair(a={"weapons": ["Dagger"]}, b_at=(3, 0))
    assert "reaches 1" in refused(game, do="act", figure="A", action="attack", target="B")


def test_armor_reduces_base_magic_points_by_its_defense_value():
    game = pair(a={"magic": 6, "armor": "Chain Mail", "spells": ["Sleep"]})
    assert fig(game, "A").magic == 3
    act(game, "A", "cast", target="B", params={"spell": "Sleep"}, dice=[1, 1, 1])
    assert fig(game, "A").magic == 0


def test_a_magical_attack_asks_the_target_for_a_saving_throw_vs_magic():
    game = pair(a={"magic": 6, "spells": ["Hold"]})
    out = act(game, "A", "cast", target="B", params={"spell": "Hold"}, dice=[1, 2, 2])  # 5 <= Mind 5
    assert "nothing happens" in of_kind(out, "roll")[0].text and not fig(game, "B").stunned
    game = pair(a={"magic": 6, "spells": ["Hold"]})
    act(game, "A", "cast", target="B", params={"spell": "Hold"}, dice=[1, 2, 3])
    assert fig(game, "B").stunned


def test_enhancing_spells_and_haste_adjust_ranks_and_initiative():
    game = pair(a={"magic": 9, "spells": ["Bless", "Haste"], "weapons": ["Dagger"]})
    act(game, "A", "cast", target="A", params={"spell": "Bless"})
    finish_round(game)
    act(game, "A", "cast", target="A", params={"spell": "Haste"})
    snap = game.snapshot()["figures"]["A"]
    assert snap["attack_rank"] == 3 and snap["initiative"] == 16 and snap["magic"] == 4


def test_drink_a_potion_read_a_scroll_activate_an_item():
    game = pair(a={"items": ["Healing Potion", "Scroll of Sleep", "Wand of Holding"]})
    fig(game, "A").hp = 5
    act(game, "A", "drink", params={"item": "Healing Potion"}, dice=[4])
    assert fig(game, "A").hp == 9 and "Healing Potion" not in fig(game, "A").items
    finish_round(game)
    act(game, "A", "use_item", target="B", params={"item": "Wand of Holding"}, dice=[6, 6, 6])
    assert fig(game, "B").stunned and "Wand of Holding" in fig(game, "A").items
    finish_round(game)
    act(game, "A", "use_item", target="B", params={"item": "Scroll of Sleep"}, dice=[6, 6, 6])
    assert fig(game, "B").status == "knocked out" and "Scroll of Sleep" not in fig(game, "A").items


def test_a_move_reaches_hexes_within_the_movement_allowance_walls_and_figures_block():
    game = pair(a={"move": 2}, walls=[(0, -1)])
    hexes = action_info(game, "A", "move").hexes
    from board.hexgrid import Hex, hex_distance

    assert all(hex_distance(Hex(0, 0), h) <= 2 for h in hexes)
    assert Hex(0, -1) not in hexes and Hex(1, 0) not in hexes and Hex(2, -1) in hexes
    assert "cannot reach" in refused(game, do="act", figure="A", action="move", to=(3, 0))
    act(game, "A", "move", to=(-2, 0))
    assert fig(game, "A").hex == Hex(-2, 0) and game.state.active == "B"  # the move was the turn


def test_dodging_lasts_the_round():
    game = pair()
    act(game, "A", "dodge")
    assert game.snapshot()["figures"]["A"]["defense_rank"] == 2
    finish_round(game)
    assert game.snapshot()["figures"]["A"]["defense_rank"] == 0


def test_a_dropped_weapon_is_picked_up_as_a_short_action():
    game = pair(a={"weapons": ["Dagger"]})
    fig(game, "A").ready = None
    fig(game, "A").weapons = []
    game.state.items[fig(game, "A").hex] = ["Dagger"]
    act(game, "A", "short", params={"short": "pick_up", "weapon": "Dagger"})
    assert fig(game, "A").ready == "Dagger" and not game.state.items


def test_a_short_action_or_a_potion_is_one_of_those_on_offer_or_refused():
    # "Perform a short action": only what the figure can do now. A hand-written or hostile command
    # naming a weapon it does not carry, one not on its hex, or a potion it has not, is refused.
    game = pair(a={"weapons": ["Dagger"], "items": ["Healing Potion"]})
    game.state.items[fig(game, "B").hex] = ["Mace"]  # on another figure's hex, not A's
    for params in (
        {"short": "ready", "weapon": "Great Sword"},
        {"short": "pick_up", "weapon": "Mace"},
        {"short": "load", "weapon": "Dagger"},
        {"short": "shield"},
        {"short": "fly"},
    ):
        assert refused(game, do="act", figure="A", action="short", params=params).startswith(
            "choose one of: Put away Dagger, Shout for help"
        )
    assert (
        refused(game, do="act", figure="A", action="drink", params={"item": "Scroll of Sleep"})
        == "choose one of: Drink Healing Potion"
    )
    assert (
        refused(game, do="act", figure="A", action="short", params={"short": "shout", "loud": True})
        == "short does not take params.loud"
    )
    act(game, "A", "short", params={"short": "shout"})


def test_the_sheet_names_unknown_catalogue_entries_and_the_expected_ones():
    text = battle_text({"name": "A", "team": "Red", "at": [0, 0], "weapons": ["Longsword"], "armor": "Mithril"})
    with pytest.raises(InputError) as error:
        parse_map(text)
    message = str(error.value)
    assert 'unknown weapon "Longsword" (did you mean "Long Sword"?)' in message
    assert 'unknown armor "Mithril"' in message and "Plate" in message


def test_a_warrior_wizard_map_plays_under_combat_chart_with_default_sheets():
    from board.game import Game
    from board.maps import load_map
    from pathlib import Path

    battle = load_map(Path(__file__).resolve().parents[1] / "maps" / "arena.yaml", "combat-chart")
    game = Game(battle, None, 1)
    assert game.ruleset.id == "combat-chart" and game.state.active
    assert all(t.facing is None and not t.threat_zone for t in game.tokens().values())


def test_gm_place_damage_heal_remove_add_and_situation():
    game = pair()
    ok(game, do="gm", action="place", figure="A", to=(0, 2))
    assert fig(game, "A").hex == (0, 2)
    assert "off the map" in refused(game, do="gm", action="place", figure="A", to=(40, 0))
    ok(game, do="gm", action="damage", figure="B", params={"amount": 3})
    ok(game, do="gm", action="heal", figure="B", params={"amount": 5})
    assert fig(game, "B").hp == 10
    ok(game, do="gm", action="situation", figure="B", params={"dv": 2})
    assert game.snapshot()["figures"]["B"]["defense_rank"] == 2
    ok(game, do="gm", action="add", params={"spec": {"name": "D", "team": "Red", "at": [0, -3], "weapons": ["Spear"]}})
    assert fig(game, "D").ready == "Spear"
    ok(game, do="gm", action="remove", figure="A")
    assert "A" not in game.state.figures and game.state.active == "B"


def test_armor_and_shields_only_protect_against_physical_attacks():
    game = pair(a={"magic": 6, "spells": ["Hold"]}, b={"armor": "Plate", "shield": "Large Shield"})
    fig(game, "B").stance = "block"
    prediction = game.predict(
        __import__("board.rules.base", fromlist=["Command"]).Command(
            do="act", figure="A", action="cast", target="B", params={"spell": "Hold"}
        )
    )
    assert prediction.target_number == 5  # B's Mind alone: no armor, no shield
    act(game, "A", "cast", target="B", params={"spell": "Hold"}, dice=[2, 2, 2])  # 6 > Mind 5
    assert fig(game, "B").stunned


def test_a_cast_without_a_spell_named_takes_the_first_spell_that_fits_the_target():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9, "magic": 9, "spells": ["Sleep", "Bless"]},
        {"name": "D", "team": "Red", "at": [0, 1]},
        {"name": "B", "team": "Blue", "at": [3, 0]},
    )
    out = act(game, "A", "cast", target="D")
    assert of_kind(out, "cast")[0].data["spell"] == "Bless"


def test_using_a_shield_means_on_the_arm_a_slung_shield_neither_blocks_nor_adds_to_defense():
    """ "During any round that you attempt to block an attack using your shield, its defense value
    is added": a shield slung on the back (a bow was ready) is not being used."""
    game = pair(a={"weapons": ["Short Bow", "Dagger"], "shield": "Small Shield"})
    act(game, "A", "short", params={"short": "ready", "weapon": "Dagger"})
    assert not fig(game, "A").shield_on
    finish_round(game)
    assert "strap it on" in action_info(game, "A", "block").reason
    refused(game, do="act", figure="A", action="block")
    fig(game, "A").stance = "block"  # however it came to be: a slung shield adds nothing
    assert game.ruleset.snapshot(game.state)["figures"]["A"]["defense_rank"] == 0
    act(game, "A", "short", params={"short": "shield"})
    finish_round(game)
    act(game, "A", "block")
    assert game.ruleset.snapshot(game.state)["figures"]["A"]["defense_rank"] == 2


def test_a_scroll_is_read_at_a_target_without_magic_points_of_ones_own():
    game = pair(a={"items": ["Scroll of Sleep"], "magic": 0})
    assert "B" in action_info(game, "A", "use_item").targets
    act(game, "A", "use_item", target="B", params={"item": "Scroll of Sleep"}, dice=[6, 6, 6])
    assert fig(game, "B").status == "knocked out"
