"""Open ground varied per hex (issue 35: one stone texture for all of it): a few shades of
earth and stone and a scatter of pebbles and tufts, chosen per hex from the map's name and the
hex, so a map looks the same every time it is opened."""

from __future__ import annotations

import random
import zlib

import pygame

SHADES = ((196, 186, 160), (188, 178, 152), (200, 190, 158), (184, 180, 156), (192, 180, 150))
PEBBLE = (150, 140, 118)
TUFT = (132, 146, 96)


def _rng(name: str, q: int, r: int) -> random.Random:
    """A random source fixed by the map and the hex (crc32: the same on every run and machine)."""
    return random.Random(zlib.crc32(f"{name}|{q}|{r}".encode()))


def ground_shade(name: str, q: int, r: int) -> tuple[int, int, int]:
    """The open ground's colour in this hex of this map."""
    return SHADES[zlib.crc32(f"{name}|{q}|{r}".encode()) % len(SHADES)]


def scatter(surface: pygame.Surface, name: str, q: int, r: int, centre, size: float) -> None:
    """A few pebbles and tufts of grass inside the hex (none when too small to see)."""
    if size < 16:
        return
    rng = _rng(name, q, r)
    cx, cy = centre
    for _ in range(rng.randint(0, 3)):
        x, y = cx + rng.uniform(-0.5, 0.5) * size, cy + rng.uniform(-0.4, 0.45) * size
        if rng.random() < 0.6:
            radius = max(1.0, size * rng.uniform(0.03, 0.06))
            pygame.draw.ellipse(surface, PEBBLE, (x - radius, y - radius * 0.7, 2 * radius, 1.4 * radius))
        else:
            h = size * rng.uniform(0.07, 0.12)
            for dx in (-0.4, 0.0, 0.4):
                pygame.draw.line(surface, TUFT, (x + dx * h, y), (x + dx * h * 1.8, y - h), max(1, int(size / 40)))
