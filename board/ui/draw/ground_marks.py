"""Things lying on the ground (issue 35: a weapon dropped to wrestle was not shown): a small
blade mark at the foot of the hex, with a count when more than one thing lies there. It reads
only what the ruleset reports (`ground_items`), so any ruleset's dropped gear is marked."""

from __future__ import annotations

import pygame

from board.ui import theme
from board.ui.draw.badges import draw_glyph

# The mark's centre from the hex's, in hex sizes: at the foot of the hex, below the nameplate
# of a token standing on it (so its meter bar stays in sight), clear of the neighbours' tokens.
OFFSET = (0.0, 0.8)
_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def mark(size: int, count: int) -> pygame.Surface:
    """The mark at this hex size: a dark disc, a light blade, and the count if more than one."""
    key = (size, min(count, 9))
    if key not in _CACHE:
        if len(_CACHE) > 64:  # a few zooms' worth
            _CACHE.clear()
        r = max(4, round(size * 0.17))
        surface = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        centre = (r + 1, r + 1)
        pygame.draw.circle(surface, (28, 26, 24, 215), centre, r)
        pygame.draw.circle(surface, (214, 200, 160, 255), centre, r, max(1, r // 6))
        draw_glyph(surface, "blade", centre, r * 0.62, (236, 226, 196, 255))
        if count > 1 and r >= 7:
            label = theme.font_px(max(9, round(r * 0.9)), True).render(str(min(count, 9)), True, (255, 230, 140))
            surface.blit(label, label.get_rect(bottomright=(2 * r + 2, 2 * r + 3)))
        _CACHE[key] = surface
    return _CACHE[key]


def draw_ground_marks(surface: pygame.Surface, camera, ground: dict) -> None:
    """A mark on every hex with something on the ground that is in view."""
    if not ground or camera.size < 10:
        return
    size = round(camera.size)
    view = surface.get_clip()
    for h, names in ground.items():
        x, y = camera.to_screen(h)
        picture = mark(size, len(names))
        rect = picture.get_rect(center=(round(x + OFFSET[0] * camera.size), round(y + OFFSET[1] * camera.size)))
        if view.colliderect(rect):
            surface.blit(picture, rect)
