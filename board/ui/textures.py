"""Procedural texture for the map tiles: a grain baked into each cached tile (once per tile and
zoom, never per frame), and the light and shadow edges that give walls and hexes depth."""

from __future__ import annotations

import random

import pygame

GRAIN_CELLS = 64  # the noise is made this coarse and this fine, then scaled to a tile
_GRAIN: dict[int, pygame.Surface] = {}


def grain(size: int, seed: int = 18) -> pygame.Surface:
    """A size x size multiply texture: soft blotches with a fine speckle, near white so that it
    only tints (made once a session; seeded, so every run looks the same)."""
    if size in _GRAIN:
        return _GRAIN[size]
    rng = random.Random(seed)
    soft = pygame.Surface((GRAIN_CELLS // 8, GRAIN_CELLS // 8))
    for x in range(soft.get_width()):
        for y in range(soft.get_height()):
            v = rng.randint(226, 255)
            soft.set_at((x, y), (v, v, v - 2))
    fine = pygame.Surface((GRAIN_CELLS, GRAIN_CELLS))
    for x in range(GRAIN_CELLS):
        for y in range(GRAIN_CELLS):
            v = rng.randint(236, 255)
            fine.set_at((x, y), (v, v, v))
    # Scaled as the middle of a 3 x 3 tiling, so the blotches run on across tile seams.
    n = soft.get_width()
    tiled = pygame.Surface((3 * n, 3 * n))
    for i in range(3):
        for j in range(3):
            tiled.blit(soft, (i * n, j * n))
    out = pygame.transform.smoothscale(tiled, (3 * size, 3 * size)).subsurface((size, size, size, size)).copy()
    step = GRAIN_CELLS
    for x in range(0, size, step):
        for y in range(0, size, step):
            out.blit(fine, (x, y), special_flags=pygame.BLEND_RGB_MULT)
    _GRAIN[size] = out
    return out


def shade(colour, k: float) -> tuple[int, int, int]:
    """The colour lightened (k > 1) or darkened (k < 1)."""
    return tuple(max(0, min(255, round(c * k))) for c in colour[:3])


def bevel(surface: pygame.Surface, corners, colour, width: int, raised: bool = True) -> None:
    """Edges lit from the top left and shaded at the bottom right: the hex stands up (a wall);
    not raised, the other way round: it sinks in a little (open ground)."""
    n = len(corners)
    cx = sum(x for x, _ in corners) / n
    cy = sum(y for _, y in corners) / n
    for i in range(n):
        a, b = corners[i], corners[(i + 1) % n]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        lit = ((mx + my) < 0) == raised  # an up-left edge faces the light
        pygame.draw.line(surface, shade(colour, 1.35 if lit else 0.62) if raised
                         else shade(colour, 1.06 if lit else 0.86), a, b, width)


_GRAINED: dict[tuple, tuple[int, int, int]] = {}


def grained(colour, size: int) -> tuple[int, int, int]:
    """A colour as the grain leaves it on average: the fill around tiles that hold no hex, so
    the ground between them shows no seam (worked out once per colour)."""
    key = (tuple(colour[:3]), size)
    if key not in _GRAINED:
        mean = pygame.transform.average_color(grain(size))
        _GRAINED[key] = tuple(round(c * m / 255) for c, m in zip(colour[:3], mean[:3]))
    return _GRAINED[key]
