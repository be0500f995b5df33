"""The start screen's title treatment: the board's hex emblem, the name in gold with a shadow."""

from __future__ import annotations

import pygame

from board.resources import ICONS
from board.ui import theme

_EMBLEM: dict[int, pygame.Surface | None] = {}


def emblem(px: int) -> pygame.Surface | None:
    """The app's icon drawn px square (None if it cannot be read: the title goes without it)."""
    if px not in _EMBLEM:
        try:
            _EMBLEM[px] = pygame.image.load_sized_svg(str(ICONS / "hexboard.svg"), (px, px))
        except (pygame.error, FileNotFoundError, OSError):
            _EMBLEM[px] = None
    return _EMBLEM[px]


def draw_title(screen: pygame.Surface, rect: pygame.Rect) -> int:
    """The emblem and "Hexboard" at the left of rect; returns the x where the rest may start."""
    px = theme.px
    x = rect.x + px(12)
    picture = emblem(rect.height - px(10))
    if picture is not None:
        screen.blit(picture, (x, rect.y + px(5)))
        x += picture.get_width() + px(10)
    font = theme.font(26, True)
    y = rect.y + (rect.height - font.get_height()) // 2
    screen.blit(font.render("Hexboard", True, (20, 18, 14)), (x + px(2), y + px(2)))  # a drop shadow
    title = font.render("Hexboard", True, theme.LOG_VICTORY)
    screen.blit(title, (x, y))
    return x + title.get_width() + px(18)
