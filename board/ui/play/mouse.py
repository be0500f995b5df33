"""The play scene's mouse: hover, click, drag a token or the facing, pan with the right
button, zoom with the wheel (the help page lists them, board/ui/play/hints.py)."""

from __future__ import annotations

import pygame

from board.i18n import _
from board.ui.draw.wheel import facing_toward, wheel_direction
from board.ui.play.modes import ChoosingMove, GMMode, PlanningMove


def handle_mouse(scene, event) -> None:
    """Do what a mouse event on the play scene asks (other events are ignored)."""
    handler = {
        pygame.MOUSEMOTION: _motion,
        pygame.MOUSEBUTTONDOWN: _button_down,
        pygame.MOUSEBUTTONUP: _button_up,
        pygame.MOUSEWHEEL: _wheel,
    }.get(event.type)
    if handler is not None:
        handler(scene, event)


def _motion(scene, event) -> None:
    scene.mouse = event.pos
    c = scene.controller
    if scene.drag == "pan":
        scene.camera.pan(*event.rel)
        scene.animator.set_projection(scene.camera.to_screen)
        return
    h = scene.hex_at(event.pos)
    planning = c.view.mode if isinstance(c.view.mode, PlanningMove) else None
    if scene.drag == "facing" and planning:
        centre = planning.move.hex
        if h != centre:
            scene.drag_moved = True
            c.set_facing(facing_toward(scene.camera, centre, event.pos))
        return
    # Hovering the facing wheel only previews; a click or a drag sets the facing.
    scene.wheel_hover = wheel_direction(scene.camera, planning.move.hex, event.pos) if planning else None
    c.view.hover = h
    if scene.drag:
        scene.drag_moved = True


def drag_at(scene, pos) -> str | None:
    """What a left press at pos would start dragging: "facing" (the planned move's hex),
    "token" (the figure to move), "gm:<name>" (a figure, in GM mode), or None (a click)."""
    c = scene.controller
    h = scene.hex_at(pos)
    if h is None or (scene.computer_to_play and not c.view.gm):
        return None
    mode = c.view.mode
    if isinstance(mode, PlanningMove):
        if wheel_direction(scene.camera, mode.move.hex, pos) is not None:
            return None  # an arrow of the facing wheel: a click
        if h == mode.move.hex:
            return "facing"
    name = c.figure_at(h)
    if isinstance(mode, ChoosingMove) and name == c.view.selected:
        return "token"
    if isinstance(mode, GMMode) and name and not mode.chase_from:  # a GM key aiming takes the click
        return f"gm:{name}"
    return None


def _button_down(scene, event) -> None:
    c = scene.controller
    if event.button == 3:
        scene.drag = "pan"
        return
    if event.button != 1:
        return
    h = scene.hex_at(event.pos)
    if h is None:
        return
    if scene.computer_to_play and not c.view.gm:
        c.say(_("The computer plays {team} now: X takes it over").format(team=scene.game.current_player()))
        return
    mode = c.view.mode
    pick = wheel_direction(scene.camera, mode.move.hex, event.pos) if isinstance(mode, PlanningMove) else None
    if pick is not None:
        if c.set_facing(pick):
            c.confirm()
        return
    scene.drag, scene.drag_moved = drag_at(scene, event.pos), False
    if scene.drag is None:
        c.click_hex(h)
    elif scene.drag.startswith("gm:"):
        c.view.selected = scene.drag[3:]


def _button_up(scene, event) -> None:
    c = scene.controller
    drag, scene.drag = scene.drag, None
    if event.button != 1 or drag in (None, "pan"):
        return
    h = scene.hex_at(event.pos)
    if drag == "facing":
        c.confirm()
    elif drag == "token":
        if not scene.drag_moved or h is None or h in scene.game.tokens()[c.view.selected].cells:
            c.click_hex(scene.game.tokens()[c.view.selected].hex)
        else:
            c.click_hex(h)
    elif drag.startswith("gm:") and h is not None and scene.drag_moved:
        c.gm_place(drag[3:], h)


def _wheel(scene, event) -> None:
    if scene.log_rect.collidepoint(scene.mouse):
        scene.log.scroll(event.y * 3)
        return
    scene.camera.zoom_at(1.12**event.y, scene.mouse)
    scene.animator.set_projection(scene.camera.to_screen)
