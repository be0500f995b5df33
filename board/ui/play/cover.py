"""Hot-seat secrecy: "pass the screen". With it on, when the side to act changes, the board is
covered until the next player clicks or presses a key, so one side's plots and choices are not
seen by the other at one screen (a map's pass_the_screen: true, or the H key)."""

from __future__ import annotations

import pygame

from board.i18n import _
from board.ui import theme
from board.ui.draw.text_fit import render_fit


class Cover:
    """Tracks whose side acts; covers the window when it changes, while switched on."""

    def __init__(self, on: bool = False):
        self.on = on
        self.side: str | None = None
        self.shown_for: str | None = None  # the side the cover waits for

    def follow(self, side: str | None) -> None:
        """Note the side to act now; a change while on raises the cover."""
        if side is not None and side != self.side:
            if self.on and self.side is not None:
                self.shown_for = side
            self.side = side

    def lift(self) -> bool:
        """The next player is at the screen: True if a cover was lifted."""
        lifted, self.shown_for = self.shown_for is not None, None
        return lifted

    def draw(self, screen: pygame.Surface) -> None:
        if self.shown_for is None:
            return
        screen.fill(theme.BACKGROUND)
        big, small = theme.font(30, True), theme.font(17)
        title = render_fit(
            _("Pass the screen to {team}").format(team=self.shown_for),
            big,
            screen.get_width() - theme.px(40),
            theme.TEXT,
        )
        note = small.render(
            _("The board is hidden so that the other side's plans stay secret. Click or press a key to continue."),
            True,
            theme.TEXT_DIM,
        )
        centre = screen.get_rect().center
        screen.blit(title, title.get_rect(center=(centre[0], centre[1] - theme.px(24))))
        screen.blit(note, note.get_rect(center=(centre[0], centre[1] + theme.px(24))))
