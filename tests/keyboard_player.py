"""A player with the keyboard alone, for tests: it decides from the game as a person looking at
the board would, and then does it with key events only (Tab, arrows, Enter, F6, Esc)."""

from __future__ import annotations

import math
import random

import pygame

from board.hexgrid import Hex
from tests.test_ui_rulesets import enemies, nearest
from tests.ui_driver import Driver

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
    for _ in range(len(driver.view.action.targets) + 1):
        driver.key(pygame.K_TAB)
        if driver.scene.keyboard.tabbed == name:
            driver.key(pygame.K_RETURN)
            return
    raise AssertionError(f"Tab never reached {name}")


def move_to(driver: Driver, h: Hex) -> None:
    """Cursor to the hex, Enter; a ruleset with facing asks for it: Enter confirms."""
    cursor_to(driver, h)
    driver.key(pygame.K_RETURN)
    if driver.view.mode == "facing":
        driver.key(pygame.K_RETURN)


def play_one(driver: Driver, rng: random.Random) -> None:
    """One decision of the figure to act, made with keys alone."""
    c, view = driver.controller, driver.view
    if view.mode not in ("move", "combat"):
        driver.key(pygame.K_ESCAPE)
    name = view.selected
    if view.mode == "move":
        info = c.move_info()
        if info is not None and info.hexes:
            move_to(driver, nearest(driver, name, info.hexes))
            return
    offered = [i for i in driver.items() if i.enabled and i.id != "cancel"]
    infos = {i.id: i for i in c.actions(name)}
    foes = {t.name for t in enemies(driver, name)}
    attacks = [i for i in offered if infos.get(i.id) and set(infos[i.id].targets) & foes]
    if attacks and rng.random() < 0.8:
        item = rng.choice(attacks)
        press_item(driver, item.id)
        aim_at(driver, rng.choice(sorted(set(infos[item.id].targets) & foes)))
        return
    moves = [i for i in offered if infos.get(i.id) and infos[i.id].needs in ("hex", "path") and infos[i.id].hexes]
    if moves and rng.random() < 0.7:
        item = rng.choice(moves)
        press_item(driver, item.id)
        if view.mode in ("hex", "move"):
            move_to(driver, nearest(driver, name, infos[item.id].hexes))
        return
    simple = [i for i in offered if infos.get(i.id) and (infos[i.id].needs in ("none", "choice", "weapon")
                                                         or infos[i.id].targets)]
    item = rng.choice(simple or offered)
    press_item(driver, item.id)
    if view.mode == "options":
        toggles = [i for i in driver.items() if i.id.startswith("option:")]
        if toggles and rng.random() < 0.3:
            press_item(driver, rng.choice(toggles).id)
        press_item(driver, "do_it")
    elif view.mode == "choice":
        choices = [i for i in driver.items() if i.enabled and i.id != "cancel" and not i.id.startswith("option:")]
        press_item(driver, (choices[0] if rng.random() < 0.6 else rng.choice(choices)).id)
    elif view.mode == "target":
        aim_at(driver, rng.choice(view.action.targets))
    elif view.mode == "hex":
        move_to(driver, rng.choice(sorted(view.action.hexes)))
    elif view.mode == "facing":  # standing still, a figure with facing may turn: Enter keeps it
        driver.key(pygame.K_RETURN)
