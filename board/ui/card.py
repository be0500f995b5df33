"""The figure card: the sheet of the hovered (else selected) figure, in the rows its ruleset
supplies through Ruleset.card(); the board only lays them out."""

from __future__ import annotations

import pygame

from board.ui import theme
from board.ui.log_rows import wrap
from board.ui.text_fit import render_fit

WIDTH = 250
PAD = 8
LABEL_WIDTH = 70
HIDDEN = [("Sheet", "hidden by the GM")]


def card_rows(game, name: str, viewer_team: str | None, gm: bool) -> list[tuple[str, str]]:
    """The rows shown for a figure: the ruleset's, or a hidden note for an enemy's sheet when
    the map hides them (a GM sees every sheet)."""
    tokens = game.tokens()
    hide = getattr(game.battle.source, "hide_enemy_sheets", False)
    if hide and not gm and viewer_team is not None and tokens[name].team != viewer_team:
        return list(HIDDEN)
    return [(str(label), str(value)) for label, value in game.ruleset.card(game.state, name)]


class FigureCard:
    """Draws the card at the board's top left (top right while the mouse is over that corner);
    the picture is rendered once per change of rows, not per frame."""

    def __init__(self):
        self.key = None
        self.surface: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows_key = self.corners_key = None
        self.corners: list[tuple[pygame.Rect, bool]] = []
        self.rows: list[tuple[str, str]] = []

    def show(self, screen: pygame.Surface, bounds: pygame.Rect, mouse, game, controller,
             colours: dict, avoid=lambda: (), view_key=None) -> str | None:
        """Draw the card of the hovered figure, else the selected one, in a corner of bounds
        away from the mouse and the points avoid() gives (the tokens: asked for only when
        view_key, the camera and state, changes); returns whose card it is."""
        v = controller.view
        name = (controller.figure_at(v.hover) if v.hover else None) or v.selected
        tokens = game.tokens()
        if name not in tokens:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return None
        active = controller.info().active
        viewer = tokens[active].team if active in tokens else None
        # The rows are asked for again only after a command: a new state object (held, so
        # its id is not reused while it is the key).
        key = (name, id(game.state), viewer, v.gm)
        if key != self.rows_key:
            self.rows_key, self.held = key, game.state
            self.rows = card_rows(game, name, viewer, v.gm)
        self.draw(screen, bounds, mouse, name, tokens[name].team, colours.get(name, theme.TEXT), self.rows,
                  avoid, view_key)
        return name

    def render(self, name: str, team: str, colour, rows: list[tuple[str, str]]) -> pygame.Surface:
        key = (name, team, colour, tuple(rows))
        if key != self.key:
            surface = _render(name, team, colour, rows)
            self.key = key
            self.surface = theme.keyed(surface)
        return self.surface

    def draw(self, screen: pygame.Surface, bounds: pygame.Rect, mouse, name: str, team: str, colour,
             rows: list[tuple[str, str]], avoid=lambda: (), view_key=None) -> pygame.Rect:
        surface = self.render(name, team, colour, rows)
        key = (surface.get_size(), tuple(bounds), view_key)
        if key != self.corners_key or view_key is None:  # the corners free of tokens, kept
            inner = bounds.inflate(-16, -16)
            corners = [surface.get_rect(**{corner: getattr(inner, corner)})
                       for corner in ("topleft", "topright", "bottomright", "bottomleft")]
            points = list(avoid())
            self.corners_key = key
            self.corners = [(r, not any(r.collidepoint(p) for p in points)) for r in corners]
        clear = [(r, free) for r, free in self.corners if not r.collidepoint(mouse)]
        rect = next((r for r, free in clear if free), clear[0][0])
        screen.blit(surface, rect)
        self.rect = rect
        return rect


def _render(name: str, team: str, colour, rows) -> pygame.Surface:
    title, small, bold = theme.font(15, True), theme.font(13), theme.font(13, True)
    # The label column as wide as the widest label (a ruleset's "Attack / Parry", say).
    label_width = max([LABEL_WIDTH] + [bold.size(label)[0] + 10 for label, _ in rows])
    lines: list[tuple[str, list[str]]] = [(label, wrap(value, small, WIDTH - label_width - 2 * PAD))
                                          for label, value in rows]
    step = small.get_linesize()
    height = PAD + title.get_linesize() + 6 + sum(len(v) for _, v in lines) * step + PAD
    surface = theme.rounded_panel((WIDTH, height))
    pygame.draw.rect(surface, colour, surface.get_rect(), 2, border_radius=8)
    pygame.draw.circle(surface, colour, (PAD + 6, PAD + title.get_linesize() // 2), 6)
    team_label = render_fit(team, small, WIDTH // 3, theme.TEXT_DIM)
    surface.blit(render_fit(name, title, WIDTH - 2 * PAD - 18 - team_label.get_width() - 8, theme.TEXT),
                 (PAD + 18, PAD))
    surface.blit(team_label, (WIDTH - PAD - team_label.get_width(), PAD + 2))
    y = PAD + title.get_linesize() + 6
    for label, values in lines:
        surface.blit(bold.render(label, True, theme.TEXT_DIM), (PAD, y))
        for value in values:
            surface.blit(small.render(value, True, theme.TEXT), (PAD + label_width, y))
            y += step
    return surface
