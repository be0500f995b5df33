"""Take the German screenshots into docs/img/ (issue 36, a second language): the start screen,
a fight with its action menu, the help page and the legend, all in German.

Run from the repository root: `python docs/make_german_screens.py`. Headless (the dummy video
driver); the fight is played by the seeded mouse-only player of the UI tests."""

from __future__ import annotations

import random

from make_screens import OUT, headless, start_screen  # docs/ is on the path of a script run from it


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
    headless()
    from board import i18n

    i18n.activate("de")
    start_screen("start-de.png")
    fight()


if __name__ == "__main__":
    main()
