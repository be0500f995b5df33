"""Take the accessibility screenshots into docs/img/ (issue 36): one moment of a fight in each
palette (and the colour-blind one in greyscale, as an eye without colour sees it), the legend
with the sides' patterns, and the keyboard's cursor, menu focus and odds at the cursor.

Run from the repository root: `python docs/make_access_screens.py`. Headless (the dummy video
driver); the fight is played by the seeded keyboard-only player of the UI tests."""

from __future__ import annotations

import random

from make_screens import OUT, headless  # docs/ is on the path of a script run from it


def to_aim(driver, rng) -> None:
    """Play on to the first attack with a target in reach, then aim it with the keys."""
    from board.ui.play.modes import ChoosingAction
    from tests.keyboard_player import focused, play_one

    for _ in range(400):
        c = driver.controller
        if isinstance(driver.view.mode, ChoosingAction):
            aimed = [i for i in c.actions() if i.enabled and i.needs == "target" and i.targets]
            if aimed:
                import pygame

                if not driver.scene.keyboard.on_menu:
                    driver.key(pygame.K_F6)
                while focused(driver).id != aimed[0].id:
                    driver.key(pygame.K_DOWN)
                driver.key(pygame.K_RETURN)
                driver.key(pygame.K_TAB)  # the cursor on the first target: its odds
                return
        play_one(driver, rng)


def palettes() -> None:
    import pygame

    from board.ui.draw import palette
    from tests.keyboard_player import cursor_to
    from tests.ui_driver import Driver

    for name in palette.NAMES:
        palette.use(name)
        driver = Driver("maps/arena.yaml", seed=3)
        driver.key(pygame.K_t, "t")  # threat zones of every figure
        reach = driver.controller.move_info()
        stops = sorted(reach.stop_hexes)
        cursor_to(driver, stops[len(stops) // 2])  # the path to a must-stop hex, under the cursor
        driver.screenshot(OUT / f"palette-{name}.jpg")
        if name == "colour-blind":
            grey = pygame.transform.grayscale(driver.screen)
            pygame.image.save(grey, str(OUT / "palette-colour-blind-greyscale.jpg"))
            driver.key(pygame.K_k, "k")
            driver.screenshot(OUT / "legend-colour-blind.jpg")
    palette.use(palette.DEFAULT)


def keyboard() -> None:
    import pygame

    from board.ui.draw import palette
    from board.ui.play.modes import ChoosingAction
    from tests.keyboard_player import play_one
    from tests.ui_driver import Driver

    palette.use(palette.DEFAULT)
    driver = Driver("maps/arena.yaml", seed=3)
    rng = random.Random(1)
    while not isinstance(driver.view.mode, ChoosingAction):
        play_one(driver, rng)
    driver.key(pygame.K_DOWN)  # the menu has the keys in combat: its focus moves
    driver.screenshot(OUT / "keyboard-menu-focus.jpg")
    to_aim(driver, rng)
    driver.screenshot(OUT / "keyboard-aiming-odds.jpg")


def main() -> None:
    headless()
    palettes()
    keyboard()


if __name__ == "__main__":
    main()
