"""What the board's small pygame_gui windows share: one window at a time, brought to the
front when asked again."""

from __future__ import annotations

import pygame_gui

from board.ui import theme


class SmallWindow:
    """A window made on show() and killed on close; `buttons` maps its buttons to what they ask."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.window: pygame_gui.elements.UIWindow | None = None
        self.buttons: dict = {}

    @property
    def open(self) -> bool:
        return self.window is not None and self.window.alive()

    def raised(self) -> bool:
        """True if the window is already open (it is brought to the front)."""
        window = self.window
        if window is None or not window.alive():
            return False
        self.manager.get_window_stack().move_window_to_front(window)
        return True

    def make(self, size: tuple[int, int], centre: tuple[int, int], title: str) -> None:
        """A new window of this size (at 100%: grown by the UI scale), centred, replacing any open one."""
        self.close()
        rect = theme.px_rect((0, 0), size)
        rect.center = centre
        self.window = pygame_gui.elements.UIWindow(rect, self.manager, title)
        self.buttons = {}

    def close(self) -> None:
        if self.window is not None and self.window.alive():
            self.window.kill()
