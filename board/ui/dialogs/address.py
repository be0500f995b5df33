"""A network board's "the host's new address" window (A): one field and a button."""

from __future__ import annotations

import pygame_gui

from board.i18n import _
from board.ui import theme

from board.net.invitations import parse_join_line


class AddressDialog:
    """Asks where the host is now; picked() gives the address typed."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.window: pygame_gui.elements.UIWindow | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.go: pygame_gui.elements.UIButton | None = None

    @property
    def open(self) -> bool:
        return self.window is not None and self.window.alive()

    def show(self, centre: tuple[int, int], now: str) -> None:
        if self.open:
            return
        rect = theme.px_rect(0, 0, 460, 124)
        rect.center = centre
        self.window = pygame_gui.elements.UIWindow(rect, self.manager, _("The host's address"))
        pygame_gui.elements.UILabel(
            theme.px_rect(12, 8, 420, 26),
            _("Now: {address}").format(address=now),
            manager=self.manager,
            container=self.window,
        )
        self.entry = pygame_gui.elements.UITextEntryLine(
            theme.px_rect(12, 40, 300, 30),
            manager=self.manager,
            container=self.window,
            placeholder_text="tls://HOST:4222/FINGERPRINT",
        )
        self.go = pygame_gui.elements.UIButton(
            theme.px_rect(322, 38, 110, 34), _("Go there"), manager=self.manager, container=self.window
        )
        self.entry.focus()

    def picked(self, event) -> str | None:
        """The new address when this event is the button or Enter in the field (a whole join
        line may be pasted; an address without a fingerprint keeps the certificate pinned)."""
        window, entry = self.window, self.entry
        if window is None or entry is None or not window.alive():
            return None
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.go
        entered = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is entry
        text = entry.get_text().strip() if (pressed or entered) else ""
        if not text:
            return None
        window.kill()
        return parse_join_line(text)[0]
