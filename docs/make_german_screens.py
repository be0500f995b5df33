"""Take the German screenshots into docs/img/ (issue 36, a second language): the start screen,
a fight with its action menu, the help page and the legend, all in German.

Run from the repository root: `python docs/make_german_screens.py`. Headless (the dummy video
driver); the fight is played by the seeded mouse-only player of the UI tests."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "docs" / "img"


def start_screen() -> None:
    """The start screen, its thumbnails drawn (they are made after the first frame)."""
    import pygame

    from board.ui.start import StartScene

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    scene = StartScene((1280, 800))
    for frame in range(40):  # a few thumbnails are made per frame
        scene.update(frame * 0.1, 0.1)
        scene.draw(screen)
    pygame.image.save(screen, str(OUT / "start-de.png"))


def fight() -> None:
    """The arena mid-fight (the action menu, the status line), then its help page and legend."""
    import pygame

    from tests.test_ui_rulesets import play_one
    from tests.ui_driver import Driver

    driver = Driver("maps/arena.yaml", seed=2)
    rng = random.Random(2)
    for _ in range(14):
        play_one(driver, rng)
    active = driver.controller.info().active
    if active:
        driver.move_mouse(active)
    driver.screenshot(OUT / "fight-de.jpg")
    driver.key(pygame.K_F1)
    driver.screenshot(OUT / "help-de.jpg")
    driver.key(pygame.K_k, "k")
    driver.screenshot(OUT / "legend-de.jpg")


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("HEXBOARD_DATA_DIR", tempfile.mkdtemp())  # nothing remembered or changed
    sys.path.insert(0, str(REPO))
    os.chdir(REPO)
    OUT.mkdir(parents=True, exist_ok=True)
    from board import i18n

    i18n.activate("de")
    start_screen()
    fight()


if __name__ == "__main__":
    main()
