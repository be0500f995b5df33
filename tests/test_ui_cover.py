"""Hot-seat secrecy (issue 18): with "pass the screen" on, the board is covered when the side to
act changes, until the next player clicks; the click that lifts it does nothing else."""

import pygame

from board.game import Game
from board.maps import parse_map
from tests.ui_driver import ROOT, Driver


def test_the_board_is_covered_between_sides_until_the_next_player_clicks():
    text = (ROOT / "maps" / "arena.yaml").read_text().replace("\nlayout:", "\npass_the_screen: true\nlayout:", 1)
    d = Driver(Game(parse_map(text, "arena.yaml"), seed=3))
    assert d.scene.cover.on and d.scene.cover.shown_for is None
    side = d.game.tokens()[d.controller.info().active].team
    d.press("stand_still")
    d.key(pygame.K_RETURN)
    d.frame()
    now = d.game.tokens()[d.controller.info().active].team
    assert now != side and d.scene.cover.shown_for == now
    history = list(d.game.history)
    d.click(d.controller.info().active)  # lifts the cover, and only that
    assert d.scene.cover.shown_for is None and d.game.history == history


def test_h_toggles_pass_the_screen():
    d = Driver()
    assert not d.scene.cover.on
    d.key(pygame.K_h, "h")
    assert d.scene.cover.on and "Pass the screen: on" in d.message
