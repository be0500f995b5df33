"""The play scene's action menu each frame: what it shows (the controller's items, the computer's
controls, a network board's greyed turn) and what a picked item does. The widget is
action_menu.py; the items the controller offers, sidebar.py."""

from __future__ import annotations

from dataclasses import replace

from board.i18n import _
from board.sides import is_computer
from board.ui import theme
from board.ui.play.action_menu import MENU_SHARE, Item
from board.ui.play.computer import PACE_WORDS, hand_over, hint
from board.ui.play.modes import Aiming, ChoosingAction, ChoosingMove
from board.ui.play.sidebar import menu_items
from board.ui.requests import Rematch, Start


def show_menu(scene) -> None:
    """The menu this frame: the controller's items, the computer's controls on its turn, and on
    a network board whose side is not to act, greyed with the reason."""
    shown = menu_items(scene.controller)
    team = scene.game.current_player()
    if team is not None and not scene.controller.view.gm:
        if scene.computer_to_play:  # the computer's turn: its controls, not its figures' actions
            shown = (
                _("{team}: the computer's turn").format(team=team),
                [
                    Item("computer:take", _("Take over {team}").format(team=team), hotkey="X"),
                    Item(
                        "computer:pace",
                        _("Pace: {pace} (click to change)").format(pace=_(PACE_WORDS[scene.computer.pace])),
                        hotkey="F",
                    ),
                ],
            )
        elif shown is not None and any(is_computer(k) for k in scene.game.players.values()):
            # (with no computer in the game the I and X keys alone offer these: the menu
            # stays short)
            extra = [Item("computer:hand", _("Hand {team} to the computer").format(team=team), hotkey="X")]
            if isinstance(scene.controller.view.mode, ChoosingMove | ChoosingAction):
                extra.insert(0, Item("computer:hint", _("Hint: what would the computer do?"), hotkey="I"))
            shown = (shown[0], shown[1] + extra)
    refusal = scene.net.turn_refusal(scene.game) if scene.net is not None else None
    if refusal and shown is not None and not scene.controller.view.gm:
        # Greyed with the reason before the click, not refused by the host after it.
        shown = (
            _("Not yours: {reason}").format(reason=refusal),
            [replace(item, enabled=False, reason=refusal) for item in shown[1]],
        )
    if shown is None:
        scene.menu.hide()
    else:
        scene.menu.show(
            *shown,
            (scene.sidebar.x + theme.px(8), scene.sidebar.y + theme.px(8)),
            int(scene.sidebar.height * MENU_SHARE),
        )


def pick(scene, item: Item) -> None:
    """Do what a picked item of the menu asks (a click, or Enter on the keys' focus)."""
    c = scene.controller
    simple = {
        "cancel": c.cancel,
        "confirm": c.confirm,
        "do_it": c.do_it,
        "turn_left": lambda: c.turn(1),
        "turn_right": lambda: c.turn(-1),
    }
    if item.id in simple:
        simple[item.id]()
    elif item.id in ("computer:take", "computer:hand"):
        c.say(hand_over(scene.game))
    elif item.id == "computer:hint":
        c.say(hint(scene.game))
    elif item.id == "computer:pace":
        c.say(scene.computer.cycle_pace())
    elif item.id.startswith("end:"):  # the fight is over: the app opens what was asked for
        what = item.id[4:]
        scene.request = Rematch() if what == "rematch" else Start(scene.game.battle if what == "new" else None)
    elif item.id.startswith("option:"):
        c.cycle_option(item.id.split(":", 1)[1])
    elif isinstance(c.view.mode, ChoosingMove):
        c.choose_move_action(item.id)
    elif isinstance(c.view.mode, Aiming) and c.view.mode.kind == "choice":
        c.choose(item.id)
    elif item.id.startswith("stance:"):
        c.choose_action(item.id.split(":", 2)[2], figure=item.id.split(":", 2)[1])
    else:
        c.choose_action(item.id)
