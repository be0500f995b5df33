"""The play scene and the Warrior & Wizard brawl: a Shift into the enemy's hex by mouse, the
two tokens drawn side by side in it, and a click on the hex aiming at the enemy."""

from __future__ import annotations

import math

import pygame

from board.hexgrid import Hex
from board.ui.draw.tokens import shared_slots
from ui_driver import Driver
from ww_helpers import figure, new_game, stand_still_until

ENTER = pygame.K_RETURN


def pair():
    return new_game(figure("Ann", "red", (0, 0), 0, dx=12, weapons=["Dagger"]), figure("Bob", "blue", (1, 0), 3))


def test_a_shift_into_the_enemys_hex_by_mouse_then_a_click_on_the_hex_attacks_him():
    game = pair()
    stand_still_until(game, "Ann", "movement")
    d = Driver(game)
    d.click(Hex(1, 0))
    d.key(ENTER)
    assert game.state.figures["Ann"].hex == game.state.figures["Bob"].hex == Hex(1, 0)
    stand_still_until(game, "Ann")
    d = Driver(game)
    d.press("attack_hth")
    d.click(Hex(1, 0))
    assert game.history[-1].action == "attack_hth" and game.history[-1].target == "Bob"


def test_figures_sharing_a_hex_are_drawn_apart_inside_it():
    game = pair()
    stand_still_until(game, "Ann", "movement")
    d = Driver(game)
    d.click(Hex(1, 0))
    d.key(ENTER)
    slots = shared_slots(game.tokens())
    assert set(slots) == {"Ann", "Bob"}
    (ax, ay), (bx, by) = slots["Ann"], slots["Bob"]
    assert math.dist((ax, ay), (bx, by)) > 0.8  # hex sizes: the two tokens do not cover each other
    assert all(math.hypot(x, y) < 0.5 for x, y in slots.values())  # both inside the hex
