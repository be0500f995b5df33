"""What the play scene's sidebar menu and status line offer, from the controller's view."""

from __future__ import annotations

from board.i18n import N_, _
from board.ui.play.controller import Controller
from board.ui.play.action_menu import Item
from board.ui.play.modes import Aiming, ChoosingAction, ChoosingMove, Over, PlanningMove

MOVE_KEYS = "12345678"

HINTS = {
    "move": N_(
        "Click a blue hex or drag the token (keys: arrows, Enter) · 1-8 movement actions · T threat zones · F1 help"
    ),
    "facing": N_("Pick a facing: click an arrow, drag out of the hex, or Q/E · Enter confirms · Esc cancels"),
    "combat": N_(
        "Choose an action (arrows, Enter) · click a figure that has not acted (or Tab) to see what it may declare now"
    ),
    "target": N_("Click a highlighted figure (or Tab, Enter) · hover one for the exact odds · Esc cancels"),
    "hex": N_("Click a highlighted hex · Esc cancels"),
    "choice": N_("Choose from the menu · Esc cancels"),
    "options": N_("Click a setting to change it, then Do it · Esc cancels"),
    "over": N_("The fight is over · Enter: rematch · Ctrl+Z takes back the last command · G for GM mode"),
    "view": N_("A map without two sides: M opens it in the editor to place figures · G for GM mode"),
}


def shown(aim: Aiming, key: str) -> str:
    """An aimed action's setting as the menu shows it: in the ruleset's words, if it gives any."""
    words = aim.action.option_words.get(key)
    if words:
        return words[aim.option_index.get(key, 0)]
    value = aim.option(key)
    if value is None:
        return _("normal")
    if isinstance(value, bool):  # a toggle reads on/off, never True/False
        return _("on") if value else _("off")
    return str(value).replace("_", " ")


def movement_items(c: Controller) -> list[Item]:
    """The movement actions, numbered for the keys 1-8, with how far each reaches."""
    infos = [i for i in c.actions() if i.phase == "movement"]
    return [
        Item(
            i.id,
            _(i.label)
            + (f"  ({max((len(p) for p in i.hexes.values()), default=0)})" if i.needs == "path" and i.enabled else ""),
            i.enabled,
            i.reason,
            MOVE_KEYS[n],
        )
        for n, i in enumerate(infos)
    ]


def menu_items(c: Controller) -> tuple[str, list[Item]] | None:
    """The menu's title and rows for the view's mode, or None for no menu."""
    v = c.view
    cancel = Item("cancel", _("Cancel"), hotkey="Esc")
    match v.mode:
        case ChoosingMove():
            return _("{figure}: movement").format(figure=v.selected), movement_items(c)
        case ChoosingAction():
            return action_items(c)
        case Aiming(kind="choice") as aim:
            return _(aim.action.label), toggles(aim) + [Item(choice, choice) for choice in aim.action.choices] + [
                cancel
            ]
        case Aiming(kind="options") as aim:
            label = _(aim.action.label)
            return f"{v.selected}: {label}", toggles(aim) + [
                Item("do_it", _("Do it: {action}").format(action=label)),
                cancel,
            ]
        case Aiming() as aim:  # a target or a hex, clicked on the board
            return f"{v.selected}: {_(aim.action.label)}", toggles(aim) + [cancel]
        case PlanningMove(move=move):
            return _("{figure}: confirm the move").format(figure=move.figure), [
                Item("confirm", _("Confirm move and facing"), hotkey="Enter"),
                Item("turn_left", _("Turn left"), hotkey="Q"),
                Item("turn_right", _("Turn right"), hotkey="E"),
                cancel,
            ]
        case Over():
            winner = c.info().winner
            return (_("{team} wins").format(team=winner) if winner else _("The fight is over")), end_items()
    return None


def action_items(c: Controller) -> tuple[str, list[Item]]:
    """The selected figure's actions in this step: the active figure's, or another's that it may
    declare now."""
    info = c.info()
    name, active = c.view.selected, info.active
    infos = [i for i in c.actions(name) if i.phase == info.phase]
    prefix = "" if name == active else f"stance:{name}:"
    doing = _(info.phase_label or (N_("combat action") if info.phase == "combat" else info.phase))
    title = f"{name}: {doing}" if name == active else _("{figure}: declare now").format(figure=name)
    return title, [Item(prefix + i.id, _(i.label), i.enabled, i.reason) for i in infos]


# What the board offers when a fight ends (PlayScene turns each into a request to the app).
END_ITEMS = [
    Item("end:rematch", N_("Rematch: same sides, new dice"), hotkey="Enter"),
    Item("end:new", N_("New game…")),
    Item("end:start", N_("Start screen")),
]


def end_items() -> list[Item]:
    """END_ITEMS in the player's language."""
    return [Item(i.id, _(i.label), i.enabled, i.reason, i.hotkey) for i in END_ITEMS]


def toggles(aim: Aiming) -> list[Item]:
    """The aimed action's settings, each a row that steps to its next value when clicked."""
    return [
        Item(
            f"option:{key}",
            _("{setting}: {value}  (click to change)").format(
                setting=_(key.replace("_", " ").capitalize()), value=shown(aim, key)
            ),
        )
        for key in aim.action.options
    ]
