"""The action menu: pygame_gui buttons for what the rules allow, greyed with the reason."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from board.ui import theme
from board.ui.draw.text_fit import fit, shrink_to_fit

ROW, WIDTH = 30, 324
SHORT_ROW = 24  # a long menu's rows are packed closer before it scrolls
LABEL_PX = (14, 11)  # a label too wide at 14 px is drawn smaller, down to 11 px, before it is cut
LABEL_PAD = 11  # a button's text inset each side (board.json's padding, and its border)
MENU_SHARE = 0.42  # a long menu takes at most this share of the sidebar: the log keeps the rest


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


def _rows(count: int, room: int) -> tuple[int, int]:
    """A row's height and the height the rows are shown in: full rows while they fit in room,
    closer ones next, and past that as many close rows as fit (the rest scroll)."""
    full, short = theme.px(ROW), theme.px(SHORT_ROW)
    room = max(room - full - theme.px(14), short * 4)
    if full * count <= room:
        return full, full * count
    if short * count <= room:
        return short, short * count
    return short, room // short * short


def _label_class(font) -> str | None:
    """The theme class of a button drawn in a smaller font (menu_theme.json: #label_13 ...)."""
    px = next((px for px in range(LABEL_PX[0], LABEL_PX[1] - 1, -1) if theme.font(px) is font), LABEL_PX[0])
    return None if px == LABEL_PX[0] else f"#label_{px}"


class ActionMenu:
    """A docked panel of buttons, rebuilt only when its items change."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.panel: pygame_gui.elements.UIPanel | None = None
        self.buttons: dict[pygame_gui.elements.UIButton, Item] = {}
        self.key: tuple | None = None
        # The rows' scrolling container, when they are more than fit.
        self.scroller: pygame_gui.elements.UIScrollingContainer | None = None

    def show(self, title: str, items: list[Item], topleft: tuple[int, int], room: int = 10_000) -> None:
        """Show these items under a title in one column, at most room pixels high (a longer
        menu packs its rows closer, then scrolls); nothing is rebuilt if they are unchanged."""
        key = (title, tuple(items), topleft, room)
        if key == self.key:
            return
        row, height = _rows(len(items), room)
        px = theme.px  # the sizes at the UI scale
        width, title_row, pad = px(WIDTH), px(ROW), px(LABEL_PAD)
        rect = pygame.Rect(topleft, (width, title_row + height + px(14)))
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
        title = _fit(title, width - px(28))
        pygame_gui.elements.UILabel(
            pygame.Rect(px(6), px(4), width - px(16), title_row - px(4)),
            title,
            manager=self.manager,
            container=self.panel,
            object_id="#menu_title",
        )
        holder: pygame_gui.elements.UIPanel | pygame_gui.elements.UIScrollingContainer | None = self.panel
        inner = width - px(12)
        self.scroller = None
        if row * len(items) > height:  # more rows than room: they scroll under the title
            self.scroller = pygame_gui.elements.UIScrollingContainer(
                pygame.Rect(0, title_row, width - px(4), height + px(4)),
                manager=self.manager,
                container=self.panel,
                allow_scroll_x=False,
            )
            self.scroller.set_scrollable_area_dimensions((width - px(24), row * len(items) + 2))
            holder = self.scroller
            inner -= px(18)  # the scroll bar's room
        for index, item in enumerate(items):
            full = f"{item.hotkey}  {item.label}" if item.hotkey else item.label
            font, text = shrink_to_fit(full, inner - 2 * pad, *LABEL_PX, False)
            tip = item.reason if not item.enabled else None if text == full else full
            top = row * index + px(2) + (0 if holder is not self.panel else title_row)
            button = pygame_gui.elements.UIButton(
                pygame.Rect(px(4), top, inner, row - px(3)),
                text,
                manager=self.manager,
                container=holder,
                tool_tip_text=tip,
                object_id=_label_class(font),
            )
            if not item.enabled:
                button.disable()
            self.buttons[button] = item

    def visible(self, button) -> bool:
        """Whether the whole of a button shows (not scrolled out of the panel)."""
        return self.scroller is None or self.scroller.get_abs_rect().contains(button.get_abs_rect())

    def reveal(self, button) -> None:
        """Scroll the rows so that this button shows (as a player scrolls with the wheel)."""
        scroller = self.scroller
        if scroller is None or scroller.vert_scroll_bar is None or self.visible(button):
            return
        total = theme.px(ROW) + theme.px(SHORT_ROW) * len(self.buttons)
        scroller.vert_scroll_bar.set_scroll_from_start_percentage(button.relative_rect.top / total)
        scroller.update(0.0)

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
