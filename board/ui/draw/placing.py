"""Where a popup goes: near the point it describes, over no token it does not describe."""

from __future__ import annotations

import math

import pygame

from board.ui import theme

STEP = 24  # the spacing of the places tried, in pixels at 100% (read through theme.px)
GAP = 18  # a popup's offset from the cursor


_last: list = [None, None]  # the last answer and what it was for (a popup stays put while the mouse does)


def place(size: tuple[int, int], at: tuple[int, int], bounds: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Rect:
    """A box of this size inside bounds: below and right of the cursor if that covers none of
    the rects to avoid (and not the cursor), else the nearest place that does, else the place
    that covers the fewest."""
    key = (size, at, tuple(bounds), tuple(map(tuple, avoid)))
    if _last[0] != key:
        _last[:] = [key, _place(size, at, bounds, avoid)]
    return _last[1].copy()


def _place(size, at, bounds: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Rect:
    gap, step = theme.px(GAP), theme.px(STEP)
    first = pygame.Rect((at[0] + gap, at[1] + gap), size).clamp(bounds)
    cursor = pygame.Rect(at[0] - 2, at[1] - 2, 5, 5)
    if first.collidelist(avoid) < 0 and not first.colliderect(cursor):
        return first
    best, best_cost = first, (len(first.collidelistall(avoid)), 0.0)
    xs = range(bounds.left, max(bounds.left, bounds.right - size[0]) + 1, step)
    ys = range(bounds.top, max(bounds.top, bounds.bottom - size[1]) + 1, step)
    for x in xs:
        for y in ys:
            box = pygame.Rect((x, y), size)
            if box.colliderect(cursor):
                continue
            cost = (len(box.collidelistall(avoid)), math.dist(box.center, at))
            if cost < best_cost:
                best, best_cost = box, cost
    return best
