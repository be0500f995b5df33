"""Glyphs on a token's badge: what the figure is or wields, read at a glance
(the ruleset names it in Token.glyph; the board draws it). Drawn procedurally, no image files."""

from __future__ import annotations

import math

import pygame

GLYPHS = ("blade", "knife", "axe", "polearm", "bow", "magic", "beast")


def draw_glyph(surface: pygame.Surface, glyph: str, centre, r: float, colour=(255, 255, 255, 70)) -> None:
    """The glyph in a square of half-side r about centre, on a surface with per-pixel alpha."""
    if glyph not in GLYPHS or r < 3:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    cx, cy = centre
    w = max(2, round(r / 3.5))

    def at(x: float, y: float) -> tuple[float, float]:  # from a -1..1 square
        return cx + x * r, cy + y * r

    if glyph in ("blade", "knife"):
        k = 1.0 if glyph == "blade" else 0.75
        pygame.draw.line(layer, colour, at(-0.55 * k, 0.55 * k), at(0.7 * k, -0.7 * k), w + 1)
        pygame.draw.line(layer, colour, at(-0.6 * k, 0.2 * k), at(-0.2 * k, 0.6 * k), w)
    elif glyph == "axe":
        pygame.draw.line(layer, colour, at(-0.6, 0.7), at(0.45, -0.55), w)
        pygame.draw.polygon(layer, colour, [at(0.2, -0.75), at(0.75, -0.25), at(0.55, 0.05), at(0.05, -0.45)])
    elif glyph == "polearm":
        pygame.draw.line(layer, colour, at(-0.75, 0.75), at(0.55, -0.55), w)
        pygame.draw.polygon(layer, colour, [at(0.8, -0.8), at(0.35, -0.6), at(0.6, -0.35)])
    elif glyph == "bow":
        rect = pygame.Rect(0, 0, 1.5 * r, 1.5 * r)
        rect.center = at(0.3, 0)
        pygame.draw.arc(layer, colour, rect, math.pi / 2, 3 * math.pi / 2, w)
        pygame.draw.line(layer, colour, at(0.3, -0.75), at(0.3, 0.75), max(1, w // 2))
    elif glyph == "magic":
        points = [
            at(0.8 * math.cos(a) * (1 if i % 2 == 0 else 0.4), 0.8 * math.sin(a) * (1 if i % 2 == 0 else 0.4))
            for i, a in enumerate(-math.pi / 2 + k * math.pi / 5 for k in range(10))
        ]
        pygame.draw.polygon(layer, colour, points)
    elif glyph == "beast":
        for dx in (-0.4, 0.0, 0.4):
            pygame.draw.line(layer, colour, at(dx - 0.25, -0.6), at(dx + 0.25, 0.6), w + 1)
    surface.blit(layer, (0, 0))
