"""The start screen's list of maps, one card each: drawn with its thumbnail and lines, which
card a point is on, and the scroll that keeps a card in view."""

from __future__ import annotations

import pygame

from board.i18n import _
from board.resources import version
from board.ui import theme
from board.ui.draw.text_fit import render_fit
from board.ui.map_catalogue import MapChoice, ruleset_name, sides_line, where

# Sizes at 100%, read through theme.px (board/ui/ui_scale.py).
CARD_HEIGHT, THUMB = 92, (124, 80)
HEAD = 32  # the list's heading, above the first card
MARGIN = 40  # room kept below the last card
WHEEL_STEP = 40  # the scroll of one step of the mouse wheel


def card_at(rect: pygame.Rect, pos, scroll: int, count: int) -> int | None:
    """The index of the card under pos in a list of `count` cards scrolled by `scroll`, or None."""
    if not rect.collidepoint(pos):
        return None
    head = rect.y + theme.px(HEAD)
    index = (pos[1] - head + scroll) // theme.px(CARD_HEIGHT)
    return index if 0 <= index < count and pos[1] >= head else None


def scrolled_to(index: int, scroll: int, rect: pygame.Rect) -> int:
    """The scroll that keeps card `index` in view (the same one if it is)."""
    card, margin = theme.px(CARD_HEIGHT), theme.px(MARGIN)
    top = index * card
    if top < scroll or top + card > scroll + rect.height - margin:
        return max(0, top - (rect.height - margin - card))
    return scroll


def wheeled(scroll: int, steps: int, rect: pygame.Rect, count: int) -> int:
    """The scroll after `steps` of the mouse wheel (up is positive), within the list."""
    most = max(0, count * theme.px(CARD_HEIGHT) - rect.height + theme.px(MARGIN))
    return max(0, min(most, scroll - steps * theme.px(WHEEL_STEP)))


def draw_map_cards(screen: pygame.Surface, r: pygame.Rect, maps: list[MapChoice], index: int, scroll: int) -> None:
    """The list's panel: its heading, the version, and the cards in view (`index` picked)."""
    px, height = theme.px, theme.px(CARD_HEIGHT)
    screen.fill(theme.PANEL, r)
    screen.blit(theme.font(15, True).render(_("Maps"), True, theme.TEXT_DIM), (r.x + px(10), r.y + px(6)))
    shown = theme.font(13).render(_("version {version}").format(version=version()), True, theme.TEXT_DIM)
    screen.blit(shown, shown.get_rect(topright=(r.right - px(10), r.y + px(8))))
    clip = screen.get_clip()
    screen.set_clip(pygame.Rect(r.x, r.y + px(HEAD), r.width, r.height - px(HEAD)))
    for i, choice in enumerate(maps):
        top = r.y + px(HEAD) + i * height - scroll
        if top + height < r.y or top > r.bottom:
            continue
        card = pygame.Rect(r.x + px(6), top, r.width - px(12), height - px(6))
        pygame.draw.rect(screen, (58, 72, 110) if i == index else (46, 49, 60), card, border_radius=px(6))
        if choice.thumb is not None:  # made by the scene's update(), one a frame, after the first frame
            screen.blit(choice.thumb, (card.x + px(6), card.y + px(6)))
        x = card.x + px(THUMB[0] + 16)
        screen.blit(
            render_fit(choice.name, theme.font(15, True), card.right - px(8) - x, theme.TEXT), (x, card.y + px(8))
        )
        lines = (
            [ruleset_name(choice.battle), sides_line(choice.battle), where(choice.path)]
            if choice.battle is not None
            else [_("does not load"), choice.problem[:40]]
            if choice.loaded
            else [_("loading…")]
        )
        for n, line in enumerate(lines):
            colour = theme.TEXT_WARN if choice.loaded and choice.battle is None else theme.TEXT_DIM
            screen.blit(render_fit(line, theme.font(13), card.right - px(8) - x, colour), (x, card.y + px(30 + n * 18)))
    screen.set_clip(clip)
