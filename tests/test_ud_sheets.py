"""Figure sheets, the gear catalogue, the usage-die ladder, GM commands and tokens."""

import pytest

from board.game import Game
from board.maps import parse_map
from board.rules.registry import get_ruleset
from board.rules.usage_dice.gear import catalogue, step_down
from helpers import act, fig, gm, refused, snap
from ud_helpers import figure, new_game

RULES = get_ruleset("usage-dice")


def test_the_usage_die_ladder_steps_down_to_d2_then_breaks():
    assert catalogue().ladder == (20, 12, 10, 8, 6, 4, 2)
    assert step_down(6) == 4 and step_down(4) == 2 and step_down(2) is None


def test_the_catalogue_holds_the_gear_the_text_names():
    # "Ud6 Maille-clad Orc", "Ud10 Greatsword", "the Orc's Ud8 Spear"
    assert catalogue().armor["Maille"].die == 6
    assert catalogue().weapons["Greatsword"].die == 10 and catalogue().weapons["Spear"].die == 8


def test_check_figure_names_unknown_gear_and_the_known_names():
    problems = []
    spec = figure("X", "A", (0, 0), weapons=["Sord", "Spear d7"], armor=["Maile"])
    RULES.check_figure(spec, lambda path, message: problems.append((path, message)))
    assert problems[0][0] == ("weapons", 0) and 'did you mean "Sword"' in problems[0][1]
    assert "d7 is not a usage die" in problems[1][1]
    assert problems[2][0] == ("armor", 0) and "Maille" in problems[2][1]


def test_every_sheet_field_has_a_default_and_a_description():
    model = RULES.figure_model()
    for name, field in model.model_fields.items():
        if name not in ("name", "at"):
            assert field.description or name in ("team",), name
    assert model.model_validate({"name": "X", "at": [0, 0]}).weapons == ["Sword"]


def test_a_warrior_wizard_map_plays_with_default_sheets():
    battle = parse_map(
        "name: T\nradius: 4\nfigures:\n"
        "  - {name: A, team: Red, at: [0, 0], weapons: [Mace]}\n"
        "  - {name: B, team: Blue, at: [1, 0], sheets: {usage-dice: {power: 10}}}\n",
        ruleset="usage-dice",
    )
    game = Game(battle, None, 0, "usage-dice")
    assert snap(game, "A")["weapons"] == {"Sword": 8} and snap(game, "B")["power"] == 10


def test_gm_place_damage_heal_gear_add_and_remove():
    game = new_game(figure("Ann", "PCs", (0, 0)), figure("Orc", "Orcs", (3, 0)))
    gm(game, "place", "Orc", to=(2, 0))
    assert snap(game, "Orc")["hex"] == [2, 0]
    assert "Ann is in the way" in refused(game, do="gm", action="place", figure="Orc", to=(0, 0))
    gm(game, "damage", "Ann", params={"amount": 3}, dice=(1,))  # Power 1: severe
    assert snap(game, "Ann")["power"] == 4 and snap(game, "Ann")["status"] == "incapacitated"
    gm(game, "heal", "Ann", params={"amount": 1})
    assert snap(game, "Ann")["power"] == 6 and snap(game, "Ann")["status"] == "ok"
    gm(game, "gear", "Orc", params={"item": "Sword", "die": 4})
    assert snap(game, "Orc")["weapons"] == {"Sword": 4}
    gm(game, "add", params={"spec": {"name": "Imp", "team": "Orcs", "at": [0, 3], "weapons": ["Dagger"]}})
    assert snap(game, "Imp")["weapons"] == {"Dagger": 4}
    assert "unknown weapon" in refused(
        game, do="gm", action="add", params={"spec": {"name": "Z", "at": [0, 4], "weapons": ["Gun"]}}
    )
    gm(game, "remove", "Imp")
    assert "Imp" not in game.snapshot()["figures"]


def test_tokens_show_each_items_current_usage_die_and_power():
    game = new_game(
        figure("Ann", "PCs", (0, 0), armor=["Maille"]), figure("Orc", "Orcs", (1, 0)), options={"setback_wear": True}
    )
    act(game, "Ann", "engage", target="Orc", dice=[1, 4, 6, 6])  # setback: the Sword steps down
    token = RULES.tokens(game.state)["Ann"]
    assert token.caption == "Sword d6 · Maille d6" and token.meter == (6, 6) and token.facing is None
    assert token.engaged_with == ("Orc",)


def test_no_facing_and_the_gm_actions_are_declared():
    assert RULES.facing is False
    assert {"place", "damage", "heal", "remove", "add"} <= set(RULES.gm_actions)


@pytest.mark.parametrize("name", ["surprised", "player_facing", "setback_wear", "critical_wear", "lone_item_wear"])
def test_every_option_is_a_documented_toggle(name):
    field = RULES.options_model().model_fields[name]
    assert field.annotation is bool and field.description


def test_catching_their_breath_returns_to_action_but_heals_no_severe_wound():
    """ "Incapacitated characters may return to action once they catch their breath" ... "Severe
    wounds need time to recover equal to the current dice value in weeks"."""
    game = new_game(figure("Ann", "PCs", (0, 0)), figure("Orc", "Orcs", (3, 0)))
    gm(game, "damage", "Ann", params={"amount": 3}, dice=(1,))  # Power 1: severe, d6 -> d4
    gm(game, "breath", "Ann")
    assert snap(game, "Ann")["status"] == "ok" and snap(game, "Ann")["power"] == 4
    assert fig(game, "Ann").wounds == ["severe"]
    assert "not incapacitated" in refused(game, do="gm", action="breath", figure="Ann")
