"""Procedural texture for the map tiles: a grain baked into each cached tile (once per tile and
zoom, never per frame), and the light and shadow edges that give walls and hexes depth."""

from __future__ import annotations

import math
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
    # Worked out once per hex, not per edge: a map's first picture bevels every hex.
    light, dark = (shade(colour, 1.35), shade(colour, 0.62)) if raised else (shade(colour, 1.06), shade(colour, 0.86))
    for i in range(n):
        a, b = corners[i], corners[(i + 1) % n]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        lit = ((mx + my) < 0) == raised  # an up-left edge faces the light
        pygame.draw.line(surface, light if lit else dark, a, b, width)


_GRAINED: dict[tuple, tuple[int, int, int]] = {}


def grained(colour, size: int) -> tuple[int, int, int]:
    """A colour as the grain leaves it on average: the fill around tiles that hold no hex, so
    the ground between them shows no seam (worked out once per colour)."""
    key = (tuple(colour[:3]), size)
    if key not in _GRAINED:
        mean = pygame.transform.average_color(grain(size))
        _GRAINED[key] = tuple(round(c * m / 255) for c, m in zip(colour[:3], mean[:3]))
    return _GRAINED[key]


FLAME_FPS = 4  # the idle board wakes four times a second anyway (app.run's event wait)
FLAME_FRAMES = 4


def flame_frame(now: float) -> int:
    """Which picture of the flicker shows at this time."""
    return int(now * FLAME_FPS) % FLAME_FRAMES


_flames: dict[tuple[int, int], pygame.Surface] = {}


def flames(size: float, frame: int) -> pygame.Surface:
    """Tongues of fire for one burning hex, centred in a square of side 2*size: drawn once per
    zoom and frame, blitted over the tile's glowing floor each frame."""
    key = (round(size), frame)
    if key not in _flames:
        if len(_flames) > 64:
            _flames.clear()
        s = max(4, round(size))
        surface = pygame.Surface((2 * s, 2 * s), pygame.SRCALPHA)
        base = s + 0.38 * s
        for i, (dx, scale) in enumerate(((-0.32, 0.7), (0.0, 1.0), (0.32, 0.75))):
            lick = 0.82 + 0.22 * math.sin(frame * math.pi / 2 + i * 2.1)  # each tongue its own beat
            sway = 0.05 * s * math.sin(frame * math.pi / 2 + i)
            for colour, width, height in (
                ((255, 120, 30, 210), 0.17, 0.7),
                ((255, 200, 60, 235), 0.12, 0.54),
                ((255, 246, 190, 220), 0.06, 0.32),
            ):
                top = base - height * s * scale * lick
                x = s + dx * s
                pygame.draw.polygon(surface, colour, [(x - width * s, base), (x + sway, top), (x + width * s, base)])
        _flames[key] = surface
    return _flames[key]
