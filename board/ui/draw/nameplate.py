"""A token's nameplate (issue 35): the figure's name on a dark plate with its meter bar under
it, in type large enough to read at the default zoom; the meter's numbers sit beside the bar
when there is room (the card always has them)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from board.ui import theme
from board.ui.draw.text_fit import shrink_to_fit

PLATE = (16, 18, 24, 205)  # dark, a little of the token showing through
EDGE = (235, 235, 240, 90)
SMALLEST = 8  # a name is cut with '…' rather than drawn smaller than this


def meter_colour(share: float) -> tuple[int, int, int]:
    """Green while the figure is well, amber when worn, red when near the end."""
    return (96, 200, 110) if share > 0.5 else (236, 190, 70) if share > 0.25 else (232, 84, 70)


def meter_share(f) -> float:
    """How much of its meter a figure has left, 0 to 1."""
    now, full = f.meter
    return max(0.0, min(1.0, now / full)) if full else 0.0


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, share: float) -> None:
    """A meter bar: a dark trough, filled from the left in the share's colour."""
    pygame.draw.rect(surface, (40, 40, 46), rect, border_radius=rect.height)
    if share:
        filled = pygame.Rect(rect.x, rect.y, max(2, round(rect.width * share)), rect.height)
        pygame.draw.rect(surface, meter_colour(share), filled, border_radius=rect.height)


@dataclass(frozen=True)
class Plate:
    """Where a plate and its parts lie on the token's surface."""

    rect: pygame.Rect
    text: str  # the name as shown: the whole name, or cut with '…' when even the smallest type is too wide
    px: int  # its type size
    name: pygame.Rect
    bar: pygame.Rect | None
    numbers: pygame.Rect | None


def name_px(size: float, big: bool) -> int:
    """The name's type size: never below 10 px (at a UI scale of 100%) once a token has room for
    a plate; it grows with the map's zoom."""
    return max(theme.px(10), round(size / 2.9 * (1.15 if big else 1.0)))


def plate_for(f, size: float, centre, widest: float, big: bool) -> tuple[Plate, list]:
    """The plate's layout and what to draw in it: (rect, rendered surface) pairs."""
    pad = max(2, round(size / 14))  # above and below the rows
    edge = max(1, round(size / 20))  # left and right: the name's room matters more
    px = name_px(size, big)
    room = widest - 2 * edge
    # The largest type that shows the whole name; at the smallest, the name cut with '…'.
    # A small token (two sharing a hex): its name whole. The least sizes grow with the UI scale.
    smallest = theme.px(SMALLEST if size >= theme.px(20) else 7)
    shown = next((n for n in range(px, smallest - 1, -1) if theme.font_px(n, True).size(f.name)[0] <= room), smallest)
    font, text = shrink_to_fit(f.name, room, shown, shown, True, exact=True)
    label = font.render(text, True, (255, 255, 255))
    inner = max(label.get_width(), round(size * (1.5 if big else 0.9)))
    bar_h = max(3, round(size / 9 * (1.3 if big else 1.0)))
    numbers = None
    if f.meter is not None and size >= 28:
        now, full = f.meter
        digits = theme.font_px(max(theme.px(SMALLEST), px - 2)).render(f"{now}/{full}", True, (230, 230, 236))
        with_digits = max(inner, round(size * 0.6 + digits.get_width() + pad))
        if with_digits <= widest - 2 * edge:  # the bar stays long enough to read beside them
            inner, numbers = with_digits, digits
    inner = min(inner, round(widest - 2 * edge))
    x_metrics = font.metrics("X")[0]
    cap = x_metrics[3] if x_metrics else font.get_ascent()
    name_h = cap + max(2, abs(font.get_descent()))
    rows_h = name_h + (pad + max(bar_h, numbers.get_height() * 0.7 if numbers else 0) if f.meter else 0)
    rect = pygame.Rect(0, 0, inner + 2 * edge, round(rows_h + 2 * pad))
    rect.center = (round(centre[0]), round(centre[1]))
    name_rect = label.get_rect(midtop=(rect.centerx, rect.top + pad - (font.get_ascent() - cap)))
    parts = [(name_rect, label)]
    bar = numbers_rect = None
    if f.meter is not None:
        row_mid = rect.top + pad + name_h + pad + max(bar_h, numbers.get_height() * 0.7 if numbers else 0) / 2
        width = inner - (numbers.get_width() + pad if numbers else 0)
        bar = pygame.Rect(rect.left + edge, 0, width, bar_h)
        bar.centery = round(row_mid)
        if numbers:
            numbers_rect = numbers.get_rect(midright=(rect.right - edge, round(row_mid)))
            parts.append((numbers_rect, numbers))
    return Plate(rect, text, shown, name_rect, bar, numbers_rect), parts


def draw_nameplate(surface: pygame.Surface, f, size: float, centre, widest: float, big: bool = False) -> Plate:
    """The plate centred on centre, at most widest across: name, then meter bar and numbers."""
    plate, parts = plate_for(f, size, centre, widest, big)
    radius = max(3, plate.rect.height // 3)
    back = pygame.Surface(plate.rect.size, pygame.SRCALPHA)
    pygame.draw.rect(back, PLATE, back.get_rect(), border_radius=radius)
    pygame.draw.rect(back, EDGE, back.get_rect(), 1, border_radius=radius)
    surface.blit(back, plate.rect)
    for rect, picture in parts:
        surface.blit(picture, rect)
    if plate.bar is not None:
        draw_bar(surface, plate.bar, meter_share(f))
    return plate
