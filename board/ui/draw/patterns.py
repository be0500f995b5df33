"""Patterns and shapes that tell things apart without colour: a team's pattern on its tokens,
its shape in the top bar, the dots of a must-stop hex and a dashed line of fire."""

from __future__ import annotations

import math

import pygame

from board.ui.draw.stamps import hex_surface


def ink_for(colour) -> tuple[int, int, int, int]:
    """The pattern's ink over a colour: dark over a light one, light over a dark one."""
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (0, 0, 0, 150) if light > 120 else (255, 255, 255, 170)


def draw_pattern(surface: pygame.Surface, pattern: str, ink, step: int) -> None:
    """Draw the pattern over the whole surface."""
    w, h = surface.get_size()
    width = max(1, step // 3)
    if pattern == "stripes":  # diagonal, rising to the right
        for x in range(-h, w + h, step):
            pygame.draw.line(surface, ink, (x, h), (x + h, 0), width)
    elif pattern == "bars":  # horizontal
        for y in range(step // 2, h, step):
            pygame.draw.line(surface, ink, (0, y), (w, y), width)
    elif pattern == "grid":
        for x in range(step // 2, w, step):
            pygame.draw.line(surface, ink, (x, 0), (x, h), width)
        for y in range(step // 2, h, step):
            pygame.draw.line(surface, ink, (0, y), (w, y), width)
    elif pattern == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (step // 2 if (y // step) % 2 else 0), w, step):
                pygame.draw.circle(surface, ink, (x, y), max(1, step / 4))
    elif pattern == "checks":
        for y in range(0, h, step):
            for x in range((y // step) % 2 * step, w, step * 2):
                pygame.draw.rect(surface, ink, (x, y, step, step))
    elif pattern == "rings":  # rings around the middle
        centre = (w / 2, h / 2)
        for r in range(step, int(math.hypot(w, h) / 2) + step, step):
            pygame.draw.circle(surface, ink, centre, r, max(2, width))


def pattern_over(surface: pygame.Surface, pattern: str, ink, step: int) -> None:
    """Draw the pattern only where the surface is already drawn (its alpha is kept)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    draw_pattern(layer, pattern, ink, step)
    mask = surface.copy()
    mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, the surface's alpha
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(layer, (0, 0))


def shape_points(shape: str, centre, r: float) -> list[tuple[float, float]] | None:
    """A team shape's outline as a polygon (None: a circle)."""
    cx, cy = centre
    if shape == "square":
        k = r * 0.85
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "cross":
        k = r * 0.36
        return [
            (cx - k, cy - r),
            (cx + k, cy - r),
            (cx + k, cy - k),
            (cx + r, cy - k),
            (cx + r, cy + k),
            (cx + k, cy + k),
            (cx + k, cy + r),
            (cx - k, cy + r),
            (cx - k, cy + k),
            (cx - r, cy + k),
            (cx - r, cy - k),
            (cx - k, cy - k),
        ]
    if shape == "star":
        return [
            (cx + math.cos(a) * rr, cy + math.sin(a) * rr)
            for i in range(10)
            for a, rr in [(-math.pi / 2 + i * math.pi / 5, r if i % 2 == 0 else r * 0.45)]
        ]
    return None


def draw_shape(surface: pygame.Surface, shape: str, centre, r: float, fill, edge) -> None:
    """A team's shape, filled and edged (edged so it shows on its own colour too)."""
    points = shape_points(shape, centre, r)
    if points is None:
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, edge, centre, r, max(1, round(r / 4)))
    else:
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, edge, points, max(1, round(r / 4)))


def dotted_stamp(size: float, kind: str, rgba) -> pygame.Surface:
    """A must-stop hex: its colour, dotted all over in black and edged twice as thick as a
    reach hex, so it differs from one in pattern, not only in colour."""
    surface, inner = hex_surface(size, kind)
    pygame.draw.polygon(surface, rgba, inner)
    dots = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    draw_pattern(dots, "dots", (0, 0, 0, 200), max(5, round(size / 2.6)))
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), inner)
    dots.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(dots, (0, 0))
    pygame.draw.polygon(surface, (*rgba[:3], 255), inner, max(2, int(size / 7)))
    return surface


def outlined_stamp(size: float, kind: str, rgba) -> pygame.Surface:
    """A reach hex where patterns are on: its colour inside a thick dark outline, so that it
    stands out from the ground without its colour (a must-stop hex is dotted besides)."""
    surface, inner = hex_surface(size, kind)
    pygame.draw.polygon(surface, rgba, inner)
    dark = tuple(int(c * 0.55) for c in rgba[:3])
    pygame.draw.polygon(surface, (*dark, 255), inner, max(2, int(size / 8)))
    return surface


def dashed_line(surface: pygame.Surface, colour, points, width: int, dash: float) -> None:
    """A dashed polyline, each dash edged in black (a line of fire: a path is solid)."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(1, int(length / dash))
        for i in range(0, n, 2):
            a, b = i / n, min(1.0, (i + 1) / n)
            start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
            end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
            pygame.draw.line(surface, (0, 0, 0), start, end, width + 2)
            pygame.draw.line(surface, colour, start, end, width)
