"""The start screen's "Host over network" choice: where players may connect from."""

from __future__ import annotations

import pygame_gui

from board.i18n import N_, _
from board.ui import theme
from board.ui.small_window import SmallWindow

CHOICES = ((N_("This machine only"), "local"), (N_("The local network (LAN)"), "lan"))


class HostDialog(SmallWindow):
    """A small window of two buttons; picked() gives "local" or "lan"."""

    def show(self, centre: tuple[int, int]) -> None:
        if self.raised():
            return
        self.make((460, 140), centre, _("Host over network"))
        pygame_gui.elements.UILabel(theme.px_rect(12, 10, 420, 30), _("Where may players connect from?"),
                                    manager=self.manager, container=self.window)
        for n, (label, choice) in enumerate(CHOICES):
            button = pygame_gui.elements.UIButton(theme.px_rect(12 + n * 214, 54, 206, 40), _(label),
                                                  manager=self.manager, container=self.window)
            self.buttons[button] = choice

    def picked(self, event) -> str | None:
        """"local" or "lan" when this event is one of the window's buttons."""
        if not self.open or event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return None
        self.window.kill()
        return self.buttons[event.ui_element]
