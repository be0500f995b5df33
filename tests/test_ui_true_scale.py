"""True scale: `play --hex-inches N` draws hexes N inches across the flats, from the DPI SDL
reports, else from the calibration screen (a bar held against a bank card), remembered."""

from __future__ import annotations

import math

import pygame
import pytest

from board.hexgrid import Hex, hex_neighbor
from board.ui import settings
from board.ui.draw import true_scale
from board.ui.calibrate import CARD_INCHES, CalibrationScene
from board.ui.play.scene import PlayScene
from ui_driver import AppDriver, Driver


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Each test remembers its settings in a folder of its own."""
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def display_dpi(monkeypatch):
    """SDL's report of the display's DPI, faked (None: the display reports none)."""
    reported = {"dpi": None}
    monkeypatch.setattr(true_scale, "sdl_dpi", lambda display=0: reported["dpi"])
    return reported


def across_the_flats(camera, h: Hex = Hex(2, 2)) -> float:  # noqa: B008 (a Hex is an immutable tuple)
    """A hex's width between opposite sides, in screen pixels: the distance to a neighbour's centre."""
    return math.dist(camera.to_screen(h), camera.to_screen(hex_neighbor(h, 0)))


def mm_across_the_flats(camera, dpi: float) -> float:
    return across_the_flats(camera) / dpi * 25.4


@pytest.mark.parametrize("inches, dpi", [(1.0, 96.0), (1.0, 52.5), (1.25, 160.0), (0.5, 300.0)])
def test_with_the_dpi_the_display_reports_a_hex_is_the_size_asked_for(display_dpi, inches, dpi):
    display_dpi["dpi"] = dpi
    true_scale.use(inches)
    d = Driver()
    assert across_the_flats(d.scene.camera) == pytest.approx(inches * dpi, abs=0.01)
    assert mm_across_the_flats(d.scene.camera, dpi) == pytest.approx(25.4 * inches, abs=0.01)


@pytest.mark.parametrize("layout_map", ["maps/arena.yaml", "maps/dungeon.yaml"])
def test_true_scale_holds_in_either_hex_layout(display_dpi, layout_map):
    display_dpi["dpi"] = 120.0
    true_scale.use(1.0)
    d = Driver(layout_map)
    assert across_the_flats(d.scene.camera) == pytest.approx(120.0, abs=0.01)


def test_without_true_scale_the_map_is_fitted_to_the_window(display_dpi):
    display_dpi["dpi"] = 96.0
    fitted = Driver().scene.camera.size
    true_scale.use(1.0)
    assert Driver().scene.camera.size != fitted
    true_scale.use(None)
    assert Driver().scene.camera.size == fitted


def test_a_calibration_the_player_made_wins_over_the_display_report(display_dpi):
    display_dpi["dpi"] = 96.0
    settings.save(dpi=110.0)
    true_scale.use(1.0)
    d = Driver()
    assert across_the_flats(d.scene.camera) == pytest.approx(110.0, abs=0.01)
    assert true_scale.screen_dpi() == (110.0, "calibrated")


def test_zooming_leaves_true_scale_and_home_comes_back_to_it(display_dpi):
    display_dpi["dpi"] = 150.0
    true_scale.use(1.0)
    d = Driver()
    d.wheel(-3, "0905")
    assert across_the_flats(d.scene.camera) < 140
    d.key(pygame.K_HOME)
    assert across_the_flats(d.scene.camera) == pytest.approx(150.0, abs=0.01)


def test_a_true_size_larger_than_the_zoom_limit_is_not_shrunk_by_zooming_in(display_dpi):
    display_dpi["dpi"] = 200.0
    true_scale.use(1.5)  # 300 px across: a camera size of 173, beyond the wheel's 96
    d = Driver()
    size = d.scene.camera.size
    d.wheel(2, "0905")
    assert d.scene.camera.size == size


def test_the_display_dpi_is_asked_of_sdl_and_the_dummy_driver_reports_none():
    Driver()  # the video is up
    reported = true_scale.sdl_dpi()
    assert reported is None or true_scale.DPI_RANGE[0] <= reported <= true_scale.DPI_RANGE[1]
    if pygame.display.get_driver() == "dummy":  # (a real display may report its DPI)
        assert reported is None, "SDL's dummy driver knows no screen: the calibration screen is needed"


# --- the calibration screen ------------------------------------------------------------------


def calibrating(display_dpi, inches: float | None = 1.0) -> AppDriver:
    """The window as app.run() opens it when true scale is asked for and no DPI is known."""
    true_scale.use(inches)
    assert true_scale.needs_calibration() == (inches is not None)
    driver = AppDriver(lambda size: CalibrationScene(size, Driver().scene))
    assert isinstance(driver.scene, CalibrationScene)
    return driver


def test_the_calibration_screen_driven_by_keys_stores_the_dpi_and_the_board_follows(display_dpi):
    app = calibrating(display_dpi)
    start = app.scene.length
    assert start == round(96 * CARD_INCHES), "with nothing known the bar starts at 96 dpi"
    for _ in range(3):
        app.key(pygame.K_RIGHT, mod=pygame.KMOD_LSHIFT)
    app.key(pygame.K_RIGHT)
    app.key(pygame.K_LEFT)
    app.key(pygame.K_LEFT)
    assert app.scene.length == start + 29
    app.key(pygame.K_RETURN)
    expected = round((start + 29) / CARD_INCHES, 1)
    assert settings.load()["dpi"] == expected
    assert isinstance(app.scene, PlayScene), "on to the board"
    assert across_the_flats(app.scene.camera) == pytest.approx(expected, abs=0.01)
    assert "pixels per inch" in app.scene.controller.view.message
    assert not true_scale.needs_calibration(), "once: the next start knows the screen"


def test_the_mouse_drags_the_bars_end_and_presses_done(display_dpi):
    app = calibrating(display_dpi)
    bar = app.scene.bar
    app.send(pygame.MOUSEBUTTONDOWN, pos=(bar.right, bar.centery), button=1)
    for x in (bar.x + 350, bar.x + 400):
        app.send(pygame.MOUSEMOTION, pos=(x, bar.centery + 20), rel=(0, 0), buttons=(1, 0, 0))
    app.send(pygame.MOUSEBUTTONUP, pos=(bar.x + 400, bar.centery), button=1)
    app.send(pygame.MOUSEMOTION, pos=(bar.x + 600, bar.centery), rel=(0, 0), buttons=(0, 0, 0))
    assert app.scene.length == 400, "the end follows the drag, and stops with the button"
    app.click(app.scene.done_rect.center)
    assert settings.load()["dpi"] == round(400 / CARD_INCHES, 1)
    assert isinstance(app.scene, PlayScene)


@pytest.mark.parametrize("sdl_mouse", [False, True], ids=["fingers", "fingers-and-sdl-mouse"])
def test_a_finger_drags_the_bars_end_and_taps_done(display_dpi, sdl_mouse):
    app = calibrating(display_dpi)
    bar, (w, h) = app.scene.bar, app.scene.size

    def finger(kind, pos):
        if sdl_mouse:  # what SDL makes of a touch: read by no one here
            mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}
            app.send(
                mouse.get(kind, pygame.MOUSEMOTION),
                pos=(pos[0] + 90, pos[1]),
                button=1,
                rel=(0, 0),
                buttons=(1, 0, 0),
                touch=True,
            )
        app.send(kind, touch_id=4, finger_id=0, x=pos[0] / (w - 1), y=pos[1] / (h - 1), dx=0.0, dy=0.0, pressure=1.0)

    finger(pygame.FINGERDOWN, (bar.right, bar.centery))
    finger(pygame.FINGERMOTION, (bar.x + 380, bar.centery))
    finger(pygame.FINGERUP, (bar.x + 380, bar.centery))
    assert abs(app.scene.length - 380) <= 1  # a finger's place is a fraction of the window
    dpi = round(app.scene.length / CARD_INCHES, 1)
    done = app.scene.done_rect.center
    finger(pygame.FINGERDOWN, done)
    finger(pygame.FINGERUP, done)  # (on the board by then: a finger it never saw come down)
    assert settings.load()["dpi"] == dpi
    assert isinstance(app.scene, PlayScene)


def test_esc_goes_on_without_true_scale_and_remembers_nothing(display_dpi):
    app = calibrating(display_dpi)
    app.key(pygame.K_RIGHT)
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, PlayScene)
    assert "dpi" not in settings.load() and true_scale.inches() is None
    assert app.scene.controller.view.warning and "not calibrated" in app.scene.controller.view.message


def test_the_bar_stays_in_the_window_and_in_the_dpis_a_screen_may_have(display_dpi):
    app = calibrating(display_dpi)
    for _ in range(300):
        app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_SHIFT))
    assert app.scene.bar.right <= app.scene.size[0]
    for _ in range(300):
        app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=pygame.KMOD_SHIFT))
    assert app.scene.dpi >= true_scale.DPI_RANGE[0]


def test_an_unwritable_data_folder_keeps_the_measure_for_this_run_and_says_so(
    display_dpi, own_data_folder, monkeypatch
):
    blocked = own_data_folder / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(blocked / "inside"))
    app = calibrating(display_dpi)
    dpi = round(app.scene.length / CARD_INCHES, 1)
    app.key(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)
    assert "not remembered" in app.scene.controller.view.message
    assert across_the_flats(app.scene.camera) == pytest.approx(dpi, abs=0.01)


def test_the_window_opens_on_the_calibration_screen_when_no_dpi_is_known(display_dpi, monkeypatch):
    from board.game import Game
    from board.maps import load_map
    from board.ui import app as app_module
    from ui_driver import ROOT

    seen = []
    monkeypatch.setattr(
        app_module, "CalibrationScene", lambda size, then: seen.append(then) or CalibrationScene(size, then)
    )
    game = Game(load_map(ROOT / "maps/arena.yaml"))
    true_scale.use(None)
    app_module.run(game, "arena", frames=2)
    assert seen == [], "no true scale asked: straight to the board"
    true_scale.use(1.0)
    app_module.run(game, "arena", frames=2)
    assert len(seen) == 1 and isinstance(seen[0], PlayScene)
    display_dpi["dpi"] = 100.0
    app_module.run(game, "arena", frames=2)
    assert len(seen) == 1, "the display reports its DPI: no calibration"
    app_module.run(game, "arena", frames=2, calibrate=True)
    assert len(seen) == 2, "--calibrate measures again"


# --- the setting ----------------------------------------------------------------------------


def test_play_hex_inches_is_remembered_and_off_forgets_it():
    from board.cli import build_parser
    from board.cli_display import HEX_INCHES, use_true_scale

    assert settings.NUMBERS["hex_inches"] == HEX_INCHES
    args = build_parser().parse_args(["play", "maps/arena.yaml", "--hex-inches", "1.25"])
    use_true_scale(args.hex_inches)
    assert true_scale.inches() == 1.25 and settings.load()["hex_inches"] == 1.25
    true_scale.use(None)
    use_true_scale(build_parser().parse_args(["play"]).hex_inches)  # the next start
    assert true_scale.inches() == 1.25
    use_true_scale(build_parser().parse_args(["play", "--hex-inches", "off"]).hex_inches)
    assert true_scale.inches() is None and "hex_inches" not in settings.load()
    for bad in ("9", "0.1", "nan", "inf", "-1", "one"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["play", "--hex-inches", bad])


@pytest.mark.parametrize(
    "text",
    [
        '{"dpi": NaN}',
        '{"dpi": Infinity}',
        '{"dpi": true}',
        '{"dpi": "96"}',
        '{"dpi": 1e308}',
        '{"dpi": -96}',
        '{"dpi": 0}',
        '{"hex_inches": 1e-9}',
        '{"hex_inches": [1]}',
        '{"hex_inches": 1e999}',
        '{"hex_inches": false}',
    ],
)
def test_a_hostile_number_in_the_settings_is_ignored(own_data_folder, display_dpi, text):
    (own_data_folder / settings.FILE).write_text(text)
    assert settings.load() == {}
    true_scale.use(1.0)
    assert true_scale.needs_calibration(), "an unusable DPI is no DPI: the player measures"
    from board.cli_display import use_true_scale

    use_true_scale(None)
    assert true_scale.inches() is None
