"""Take the table-mode screenshots into docs/img/ (issue 36): the calibration screen of true
scale, a board at true scale (1-inch hexes on a screen of 60 pixels per inch, a 42-inch 1080p
TV), and a long press showing the odds with nothing but fingers.

Run from the repository root: `python docs/make_table_screens.py`. Headless (the dummy video
driver); the data folder is a temporary one, so nothing is remembered."""

from __future__ import annotations

import sys

from make_screens import OUT, REPO, headless  # docs/ is on the path of a script run from it

TV_DPI = 52.5  # a 42-inch 16:9 screen of 1920x1080 pixels: 1920 / 36.6 in


def calibration() -> None:
    import pygame

    from board.ui.draw import true_scale
    from board.ui.calibrate import CalibrationScene
    from tests.ui_driver import Driver

    true_scale.use(1.0)
    board = Driver("maps/arena.yaml", seed=3)
    scene = CalibrationScene(board.scene.size, board.scene)
    for _ in range(4):  # as a player does: a few steps from the first guess
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_SHIFT))
    scene.draw(board.screen)
    pygame.image.save(board.screen, str(OUT / "calibrate.png"))
    true_scale.use(None)


def true_scale_board() -> None:
    from board.ui.draw import true_scale
    from tests.ui_driver import Driver

    true_scale.use(1.0)
    true_scale.measured(TV_DPI)
    Driver("maps/arena.yaml", seed=3, size=(1920, 1080)).screenshot(OUT / "true-scale-tv.jpg")
    true_scale.use(None)
    true_scale.measured(None)


def long_press() -> None:
    from board.ui.play.touch import LONG_PRESS
    from tests.test_ui_controller import arena_in_combat, pass_to_aldric
    from tests.test_ui_touch import Fingers
    from tests.ui_driver import Driver

    driver = Driver(arena_in_combat())
    pass_to_aldric(driver)
    fingers = Fingers(driver, sdl_mouse=True)
    fingers.tap(driver.button("Charge and attack").get_abs_rect().center)
    fingers.down("Eamon")
    driver.tick(LONG_PRESS * 1.5)
    fingers.up("Eamon")
    driver.screenshot(OUT / "touch-long-press-odds.jpg")


def main() -> None:
    headless()
    sys.path.insert(0, str(REPO / "tests"))  # the tests' modules import one another by name
    calibration()
    true_scale_board()
    long_press()


if __name__ == "__main__":
    main()
