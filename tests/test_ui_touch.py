"""Touch: a tap selects and moves, a drag moves a token, two fingers pan and pinch-zoom, a long
press shows what hovering shows; SDL's finger events (and the mouse events SDL makes from them)
drive the board, and a touch is never taken twice."""

from __future__ import annotations

import math

import pygame
import pytest

from board.rules.base import Command
from board.ui.play.touch import LONG_PRESS
from test_ui_controller import arena_in_combat, pass_to_aldric, shown  # noqa: F401 (a fixture)
from ui_driver import Driver
from board.ui.play.modes import Aiming, ChoosingMove, PlanningMove

ENTER = pygame.K_RETURN


class Fingers:
    """Synthetic fingers on a Driver's board: SDL's events, x and y from 0 to 1 of the window;
    with `sdl_mouse`, the mouse events SDL makes from the first finger come first, as SDL2 sends them."""

    def __init__(self, d: Driver, sdl_mouse: bool = False):
        self.d = d
        self.sdl_mouse = sdl_mouse
        self.down_ids: list[int] = []

    def _norm(self, where) -> tuple[float, float]:
        x, y = self.d.at(where)
        w, h = self.d.scene.size
        return x / (w - 1), y / (h - 1)

    def _send(self, kind: int, finger: int, where) -> None:
        x, y = self._norm(where)
        first = self.down_ids[:1] == [finger] or (not self.down_ids and kind == pygame.FINGERDOWN)
        if self.sdl_mouse and first:
            pos = self.d.at(where)
            if kind == pygame.FINGERMOTION:
                self.d._send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)
            else:
                if kind == pygame.FINGERDOWN:
                    self.d._send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
                button = pygame.MOUSEBUTTONDOWN if kind == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
                self.d._send(button, pos=pos, button=1, touch=True)
        self.d._send(kind, touch_id=7, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)

    def down(self, where, finger: int = 0) -> None:
        self._send(pygame.FINGERDOWN, finger, where)
        self.down_ids.append(finger)

    def move(self, where, finger: int = 0) -> None:
        self._send(pygame.FINGERMOTION, finger, where)

    def up(self, where, finger: int = 0) -> None:
        self._send(pygame.FINGERUP, finger, where)
        self.down_ids.remove(finger)

    def tap(self, where) -> None:
        self.down(where)
        self.up(where)

    def drag(self, start, end, steps: int = 4) -> None:
        a, b = self.d.at(start), self.d.at(end)
        self.down(a)
        for k in range(1, steps + 1):
            self.move((a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps))
        self.up(b)


@pytest.mark.parametrize("sdl_mouse", [False, True], ids=["fingers", "fingers-and-sdl-mouse"])
def test_a_tap_plans_the_move_and_a_second_tap_on_the_hex_confirms_it_each_taken_once(sdl_mouse):
    d = Driver()
    f = Fingers(d, sdl_mouse)
    before = d.state.clone()
    f.tap("1106")
    # Taken twice, the second take would be a click on the planned hex: the move confirmed.
    assert isinstance(d.view.mode, PlanningMove) and d.view.mode.move.hex == d.hex("1106")
    assert d.state == before and d.game.history == [], "one tap plans; nothing moves yet"
    f.tap("1106")
    assert d.label(d.state.figures["Eamon"].hex) == "1106"
    assert [c.short() for c in d.game.history] == ["move Eamon jog"]
    assert d.view.selected == "Brenna"


@pytest.mark.parametrize("sdl_mouse", [False, True], ids=["fingers", "fingers-and-sdl-mouse"])
def test_a_finger_drags_the_token_to_a_hex_and_the_path_follows_it(sdl_mouse):
    d = Driver()
    f = Fingers(d, sdl_mouse)
    origin = d.scene.camera.origin
    f.down("Eamon")
    f.move("1206")
    f.move("1106")
    assert d.scene.overlays().path[-1] == d.hex("1106"), "the path follows the finger"
    assert d.label(d.state.figures["Eamon"].hex) == "1306", "nothing moves before the finger lifts"
    f.up("1106")
    assert isinstance(d.view.mode, PlanningMove) and d.view.mode.move.hex == d.hex("1106")
    assert d.scene.camera.origin == origin, "dragging a token does not pan"
    d.key(ENTER)
    assert d.label(d.state.figures["Eamon"].hex) == "1106"
    assert len(d.game.history) == 1


