"""The play scene's touch screen: a tap clicks, a drag moves a token (or pans), two fingers pan
and pinch-zoom, a long press shows what hovering shows (the odds, a tip, the figure's card).

SDL sends each finger's FINGERDOWN, FINGERMOTION and FINGERUP (x and y from 0 to 1 across the
window) and, for the first finger down, mouse events made from it, marked `event.touch` (SDL2
sends these just before the finger's own event). The board reads the fingers only; the made-up
mouse events go to what is not the board (the widgets, the cover, the end-of-fight panel), and a
finger whose mouse event one of those took is left alone: a tap is never taken twice. Every
gesture is played to board/ui/play/mouse.py as the mouse's own events, so a finger changes the
game through the same path as a click. MULTIGESTURE is not read: the two fingers' own motions
say the same, and reading both would zoom twice."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from board.ui.play.mouse import drag_at, handle_mouse

SLOP = 12  # pixels a finger may wander and still tap (or long-press)
LONG_PRESS = 0.5  # seconds held still: show what the mouse's hover shows
MAX_FINGERS = 10  # more at once is no hand: the fingers are forgotten and counted anew
MOUSE_TOUCH_IDS = (-1, 2**64 - 1)  # SDL_MOUSE_TOUCHID: fingers SDL makes from a mouse
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)


@dataclass
class Finger:
    """One finger on the glass: where it came down and when, where it is, what it does."""

    start: tuple[int, int]
    pos: tuple[int, int]
    since: float
    kind: str = "press"  # press, drag (a token), pan, peek (long press), pinch, spent, ui


class Touch:
    """The fingers down now, and the two-finger gesture they make."""

    def __init__(self):
        self.fingers: dict[tuple[int, int], Finger] = {}
        self.pinch: tuple[tuple[float, float], float] | None = None  # centre and spread
        self.ui_took = False  # the widgets took the mouse event made from the next finger

    def forget(self) -> None:
        """No finger is down any more (their lifts were lost)."""
        self.fingers.clear()
        self.pinch = None

    @property
    def pressing(self) -> bool:
        """A finger is down (frames must keep coming, to see a long press)."""
        return bool(self.fingers)

    def tick(self, scene, now: float) -> bool:
        """A finger held still long enough shows the hover; True if it did."""
        if len(self.fingers) != 1:
            return False
        finger = next(iter(self.fingers.values()))
        if finger.kind not in ("press", "ui") or now - finger.since < LONG_PRESS:
            return False
        finger.kind = "peek" if finger.kind == "press" else "spent"
        _mouse(scene, pygame.MOUSEMOTION, finger.pos)
        return True


def handle_touch(scene, event) -> bool:
    """Take a finger's event, or a mouse event made from one; False for any other event."""
    if event.type in MOUSE_EVENTS and getattr(event, "touch", False):
        _made_up_mouse(scene, event)
        return True
    if event.type == pygame.WINDOWFOCUSLOST:  # a finger's lift may never come: none is down
        scene.touch.forget()
        return False
    if event.type not in FINGER_EVENTS:
        return False
    pos = finger_pos(event, scene.size)
    if pos is None:
        return True
    key = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
    {pygame.FINGERDOWN: _down, pygame.FINGERMOTION: _motion, pygame.FINGERUP: _up}[event.type](
        scene, scene.touch, key, pos
    )
    return True


def finger_pos(event, size: tuple[int, int]) -> tuple[int, int] | None:
    """The window pixel a finger event is at (SDL gives 0 to 1 across the window), kept on the
    window; None for a finger SDL made from the mouse, or an event without a usable place."""
    if getattr(event, "touch_id", 0) in MOUSE_TOUCH_IDS:
        return None  # the mouse itself, already read as a mouse
    try:
        x, y = float(event.x), float(event.y)
    except (AttributeError, TypeError, ValueError):
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    w, h = size
    return round(min(max(x, 0.0), 1.0) * (w - 1)), round(min(max(y, 0.0), 1.0) * (h - 1))


def _made_up_mouse(scene, event) -> None:
    """A mouse event SDL made from a finger: for what is not the board; note if it was taken."""
    taken = False
    if event.type == pygame.MOUSEBUTTONDOWN:
        _skip_animation(scene)
        taken = scene.cover.lift() or scene.fight_over.click(event.pos)
    taken = scene.manager.process_events(event) or taken
    if event.type == pygame.MOUSEBUTTONDOWN:
        scene.touch.ui_took = bool(taken)


def _skip_animation(scene) -> None:
    """A touch skips the running animation, as a click does (and still counts)."""
    if scene.animating:
        scene.animator.skip()
        scene.log.skip()


