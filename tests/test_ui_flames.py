"""Animated flames (issue 18): a burning hex's tongues flicker a few times a second; the
static map tiles hold only the fire's glowing floor, so the flicker costs a few blits a frame
and a board with no fire never redraws for it."""

from board.hexgrid import parse_label
from board.ui.draw.textures import FLAME_FPS
from tests.ui_driver import Driver


def pixels_around(driver: Driver, label: str) -> list:
    x, y = driver.at(parse_label(label, driver.game.battle.layout))
    size = int(driver.scene.camera.size * 0.4)
    return [
        tuple(driver.screen.get_at((x + dx, y + dy))) for dx in range(-size, size, 2) for dy in range(-size, size, 2)
    ]


def test_the_flames_of_a_burning_hex_flicker_while_the_board_is_idle():
    driver = Driver("maps/burning.yaml")
    fire = next(h for h, t in driver.game.battle.terrain.items() if t.kind == "fire" and t.stage != "coals")
    label = driver.game.battle.label(fire)
    driver.frame()
    first = pixels_around(driver, label)
    driver.tick(1 / FLAME_FPS)  # no input: time alone asks for a new frame
    assert driver.scene.renderer.flames_flicker(driver.now + 1 / FLAME_FPS)
    driver.frame()
    assert pixels_around(driver, label) != first


def test_a_map_without_fire_never_asks_for_a_frame_to_flicker():
    driver = Driver("maps/arena.yaml")
    driver.frame()
    assert not any(driver.scene.renderer.flames_flicker(driver.now + k / 7) for k in range(20))
