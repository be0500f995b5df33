"""The start screen's "Join a network game" dialog: the host's address, the code, a name (or
the whole join line the host gave, pasted into the address)."""

from __future__ import annotations

import socket

import pygame_gui

from board.i18n import N_, _
from board.ui import theme

from board.net.invitations import parse_join_line
from board.ui.dialogs.small_window import SmallWindow

FIELDS = (
    ("address", N_("Join line or address"), "tls://HOST:4222/FINGERPRINT"),
    ("code", N_("Invitation code"), "pxxxxx.xxxx-xxxx-xxxx-xxxx"),
    ("name", N_("Your name"), ""),
)


class JoinDialog(SmallWindow):
    """A small window of three fields and a Join button; picked() gives what was typed."""

    def __init__(self, manager: pygame_gui.UIManager):
        super().__init__(manager)
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.join: pygame_gui.elements.UIButton | None = None

    def show(self, centre: tuple[int, int]) -> None:
        if self.raised():
            return
        self.make((460, 250), centre, _("Join a network game"))
        for n, (key, label, hint) in enumerate(FIELDS):
            pygame_gui.elements.UILabel(
                theme.px_rect(12, 12 + n * 44, 150, 30), _(label), manager=self.manager, container=self.window
            )
            entry = pygame_gui.elements.UITextEntryLine(
                theme.px_rect(166, 12 + n * 44, 260, 30),
                manager=self.manager,
                container=self.window,
                placeholder_text=hint,
            )
            self.entries[key] = entry
        self.entries["name"].set_text(socket.gethostname()[:32])
        self.join = pygame_gui.elements.UIButton(
            theme.px_rect(326, 146, 100, 34), _("Join"), manager=self.manager, container=self.window
        )
        self.entries["address"].focus()

    def picked(self, event) -> tuple[str, str, str] | None:
        """(address, code, name) when this event is the Join button or Enter in a field."""
        if not self.open:
            return None
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.join
        entered = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.entries.values()
        if not (pressed or entered):
            return None
        values = [self.entries[key].get_text().strip() for key, _, _ in FIELDS]
        address, code = parse_join_line(values[0])
        values[0], values[1] = address, values[1] or code or ""
        if not all(values):
            return None  # Enter in the first field moves on; the empty ones stay to fill
        self.close()
        return values[0], values[1], values[2]
