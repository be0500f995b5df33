"""Depth and soft edges baked into the cached map tiles (issue 35): a wall is a raised block
with a lit top, darker sides toward the viewer and a soft shadow on the ground beside it."""

from __future__ import annotations

import pygame

from board.ui import theme
from board.ui.draw.textures import shade

RISE = 0.22  # how far a wall's top stands above its base, in hex sizes
SHADOW = (0.16, 0.12)  # the shadow's fall down and to the right, in hex sizes


def wall_top(centre, corners, size: float) -> list[tuple[float, float]]:
    """The block's top face: the hex drawn in a little and lifted toward the top of the screen."""
    cx, cy = centre
    return [(cx + (x - cx) * 0.9, cy + (y - cy) * 0.9 - RISE * size) for x, y in corners]


def wall_shadows(overlay: pygame.Surface, walls, size: float) -> None:
    """The walls' shadows on the ground, drawn into one alpha overlay: three steps from a wide
    faint one to a narrow darker one, so the shadow's edge is soft."""
    dx, dy = SHADOW[0] * size, SHADOW[1] * size
    for k, alpha in ((1.12, 40), (1.05, 55), (0.98, 70)):
        for (cx, cy), corners in walls:
            pygame.draw.polygon(
                overlay, (0, 0, 0, alpha), [(cx + dx + (x - cx) * k, cy + dy + (y - cy) * k) for x, y in corners]
            )


def wall_block(surface: pygame.Surface, centre, corners, size: float) -> None:
    """The raised block: side faces between the base and the top, darker the more they face
    down (away from the light at the top left), then the lit top."""
    top = wall_top(centre, corners, size)
    cx, cy = centre
    n = len(corners)
    pygame.draw.polygon(surface, shade(theme.WALL, 0.55), corners)  # the foot, in the sides' dark
    faces = []
    for i in range(n):
        a, b = corners[i], corners[(i + 1) % n]
        my = (a[1] + b[1]) / 2 - cy
        mx = (a[0] + b[0]) / 2 - cx
        if my > -0.2 * size:  # faces the viewer (or the side): it shows
            faces.append((my, mx, [a, b, top[(i + 1) % n], top[i]]))
    for my, mx, quad in sorted(faces):
        k = 0.5 + 0.2 * (mx < 0) - 0.1 * (my > 0.5 * size)
        pygame.draw.polygon(surface, shade(theme.WALL, k + 0.2), quad)
    pygame.draw.polygon(surface, shade(theme.WALL, 1.25), top)


def wall_outline(surface: pygame.Surface, centre, corners, size: float) -> None:
    """The top face's rim: lit along its upper left, the palette's wall edge elsewhere."""
    top = wall_top(centre, corners, size)
    cx, cy = centre[0], centre[1] - RISE * size
    light = shade(theme.WALL, 1.8)
    for i in range(len(top)):
        a, b = top[i], top[(i + 1) % len(top)]
        lit = (a[0] + b[0]) / 2 - cx + (a[1] + b[1]) / 2 - cy < 0
        pygame.draw.line(surface, light if lit else theme.WALL_EDGE, a, b, max(1, int(size / 16)))
