"""The figure card (issue 18): hover or select a figure and its sheet shows, in the rows its
ruleset supplies; a map may hide the other side's sheets from the players (not from the GM)."""

import re

import pytest

from board.game import Game
from board.maps import load_map, parse_map
from board.ui.draw.card import HIDDEN
from tests.ui_driver import ROOT, Driver

MAPS = {
    "warrior-wizard": "arena",
    "combat-chart": "combat-chart-skirmish",
    "dox": "dox-skirmish",
    "usage-dice": "usage-dice-skirmish",
    "melee-seconds": "melee-seconds-skirmish",
}


def other_side(driver: Driver) -> str:
    tokens = driver.game.tokens()
    mine = tokens[driver.controller.info().active].team
    return next(n for n, t in tokens.items() if t.team != mine)


def hover(driver: Driver, where) -> None:
    """Move the mouse there and draw a frame (the card is laid out when drawn)."""
    driver.move_mouse(where)
    driver.frame()


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_hovered_figures_card_shows_the_rows_its_ruleset_supplies(ruleset, monkeypatch):
    driver = Driver(Game(load_map(ROOT / "maps" / f"{MAPS[ruleset]}.yaml", ruleset), seed=1))
    name = other_side(driver)
    hover(driver, name)
    rows = driver.game.card(name)
    assert driver.scene.card.rows == rows and len(rows) >= 5
    assert driver.scene.card.rect.width > 0
    for label, value in rows:  # words, not program values
        assert isinstance(label, str) and isinstance(value, str) and value
        assert not re.search(r"\b(True|False|None)\b", value)
    # The board draws whatever rows come: a ruleset's own row appears without any board change.
    monkeypatch.setattr(type(driver.game.ruleset), "card", lambda self, state, f: [("Mood", "grim")])
    hover(driver, (5, 5))
    hover(driver, name)
    assert driver.scene.card.rows == [("Mood", "grim")]


def test_a_card_follows_the_figure_under_the_mouse_else_the_selected_one():
    driver = Driver("maps/arena.yaml")
    active = driver.controller.info().active
    hover(driver, (5, 5))  # off the board: the selected (active) figure's card
    assert driver.scene.card.rows_key[0] == active
    enemy = other_side(driver)
    hover(driver, enemy)
    assert driver.scene.card.rows_key[0] == enemy


def test_a_map_can_hide_the_enemy_sheets_from_the_players_but_not_from_the_gm():
    text = (ROOT / "maps" / "arena.yaml").read_text().replace("\nlayout:", "\nhide_enemy_sheets: true\nlayout:", 1)
    assert "hide_enemy_sheets" in text
    driver = Driver(Game(parse_map(text, "arena.yaml"), seed=3))
    enemy = other_side(driver)
    hover(driver, enemy)
    assert driver.scene.card.rows == HIDDEN
    hover(driver, driver.controller.info().active)
    assert driver.scene.card.rows != HIDDEN
    driver.controller.toggle_gm()
    hover(driver, enemy)
    assert driver.scene.card.rows == driver.game.card(enemy)
