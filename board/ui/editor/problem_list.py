"""A heading and a list of problems as the editor's sidebar shows them: wrapped to a width,
each problem bulleted with its later lines hung under its text, and cut to whole problems
(with how many are not shown) where they do not all fit."""

from __future__ import annotations

import pygame

from board.i18n import _
from board.ui import theme
from board.ui.draw.text_fit import wrap


def problem_rows(
    heading: str, problems: list[str], font: pygame.font.Font, width: int, room: int
) -> list[tuple[str, tuple, int]]:
    """At most `room` rows of (text, colour, indent): the heading, then the problems."""
    rows = [(line, theme.TEXT_DIM, 0, -1) for line in wrap(heading, font, width)]
    for n, problem in enumerate(problems):  # a bullet, and later lines hang under the text
        rows += [
            (("• " if i == 0 else "") + line, theme.TEXT_WARN, 0 if i == 0 else theme.px(10), n)
            for i, line in enumerate(wrap(problem, font, width - theme.px(10)))
        ]
    if len(rows) > room:  # keep inside the sidebar: whole problems, and how many are not shown
        cut = room - 1
        while 0 < cut < len(rows) and rows[cut][3] >= 0 and rows[cut][3] == rows[cut - 1][3]:
            cut -= 1  # no half a problem
        hidden = len(problems) - len({row[3] for row in rows[:cut] if row[3] >= 0})
        rows = rows[:cut] + [(_("… and {n} more (a taller window shows them)").format(n=hidden), theme.TEXT_DIM, 0, -1)]
    return [(text, colour, indent) for text, colour, indent, _problem in rows]
