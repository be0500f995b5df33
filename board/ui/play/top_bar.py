"""The play scene's top bar buttons (Help, Open, Save, Menu) and what each does: the help page,
the file dialog and the save or open it leads to, the start screen."""

from __future__ import annotations

import pygame
import pygame_gui

from board.i18n import _
from board.ui import theme
from board.ui.dialogs.files import remember
from board.ui.play.action_menu import LABEL_PAD
from board.ui.requests import Open, Start


def top_buttons(manager: pygame_gui.UIManager, banner: pygame.Rect) -> tuple[dict, int]:
    """The buttons at the top bar's right, each with its action, and the width the banner
    keeps clear of them."""
    found = {}
    px = theme.px
    x = banner.right - px(12)
    tips = {
        "help": _("The controls and the legend (F1)"),
        "open": _("Open a saved game (Ctrl+O)"),
        "save": _("Save this game to a file (Ctrl+S)"),
        "menu": _("Back to the start screen"),
    }
    buttons = (("help", _("Help (F1)")), ("open", _("Open…")), ("save", _("Save…")), ("menu", _("Menu")))
    for action, label in buttons:
        tip = tips[action]
        # wider for a longer word (another language): the buttons' font is theme's 14 px, scaled
        width = max(px(86 if action == "help" else 72), theme.font(14).size(label)[0] + 2 * px(LABEL_PAD))
        x -= width + px(6)
        rect = pygame.Rect(x, px(8), width, banner.height - px(16))
        button = pygame_gui.elements.UIButton(rect, label, manager=manager, tool_tip_text=tip)
        found[button] = action
    return found, banner.right - x + px(20)


def file_action(scene, action: str) -> None:
    """A top bar button (or its key): the help page, the start screen, or the file dialog."""
    if action == "help":
        scene.help = not scene.help
        return
    if action == "menu":
        scene.request = Start()
        return
    scene.dialog.show(action, scene.board_rect.center, scene.game.battle.name)


def file_picked(scene, action: str, path) -> None:
    """The file dialog's answer: the game saved there (the status line says so), or opened."""
    from board.saves import save_game

    if action == "save":
        try:
            save_game(scene.game, path)
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            scene.controller.say(
                _("Could not save {path}: {problem}").format(
                    path=path, problem=getattr(error, "strerror", None) or error
                ),
                warning=True,
            )
            return
        remember(path)
        scene.controller.say(_("Saved to {path}").format(path=path))
    else:
        scene.request = Open(str(path))
