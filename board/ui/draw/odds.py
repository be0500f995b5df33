"""The odds tooltip: the exact odds of an attack beside the cursor, in words and as a picture
(a bar chart of the damage a hit does, a bar for each outcome's chance), and what the
ruleset's prediction cannot know (its odds_note)."""

from __future__ import annotations

from typing import Any

import pygame

from board.i18n import _
from board.rules.reports import Prediction
from board.rules.kernel.events import OUTCOME_WORDS
from board.ui import theme
from board.ui.draw.text_fit import wrap
from board.ui.draw.placing import place

CHART_WIDTH, CHART_HEIGHT, BAR = 220, 44, 90  # the damage chart; an outcome bar's full length
NOTE_WIDTH = 300


def percent(p) -> str:
    value = float(p) * 100
    return f"{value:.0f}%" if value >= 9.5 or value == 0 else f"{value:.1f}%"


def does_damage(p: Prediction) -> bool:
    """Whether the prediction knows of any damage a hit does (a sleep spell, a grapple, or a
    ruleset whose damage lands as wounds has none to chart and claims no 0.0)."""
    return any(k > 0 and v for k, v in p.damage.items())


def _chart(p: Prediction) -> pygame.Surface:
    """Bars of P(damage = k | hit) for every k from the least to the most, labelled at the ends."""
    low, high = min(p.damage), max(p.damage)
    n = high - low + 1
    px = theme.px  # the sizes above are at 100%
    chart_h = px(CHART_HEIGHT)
    step = max(px(3), min(px(16), px(CHART_WIDTH) // n))
    small = theme.font(11)
    surface = pygame.Surface((step * n, chart_h + small.get_linesize()), pygame.SRCALPHA)
    top = max(p.damage.values())
    for i, k in enumerate(range(low, high + 1)):
        share = float(p.damage.get(k, 0) / top) if top else 0.0
        h = max(1, round(share * chart_h)) if p.damage.get(k) else 0
        colour = theme.TEXT_BAD if p.severe is not None and k >= p.severe else theme.LOG_HURT
        pygame.draw.rect(surface, colour, (i * step, chart_h - h, max(1, step - px(1)), h))
    pygame.draw.line(surface, theme.PANEL_EDGE, (0, chart_h), (step * n, chart_h), px(1))
    for k in {low, high}:
        label = small.render(str(k), True, theme.TEXT_DIM)
        x = min(max(0, (k - low) * step + step // 2 - label.get_width() // 2), surface.get_width() - label.get_width())
        surface.blit(label, (x, chart_h + 1))
    return surface


def _outcome(label: str, chance, colour) -> pygame.Surface:
    """An outcome's words, and a bar as long as its chance."""
    text = theme.font(14).render(f"{label}: {percent(chance)}", True, colour)
    px = theme.px
    bar, thick = px(BAR), px(8)
    surface = pygame.Surface((bar + thick + text.get_width(), text.get_height()), pygame.SRCALPHA)
    y = text.get_height() // 2 - thick // 2
    pygame.draw.rect(surface, theme.PANEL_EDGE, (0, y, bar, thick), border_radius=px(3))
    if chance:  # a sliver at least, so a rare outcome is seen to be possible
        pygame.draw.rect(surface, colour, (0, y, max(px(2), round(float(chance) * bar)), thick), border_radius=px(3))
    surface.blit(text, (bar + thick, 0))
    return surface


def odds_lines(target: str, p: Prediction) -> list[tuple[str, Any]]:
    """The tooltip's rows as data: ("title" | "hit" | "modifier" | "damage", text),
    ("chart", None) and ("outcome", (words, chance, bad))."""
    rows: list[tuple[str, Any]] = [
        ("title", _("Attack {target}").format(target=target)),
        ("hit", _("Hit {percent}").format(percent=percent(p.hit))),
    ]
    # The roll on a line of its own, wrapped: a long one made the popup wide enough to cover
    # the figures beside the target.
    rows += [("modifier", f"  {line}") for line in _roll_lines(p.roll or f"{p.dice}d6, {p.target_number} or less")]
    rows += [("modifier", f"  {n:+d}  {reason}") for reason, n in p.modifiers]
    if does_damage(p):
        avg = float(p.expected_damage / p.hit) if p.hit else 0.0
        rows += [("damage", _("Damage if hit: {avg:.1f} on average, after armor").format(avg=avg)), ("chart", None)]
    rows += [
        ("outcome", (OUTCOME_WORDS.get(key, key), chance, key in OUTCOME_WORDS)) for key, chance in p.outcomes.items()
    ]
    return rows


def _roll_lines(roll: str) -> list[str]:
    """The roll's words in lines no wider than the note's."""
    return wrap(roll, theme.font(14), theme.px(NOTE_WIDTH))


def odds_pieces(target: str, p: Prediction, note: str = "") -> list[pygame.Surface]:
    """The tooltip's rows, top to bottom, each a rendered surface."""
    bold, plain, dim = theme.font(14, True), theme.font(14), theme.font(12)
    looks = {
        "title": (bold, theme.TEXT),
        "hit": (bold, theme.TEXT_GOOD),
        "modifier": (plain, theme.TEXT_DIM),
        "damage": (plain, theme.TEXT),
    }
    pieces = []
    for kind, value in odds_lines(target, p):
        if kind == "chart":
            pieces.append(_chart(p))
        elif kind == "outcome":
            words, chance, bad = value
            pieces.append(_outcome(words, chance, theme.TEXT_BAD if bad else theme.TEXT))
        else:
            font, colour = looks[kind]
            pieces.append(font.render(value, True, colour))
    lines = wrap(note, dim, theme.px(NOTE_WIDTH)) if note else []
    return pieces + [dim.render(line, True, theme.TEXT_DIM) for line in lines]


def draw_odds(
    screen: pygame.Surface,
    at: tuple[int, int],
    target: str,
    p: Prediction,
    bounds: pygame.Rect,
    note: str = "",
    avoid=(),
) -> pygame.Rect:
    """The exact odds of an attack, beside the cursor (kept inside bounds) where it covers none
    of the avoid rects (the other figures' tokens); returns the box."""
    pieces = odds_pieces(target, p, note)
    px = theme.px
    width = max(r.get_width() for r in pieces) + px(20)
    height = sum(r.get_height() + px(2) for r in pieces) + px(12)
    box = place((width, height), at, bounds, list(avoid))
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, theme.PANEL, panel.get_rect(), border_radius=px(8))
    pygame.draw.rect(panel, theme.PANEL_EDGE, panel.get_rect(), px(1), border_radius=px(8))
    y = px(7)
    for r in pieces:
        panel.blit(r, (px(10), y))
        y += r.get_height() + px(2)
    screen.blit(panel, box)
    return box