def test_one_finger_dragged_over_the_ground_pans_the_map_and_changes_nothing():
    d = Driver()
    f = Fingers(d)
    before, (ox, oy) = d.state.clone(), d.scene.camera.origin
    start = d.at("0903")
    f.drag(start, (start[0] + 80, start[1] + 40))
    x, y = d.scene.camera.origin
    assert (round(x - ox), round(y - oy)) == (80, 40)
    assert d.state == before and isinstance(d.view.mode, ChoosingMove)


def test_two_fingers_spread_zoom_in_about_their_centre_and_moved_together_pan():
    d = Driver()
    f = Fingers(d, sdl_mouse=True)
    before = d.state.clone()
    cx, cy = d.at("0905")
    size = d.scene.camera.size
    under = d.hex_under((cx, cy))
    f.down((cx - 40, cy), finger=1)
    f.down((cx + 40, cy), finger=2)
    f.move((cx - 60, cy), finger=1)
    f.move((cx + 60, cy), finger=2)
    assert d.scene.camera.size == pytest.approx(size * 120 / 80, rel=0.02)
    after = d.hex_under((cx, cy))
    assert after == pytest.approx(under, abs=0.02), "the map point between the fingers stays put"
    origin = d.scene.camera.origin
    f.move((cx - 60 + 30, cy + 20), finger=1)
    f.move((cx + 60 + 30, cy + 20), finger=2)
    x, y = d.scene.camera.origin
    assert (x - origin[0], y - origin[1]) == pytest.approx((30, 20), abs=0.6), "both fingers moved: a pan"
    assert d.scene.camera.size == pytest.approx(size * 120 / 80, rel=0.02)
    f.move((cx - 20 + 30, cy + 20), finger=1)  # pinched in: zoomed out
    assert d.scene.camera.size < size * 120 / 80
    f.up((cx - 20 + 30, cy + 20), finger=1)
    f.up((cx + 60 + 30, cy + 20), finger=2)
    assert d.state == before and d.game.history == [], "a pinch moves no figure"
    assert isinstance(d.view.mode, ChoosingMove), "nor plans a move"


def test_a_second_finger_turns_a_token_drag_into_a_pinch_and_nothing_is_planned():
    d = Driver()
    f = Fingers(d)
    f.down("Eamon", finger=1)
    f.move("1206", finger=1)
    assert d.scene.drag == "token"
    f.down("0905", finger=2)
    assert d.scene.drag is None
    f.move("1106", finger=1)
    f.up("1106", finger=1)
    f.up("0905", finger=2)
    assert isinstance(d.view.mode, ChoosingMove) and d.game.history == []


def test_a_long_press_on_a_target_shows_the_odds_and_attacks_no_one(shown):
    d = Driver(arena_in_combat())
    pass_to_aldric(d)
    d.press("Charge and attack")
    assert isinstance(d.view.mode, Aiming) and d.view.mode.kind == "target"
    f = Fingers(d, sdl_mouse=True)
    d.move_mouse((5, 5))  # the mouse is far away: only the finger can show the odds
    d.frame()
    assert shown["odds"] is None
    history = len(d.game.history)
    f.down("Eamon")
    d.tick(LONG_PRESS / 2)
    assert shown["odds"] is None, "not yet: a touch that is still short may be a tap"
    d.tick(LONG_PRESS)
    expected = d.game.predict(Command(do="act", figure="Aldric", action="charge_attack", target="Eamon"))
    assert shown["odds"] == ("Eamon", expected), "held still: the odds, as the mouse's hover shows them"
    f.up("Eamon")
    d.frame()
    assert len(d.game.history) == history and isinstance(d.view.mode, Aiming) and d.view.mode.kind == "target", (
        "a long press is not a tap"
    )
    assert shown["odds"] == ("Eamon", expected), "the odds stay to be read after the finger lifts"
    f.tap("Eamon")  # a tap attacks
    assert len(d.game.history) == history + 1
    assert any(line.startswith("Aldric attacks Eamon") for line in d.scene.log.text().splitlines())


