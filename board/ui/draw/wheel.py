"""The facing wheel: six arrows around a hex, and which facing a pixel points at."""

from __future__ import annotations

import math

import pygame

from board.hexgrid import DIRECTIONS, Hex
from board.ui import theme
from board.ui.draw.camera import Camera

# The arrows lie inside the figure's own hex, around its centre (issue 35: out in the
# neighbouring hexes they covered the tokens there, and a click could pick either).
ARROW_BASE, ARROW_TIP = 0.5, 0.84  # hex sizes from the centre (the hex's inner radius is 0.866)
ARROW_AT = 0.68  # the middle of an arrow (where a test clicks it)
RING = (0.42, 0.9)  # a pixel this far out points at a facing; nearer the centre it is a drag


def draw_wheel(surface, camera: Camera, h: Hex, pick: int | None, blocked=frozenset()) -> None:
    """Six arrows around a hex: click one to face that way (dimmed: the figure does not fit)."""
    cx, cy = camera.to_screen(h)
    for d in range(6):
        dx, dy = camera.to_screen(DIRECTIONS[d])
        ox, oy = camera.to_screen(Hex(0, 0))
        vx, vy = dx - ox, dy - oy
        length = math.hypot(vx, vy)
        ux, uy = vx / length, vy / length
        tip = (cx + ux * camera.size * ARROW_TIP, cy + uy * camera.size * ARROW_TIP)
        base = (cx + ux * camera.size * ARROW_BASE, cy + uy * camera.size * ARROW_BASE)
        half = camera.size * 0.22
        colour = (90, 90, 96) if d in blocked else theme.SELECT if d == pick else (240, 240, 240)
        arrow = [tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
        pygame.draw.polygon(surface, colour, arrow)
        pygame.draw.polygon(surface, (30, 30, 30), arrow, 1)


def wheel_direction(camera: Camera, h: Hex, pos: tuple[float, float]) -> int | None:
    """Which facing arrow of the wheel around h the pixel is on, if any."""
    cx, cy = camera.to_screen(h)
    vx, vy = pos[0] - cx, pos[1] - cy
    distance = math.hypot(vx, vy)
    if distance < camera.size * RING[0] or distance > camera.size * RING[1]:
        return None
    return facing_toward(camera, h, pos)


def facing_toward(camera: Camera, h: Hex, pos: tuple[float, float]) -> int:
    """The facing from hex h that points most nearly at a screen pixel."""
    cx, cy = camera.to_screen(h)
    ox, oy = camera.to_screen(Hex(0, 0))
    best, score = 0, -2.0
    vx, vy = pos[0] - cx, pos[1] - cy
    norm = math.hypot(vx, vy) or 1
    for d in range(6):
        dx, dy = camera.to_screen(DIRECTIONS[d])
        wx, wy = dx - ox, dy - oy
        s = (vx * wx + vy * wy) / (norm * math.hypot(wx, wy))
        if s > score:
            best, score = d, s
    return best
