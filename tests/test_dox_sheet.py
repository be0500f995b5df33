"""The dox figure sheet, its catalogue, GM commands, tokens and any map played under dox."""

import pytest

from board.game import Game
from board.maps import load_map, parse_map
from board.models import FigureBase
from board.rules.registry import get_ruleset
from board.rules.dox.sheet import DoxFigure, catalogue
from board.yamlio import InputError
from helpers import act, gm, refused, snap
from dox_helpers import battle_text, fig, new_game

DOX = get_ruleset("dox")


def test_every_sheet_field_has_a_default_and_a_description():
    for name, field in DoxFigure.model_fields.items():
        if name in FigureBase.model_fields:
            continue
        assert field.description, name
    DoxFigure.model_validate({"name": "X", "at": [0, 0]})


def test_unknown_gear_is_reported_with_the_known_names():
    problems = []
    spec = DoxFigure.model_validate(
        {"name": "X", "at": [0, 0], "weapon": "sword", "armor": "Mithril", "gear": ["Swrod"]}
    )
    checked = DOX.check_figure(spec, lambda path, message: problems.append((path, message)))
    assert checked.weapon == "Sword"
    assert [p for p, _ in problems] == [("gear", 0), ("armor",)]
    assert "Sword" in problems[0][1] and "Chain" in problems[1][1]


def test_a_map_file_with_a_bad_weapon_names_the_line():
    text = battle_text(fig("Ann", "Red", [0, 0], weapon="Laser"), fig("Bob", "Blue", [1, 0]))
    with pytest.raises(InputError) as error:
        parse_map(text)
    assert "Laser" in str(error.value)


def test_the_catalogue_weapons_are_as_documented():
    gear = catalogue()
    assert gear.weapon("dagger").size == "small" and gear.weapon("Fist").size == "natural"
    assert gear.protection("Chain", "Shield") == 4


def test_a_warrior_wizard_map_plays_under_dox_with_defaults():
    battle = load_map("maps/arena.yaml", "dox")
    game = Game(battle, None, 1, "dox")
    assert game.state.phase == "movement"
    assert all(f.weapon == "Fist" and f.max_wounds == 10 for f in game.state.figures.values())


def test_the_sample_map_loads_with_the_rider_on_his_horse():
    game = Game(load_map("maps/dox-skirmish.yaml"), None, 1)
    assert game.state.figures["Kael"].hex == game.state.figures["Ash"].hex


def test_gm_place_damage_heal_surprise_add_and_remove():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    gm(game, "place", "Bob", to=(3, 0))
    assert snap(game, "Bob")["hex"] == [3, 0]
    gm(game, "damage", "Bob", params={"amount": 4})
    gm(game, "heal", "Bob", params={"amount": 1})
    assert snap(game, "Bob")["wounds"] == 3
    gm(game, "surprise", "Bob")
    assert snap(game, "Bob")["unaware"]
    gm(game, "add", params={"spec": {"name": "Cat", "team": "Blue", "at": [0, 3], "weapon": "Axe"}})
    assert snap(game, "Cat")["weapon"] == "Axe"
    assert "Laser" in refused(
        game, do="gm", action="add", params={"spec": {"name": "Dan", "team": "Blue", "at": [0, 4], "weapon": "Laser"}}
    )
    gm(game, "remove", "Ann")
    assert game.state.phase == "over" and game.state.winner == "Blue"


def test_removing_the_active_figure_passes_the_turn():
    game = new_game(
        fig("Ann", "Red", [0, 0]),
        fig("Bob", "Blue", [1, 0]),
        fig("Cat", "Blue", [2, 0]),
        fig("Dan", "Red", [0, 2]),
        order=["Ann", "Bob", "Cat", "Dan"],
    )
    act(game, "Ann", "pass")
    gm(game, "remove", "Bob")
    assert game.state.active == "Cat"


def test_tokens_have_no_facing_and_show_wounds_left():
    game = new_game(fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    act(game, "Ann", "strike", target="Bob", dice=[3, 3])
    token = DOX.tokens(game.state)["Bob"]
    assert token.facing is None and token.meter == (5, 10) and not token.threat_zone
    assert DOX.facing is False and {"place", "damage", "heal", "remove", "add"} <= set(DOX.gm_actions)
