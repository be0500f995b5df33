"""Hex stamps for the board's overlays: translucent hexes, hatched threat hexes, and the strips a
scroll leaves to paint."""

from __future__ import annotations

import pygame

from board.hexgrid import Hex, layout_for, polygon_corners
from board.ui import theme


def uncovered(whole: pygame.Rect, dx: int, dy: int) -> list[pygame.Rect]:
    """The strips of a surface that a scroll by (dx, dy) leaves to be painted."""
    strips = []
    if dx:
        strips.append(pygame.Rect(0 if dx > 0 else whole.width + dx, 0, abs(dx), whole.height))
    if dy:
        strips.append(pygame.Rect(0, 0 if dy > 0 else whole.height + dy, whole.width, abs(dy)))
    return strips


def stamp(size: float, kind: str, rgba) -> pygame.Surface:
    """A translucent hex the size of one map hex, to blit wherever an overlay goes."""
    surface, inner = hex_surface(size, kind)
    pygame.draw.polygon(surface, rgba, inner)
    edge = (rgba[0], rgba[1], rgba[2], min(255, rgba[3] * 2 + 40))
    pygame.draw.polygon(surface, edge, inner, max(1, int(size / 16)))
    return surface


def hex_surface(size: float, kind: str) -> tuple[pygame.Surface, list[tuple[float, float]]]:
    """A clear surface two hexes wide and the corners of a hex a little inside its edge."""
    surface = pygame.Surface((int(size * 2.2), int(size * 2.2)), pygame.SRCALPHA)
    inner = [
        (size * 1.1 + (x - size * 1.1) * 0.94, size * 1.1 + (y - size * 1.1) * 0.94) for x, y in corners(size, kind)
    ]
    return surface, inner


def corners(size: float, kind: str) -> list[tuple[float, float]]:
    """The corners of a hex of that size centred on a stamp's surface."""
    return polygon_corners(layout_for(kind, size, (size * 1.1, size * 1.1)), Hex(0, 0))


def threat_stamp(size: float, kind: str, colour) -> pygame.Surface:
    """A hex in someone's threat zone: hatched in his team colour, edged in danger red.

    Hatching, not a flat fill, so that a blue team's zone stays distinct from the blue reach."""
    surface, inner = hex_surface(size, kind)
    pygame.draw.polygon(surface, (*colour, 46), inner)
    stripes = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    step, width = max(4, round(size / 3.2)), max(1, round(size / 11))
    extent = surface.get_width()
    for x in range(-extent, extent, step):
        pygame.draw.line(stripes, (*colour, 120), (x, extent), (x + extent, 0), width)
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), inner)
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # stripes only inside the hex
    surface.blit(stripes, (0, 0))
    pygame.draw.polygon(surface, theme.THREAT_EDGE, inner, max(1, int(size / 14)))
    return surface
