"""Who plays each side of a shared game (J): every board sees it; the GM's has buttons to take
a side back, open it to the players again, or hand it to the computer."""

from __future__ import annotations

import pygame
import pygame_gui

from board.net.protocol import COMPUTER, seat_text

ACTIONS = (("Take back", "take"), ("Open", "open"), ("Computer", "computer"))


class SeatsDialog:
    """A window of one row a side; picked() turns a button into a seat request's fields."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.window: pygame_gui.elements.UIWindow | None = None
        self.buttons: dict = {}

    @property
    def open(self) -> bool:
        return self.window is not None and self.window.alive()

    def show(self, centre: tuple[int, int], seats: dict[str, str | None], gm: bool) -> None:
        """Open (or redraw) the window for the seats as they stand."""
        if self.open:
            self.window.kill()
        rect = pygame.Rect(0, 0, 560 if gm else 340, 70 + 40 * len(seats))
        rect.center = centre
        self.window = pygame_gui.elements.UIWindow(rect, self.manager, "Who plays each side")
        self.buttons = {}
        for n, (team, holder) in enumerate(seats.items()):
            y = 10 + n * 40
            pygame_gui.elements.UILabel(pygame.Rect(10, y, 300, 30), seat_text(team, holder),
                                        manager=self.manager, container=self.window)
            for i, (label, verb) in enumerate(ACTIONS if gm else ()):
                button = pygame_gui.elements.UIButton(pygame.Rect(316 + i * 76, y, 72, 30), label,
                                                      manager=self.manager, container=self.window)
                self.buttons[button] = (team, verb)

    def picked(self, event) -> dict | None:
        """The seat request a button press asks for (team, holder, open), or None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return None
        team, verb = self.buttons[event.ui_element]
        holder = COMPUTER if verb == "computer" else None
        return {"team": team, "holder": holder, "open": verb == "open"}

    def close(self) -> None:
        if self.open:
            self.window.kill()
