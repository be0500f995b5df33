"""The board reads which movement to open with and which one stays put from the ruleset's
menu (ActionInfo.default, needs "facing"), never from a list of one ruleset's action ids."""

import pygame

from board.game import Game
from board.maps import load_map, parse_map
from tests.test_ui_options import duel
from tests.ui_driver import ROOT, Driver
from board.ui.play.modes import ChoosingMove


def dox_driver() -> Driver:
    return Driver(Game(load_map(ROOT / "maps" / "dox-skirmish.yaml"), seed=1))


def test_dox_opens_its_movement_phase_with_the_move_selected_and_its_reach_shown():
    d = dox_driver()
    assert isinstance(d.view.mode, ChoosingMove)
    assert d.view.mode.action == "move"
    assert d.scene.overlays().reach  # the blue hexes are drawn before any click


def test_one_click_on_a_blue_hex_moves_a_dox_figure_there():
    d = dox_driver()
    name = d.view.selected
    goal = max(d.controller.move_info().hexes, key=lambda h: len(d.controller.move_info().hexes[h]))
    d.click(goal)
    assert d.game.history[-1].action == "move"
    assert d.game.tokens()[name].hex == goal


def test_a_click_on_a_dox_figures_own_token_stays_put():
    d = dox_driver()
    name = d.view.selected
    where = d.game.tokens()[name].hex
    d.click(name)
    assert d.game.history[-1].action == "stay"
    assert d.game.tokens()[name].hex == where


def test_warrior_wizard_opens_with_full_move_and_shows_its_reach():
    d = Driver()
    assert d.view.mode.action == "full_move" and d.scene.overlays().reach


def test_a_settings_words_come_from_the_ruleset():
    d = duel("weapons: [Broadsword]")
    d.press("attack")
    d.press("option:extra_damage")
    d.press("option:extra_damage")
    assert "Extra damage: +2 damage, -2 to hit  (click to change)" in [i.label for i in d.items()]


RANGE = """\
name: Range
terrain: |
  . . . . . . .
  . . . . . . .
figures:
  - {name: Ann, team: Red, at: "0101", weapons: [Short Bow]}
  - {name: Bob, team: Blue, at: "0601", facing: 3, weapons: [Mace]}
"""


def test_a_shot_draws_its_line_of_fire_to_the_hovered_target():
    d = Driver(Game(parse_map(RANGE), seed=1))
    while d.game.state.phase == "movement":
        d.press("stand_still")
        d.key(13)
    if d.game.state.active != "Ann":
        d.press("pass")
    d.press("shoot")
    d.move_mouse("Bob")
    line = d.scene.overlays().fire_line
    assert line[0] == d.hex("Ann") and line[-1] == d.hex("Bob")


def test_a_rulesets_own_gm_keys_step_its_settings_and_aim_at_a_second_figure():
    d = Driver()
    d.key(pygame.K_g)
    d.click("Cato")
    d.key(pygame.K_i, "i")
    d.key(pygame.K_i, "i")
    assert d.game.history[-1].params == {"extent": "half"}
    d.key(pygame.K_c, "c")
    d.click("Dagny")
    assert (d.game.history[-1].action, d.game.history[-1].figure, d.game.history[-1].target) == (
        "chase",
        "Cato",
        "Dagny",
    )


def test_a_gm_key_of_another_ruleset_does_nothing_and_says_so():
    d = dox_driver()
    d.key(pygame.K_g)
    name = next(iter(d.game.tokens()))
    d.click(name)
    before = len(d.game.history)
    d.key(pygame.K_p, "p")
    assert len(d.game.history) == before
