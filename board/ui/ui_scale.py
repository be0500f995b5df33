"""The UI scale, 100% to 300%: text, panels and hit areas grown for a TV across the table.

theme.SCALE is the one value: theme.px() and theme.font() read it, and so do the pygame_gui
buttons and windows, through the theme made here. The choice is remembered in the data folder
(board/ui/settings.py); --ui-scale sets it for one run."""

from __future__ import annotations

import json
import re

from board.resources import THEME
from board.ui import theme

LEAST, MOST = 100, 300
STEPS = (100, 125, 150, 175, 200, 250, 300)  # the start screen's button steps through these
DEFAULT = 100
# pygame_gui's sizes in the theme file that are pixels (the rest are names, colours, flags).
_PIXELS = {
    "size",
    "shape_corner_radius",
    "text_horiz_alignment_padding",
    "open_button_width",
    "title_bar_height",
    "list_item_height",
}
# pygame_gui reads no font from the theme's "defaults" (only its colours): each kind of element
# that shows text is given the default font, so that it too is scaled.
_TEXT_ELEMENTS = (
    "button",
    "label",
    "text_box",
    "text_entry_line",
    "text_entry_box",
    "tool_tip",
    "drop_down_menu",
    "selection_list",
)


def parse(text: str) -> int:
    """A scale given as a percentage ("150", "150%"); ValueError with the reason otherwise."""
    found = re.fullmatch(r"\s*(\d{1,4})\s*%?\s*", text)
    percent = int(found.group(1)) if found else None
    if percent is None or not LEAST <= percent <= MOST:
        raise ValueError(f"expected a percentage from {LEAST} to {MOST}, such as 150 (for 150%); got {text!r}")
    return percent


def use(percent: int) -> int:
    """Make this the board's UI scale (outside 100-300: the default); returns the percent used."""
    percent = percent if LEAST <= percent <= MOST else DEFAULT
    theme.SCALE = percent / 100
    return percent


def current() -> int:
    """The UI scale in use, in percent."""
    return round(theme.SCALE * 100)


def following(percent: int) -> int:
    """The step after this one (after the largest: the smallest)."""
    return next((step for step in STEPS if step > percent), STEPS[0])


def gui_theme() -> dict:
    """The pygame_gui theme (assets/themes/board.json) with its fonts and pixel sizes scaled."""
    with open(THEME, encoding="utf-8") as file:
        data = json.load(file)
    data.setdefault("window", {}).setdefault("misc", {}).setdefault("title_bar_height", "28")
    data.setdefault("selection_list", {}).setdefault("misc", {}).setdefault("list_item_height", "20")
    for element in _TEXT_ELEMENTS:
        data.setdefault(element, {}).setdefault("font", dict(data["defaults"]["font"]))
    return _scaled(data)


def _scaled(node):
    if isinstance(node, dict):
        return {
            key: str(theme.px(int(value))) if key in _PIXELS and str(value).isdigit() else _scaled(value)
            for key, value in node.items()
        }
    return node
