"""The start screen's "Host over network" choice: where players may connect from, or the
club server to host through (the line its organiser gave, pasted)."""

from __future__ import annotations

import pygame_gui

from board.i18n import N_, _
from board.ui import theme
from board.ui.dialogs.small_window import SmallWindow

CHOICES = ((N_("This machine only"), "local"), (N_("The local network (LAN)"), "lan"))
CLUB_HINT = "HEXBOARD_TABLE=… host MAP --via tls://CLUB:7422/…"


class HostDialog(SmallWindow):
    """Two buttons, and a club's line with its own button; picked() gives "local", "lan" or
    the pasted line."""

    def __init__(self, manager: pygame_gui.UIManager):
        super().__init__(manager)
        self.club: pygame_gui.elements.UITextEntryLine | None = None

    def show(self, centre: tuple[int, int]) -> None:
        if self.raised():
            return
        self.make((460, 250), centre, _("Host over network"))
        pygame_gui.elements.UILabel(
            theme.px_rect(12, 10, 420, 30),
            _("Where may players connect from?"),
            manager=self.manager,
            container=self.window,
        )
        for n, (label, choice) in enumerate(CHOICES):
            button = pygame_gui.elements.UIButton(
                theme.px_rect(12 + n * 214, 54, 206, 40), _(label), manager=self.manager, container=self.window
            )
            self.buttons[button] = choice
        pygame_gui.elements.UILabel(
            theme.px_rect(12, 104, 420, 30),
            _("Or through a club server (no port to open):"),
            manager=self.manager,
            container=self.window,
        )
        self.club = pygame_gui.elements.UITextEntryLine(
            theme.px_rect(12, 140, 420, 30), manager=self.manager, container=self.window, placeholder_text=CLUB_HINT
        )
        button = pygame_gui.elements.UIButton(
            theme.px_rect(256, 176, 176, 34), _("Host through the club"), manager=self.manager, container=self.window
        )
        self.buttons[button] = "club"

    def picked(self, event) -> str | None:
        """ "local" or "lan" when this event is one of those buttons; the club's line when it
        is the club's button (or Enter in its field) with a line typed."""
        if not self.open:
            return None
        entered = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.club
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons
        if not (pressed or entered):
            return None
        choice = "club" if entered else self.buttons[event.ui_element]
        if choice == "club":
            choice = self.club.get_text().strip() if self.club is not None else ""
            if not choice:
                return None
        self.close()
        return choice
