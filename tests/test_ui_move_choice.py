"""Movement choice visible before the click (issue 18): a click on a blue hex takes the least
movement that reaches it (a two-hex move is a Jog, not a Full Move, in the log too), the tip at
the cursor says which and what it forbids, and a movement picked from the menu is kept."""

import pygame

from board.hexgrid import hex_distance
from board.ui.draw import legend
from tests.ui_driver import Driver


def reach_at(driver: Driver, n: int):
    f = driver.game.tokens()[driver.view.selected]
    return next(h for h in sorted(driver.controller.move_info().hexes) if hex_distance(h, f.hex) == n)


def test_a_two_hex_move_is_a_jog_in_the_log_not_a_full_move():
    d = Driver()
    d.click(reach_at(d, 2))
    d.key(pygame.K_RETURN)
    assert d.game.history[-1].action == "jog"
    assert "Jog" in d.scene.log.text().splitlines()[-1] and "Full Move" not in d.scene.log.text()


def test_the_tip_at_the_cursor_says_which_movement_a_hex_takes_and_what_it_forbids(monkeypatch):
    d = Driver()
    tips = []
    monkeypatch.setattr(legend, "draw_tip", lambda screen, at, text, bounds, avoid=(): tips.append(text))
    d.move_mouse(reach_at(d, 7))
    d.frame()
    assert tips[-1] == "Full Move: beyond half MA: no attack this turn"
    d.move_mouse(reach_at(d, 1))
    d.frame()
    assert tips[-1].startswith("Step: one hex")


def test_a_movement_picked_from_the_menu_is_kept_for_a_short_move():
    d = Driver()
    d.press("full_move")
    d.click(reach_at(d, 1))
    d.key(pygame.K_RETURN)
    assert d.game.history[-1].action == "full_move"
