"""A long menu (17-19 entries) does not squeeze the combat log (issue 18): it is laid out in two
columns, every entry still a button, a cut label's full text in its tool tip."""

import pygame
import pygame_gui

from board.ui.menus import ROW, THEME, ActionMenu, Item


def test_a_menu_of_nineteen_entries_takes_ten_rows_and_keeps_every_entry():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    menu = ActionMenu(pygame_gui.UIManager((800, 600), str(THEME)))
    items = [Item(f"a{i}", f"Action number {i} with a long name to be cut" if i in (3, 4) else f"Action {i}",
                  enabled=i % 3 != 0, reason="not now") for i in range(19)]
    menu.show("Aldo: Specific Plots", items, (0, 0))
    assert menu.panel.get_abs_rect().height <= ROW * 11 + 14
    assert sorted(i.id for i in menu.buttons.values()) == sorted(i.id for i in items)
    whole = next(b for b, i in menu.buttons.items() if i.id == "a5")
    assert whole.tool_tip_text is None
    cut = next(b for b, i in menu.buttons.items() if i.id == "a4")
    assert cut.text.endswith("…") and cut.tool_tip_text == "Action number 4 with a long name to be cut"
    greyed = next(b for b, i in menu.buttons.items() if i.id == "a3")
    assert greyed.tool_tip_text == "not now"
