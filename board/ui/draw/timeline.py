"""The round's timeline: for rulesets that plot seconds, who has initiative when, and what each
combatant plotted, with the current second marked. It only reads TurnInfo.timeline."""

from __future__ import annotations

import pygame

from board.i18n import _
from board.ui import theme
from board.ui.draw.text_fit import fit, wrap

SECONDS = 6
ROW = 28  # two lines of a plot (a General Plot under the name)
NAME_WIDTH = 200
CELL = 74  # a second's cell at the least: wider where the dock has room, for whole words
KEY_HEIGHT = 20  # the key to the marks, a line along the panel's foot
PLOT_PX = (12, 11, 10)  # a plot too long for two lines of its cell is drawn smaller before it is cut
CONTINUES = " (continues)"
LOST = (120, 70, 70)
INITIATIVE = (60, 96, 70)


def timeline_size(timeline: dict, room: int = 0) -> tuple[int, int]:
    """The panel's size for this many rows: as wide as room allows beside the key."""
    px = theme.px  # the sizes above are at 100%
    return (
        max(px(NAME_WIDTH) + px(CELL) * SECONDS + px(16), room),
        px(ROW) * (len(timeline.get("rows", ())) + 1) + px(12) + px(KEY_HEIGHT),
    )


def cell_width(rect: pygame.Rect) -> int:
    """A second's cell's width in a panel drawn at rect."""
    return (rect.width - theme.px(NAME_WIDTH) - theme.px(16)) // SECONDS


def plot_lines(plot: str, width: int) -> tuple[pygame.font.Font, list[str], bool]:
    """The font and (at most two) lines a plot is shown in within a cell that wide, and
    whether they hold the whole of it (else the second ends in "…")."""
    for px in PLOT_PX:
        font = theme.font(px)
        lines = wrap(plot, font, width)
        if len(lines) <= 2:
            return font, lines, True
    return font, [lines[0], fit(" ".join(lines[1:]), font, width)], False


def plot_spans(plots: dict) -> list[tuple[int, int, str]]:
    """A row's plots as (first second, last second, words): a plot that runs on over the next
    seconds ("… (continues)") is one cell across them, and its words may run on over the
    empty seconds after it."""
    spans: list[tuple[int, int, str]] = []
    for s in range(1, SECONDS + 1):
        plot = plots.get(s) or plots.get(str(s))
        if not plot:
            continue
        if spans and spans[-1][1] == s - 1 and plot in (spans[-1][2], spans[-1][2] + CONTINUES):
            spans[-1] = (spans[-1][0], s, spans[-1][2])
        else:
            spans.append((s, s, plot.removesuffix(CONTINUES)))
    ends = [nxt[0] - 1 for nxt in spans[1:]] + [SECONDS]
    return [(first, end, words) for (first, _, words), end in zip(spans, ends)]


def span_width(first: int, last: int, cell: int) -> int:
    """The room for words in a cell across these seconds."""
    return (last - first + 1) * cell - theme.px(10)


def dock_height(timeline: dict | None) -> int:
    """The strip the play scene keeps for the timeline under the board (0 without one)."""
    return timeline_size(timeline)[1] + theme.px(12) if timeline else 0


