"""The figure card: the sheet of the hovered (else selected) figure, in the rows its ruleset
supplies through Ruleset.card(); the board only lays them out."""

from __future__ import annotations

import pygame

from board.i18n import N_, _
from board.ui import theme
from board.ui.draw.text_fit import render_fit, wrap

WIDTH = 250
PAD = 8
LABEL_WIDTH = 70
DOCK_GAP = 8  # around the card in its dock
TEXT_PX = (13, 12, 11)  # a card too tall for its room is drawn smaller, down to 11 px, before it is cut
HIDDEN = [(N_("Sheet"), N_("hidden by the GM"))]


def card_rows(game, name: str, viewer_team: str | None, gm: bool) -> list[tuple[str, str]]:
    """The rows shown for a figure: the ruleset's, or a hidden note for an enemy's sheet when
    the map hides them (a GM sees every sheet)."""
    tokens = game.tokens()
    hide = getattr(game.battle.source, "hide_enemy_sheets", False)
    if hide and not gm and viewer_team is not None and tokens[name].team != viewer_team:
        return [(_(label), _(words)) for label, words in HIDDEN]
    return [(str(label), str(value)) for label, value in game.card(name)]


class FigureCard:
    """Draws the card docked at the bottom of the sidebar, off the board (issue 35: a card over
    the board hid figures); the picture is rendered once per change of rows, not per frame."""

    def __init__(self):
        self.key = None
        self.surface: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows_key = None
        self.rows: list[tuple[str, str]] = []
        self.room = 0  # the dock's height: the tallest card shown so far (the log does not jump)
        self.text_px = TEXT_PX[0]  # the size the card's text was last drawn in
        self._drawn: dict[tuple, pygame.Surface] = {}  # the last card at each text size tried

    def prepare(self, game, controller, colours: dict, width: int, most: int | None = None) -> pygame.Surface | None:
        """The card of the hovered figure, else the selected one, rendered for this width
        (None if neither is a figure) in the largest text that fits most pixels high; the dock
        grows to hold it."""
        v = controller.view
        name = (controller.figure_at(v.hover) if v.hover else None) or v.selected
        tokens = game.tokens()
        if name not in tokens:
            self.name = None
            return None
        active = controller.info().active
        viewer = tokens[active].team if active in tokens else None
        # The rows are asked for again only after a command: a new state object (held, so
        # its id is not reused while it is the key).
        key = (name, id(game.state), viewer, v.gm)
        if key != self.rows_key:
            self.rows_key, self.held = key, game.state
            self.rows = card_rows(game, name, viewer, v.gm)
        self.name = name
        gaps = 2 * theme.px(DOCK_GAP)
        for text_px in TEXT_PX:  # a tall sheet in a short window: smaller text, not cut
            surface = self.render(name, tokens[name].team, colours.get(name, theme.TEXT), self.rows, width, text_px)
            if most is None or surface.get_height() + gaps <= most:
                break
        self.text_px = text_px
        self.room = max(self.room, surface.get_height() + gaps)
        return surface

    def render(
        self, name: str, team: str, colour, rows: list[tuple[str, str]], width: int = WIDTH, text_px: int = TEXT_PX[0]
    ) -> pygame.Surface:
        key = (name, team, colour, tuple(rows), width, text_px, theme.SCALE)
        if key not in self._drawn:  # made once per change: the sizes tried are kept side by side
            if len(self._drawn) >= len(TEXT_PX):
                self._drawn.clear()
            self._drawn[key] = theme.keyed(_render(name, team, colour, rows, width, text_px))
        self.key, self.surface = key, self._drawn[key]
        return self.surface

    def draw(self, screen: pygame.Surface, dock: pygame.Rect, surface: pygame.Surface | None) -> pygame.Rect:
        """Blit a prepared card at the top of the dock (nothing if there is none)."""
        if surface is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return self.rect
        gap = theme.px(DOCK_GAP)
        self.rect = surface.get_rect(topleft=(dock.x + gap, dock.y + gap))
        self.rect.height = min(self.rect.height, dock.height - 2 * gap)  # a short window: cut
        screen.blit(surface, self.rect, (0, 0, *self.rect.size))
        return self.rect


def card_lines(rows, width: int = WIDTH, text_px: int = TEXT_PX[0]) -> tuple[int, list[tuple[str, list[str]]]]:
    """The label column's width and each row's value broken into lines that fit beside it
    (width in pixels; the sizes here are at 100%, read through theme.px)."""
    small, bold = theme.font(text_px), theme.font(text_px, True)
    px = theme.px
    # The label column as wide as the widest label (a ruleset's "Attack / Parry", say).
    label_width = max([px(LABEL_WIDTH)] + [bold.size(label)[0] + px(10) for label, _ in rows])
    return label_width, [(label, wrap(value, small, width - label_width - 2 * px(PAD))) for label, value in rows]


def _render(name: str, team: str, colour, rows, width: int = WIDTH, text_px: int = TEXT_PX[0]) -> pygame.Surface:
    title, small, bold = theme.font(text_px + 2, True), theme.font(text_px), theme.font(text_px, True)
    label_width, lines = card_lines(rows, width, text_px)
    step = small.get_linesize()
    px = theme.px
    pad = px(PAD)
    height = pad + title.get_linesize() + px(6) + sum(len(v) for _, v in lines) * step + pad
    surface = theme.rounded_panel((width, height), px(8))
    pygame.draw.rect(surface, colour, surface.get_rect(), px(2), border_radius=px(8))
    pygame.draw.circle(surface, colour, (pad + px(6), pad + title.get_linesize() // 2), px(6))
    team_label = render_fit(team, small, width // 3, theme.TEXT_DIM)
    surface.blit(
        render_fit(name, title, width - 2 * pad - px(18) - team_label.get_width() - px(8), theme.TEXT),
        (pad + px(18), pad),
    )
    surface.blit(team_label, (width - pad - team_label.get_width(), pad + px(2)))
    y = pad + title.get_linesize() + px(6)
    for label, values in lines:
        surface.blit(bold.render(label, True, theme.TEXT_DIM), (pad, y))
        for value in values:
            surface.blit(small.render(value, True, theme.TEXT), (pad + label_width, y))
            y += step
    return surface
