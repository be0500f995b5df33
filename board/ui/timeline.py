"""The round's timeline: for rulesets that plot seconds, who has initiative when, and what each
combatant plotted, with the current second marked. It only reads TurnInfo.timeline."""

from __future__ import annotations

import pygame

from board.ui import theme
from board.ui.text_fit import fit

SECONDS = 6
ROW = 20
NAME_WIDTH = 170
CELL = 74
LOST = (120, 70, 70)
INITIATIVE = (60, 96, 70)


def timeline_size(timeline: dict) -> tuple[int, int]:
    """The panel's size for this many rows."""
    return NAME_WIDTH + CELL * SECONDS + 16, ROW * (len(timeline.get("rows", ())) + 1) + 12


def dock_height(timeline: dict | None) -> int:
    """The strip the play scene keeps for the timeline under the board (0 without one)."""
    return timeline_size(timeline)[1] + 12 if timeline else 0


def draw_timeline(screen: pygame.Surface, bounds: pygame.Rect, timeline: dict, colours: dict,
                  active: str | None) -> pygame.Rect:
    """Draw the panel at the bottom left of bounds (the dock strip); returns where it went."""
    width, height = timeline_size(timeline)
    rect = pygame.Rect(bounds.x + 8, bounds.bottom - height - 6, min(width, bounds.width - 16), height)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, 230), panel.get_rect(), border_radius=8)
    pygame.draw.rect(panel, theme.PANEL_EDGE, panel.get_rect(), 1, border_radius=8)
    now = timeline.get("second", 0)
    small, bold = theme.font(13), theme.font(13, True)
    head = bold.render("Round" if not now else f"Second {now}", True, theme.TEXT)
    panel.blit(head, (8, 6))
    for s in range(1, SECONDS + 1):
        x = NAME_WIDTH + (s - 1) * CELL
        if s == now:
            pygame.draw.rect(panel, (*theme.SELECT, 60), (x, 4, CELL - 2, rect.height - 8), border_radius=4)
        label = (bold if s == now else small).render(str(s), True, theme.TEXT if s == now else theme.TEXT_DIM)
        panel.blit(label, (x + (CELL - label.get_width()) // 2, 6))
    for i, row in enumerate(timeline.get("rows", ())):
        y = 6 + ROW * (i + 1)
        name = row["figure"]
        colour = colours.get(name, theme.TEXT)
        pygame.draw.circle(panel, colour, (12, y + ROW // 2 - 1), 5)
        if row.get("full_defensive"):  # an amber bar before the name
            pygame.draw.rect(panel, theme.TEXT_WARN, (2, y + 2, 3, ROW - 5))
        general = row.get("general") or ""
        tag = small.render(fit(general, small, 64), True, theme.TEXT_DIM) if general else None
        room = NAME_WIDTH - 30 - (tag.get_width() + 6 if tag else 0)
        font = bold if name == active else small
        panel.blit(font.render(fit(name, font, room), True, theme.TEXT), (22, y + 2))
        if tag:
            panel.blit(tag, (NAME_WIDTH - tag.get_width() - 8, y + 2))
        plots = {int(k): v for k, v in (row.get("plots") or {}).items()}
        for s in range(1, SECONDS + 1):
            x = NAME_WIDTH + (s - 1) * CELL
            cell = pygame.Rect(x + 2, y + 1, CELL - 6, ROW - 3)
            if s in row.get("initiative", ()):
                pygame.draw.rect(panel, INITIATIVE, cell, border_radius=3)
            elif s in row.get("lost", ()):  # outlined and struck through
                pygame.draw.rect(panel, LOST, cell, 1, border_radius=3)
                pygame.draw.line(panel, LOST, cell.bottomleft, cell.topright)
            plot = plots.get(s)
            if plot:
                shown = small.render(fit(plot, small, CELL - 10), True,
                                     theme.TEXT if s >= now else theme.TEXT_DIM)
                panel.blit(shown, (cell.x + 3, cell.y + 1))
    screen.blit(panel, rect.topleft)
    if bounds.right - rect.right > 140:
        _key(screen, small, rect.right + 14, rect.y + 8)
    return rect


def _key(screen: pygame.Surface, font, x: int, y: int) -> None:
    """What the marks mean, one under another, right of the panel."""
    for words, mark in (("Initiative", "initiative"), ("lost die", "lost"), ("Full Defensive", "bar"),
                        ("hover a cell: its full text", "")):
        box = pygame.Rect(x, y + 3, 12, 11)
        if mark == "initiative":
            pygame.draw.rect(screen, INITIATIVE, box, border_radius=2)
        elif mark == "lost":
            pygame.draw.rect(screen, LOST, box, 1, border_radius=2)
            pygame.draw.line(screen, LOST, box.bottomleft, box.topright)
        elif mark == "bar":
            pygame.draw.rect(screen, theme.TEXT_WARN, (box.x + 4, box.y, 3, box.height))
        screen.blit(font.render(words, True, theme.TEXT_DIM), (x + (18 if mark else 0), y))
        y += ROW


def cell_at(timeline: dict, rect: pygame.Rect, pos) -> str | None:
    """The full text of the plot (or General Plot) under pos on the panel drawn at rect."""
    x, y = pos[0] - rect.x, pos[1] - rect.y
    row = (y - 6) // ROW - 1
    rows = timeline.get("rows", ())
    if not rect.collidepoint(pos) or not 0 <= row < len(rows):
        return None
    if x < NAME_WIDTH:
        general = rows[row].get("general")
        return f"{rows[row]['figure']}: {general}" if general else None
    second = (x - NAME_WIDTH) // CELL + 1
    plot = (rows[row].get("plots") or {}).get(str(second))
    return f"{rows[row]['figure']}, second {second}: {plot}" if plot else None
