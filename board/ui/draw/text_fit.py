"""Text cut or broken to a width in pixels, in time linear in its length (a hostile name
of a million characters costs no more than reading it once)."""

from __future__ import annotations

from itertools import accumulate

import pygame

from board.ui import theme

ELLIPSIS = "…"


def advances(text: str, font: pygame.font.Font) -> list[int]:
    """Each character's advance in pixels, measured once (a glyph the font lacks by size())."""
    return [m[4] if m is not None else font.size(c)[0] for c, m in zip(text, font.metrics(text))]


def _fits(text: str, font: pygame.font.Font, width: int) -> int:
    """How many leading characters of text fit in width (kerning checked by one size())."""
    ends = list(accumulate(advances(text, font)))
    n = next((i for i, end in enumerate(ends) if end > width), len(text))
    while n > 1 and font.size(text[:n])[0] > width:  # kerning made it a little wider
        n -= 1
    return n


def fit(text: str, font: pygame.font.Font, width: int) -> str:
    """The text, cut with an ellipsis to fit the width; measures at most width characters of it."""
    head = text[: max(1, width) + 1]  # no visible character is narrower than a pixel
    if len(head) == len(text) and font.size(text)[0] <= width:
        return text
    room = width - font.size(ELLIPSIS)[0]
    return head[: _fits(head, font, room) if room > 0 else 0].rstrip() + ELLIPSIS


def render_fit(text: str, font: pygame.font.Font, width: int, colour) -> pygame.Surface:
    """The text rendered, cut with an ellipsis to fit the width."""
    return font.render(fit(text, font, width), True, colour)


def break_word(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """A word too long for a line, in pieces that each fit (at least one character each)."""
    pieces, start = [], 0
    while start < len(word):  # sliced a line at a time: no copy of the rest per line
        window = word[start : start + max(1, width) + 1]
        cut = max(1, _fits(window, font, width))
        pieces.append(window[:cut])
        start += cut
    return pieces


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to width pixels; a word longer than a line is broken."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        *whole, line = break_word(word, font, width)
        lines += whole
    return lines + [line]


def shrink_to_fit(
    text: str, width: float, largest: int, smallest: int, bold: bool, exact: bool = False
) -> tuple[pygame.font.Font, str]:
    """The largest font from largest down to smallest that shows the text in width; at the
    smallest, the text cut with an ellipsis. Sizes are the interface's (grown by the UI scale),
    or with exact, pixels (text on a token, which grows with the map's zoom)."""
    make = theme.font_px if exact else theme.font
    head = text[: int(width) + 1]  # measured no further than a width can show
    for px in range(largest, smallest - 1, -1):
        font = make(px, bold)
        if len(head) == len(text) and font.size(text)[0] <= width:
            return font, text
    font = make(smallest, bold)
    return font, fit(text, font, int(width))