def test_a_long_press_on_a_figure_shows_its_card_and_a_move_tip():
    d = Driver()
    f = Fingers(d)
    f.down("Brenna")
    d.tick(LONG_PRESS * 1.5)
    assert d.scene.card.name == "Brenna", "the card of the figure held, as hovering shows it"
    f.up("Brenna")
    assert isinstance(d.view.mode, ChoosingMove) and d.game.history == []
    f.down("1106")
    d.tick(LONG_PRESS * 1.5)
    assert d.view.hover == d.hex("1106") and d.scene.mouse == d.at("1106")
    f.up("1106")
    assert not isinstance(d.view.mode, PlanningMove), "a long press on a blue hex plans nothing"


def test_a_tap_on_a_menu_button_presses_it_by_the_mouse_event_sdl_made():
    d = Driver()
    f = Fingers(d, sdl_mouse=True)
    f.tap(d.button("Stand still").get_abs_rect().center)
    assert isinstance(d.view.mode, PlanningMove) and d.view.mode.move.action == "stand_still"
    assert d.game.history == []
    f.tap("Eamon")  # the planned hex: confirmed
    assert [c.short() for c in d.game.history] == ["move Eamon stand_still"]


def test_fingers_sdl_makes_from_the_mouse_are_not_taken_again():
    d = Driver()
    x, y = d.at("1106")
    w, h = d.scene.size
    for touch_id in (-1, 2**64 - 1):  # SDL_MOUSE_TOUCHID
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            d._send(kind, touch_id=touch_id, finger_id=0, x=x / (w - 1), y=y / (h - 1), dx=0.0, dy=0.0, pressure=1.0)
    assert isinstance(d.view.mode, ChoosingMove)


@pytest.mark.parametrize(
    "attrs",
    [
        dict(x=math.nan, y=0.5),
        dict(x=math.inf, y=0.5),
        dict(x="a", y=0.5),
        dict(y=0.5),
        dict(x=-5.0, y=9.0),
        dict(x=None, y=None),
    ],
)
def test_a_malformed_finger_event_is_ignored_or_kept_on_the_window(attrs):
    d = Driver()
    before = d.state.clone()
    for kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
        d._send(kind, touch_id=3, finger_id=1, **attrs)
    assert d.state == before and not d.scene.touch.pressing


@pytest.mark.parametrize("sdl_mouse", [False, True], ids=["fingers", "fingers-and-sdl-mouse"])
def test_the_touch_that_lifts_the_pass_the_screen_cover_does_nothing_else(sdl_mouse):
    d = Driver()
    d.scene.cover.shown_for = "Red"  # the cover is up, waiting for Red
    Fingers(d, sdl_mouse).tap("1106")
    assert d.scene.cover.shown_for is None, "the tap lifted the cover"
    assert isinstance(d.view.mode, ChoosingMove), "and planned nothing"
    Fingers(d, sdl_mouse).tap("1106")
    assert isinstance(d.view.mode, PlanningMove), "the next tap is the board's"


@pytest.mark.parametrize("sdl_mouse", [False, True], ids=["fingers", "fingers-and-sdl-mouse"])
def test_a_touch_skips_the_running_animation_as_a_click_does(sdl_mouse):
    d = Driver(settle=False)
    f = Fingers(d, sdl_mouse)
    f.tap("1106")
    f.tap("1106")
    assert d.scene.animating, "the move is being shown"
    f.down("0903")
    assert not d.scene.animating
    f.up("0903")


def test_fingers_that_never_lift_are_not_kept_without_end():
    d = Driver()
    before = d.state.clone()
    _w, _h = d.scene.size
    for finger in range(1000):  # a broken or hostile driver: downs and no ups
        d.scene.handle(
            pygame.event.Event(
                pygame.FINGERDOWN,
                touch_id=5,
                finger_id=finger,
                x=(finger % 97) / 97,
                y=0.5,
                dx=0.0,
                dy=0.0,
                pressure=1.0,
            )
        )
    assert len(d.scene.touch.fingers) <= 10
    d.scene.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not d.scene.touch.pressing, "the window lost the focus: no finger is held any more"
    assert d.state == before and d.game.history == []
    Fingers(d).tap("1106")  # and the next touch is a plain tap
    assert isinstance(d.view.mode, PlanningMove)
