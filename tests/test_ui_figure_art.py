"""Figure icons (issue 35): every kind of figure a ruleset reports has a shipped icon that loads
at any size, beasts by their name; a token carries its figure's icon and no weapon line."""

from dataclasses import replace

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from board.ui.draw import figure_art
from board.ui.draw.badges import GLYPHS
from board.ui.draw.nameplate import draw_bar, meter_colour, plate_for
from tests.ui_driver import ROOT


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield


@pytest.mark.parametrize("glyph", GLYPHS)
def test_every_glyph_has_an_icon_that_loads_at_any_size(glyph):
    name = figure_art.BY_GLYPH[glyph]
    for px in (12, 40, 160):
        picture = figure_art.icon(name, px)
        assert picture is not None and picture.get_size() == (px, px)
        assert any(picture.get_at((x, y)).a for x in range(px) for y in range(px))  # not blank


def test_a_beast_is_drawn_as_what_its_name_says():
    game = Game(load_map(ROOT / "maps" / "outdoor.yaml"), seed=1)
    tokens = game.tokens()
    assert figure_art.icon_name(tokens["Spider"]) == "spider-alt"
    assert figure_art.icon_name(tokens["Smaug the Lesser"]) == "dragon-head"
    assert figure_art.icon_name(replace(tokens["Wynn"], glyph="bow")) == "bowman"


def test_a_missing_icon_file_leaves_the_token_without_one(monkeypatch, tmp_path):
    monkeypatch.setattr(figure_art, "FIGURES", tmp_path)
    figure_art._CACHE.clear()
    assert figure_art.icon("swordman", 30) is None
    figure_art._CACHE.clear()


def test_the_weapon_is_on_the_card_not_the_token():
    game = Game(load_map(ROOT / "maps" / "arena.yaml"), seed=1)
    f = game.tokens()["Eamon"]
    assert f.caption
    plate, parts = plate_for(f, 60, (60, 60), 108, False)
    assert plate.text == f.name and len(parts) == 2  # the name and the meter's numbers, nothing else


def test_the_start_screens_title_carries_the_emblem_and_the_name():
    from board.ui.draw import title

    screen = pygame.Surface((600, 56))
    x = title.draw_title(screen, screen.get_rect())
    emblem = title.emblem(46)
    assert emblem is not None and x > emblem.get_width() + 100  # the emblem, then the name
    assert screen.get_at((12 + 23, 28)) != screen.get_at((599, 55))  # the emblem is drawn


def test_the_meter_bar_shows_how_hurt_a_figure_is():
    a, b = pygame.Surface((80, 20), pygame.SRCALPHA), pygame.Surface((80, 20), pygame.SRCALPHA)
    draw_bar(a, pygame.Rect(10, 5, 60, 6), 1.0)
    draw_bar(b, pygame.Rect(10, 5, 60, 6), 0.2)
    assert a.get_at((60, 8))[:3] == meter_colour(1.0)  # full: green to the right
    assert b.get_at((60, 8))[:3] != meter_colour(0.2) and b.get_at((15, 8))[:3] == meter_colour(0.2)


def test_the_icon_names_a_map_may_give_are_the_shipped_icons():
    from typing import get_args

    from board.models import FigureIcon

    shipped = sorted(p.stem for p in figure_art.FIGURES.glob("*.svg"))
    assert sorted(n for n in get_args(FigureIcon) if n) == shipped


def test_a_maps_icon_is_drawn_on_its_token_instead_of_the_chosen_one():
    from board.maps import parse_map
    from board.ui.draw.tokens import draw_token

    text = (
        'name: Icons\nterrain: |\n  . . .\n  . . .\nteams:\n  A: {color: "#c0392b"}\n  B: {color: "#2e6fd6"}\n'
        'figures:\n  - {name: Ann, team: A, at: "0101", weapons: [Broadsword], icon: wolf-head}\n'
        '  - {name: Bo, team: B, at: "0302", weapons: [Broadsword]}\n'
    )
    tokens = Game(parse_map(text, "icons.yaml"), seed=1).tokens()
    assert figure_art.icon_name(tokens["Ann"]) == "wolf-head"
    assert figure_art.icon_name(tokens["Bo"]) == "swordman"
    # The token as drawn differs from the same figure with its chosen icon (and only by it).
    own = draw_token(tokens["Ann"], 60, (192, 57, 43), "pointy")
    chosen = draw_token(replace(tokens["Ann"], icon=""), 60, (192, 57, 43), "pointy")
    assert own.get_size() == chosen.get_size()
    assert pygame.image.tobytes(own, "RGBA") != pygame.image.tobytes(chosen, "RGBA")


def test_an_icon_not_shipped_is_refused_at_its_line():
    from board.maps import parse_map
    from board.yamlio import InputError

    text = 'name: Icons\nterrain: |\n  . . .\nfigures:\n  - {name: Ann, at: "0101", icon: ../../etc/passwd}\n'
    with pytest.raises(InputError) as caught:
        parse_map(text, "icons.yaml")
    (message,) = [str(p) for p in caught.value.problems]
    assert message.startswith("icons.yaml:5:") and "wolf-head" in message
