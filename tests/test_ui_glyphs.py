"""Tokens that read at a glance (issue 18): the ruleset names what a figure is or wields
(Token.glyph), the token draws it on a badge when the zoom lets it be read."""

import pygame

from board.game import Game
from board.maps import load_map
from board.ui.draw.badges import GLYPHS, draw_glyph
from board.ui.draw.tokens import draw_token
from tests.ui_driver import ROOT


def test_warrior_wizard_names_each_figures_glyph_from_its_weapon_or_kind():
    game = Game(load_map(ROOT / "maps" / "outdoor.yaml"), seed=1)
    glyphs = {n: t.glyph for n, t in game.tokens().items()}
    assert glyphs["Smaug the Lesser"] == "beast" and glyphs["Kestrel"] == "bow"
    assert glyphs["Wynn"] == "magic" and glyphs["Torvald"] == "blade"
    assert set(glyphs.values()) <= set(GLYPHS) | {""}


def test_every_glyph_draws_something_and_the_badge_only_when_it_can_be_read():
    pygame.display.init()
    for glyph in GLYPHS:
        surface = pygame.Surface((60, 60), pygame.SRCALPHA)
        draw_glyph(surface, glyph, (30, 30), 20)
        assert any(surface.get_at((x, y)).a for x in range(60) for y in range(60)), glyph
    token = Game(load_map(ROOT / "maps" / "outdoor.yaml"), seed=1).tokens()["Kestrel"]
    plain = token.__class__(**{**token.__dict__, "glyph": ""})
    for size, differs in ((40, True), (16, False)):
        a, b = draw_token(token, size, (40, 90, 200), "flat"), draw_token(plain, size, (40, 90, 200), "flat")
        assert (pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")) == differs


def test_every_ruleset_names_a_glyph_for_each_armed_figure_of_its_skirmish():
    for name in ("combat-chart", "dox", "melee-seconds", "usage-dice"):
        game = Game(load_map(ROOT / "maps" / f"{name}-skirmish.yaml"), seed=1)
        glyphs = {n: t.glyph for n, t in game.tokens().items()}
        assert set(glyphs.values()) <= set(GLYPHS) | {""}, name
        named = [n for n, g in glyphs.items() if g]
        assert len(named) >= len(glyphs) - 1, f"{name}: no glyph for {set(glyphs) - set(named)}"


def test_a_weapons_name_gives_its_kind_and_a_caster_without_one_shows_magic():
    from board.rules.kernel.glyphs import glyph

    assert [
        glyph(w)
        for w in ("Shortsword", "Two-Handed Sword", "Crossbow", "Greataxe", "Dagger", "Halberd", "Claws", "Fist")
    ] == ["blade", "blade", "bow", "axe", "knife", "polearm", "beast", ""]
    assert glyph(None, caster=True) == "magic" and glyph("Staff", caster=True) == "magic"
    assert glyph("Sword", big=True) == "beast"
