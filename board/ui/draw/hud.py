"""Heads-up pieces: turn banner, status line, odds panel and the help overlay."""

from __future__ import annotations

import pygame

from board.i18n import N_, _
from board.rules.reports import TurnInfo
from board.ui import theme
from board.ui.draw.patterns import draw_shape
from board.ui.draw.odds import draw_odds, percent  # noqa: F401 - the play scene draws the odds as hud.draw_odds
from board.ui.draw.text_fit import render_fit

PILL_WIDTH = 220  # a longer name in the initiative order is cut with "…"

HELP = [
    (N_("Mouse"), ""),
    (N_("Left click"), N_("select, move to a blue hex, pick a target, press a menu button")),
    (N_("Drag a token"), N_("move along the path under the mouse; drag out of the hex to face")),
    (N_("Right drag / Shift+arrows"), N_("pan the map")),
    (N_("Wheel"), N_("zoom around the cursor (over the log: scroll it)")),
    (N_("Touch"), N_("tap: a click · drag a token or the map · two fingers: pan, pinch zoom · hold: the hover")),
    (N_("Keys"), ""),
    (N_("Arrows"), N_("move the hex cursor (facing: Left/Right turn; the menu's focus: the next row)")),
    (N_("Tab / Shift+Tab"), N_("the next / previous figure that may act (aiming: the next target)")),
    (N_("Enter"), N_("act on the cursor's hex as a click would, or press the focused menu row")),
    ("F6", N_("the keys to the action menu and back (its focused row is framed)")),
    ("V", N_("colours: default / colour-blind safe / high contrast (remembered)")),
    ("1-8", N_("movement actions, in the order of the action bar")),
    ("Q / E", N_("turn left / right before confirming a move (GM: turn the figure)")),
    (N_("Space"), N_("confirm the move and facing (the fight is over: Enter is a rematch)")),
    (N_("Esc"), N_("cancel what is being planned")),
    ("T", N_("threat zones: selected and hovered / all / off")),
    ("L", N_("hex labels on / off (off at the start)")),
    ("K", N_("the legend: every colour and mark on the board")),
    ("H", N_("pass the screen: cover the board when the side to act changes (hot seat)")),
    ("J", N_("a network game: who plays each side (the GM: take back, open, to the computer)")),
    ("A", N_("a network game: the host's address; point a player's board at the host's new one")),
    ("N", N_("sound on / off (dice, hits, falls, deaths, your turn; --mute starts silent)")),
    ("X", N_("the side to act: take it over from the computer, or hand it to the computer")),
    ("F", N_("computer turns: a readable pace / fast / skipped to your turn")),
    ("I", N_("a hint: what the computer would do for the figure to act, and why (nothing is played)")),
    (N_("Home"), N_("fit the map to the window (at true scale, --hex-inches: centre it, hexes at their size)")),
    (N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo a whole command (redo: the same dice; vs the computer: to your turn)")),
    (N_("Ctrl+L"), N_("save the combat log as text")),
    ("G", N_("GM mode: drag any figure; the keys of the ruleset's GM commands")),  # keys.help_rows: which
    ("M", N_("open the map editor on this map (the Menu button: the start screen)")),
    (N_("Ctrl+S / Ctrl+O"), N_("save the game / open a saved game")),
    ("F11", N_("full screen")),
    (N_("F1 or ?"), N_("this help")),
]


def _pill(text: str, colour, bg, size: int = 15, bold: bool = False) -> pygame.Surface:
    px = theme.px
    label = render_fit(text, theme.font(size, bold), px(PILL_WIDTH), colour)
    surface = pygame.Surface((label.get_width() + px(16), label.get_height() + px(6)), pygame.SRCALPHA)
    pygame.draw.rect(surface, bg, surface.get_rect(), border_radius=surface.get_height() // 2)
    surface.blit(label, (px(8), px(3)))
    return surface


class Banner:
    """The top bar: map name, turn, phase and the initiative order; cached per state.

    The right end (reserved_right pixels) belongs to the play scene's Menu/Save/Open/Help buttons:
    nothing is drawn under them."""

    def __init__(self):
        self.key = None
        self.surface: pygame.Surface | None = None

    def draw(
        self,
        screen: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        info: TurnInfo,
        colours: dict[str, tuple],
        gm: bool,
        status: dict[str, str],
        reserved_right: int = 280,
        shapes: dict[str, str] | None = None,
    ) -> None:
        """Draw the bar (rendered anew only when what it shows changes); shapes: each figure's
        team shape, drawn in its pill (a palette with patterns)."""
        shapes = shapes or {}
        key = (
            rect.size,
            title,
            repr(info),
            gm,
            tuple(sorted(status.items())),
            reserved_right,
            len(shapes),
        )  # a new palette: Banner()
        if key != self.key:
            self.key = key
            self.surface = self._render(rect.size, title, info, colours, gm, status, reserved_right, shapes)
        if self.surface is not None:
            screen.blit(self.surface, rect.topleft)

    def _render(self, size, title, info, colours, gm, status, reserved_right, shapes=None) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(theme.PANEL)
        pygame.draw.line(surface, theme.PANEL_EDGE, (0, size[1] - 1), (size[0], size[1] - 1))
        px = theme.px
        right = size[0] - reserved_right  # the buttons' left edge, less a gap
        if gm:  # just left of the buttons, where it is never covered
            badge = _pill("GM", (255, 255, 255), theme.GM_BADGE, 15, True)
            right -= badge.get_width() + px(4)
            surface.blit(badge, (right, (size[1] - badge.get_height()) // 2))
            right -= px(8)
        x = px(12)
        name = render_fit(title, theme.font(17, True), max(px(80), (right - x) // 3), theme.TEXT)
        surface.blit(name, (x, (size[1] - name.get_height()) // 2))
        x += name.get_width() + px(18)
        if info.phase == "view":
            label = theme.font(17, True).render(_("A map to look at: no two sides to fight"), True, theme.TEXT_DIM)
            surface.blit(label, (x, (size[1] - label.get_height()) // 2))
        elif info.phase == "over":
            text = _("Turn {turn} - ").format(turn=info.turn) + (
                _("{team} wins").format(team=info.winner) if info.winner else _("the fight is over")
            )
            label = theme.font(17, True).render(text, True, theme.TEXT_GOOD)
            surface.blit(label, (x, (size[1] - label.get_height()) // 2))
        else:
            phase = _(
                info.phase_label
                or {"movement": N_("Movement"), "combat": N_("Combat actions")}.get(info.phase, info.phase.capitalize())
            )
            label = theme.font(16).render(
                _("Turn {turn} · {phase}").format(turn=info.turn, phase=phase), True, theme.TEXT_DIM
            )
            surface.blit(label, (x, (size[1] - label.get_height()) // 2))
            x += label.get_width() + px(16)
            self._order(surface, x, right, info, colours, status, shapes or {})
        return surface

    @staticmethod
    def _order(surface, x: int, right: int, info, colours, status, shapes=None) -> None:
        """The initiative pills between x and right: a window that always holds the active
        figure, with "+N" pills for those left out before and after it."""
        waiting = set(info.queue)
        order = list(info.order)
        # Measured, not drawn: with hundreds of figures only the few that fit are rendered.
        shapes = shapes or {}
        px = theme.px
        widths = [
            _pill_width(_order_text(n, status), n == info.active) + px(6) + (px(SHAPE_ROOM) if n in shapes else 0)
            for n in order
        ]
        active = order.index(info.active) if info.active in order else 0
        first, last = _window(widths, active, right - x)
        pills = [
            _order_pill(n, n == info.active, n not in waiting, colours, status, shapes.get(n))
            for n in order[first:last]
        ]
        shown = ([_more(first)] if first else []) + pills + ([_more(len(order) - last)] if last < len(order) else [])
        for pill in shown:
            surface.blit(pill, (x, (surface.get_height() - pill.get_height()) // 2))
            x += pill.get_width() + px(6)


SHAPE_ROOM = 16  # a team's shape at the start of its figures' pills


def _pill_width(text: str, bold: bool) -> int:
    """How wide _pill() draws this text (at 14 px), measured without drawing it."""
    return theme.font(14, bold).size(text)[0] + theme.px(16)


def _order_pill(name: str, active: bool, done: bool, colours, status, shape: str | None = None) -> pygame.Surface:
    colour = colours.get(name, theme.TEAM_COLOURS[-1])
    bg = colour if active else tuple(int(c * 0.45) for c in colour)
    fg = (255, 255, 255) if not done or active else theme.TEXT_DIM
    pill = _pill(_order_text(name, status), fg, bg, 14, active)
    px = theme.px
    if shape:  # the team's shape first: the side reads without its colour
        wider = pygame.Surface((pill.get_width() + px(SHAPE_ROOM), pill.get_height()), pygame.SRCALPHA)
        pygame.draw.rect(wider, bg, wider.get_rect(), border_radius=wider.get_height() // 2)
        wider.blit(pill, (px(SHAPE_ROOM), 0))
        draw_shape(wider, shape, (px(14), wider.get_height() / 2), px(6), (255, 255, 255), (0, 0, 0))
        pill = wider
    if active:  # a bright underline marks whose turn it is
        pygame.draw.rect(pill, (255, 255, 255), (px(8), pill.get_height() - px(3), pill.get_width() - px(16), px(2)))
    return pill


def _order_text(name: str, status) -> str:
    note = status.get(name)
    return name + (f" ({note})" if note else "")


def _more(n: int) -> pygame.Surface:
    return _pill(f"+{n}", theme.TEXT, theme.PANEL_EDGE, 14, True)


def _window(widths: list[int], active: int, room: int) -> tuple[int, int]:
    """The run of pills [first, last) to show: from the start while the active one fits so;
    else from the one before the active one, on as far as there is room, then back."""
    more = _more(88).get_width() + theme.px(6)  # room for a "+N" pill, at its widest likely size
    n = len(widths)

    def fits(first: int, last: int) -> bool:
        return sum(widths[first:last]) + more * ((first > 0) + (last < n)) <= room

    first = 0 if fits(0, active + 1) else max(0, active - 1)
    if not fits(first, active + 1):
        first = active  # too narrow for the one before: the active one alone
    last = active + 1
    while last < n and fits(first, last + 1):
        last += 1
    while first > 0 and fits(first - 1, last):
        first -= 1
    return first, last


def draw_status(screen: pygame.Surface, rect: pygame.Rect, message: str, warning: bool, hint: str) -> None:
    """The bottom line: a refusal in warning colours, or a hint (painted once per text)."""
    key = (rect.size, message, warning, hint, theme.SCALE)
    if _status[0] != key:
        line = pygame.Surface(rect.size)
        _paint_status(line, line.get_rect(), message, warning, hint)
        _status[:] = [key, line]
    screen.blit(_status[1], rect.topleft)


_status: list = [None, None]  # the last status line: its key and its picture


def _paint_status(screen: pygame.Surface, rect: pygame.Rect, message: str, warning: bool, hint: str) -> None:
    screen.fill(theme.PANEL, rect)
    pygame.draw.line(screen, theme.PANEL_EDGE, rect.topleft, rect.topright)
    text, colour = (message, theme.TEXT_WARN if warning else theme.TEXT) if message else (hint, theme.TEXT_DIM)
    px = theme.px
    label = render_fit(text, theme.font(15), rect.width - px(48), colour)  # a long path is cut with "…"
    x = rect.x + px(12)
    if warning:  # Noto Sans has no warning sign glyph: draw one
        cy = rect.centery
        pygame.draw.polygon(
            screen, theme.TEXT_WARN, [(x, cy + px(7)), (x + px(8), cy - px(7)), (x + px(16), cy + px(7))]
        )
        bang = theme.font(11, True).render("!", True, theme.PANEL)
        screen.blit(bang, bang.get_rect(center=(x + px(8), cy + px(2))))
        x += px(24)
    screen.blit(label, (x, rect.y + (rect.height - label.get_height()) // 2))


def draw_help(screen: pygame.Surface, rect: pygame.Rect, rows=tuple(HELP)) -> None:
    """The controls, over a dimmed board; packed closer in a window too short for them."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((10, 10, 14))  # opaque: the board under the text made it hard to read
    screen.blit(shade, rect)
    sections = sum(1 for _, what in rows if not what)
    natural = theme.px(40 + 47 + sections * 32 + (len(rows) - sections) * 24 + 14 + 20)
    k = max(0.6, min(1.0, rect.height / natural))
    k_px = k * theme.SCALE  # a position's pixels (the fonts are scaled by theme.font)
    title = theme.font(round(24 * k), True).render(_("Hexboard controls"), True, theme.TEXT)
    x, y = rect.x + theme.px(60), rect.y + round(40 * k_px)
    screen.blit(title, (x, y))
    y += title.get_height() + round(14 * k_px)
    for key, what in rows:
        if not what:
            label = theme.font(round(16 * k), True).render(_(key), True, theme.TEXT_WARN)
            screen.blit(label, (x, y + round(6 * k_px)))
            y += label.get_height() + round(10 * k_px)
            continue
        screen.blit(theme.font(round(15 * k), True).render(_(key), True, theme.TEXT), (x + theme.px(10), y))
        screen.blit(theme.font(round(15 * k)).render(_(what), True, theme.TEXT_DIM), (x + round(230 * k_px), y))
        y += round(24 * k_px)
    foot = theme.font(round(14 * k)).render(
        _("F1, ? or Esc closes this help · K turns to the legend: every colour and mark"), True, theme.TEXT_DIM
    )
    screen.blit(foot, (x, y + round(14 * k_px)))
