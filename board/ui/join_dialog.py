"""The start screen's "Join a network game" dialog: the host's address, the code, a name."""

from __future__ import annotations

import socket

import pygame
import pygame_gui

FIELDS = (("address", "The host's address", "nats://HOST:4222"),
          ("code", "The join code", "xxxx-xxxx-xxxx-xxxx"),
          ("name", "Your name", ""))


class JoinDialog:
    """A small window of three fields and a Join button; picked() gives what was typed."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.window: pygame_gui.elements.UIWindow | None = None
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.join = None

    @property
    def open(self) -> bool:
        return self.window is not None and self.window.alive()

    def show(self, centre: tuple[int, int]) -> None:
        if self.open:
            self.manager.get_window_stack().move_window_to_front(self.window)
            return
        rect = pygame.Rect(0, 0, 460, 250)
        rect.center = centre
        self.window = pygame_gui.elements.UIWindow(rect, self.manager, "Join a network game")
        for n, (key, label, hint) in enumerate(FIELDS):
            pygame_gui.elements.UILabel(pygame.Rect(12, 12 + n * 44, 150, 30), label,
                                        manager=self.manager, container=self.window)
            entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(166, 12 + n * 44, 260, 30),
                                                        manager=self.manager, container=self.window,
                                                        placeholder_text=hint)
            self.entries[key] = entry
        self.entries["name"].set_text(socket.gethostname()[:32])
        self.join = pygame_gui.elements.UIButton(pygame.Rect(326, 146, 100, 34), "Join",
                                                 manager=self.manager, container=self.window)
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
        if not all(values):
            return None  # Enter in the first field moves on; the empty ones stay to fill
        self.window.kill()
        address = values[0] if "://" in values[0] else f"nats://{values[0]}"
        return address, values[1], values[2]
