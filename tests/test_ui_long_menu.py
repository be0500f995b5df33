"""A long menu (17-19 entries) cuts no label and does not squeeze the combat log (issues 18, 35):
one column, rows packed closer and then scrolled within its share of the sidebar; a label
too wide is drawn in a smaller type, and only past the smallest cut, its full text in the tip."""

import pygame
import pygame_gui

from board.ui import theme
from board.resources import THEME
from board.ui.play.action_menu import LABEL_PAD, ActionMenu, Item


def menu_of(items, room: int) -> ActionMenu:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    menu = ActionMenu(pygame_gui.UIManager((800, 600), str(THEME)))
    menu.show("Aldo: Specific Plots", items, (0, 0), room)
    return menu


def shown_whole(button) -> bool:
    """The button's text is its item's whole label and its font draws it inside the button."""
    return button.font.size(button.text)[0] <= button.relative_rect.width - 2 * theme.px(LABEL_PAD)


def test_a_menu_of_nineteen_entries_keeps_to_its_room_in_one_column_and_scrolls():
    items = [Item(f"a{i}", f"Action {i}", enabled=i % 3 != 0, reason="not now") for i in range(19)]
    menu = menu_of(items, 340)
    assert menu.panel.get_abs_rect().height <= 340
    assert sorted(i.id for i in menu.buttons.values()) == sorted(i.id for i in items)
    assert len({b.get_abs_rect().x for b in menu.buttons}) == 1  # one column
    last = next(b for b, i in menu.buttons.items() if i.id == "a17")
    assert not menu.visible(last)
    menu.reveal(last)
    assert menu.visible(last)


def test_a_long_label_is_drawn_smaller_not_cut():
    long = "Shift one hex and attack hand-to-hand (Dagger)"
    menu = menu_of([Item("a", long), Item("b", "Do nothing", enabled=False, reason="not now")], 400)
    button = next(b for b, i in menu.buttons.items() if i.id == "a")
    assert button.text == long and shown_whole(button) and button.tool_tip_text is None
    assert button.font.size(long)[0] < theme.font(14).size(long)[0]  # drawn smaller
    greyed = next(b for b, i in menu.buttons.items() if i.id == "b")
    assert greyed.tool_tip_text == "not now"


def test_a_label_too_long_for_the_smallest_type_is_cut_with_its_whole_text_in_the_tip():
    huge = "A declaration of an action whose name goes on and on past any panel's width, " * 2
    menu = menu_of([Item("a", huge)], 400)
    button = next(iter(menu.buttons))
    assert button.text.endswith("…") and button.tool_tip_text == huge and shown_whole(button)
