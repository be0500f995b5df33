"""A session of fights in one process frees what each scene owned: Menu -> start screen ->
new fight, thirty times, leaves one start screen and the objects it owns, no more; counted
with gc (the objects themselves, never the process's memory or time)."""

from __future__ import annotations

import gc

import pygame
import pygame_gui
import pytest

from board.saves import Autosaver
from board.ui.draw.animations import Animator
from board.ui.log.panel import CombatLog
from board.ui.play.scene import PlayScene
from board.ui.draw.renderer import BoardRenderer
from board.ui.start import StartScene
from tests.ui_driver import AppDriver

CYCLES = 30
OWNED = (PlayScene, StartScene, BoardRenderer, CombatLog, Animator, pygame_gui.UIManager, pygame_gui.core.UIElement)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))


def live() -> dict[str, int]:
    """How many objects of each kind a scene owns are alive now (after a full collection)."""
    gc.collect()
    counts = dict.fromkeys((kind.__name__ for kind in OWNED), 0)
    for thing in gc.get_objects():
        for kind in OWNED:
            if isinstance(thing, kind):
                counts[kind.__name__] += 1
    return counts


def a_fight_and_back(driver: AppDriver) -> None:
    """Enter on the start screen (a new fight on the default map), a few moves, then Menu."""
    while driver.scene.loading:
        driver.step()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayScene)
    for key, letter in ((pygame.K_2, "2"), (pygame.K_ESCAPE, ""), (pygame.K_t, "t")):
        driver.key(key, letter)
    menu = next(button for button, action in driver.scene.file_buttons.items() if action == "menu")
    driver.click(menu.get_abs_rect().center)
    assert isinstance(driver.scene, StartScene)


def test_thirty_fights_from_the_start_screen_free_every_scene_they_owned(tmp_path):
    driver = AppDriver(lambda size: StartScene(size), Autosaver(tmp_path / "auto"))
    for _ in range(3):  # the first fights fill the caches a session keeps (fonts, textures)
        a_fight_and_back(driver)
    settled = live()
    for _ in range(CYCLES - 3):
        a_fight_and_back(driver)
    after = live()
    assert after["PlayScene"] == 0 and after["StartScene"] == 1, after
    assert after == settled, f"objects left behind by {CYCLES - 3} fights: {after} (was {settled})"
