"""What the play scene's sidebar menu and status line offer, from the controller's view."""

from __future__ import annotations

from board.i18n import N_, _
from board.ui.play.controller import Controller
from board.ui.play.action_menu import Item

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


def shown(c: Controller, key: str) -> str:
    """An aimed action's setting as the menu shows it: in the ruleset's words, if it gives any."""
    action = c.view.action
    assert action is not None  # a setting is shown only while an action is being aimed
    words = action.option_words.get(key)
    if words:
        return words[c.view.option_index.get(key, 0)]
    value = c.option(key)
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
    if v.mode == "move":
        return _("{figure}: movement").format(figure=v.selected), movement_items(c)
    if v.mode == "combat":
        info = c.info()
        name, active = v.selected, info.active
        infos = [i for i in c.actions(name) if i.phase == info.phase]
        prefix = "" if name == active else f"stance:{name}:"
        doing = _(info.phase_label or (N_("combat action") if info.phase == "combat" else info.phase))
        title = f"{name}: {doing}" if name == active else _("{figure}: declare now").format(figure=name)
        return title, [Item(prefix + i.id, _(i.label), i.enabled, i.reason) for i in infos]
    if v.mode == "choice" and v.action is not None:
        return _(v.action.label), toggles(c) + [Item(choice, choice) for choice in v.action.choices] + [cancel]
    if v.mode == "options" and v.action is not None:
        return f"{v.selected}: {_(v.action.label)}", toggles(c) + [
            Item("do_it", _("Do it: {action}").format(action=_(v.action.label))),
            cancel,
        ]
    if v.mode == "facing" and v.pending:
        return _("{figure}: confirm the move").format(figure=v.pending.figure), [
            Item("confirm", _("Confirm move and facing"), hotkey="Enter"),
            Item("turn_left", _("Turn left"), hotkey="Q"),
            Item("turn_right", _("Turn right"), hotkey="E"),
            cancel,
        ]
    if v.mode in ("target", "hex") and v.action is not None:
        return f"{v.selected}: {_(v.action.label)}", toggles(c) + [cancel]
    if v.mode == "over":
        winner = c.info().winner
        return (_("{team} wins").format(team=winner) if winner else _("The fight is over")), end_items()
    return None


# What the board offers when a fight ends (PlayScene turns each into a request to the app).
END_ITEMS = [
    Item("end:rematch", N_("Rematch: same sides, new dice"), hotkey="Enter"),
    Item("end:new", N_("New game…")),
    Item("end:start", N_("Start screen")),
]


def end_items() -> list[Item]:
    """END_ITEMS in the player's language."""
    return [Item(i.id, _(i.label), i.enabled, i.reason, i.hotkey) for i in END_ITEMS]


def toggles(c: Controller) -> list[Item]:
    """The aimed action's settings, each a row that steps to its next value when clicked."""
    action = c.view.action
    return [
        Item(
            f"option:{key}",
            _("{setting}: {value}  (click to change)").format(
                setting=_(key.replace("_", " ").capitalize()), value=shown(c, key)
            ),
        )
        for key in (action.options if action is not None else ())
    ]
