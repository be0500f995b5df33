"""What the play scene's sidebar menu and status line offer, from the controller's view."""

from __future__ import annotations

from board.ui.controller import Controller
from board.ui.menus import Item

MOVE_KEYS = "12345678"

HINTS = {
    "move": "Click a blue hex or drag the token (keys: arrows, Enter) · 1-8 movement actions · T threat zones · F1 help",
    "facing": "Pick a facing: click an arrow, drag out of the hex, or Q/E · Enter confirms · Esc cancels",
    "combat": "Choose an action (arrows, Enter) · click a figure that has not acted (or Tab) to see what it may declare now",
    "target": "Click a highlighted figure (or Tab, Enter) · hover one for the exact odds · Esc cancels",
    "hex": "Click a highlighted hex · Esc cancels",
    "choice": "Choose from the menu · Esc cancels",
    "options": "Click a setting to change it, then Do it · Esc cancels",
    "over": "The fight is over · Enter: rematch · Ctrl+Z takes back the last command · G for GM mode",
    "view": "A map without two sides: M opens it in the editor to place figures · G for GM mode",
}


def shown(c: Controller, key: str) -> str:
    """An aimed action's setting as the menu shows it: in the ruleset's words, if it gives any."""
    words = c.view.action.option_words.get(key)
    if words:
        return words[c.view.option_index.get(key, 0)]
    value = c.option(key)
    if value is None:
        return "normal"
    if isinstance(value, bool):  # a toggle reads on/off, never True/False
        return "on" if value else "off"
    return str(value).replace("_", " ")


def movement_items(c: Controller) -> list[Item]:
    """The movement actions, numbered for the keys 1-8, with how far each reaches."""
    infos = [i for i in c.actions() if i.phase == "movement"]
    return [Item(i.id, i.label + (f"  ({max((len(p) for p in i.hexes.values()), default=0)})"
                                  if i.needs == "path" and i.enabled else ""),
                 i.enabled, i.reason, MOVE_KEYS[n]) for n, i in enumerate(infos)]


def menu_items(c: Controller) -> tuple[str, list[Item]] | None:
    """The menu's title and rows for the view's mode, or None for no menu."""
    v = c.view
    cancel = Item("cancel", "Cancel", hotkey="Esc")
    if v.mode == "move":
        return f"{v.selected}: movement", movement_items(c)
    if v.mode == "combat":
        info = c.info()
        name, active = v.selected, info.active
        infos = [i for i in c.actions(name) if i.phase == info.phase]
        prefix = "" if name == active else f"stance:{name}:"
        doing = info.phase_label or ("combat action" if info.phase == "combat" else info.phase)
        title = f"{name}: {doing}" if name == active else f"{name}: declare now"
        return title, [Item(prefix + i.id, i.label, i.enabled, i.reason) for i in infos]
    if v.mode == "choice" and v.action is not None:
        return v.action.label, toggles(c) + [Item(choice, choice) for choice in v.action.choices] + [cancel]
    if v.mode == "options" and v.action is not None:
        return f"{v.selected}: {v.action.label}", toggles(c) + [Item("do_it", f"Do it: {v.action.label}"), cancel]
    if v.mode == "facing" and v.pending:
        return f"{v.pending[0]}: confirm the move", [
            Item("confirm", "Confirm move and facing", hotkey="Enter"),
            Item("turn_left", "Turn left", hotkey="Q"), Item("turn_right", "Turn right", hotkey="E"), cancel]
    if v.mode in ("target", "hex") and v.action is not None:
        return f"{v.selected}: {v.action.label}", toggles(c) + [cancel]
    if v.mode == "over":
        winner = c.info().winner
        return (f"{winner} wins" if winner else "The fight is over"), END_ITEMS
    return None


# What the board offers when a fight ends (PlayScene turns each into a request to the app).
END_ITEMS = [Item("end:rematch", "Rematch: same sides, new dice", hotkey="Enter"),
             Item("end:new", "New game…"), Item("end:start", "Start screen")]


def toggles(c: Controller) -> list[Item]:
    """The aimed action's settings, each a row that steps to its next value when clicked."""
    return [Item(f"option:{key}", f"{key.replace('_', ' ').capitalize()}: "
                                  f"{shown(c, key)}  (click to change)")
            for key in c.view.action.options]
