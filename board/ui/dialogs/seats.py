"""Who plays each side of a shared game (J): every board sees it; the GM's has buttons to take
a side back, open it to the players again, or hand it to the computer, and lists the
invitations: each one's join line to copy, a kick, and new ones."""

from __future__ import annotations

from collections.abc import Sequence

import pygame_gui

from board.i18n import N_, _
from board.net.invitations import PLAYER, SPECTATOR, Invitation
from board.net.protocol import COMPUTER, seat_text
from board.ui.dialogs.small_window import SmallWindow
from board.ui import theme

ACTIONS = ((N_("Take back"), "take"), (N_("Open"), "open"), (N_("Computer"), "computer"))
ROW = 40


class SeatsDialog(SmallWindow):
    """A window of one row a side (and, on the GM's board, one an invitation); picked() turns
    a button into what it asks for."""

    def show(
        self,
        centre: tuple[int, int],
        seats: dict[str, str | None],
        gm: bool,
        invitations: Sequence[Invitation] = (),
        listening: str = "",
    ) -> None:
        """Open (or redraw) the window for the seats and invitations as they stand."""
        rows = len(seats) + (len(invitations) + 2 if gm else 0)
        self.make((620 if gm else 340, 50 + ROW * rows), centre, _("Who plays each side"))
        y = 10
        for team, holder in seats.items():
            self._label((10, y, 300, 30), seat_text(team, holder))
            for i, (label, verb) in enumerate(ACTIONS if gm else ()):
                self._button((316 + i * 76, y, 72, 30), _(label), ("seat", team, verb))
            y += ROW
        if gm:
            self._invitations(y, invitations, listening)

    def _invitations(self, y: int, invitations: Sequence[Invitation], listening: str) -> None:
        self._label(
            (10, y, 590, 30),
            _("Invitations · listening on {listening}").format(listening=listening) if listening else _("Invitations"),
        )
        y += ROW
        for invitation in invitations:
            self._label((10, y, 380, 30), invitation.label)
            self._button((396, y, 110, 30), _("Copy join line"), ("copy", invitation.user))
            self._button((512, y, 88, 30), _("Kick"), ("kick", invitation.user))
            y += ROW
        self._button((10, y, 190, 30), _("New player invitation"), ("invite", PLAYER))
        self._button((206, y, 200, 30), _("New spectator invitation"), ("invite", SPECTATOR))

    def _label(self, rect, text: str) -> None:
        pygame_gui.elements.UILabel(theme.px_rect(rect), text, manager=self.manager, container=self.window)

    def _button(self, rect, text: str, asks: tuple) -> None:
        button = pygame_gui.elements.UIButton(theme.px_rect(rect), text, manager=self.manager, container=self.window)
        self.buttons[button] = asks

    def picked(self, event) -> tuple | None:
        """What a button asks: ("seat", {team, holder, open}), ("copy" | "kick", user) or
        ("invite", role); None for any other event."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return None
        asks = self.buttons[event.ui_element]
        if asks[0] != "seat":
            return asks
        _, team, verb = asks
        holder = COMPUTER if verb == "computer" else None
        return "seat", {"team": team, "holder": holder, "open": verb == "open"}
