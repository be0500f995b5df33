"""The action menu: pygame_gui buttons for what the rules allow, greyed with the reason."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from board.resources import THEME  # noqa: F401 (the scenes take it from here)
from board.ui import theme
from board.ui.text_fit import fit

ROW, WIDTH = 30, 324
TWO_COLUMNS = 13  # a longer menu (14-19 rows) is laid out in two columns: the combat log keeps its room


@dataclass(frozen=True)
class Item:
    """One menu row."""

    id: str
    label: str
    enabled: bool = True
    reason: str | None = None
    hotkey: str = ""


def _fit(text: str, width: int, font=None) -> str:
    """Text cut with "…" to fit the width (the menu's title by default: it would warn and clip)."""
    return fit(text, font or theme.font(13, True), width)


class ActionMenu:
    """A docked panel of buttons, rebuilt only when its items change."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.panel = None
        self.buttons: dict[object, Item] = {}
        self.key = None

    def show(self, title: str, items: list[Item], topleft: tuple[int, int]) -> None:
        """Show these items under a title (nothing is rebuilt if they are unchanged)."""
        key = (title, tuple(items), topleft)
        if key == self.key:
            return
        columns = 2 if len(items) > TWO_COLUMNS else 1
        rows = -(-len(items) // columns)
        width = (WIDTH - 12 - 4 * (columns - 1)) // columns
        rect = pygame.Rect(topleft, (WIDTH, ROW * (rows + 1) + 14))
        if items and self.panel is not None and self.panel.get_relative_rect() == rect:
            # The same size: keep the panel (its rounded shape is the costly part), new rows.
            self.panel.get_container().clear()
            self.buttons = {}
        else:
            self.hide()
            if items:
                self.panel = pygame_gui.elements.UIPanel(rect, manager=self.manager, object_id="panel")
        self.key = key
        if not items:
            return
        title = _fit(title, WIDTH - 28)
        pygame_gui.elements.UILabel(pygame.Rect(6, 4, WIDTH - 16, ROW - 4), title, manager=self.manager,
                                    container=self.panel, object_id="#menu_title")
        for index, item in enumerate(items):  # down the first column, then the second
            column, row = divmod(index, rows)
            full = f"{item.hotkey}  {item.label}" if item.hotkey else item.label
            text = _fit(full, width - 12, theme.font(14))
            tip = item.reason if not item.enabled else None if text == full else full
            button = pygame_gui.elements.UIButton(
                pygame.Rect(4 + column * (width + 4), ROW * (row + 1) + 2, width, ROW - 3), text,
                manager=self.manager, container=self.panel, tool_tip_text=tip)
            if not item.enabled:
                button.disable()
            self.buttons[button] = item

    def hide(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel, self.buttons, self.key = None, {}, None

    def pressed(self, event: pygame.event.Event) -> Item | None:
        """The item a pygame_gui button event pressed, if any."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def reason_at(self, pos: tuple[int, int]) -> str | None:
        """Why the greyed-out item under the mouse cannot be chosen (pygame_gui shows no
        tool tips on disabled buttons, so the board shows this itself)."""
        for button, item in self.buttons.items():
            if not item.enabled and button.get_abs_rect().collidepoint(pos):
                return f"{item.label}: {item.reason}"
        return None

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel is not None and self.panel.get_abs_rect().collidepoint(pos)
