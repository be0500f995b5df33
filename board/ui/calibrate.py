"""The calibration screen: the player holds a bank card (or a ruler) to a bar on the screen and
stretches the bar until it is as long; the screen's DPI is remembered (settings.json), once.

Keys: Left/Right (Shift: ten at a time) shorten and lengthen the bar, Enter keeps it, Esc goes on
without true scale. The mouse or a finger drags the bar's end, and presses Done or Cancel."""

from __future__ import annotations

import math

import pygame

from board.i18n import N_, _
from board.ui import settings, theme
from board.ui.draw import hud, true_scale
from board.ui.requests import HandOver, SceneRequest
from board.ui.play.touch import FINGER_EVENTS, finger_pos

CARD_INCHES = true_scale.CARD_MM / true_scale.MM_PER_INCH  # 3.37 in: the bar's length
CARD_HEIGHT_MM = 53.98  # the card's short side, for the outline drawn under the bar
MARGIN = 60
BAR_HEIGHT = 36
HINT = N_("Left/Right: 1 pixel (Shift: 10) · drag the bar's end · Enter: keep it · Esc: no true scale")
DEFAULT_DPI = 96.0  # where the bar starts when nothing is known (a common desktop figure)


class CalibrationScene:
    """The bar to match against a card; then the scene it was asked for (`then`)."""

    def __init__(self, size: tuple[int, int], then, guess: float | None = None):
        self.then = then
        self.request: SceneRequest | None = None
        self.message, self.warning = "", False
        known = true_scale.screen_dpi()
        self.dpi = guess or (known[0] if known else DEFAULT_DPI)
        self.dragging = False
        self.dirty = True
        self.resize(size)

    # --- layout --------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        _w, h = size
        self.bar = pygame.Rect(MARGIN, 150, self.length, BAR_HEIGHT)
        self.done_rect = pygame.Rect(MARGIN, h - theme.STATUS_HEIGHT - 76, 160, 48)
        self.cancel_rect = pygame.Rect(self.done_rect.right + 16, self.done_rect.y, 220, 48)
        self.set_length(self.length)

    @property
    def length(self) -> int:
        """The bar's length in pixels: the card's long side at the DPI being tried."""
        return round(self.dpi * CARD_INCHES)

    def set_length(self, pixels: float) -> None:
        """Make the bar this long, within the window and the DPIs a screen may have."""
        low = true_scale.DPI_RANGE[0] * CARD_INCHES
        high = min(true_scale.DPI_RANGE[1] * CARD_INCHES, self.size[0] - 2 * MARGIN)
        self.dpi = max(low, min(high, round(pixels))) / CARD_INCHES
        self.bar.width = self.length
        self.dirty = True

    def say(self, text: str, warning: bool = False) -> None:
        self.message, self.warning = text, warning

    # --- input ---------------------------------------------------------------------------

    def handle(self, event) -> None:
        """Keys, the mouse or a finger: the bar's end, Done, Cancel."""
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type in FINGER_EVENTS:
            pos = finger_pos(event, self.size)
            kind = {
                pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN,
                pygame.FINGERMOTION: pygame.MOUSEMOTION,
                pygame.FINGERUP: pygame.MOUSEBUTTONUP,
            }[event.type]
        elif getattr(event, "touch", False):
            return  # SDL's mouse events made from a finger: the finger's own are read
        elif (
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
        ) or event.type == pygame.MOUSEMOTION:
            pos, kind = event.pos, event.type
        else:
            return
        if pos is not None:
            self._pointer(kind, pos)

    def _key(self, event) -> None:
        step = 10 if event.mod & pygame.KMOD_SHIFT else 1
        if event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_length(self.length + step)
        elif event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_length(self.length - step)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish()
        elif event.key == pygame.K_ESCAPE:
            self.cancel()

    def _pointer(self, kind: int, pos) -> None:
        """A press, a move or a release of the mouse's left button or of a finger."""
        if kind == pygame.MOUSEBUTTONDOWN:
            if self.done_rect.collidepoint(pos):
                self.finish()
            elif self.cancel_rect.collidepoint(pos):
                self.cancel()
            elif abs(pos[1] - self.bar.centery) <= BAR_HEIGHT * 1.5:
                self.dragging = True  # anywhere on the bar's row: its end comes there
                self.set_length(pos[0] - self.bar.x)
        elif kind == pygame.MOUSEMOTION and self.dragging:
            self.set_length(pos[0] - self.bar.x)
        elif kind == pygame.MOUSEBUTTONUP:
            self.dragging = False

    def finish(self) -> None:
        """Keep this DPI (remembered) and go on to the scene asked for, at true scale."""
        if self.request is not None:
            return
        dpi = round(self.dpi, 1)
        true_scale.measured(dpi)  # this run has it, even where the data folder is read-only
        problem = settings.save(dpi=dpi)
        self.request = HandOver(self.then)
        said = (
            _("True scale: the screen has {dpi} pixels per inch; not remembered: {problem}")
            if problem
            else _("True scale: the screen has {dpi} pixels per inch (remembered; play --calibrate measures again)")
        )
        self.then.say(said.format(dpi=f"{dpi:g}", problem=problem), warning=bool(problem))

    def cancel(self) -> None:
        """Go on without true scale (this run only): nothing is remembered."""
        if self.request is not None:
            return
        true_scale.use(None)
        self.request = HandOver(self.then)
        self.then.say(
            _("True scale is off for this run: the screen was not calibrated (play --calibrate to measure it)"),
            warning=True,
        )

    # --- per frame -----------------------------------------------------------------------

    def update(self, now: float, dt: float) -> bool:
        dirty, self.dirty = self.dirty, False
        return dirty

    def draw(self, screen: pygame.Surface) -> None:
        """The words, the bar with its centimetre ticks, the card's outline, the buttons."""
        screen.fill(theme.BACKGROUND)
        x = MARGIN
        screen.blit(theme.font(28, bold=True).render(_("Measure the screen"), True, theme.TEXT), (x, 36))
        words = _(
            "Hold a bank card (85.6 mm, {inches} in across) or a ruler to the bar, and "
            "stretch the bar until it is exactly as long."
        ).format(inches=f"{CARD_INCHES:.2f}")
        screen.blit(theme.font(17).render(words, True, theme.TEXT_DIM), (x, 84))
        size = (
            _("off")
            if true_scale.inches() is None
            else _("{inches} in across the flats").format(inches=f"{true_scale.inches():g}")
        )
        shown = _("{length} px = 85.6 mm: {dpi} pixels per inch · hexes: {size}").format(
            length=self.length, dpi=f"{self.dpi:.1f}", size=size
        )
        screen.blit(theme.font(17).render(shown, True, theme.TEXT_WARN), (x, 114))
        pygame.draw.rect(screen, theme.SELECT, self.bar)
        per_mm = self.length / true_scale.CARD_MM
        tick_font = theme.font(12)
        for mm in range(0, 86):
            tall = 14 if mm % 10 == 0 else 8 if mm % 5 == 0 else 4
            tx = round(self.bar.x + mm * per_mm)
            pygame.draw.line(screen, theme.DIE_PIP, (tx, self.bar.bottom - 1), (tx, self.bar.bottom - tall))
            if mm % 10 == 0 and mm:
                label = tick_font.render(str(mm // 10), True, theme.DIE_PIP)
                screen.blit(label, (tx - label.get_width() // 2, self.bar.y + 2))
        pygame.draw.rect(screen, theme.TEXT, (self.bar.right - 4, self.bar.y - 10, 8, self.bar.height + 20))
        card = pygame.Rect(self.bar.x, self.bar.bottom + 24, self.length, round(CARD_HEIGHT_MM * per_mm))
        pygame.draw.rect(screen, theme.PANEL_EDGE, card, width=2, border_radius=round(3.2 * per_mm))
        note = theme.font(15).render(_("a bank card, to lay on the screen"), True, theme.TEXT_DIM)
        screen.blit(note, (card.x + 12, card.y + 10))
        screen.blit(tick_font.render("cm", True, theme.DIE_PIP), (self.bar.x + 3, self.bar.y + 2))
        self._draw_hex(screen, (card.right + 40, card.y))
        for rect, text in ((self.done_rect, _("Done (Enter)")), (self.cancel_rect, _("No true scale (Esc)"))):
            pygame.draw.rect(screen, theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(screen, theme.PANEL_EDGE, rect, width=2, border_radius=6)
            label = theme.font(17, bold=True).render(text, True, theme.TEXT)
            screen.blit(label, label.get_rect(center=rect.center))
        status = pygame.Rect(0, self.size[1] - theme.STATUS_HEIGHT, self.size[0], theme.STATUS_HEIGHT)
        hud.draw_status(screen, status, self.message, self.warning, _(HINT))

    def _draw_hex(self, screen: pygame.Surface, topleft: tuple[int, int]) -> None:
        """One hex as the board will draw it at this measure (true scale asked for only)."""
        inches = true_scale.inches()
        if inches is None:
            return
        radius = true_scale.hex_size(inches, self.dpi)
        cx, cy = topleft[0] + radius, topleft[1] + radius
        corners = [
            (cx + radius * math.cos(math.radians(60 * k)), cy + radius * math.sin(math.radians(60 * k)))
            for k in range(6)
        ]
        pygame.draw.polygon(screen, theme.OPEN, corners)
        pygame.draw.polygon(screen, theme.GRID, corners, width=2)
        words = _("a hex, {inches} in across the flats").format(inches=f"{true_scale.inches():g}")
        label = theme.font(15).render(words, True, theme.TEXT_DIM)
        screen.blit(label, (topleft[0], cy + radius + 8))