def draw_timeline(
    screen: pygame.Surface, bounds: pygame.Rect, timeline: dict, colours: dict, active: str | None
) -> pygame.Rect:
    """Draw the panel at the bottom left of bounds (the dock strip); returns where it went."""
    px = theme.px
    name_w, row_h = px(NAME_WIDTH), px(ROW)
    width, height = timeline_size(timeline, bounds.width - px(16))
    rect = pygame.Rect(bounds.x + px(8), bounds.bottom - height - px(6), min(width, bounds.width - px(16)), height)
    cell_w = cell_width(rect)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, 230), panel.get_rect(), border_radius=px(8))
    pygame.draw.rect(panel, theme.PANEL_EDGE, panel.get_rect(), px(1), border_radius=px(8))
    now = timeline.get("second", 0)
    small, bold = theme.font(13), theme.font(13, True)
    head = bold.render(_("Round") if not now else _("Second {now}").format(now=now), True, theme.TEXT)
    panel.blit(head, (px(8), px(6)))
    for s in range(1, SECONDS + 1):
        x = name_w + (s - 1) * cell_w
        if s == now:
            pygame.draw.rect(
                panel,
                (*theme.SELECT, 60),
                (x, px(4), cell_w - px(2), rect.height - px(8) - px(KEY_HEIGHT)),
                border_radius=px(4),
            )
        label = (bold if s == now else small).render(str(s), True, theme.TEXT if s == now else theme.TEXT_DIM)
        panel.blit(label, (x + (cell_w - label.get_width()) // 2, px(6)))
    for i, row in enumerate(timeline.get("rows", ())):
        y = px(6) + row_h * (i + 1)
        name = row["figure"]
        colour = colours.get(name, theme.TEXT)
        pygame.draw.circle(panel, colour, (px(12), y + row_h // 2 - 1), px(5))
        if row.get("full_defensive"):  # an amber bar before the name
            pygame.draw.rect(panel, theme.TEXT_WARN, (px(2), y + px(2), px(3), row_h - px(5)))
        general = row.get("general") or ""
        font = bold if name == active else small
        shown = font.render(fit(name, font, name_w - px(30)), True, theme.TEXT)
        panel.blit(shown, (px(22), y + (row_h - shown.get_height()) // 2))
        if general:  # the General Plot beside the name, in two lines
            tag, lines, _whole = plot_lines(general, general_room(shown.get_width()))
            for n, line in enumerate(lines):
                panel.blit(
                    tag.render(line, True, theme.TEXT_DIM), (px(30) + shown.get_width(), y + 1 + n * (row_h - 2) // 2)
                )
        for s in range(1, SECONDS + 1):
            x = name_w + (s - 1) * cell_w
            cell = pygame.Rect(x + px(2), y + 1, cell_w - px(6), row_h - px(3))
            if s in row.get("initiative", ()):
                pygame.draw.rect(panel, INITIATIVE, cell, border_radius=px(3))
            elif s in row.get("lost", ()):  # outlined and struck through
                pygame.draw.rect(panel, LOST, cell, px(1), border_radius=px(3))
                pygame.draw.line(panel, LOST, cell.bottomleft, cell.topright)
        for first, last, plot in plot_spans(row.get("plots") or {}):
            font, lines, _whole = plot_lines(plot, span_width(first, last, cell_w))
            colour = theme.TEXT if last >= now else theme.TEXT_DIM
            for n, line in enumerate(lines):
                panel.blit(
                    font.render(line, True, colour),
                    (name_w + (first - 1) * cell_w + px(5), y + 1 + n * (row_h - 2) // 2),
                )
    _key(panel, small, px(10), rect.height - px(KEY_HEIGHT) - px(4))
    screen.blit(panel, rect.topleft)
    return rect


def general_room(name_width: int) -> int:
    """The room for a General Plot beside a name this wide."""
    return theme.px(NAME_WIDTH) - theme.px(38) - name_width


def _key(screen: pygame.Surface, font, x: int, y: int) -> None:
    """What the marks mean, in a line from x."""
    px = theme.px
    for words, mark in (
        (_("Initiative"), "initiative"),
        (_("lost die"), "lost"),
        (_("Full Defensive"), "bar"),
        (_("hover a cell: its full text"), ""),
    ):
        box = pygame.Rect(x, y + px(3), px(12), px(11))
        if mark == "initiative":
            pygame.draw.rect(screen, INITIATIVE, box, border_radius=px(2))
        elif mark == "lost":
            pygame.draw.rect(screen, LOST, box, px(1), border_radius=px(2))
            pygame.draw.line(screen, LOST, box.bottomleft, box.topright)
        elif mark == "bar":
            pygame.draw.rect(screen, theme.TEXT_WARN, (box.x + px(4), box.y, px(3), box.height))
        label = font.render(words, True, theme.TEXT_DIM)
        screen.blit(label, (x + (px(18) if mark else 0), y))
        x += label.get_width() + (px(18) if mark else 0) + px(24)


def cell_at(timeline: dict, rect: pygame.Rect, pos) -> str | None:
    """The full text of the plot (or General Plot) under pos on the panel drawn at rect."""
    x, y = pos[0] - rect.x, pos[1] - rect.y
    row = (y - theme.px(6)) // theme.px(ROW) - 1
    rows = timeline.get("rows", ())
    if not rect.collidepoint(pos) or not 0 <= row < len(rows):
        return None
    if x < theme.px(NAME_WIDTH):
        general = rows[row].get("general")
        return f"{rows[row]['figure']}: {general}" if general else None
    second = (x - theme.px(NAME_WIDTH)) // cell_width(rect) + 1
    plot = (rows[row].get("plots") or {}).get(str(second))
    return (
        _("{figure}, second {second}: {plot}").format(figure=rows[row]["figure"], second=second, plot=plot)
        if plot
        else None
    )
