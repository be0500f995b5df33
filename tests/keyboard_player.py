"""A player with the keyboard alone, for tests: it decides from the game as a person looking at
the board would, and then does it with key events only (Tab, arrows, Enter, F6, Esc)."""

from __future__ import annotations

import math
import random

import pygame

from board.hexgrid import Hex
from tests import test_ui_rulesets as rulesets
from tests.ui_driver import Driver
from board.ui.play.modes import PlanningMove

ARROW_VECTORS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def cursor(driver: Driver) -> Hex | None:
    return driver.scene.keyboard.cursor


def cursor_to(driver: Driver, target: Hex) -> None:
    """Arrow presses until the cursor is on target: the arrow pointing most nearly at it on
    screen, else the next best (a map's edge may be in the way)."""
    if driver.scene.keyboard.on_menu:
        driver.key(pygame.K_F6)  # the arrows to the board
    if cursor(driver) is None:
        driver.key(pygame.K_RIGHT)  # the first press shows the cursor where the figure is
    for _ in range(400):
        here = cursor(driver)
        if here == target:
            return
        (x0, y0), (x1, y1) = driver.scene.camera.to_screen(here), driver.scene.camera.to_screen(target)
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        ranked = sorted(ARROW_VECTORS, key=lambda k: -(ARROW_VECTORS[k][0] * dx + ARROW_VECTORS[k][1] * dy))
        for key in ranked:
            driver.key(key)
            if cursor(driver) != here:
                (x2, y2) = driver.scene.camera.to_screen(cursor(driver))
                (x1, y1) = driver.scene.camera.to_screen(target)
                if math.hypot(x1 - x2, y1 - y2) < length:
                    break
    raise AssertionError(f"the arrows did not bring the cursor from {cursor(driver)} to {target}")


def focused(driver: Driver):
    """The menu item the keyboard's focus is on (None: the board has the keys)."""
    k = driver.scene.keyboard
    items = list(driver.scene.menu.buttons.values())
    return items[k.row % len(items)] if k.on_menu and items else None


def press_item(driver: Driver, item_id: str) -> None:
    """Bring the menu's focus to the item (F6 gives the menu the keys), then Enter."""
    k = driver.scene.keyboard
    if not k.on_menu:
        driver.key(pygame.K_F6)
    assert k.on_menu, "F6 did not give the menu the keys"
    for _ in range(len(driver.scene.menu.buttons) + 1):
        if focused(driver).id == item_id:
            driver.key(pygame.K_RETURN)
            return
        driver.key(pygame.K_DOWN)
    raise AssertionError(f"no menu row {item_id!r}")


def aim_at(driver: Driver, name: str) -> None:
    """Tab to the target (aiming, Tab steps through the targets), then Enter."""
    for _ in range(len(driver.view.mode.action.targets) + 1):
        driver.key(pygame.K_TAB)
        if driver.scene.keyboard.tabbed == name:
            driver.key(pygame.K_RETURN)
            return
    raise AssertionError(f"Tab never reached {name}")


class Keys:
    """A player's hands on the keyboard alone: what test_ui_rulesets.play_one decides, done
    with Tab, the arrows, Enter, F6 and Esc."""

    def __init__(self, driver: Driver):
        self.driver = driver

    def cancel(self) -> None:
        self.driver.key(pygame.K_ESCAPE)

    def go(self, h: Hex) -> None:
        """Cursor to the hex, Enter; a ruleset with facing asks for it: Enter confirms."""
        cursor_to(self.driver, h)
        self.driver.key(pygame.K_RETURN)
        self.settle()

    def press(self, item_id: str) -> None:
        press_item(self.driver, item_id)

    def aim(self, name: str) -> None:
        aim_at(self.driver, name)

    def settle(self) -> None:
        """Standing still, a figure with facing may turn: Enter keeps the facing it has."""
        if isinstance(self.driver.view.mode, PlanningMove):
            self.driver.key(pygame.K_RETURN)


def play_one(driver: Driver, rng: random.Random) -> None:
    """One decision of the figure to act, made with keys alone."""
    rulesets.play_one(driver, rng, Keys(driver))