def _down(scene, touch: Touch, key, pos) -> None:
    took, touch.ui_took = touch.ui_took, False
    _skip_animation(scene)
    kind = "press"
    if took or scene.dialog.open or not scene.board_rect.collidepoint(pos):
        kind = "ui"
    elif scene.cover.lift() or scene.fight_over.click(pos):
        kind = "spent"  # the touch that lifts the cover does nothing else
    if len(touch.fingers) >= MAX_FINGERS:
        touch.forget()
    touch.fingers[key] = Finger(pos, pos, scene.now, kind)
    board = [f for f in touch.fingers.values() if f.kind != "ui"]
    if len(board) >= 2:  # a second finger: whatever the first began gives way to the pinch
        scene.drag = None
        for finger in board:
            finger.kind = "pinch"
        touch.pinch = _spread(board)


def _motion(scene, touch: Touch, key, pos) -> None:
    finger = touch.fingers.get(key)
    if finger is None:
        return
    last, finger.pos = finger.pos, pos
    if finger.kind == "pinch":
        _pinch(scene, touch)
    elif finger.kind == "press" and math.dist(finger.start, pos) > SLOP:
        finger.kind = "drag" if drag_at(scene, finger.start) else "pan"
        if finger.kind == "drag":
            _mouse(scene, pygame.MOUSEBUTTONDOWN, finger.start)
            _mouse(scene, pygame.MOUSEMOTION, pos, buttons=(1, 0, 0))
        else:
            _pan(scene, pos[0] - finger.start[0], pos[1] - finger.start[1])
    elif finger.kind == "drag":
        _mouse(scene, pygame.MOUSEMOTION, pos, buttons=(1, 0, 0))
    elif finger.kind == "pan":
        _pan(scene, pos[0] - last[0], pos[1] - last[1])
    elif finger.kind == "peek":  # a held finger moved on: the hover follows it
        _mouse(scene, pygame.MOUSEMOTION, pos)


def _up(scene, touch: Touch, key, pos) -> None:
    finger = touch.fingers.pop(key, None)
    if finger is None:
        return
    finger.pos = pos
    if finger.kind == "press" and scene.now - finger.since >= LONG_PRESS:
        _mouse(scene, pygame.MOUSEMOTION, pos)  # held long (no frame came between): a peek
    elif finger.kind == "press":  # a tap: the mouse's click, at that spot
        _mouse(scene, pygame.MOUSEMOTION, pos)
        _mouse(scene, pygame.MOUSEBUTTONDOWN, pos)
        _mouse(scene, pygame.MOUSEBUTTONUP, pos)
    elif finger.kind == "drag":
        _mouse(scene, pygame.MOUSEBUTTONUP, pos)
    board = [f for f in touch.fingers.values() if f.kind == "pinch"]
    if finger.kind == "pinch":  # the fingers left do nothing more when they lift
        for other in board:
            other.kind = "spent" if len(board) < 2 else "pinch"
        touch.pinch = _spread(board) if len(board) >= 2 else None


def _spread(fingers: list[Finger]) -> tuple[tuple[float, float], float]:
    """The centre of the first two fingers and the distance between them."""
    (ax, ay), (bx, by) = fingers[0].pos, fingers[1].pos
    return ((ax + bx) / 2, (ay + by) / 2), math.dist((ax, ay), (bx, by))


def _pinch(scene, touch: Touch) -> None:
    """Two fingers moved: the map follows their centre and their spread."""
    board = [f for f in touch.fingers.values() if f.kind == "pinch"]
    if touch.pinch is None or len(board) < 2:
        return
    (cx, cy), spread = touch.pinch
    centre, now = _spread(board)
    scene.camera.pan(centre[0] - cx, centre[1] - cy)
    if spread >= 1 and now >= 1:
        scene.camera.zoom_at(now / spread, centre)
    scene.animator.set_projection(scene.camera.to_screen)
    touch.pinch = (centre, now)


def _pan(scene, dx: float, dy: float) -> None:
    scene.camera.pan(dx, dy)
    scene.animator.set_projection(scene.camera.to_screen)


def _mouse(scene, kind: int, pos, buttons=(0, 0, 0)) -> None:
    """Play one mouse event to the board, as the mouse itself would send it."""
    rel = (pos[0] - scene.mouse[0], pos[1] - scene.mouse[1])
    attrs = {"rel": rel, "buttons": buttons} if kind == pygame.MOUSEMOTION else {"button": 1}
    handle_mouse(scene, pygame.event.Event(kind, pos=pos, **attrs))
