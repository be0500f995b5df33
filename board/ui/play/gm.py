"""GM mode for the play controller: move, turn, wound, add and remove figures, as GM commands.

The kernel's GM commands have fixed keys here; a ruleset's own GM commands bring their keys
(Ruleset.gm_keys, board.rules.reports.GMKey), so no ruleset's command is named here."""

from __future__ import annotations

from board.hexgrid import Hex
from board.i18n import _
from board.rules.base import Command
from board.ui.play.host import ControllerParts
from board.ui.play.modes import ChoosingMove, GMMode

# The kernel's GM commands: key -> (action, params); "a" (add a copy) is handled apart.
COMMON = {
    "+": ("heal", {"amount": 1}),
    "=": ("heal", {"amount": 1}),
    "-": ("damage", {"amount": 1}),
    "delete": ("remove", {}),
    "a": ("add", {}),
}


def gm_words(ruleset, tokens: dict) -> list[str]:
    """The GM keys this ruleset answers, each with its words ("+/- HP", "P posture")."""
    meter = next((t.meter_label for t in tokens.values() if t.meter_label), _("damage"))
    out = [_("Q/E turn")] if ruleset.facing else []
    out += [f"+/- {meter}"] if "damage" in ruleset.gm_actions else []
    out += [_(k.words) for k in ruleset.gm_keys if k.action in ruleset.gm_actions]
    out += [_("A add a copy at the mouse")] if "add" in ruleset.gm_actions else []
    return out + ([_("Del remove")] if "remove" in ruleset.gm_actions else [])


class GMControls(ControllerParts):
    """The GM's shortcuts; mixed into Controller, whose view, state and submit() they use."""

    def toggle_gm(self) -> None:
        self.view.mode = ChoosingMove() if self.view.gm else GMMode()  # leaving: sync finds the game's mode
        self.sync()
        self.say(
            _("GM mode: click a figure, drag to move it, ") + ", ".join(gm_words(self.game.ruleset, self.game.tokens()))
            if self.view.gm
            else ""
        )

    def gm_chars(self) -> set[str]:
        """The characters that are GM keys in this game."""
        return set(COMMON) | {k.key for k in self.game.ruleset.gm_keys}

    def _click_gm(self, gm: GMMode, h: Hex) -> None:
        name = self.figure_at(h)
        if gm.chase_from and name:
            name_from, key = gm.chase_from
            self.submit(Command(do="gm", action=key.action, figure=name_from, target=name))
            return
        self.view.selected = name

    def gm_place(self, name: str, h: Hex) -> None:
        self.submit(Command(do="gm", action="place", figure=name, to=(h.q, h.r)))
        self.view.selected = name

    def gm_key(self, key: str) -> None:
        """GM shortcuts on the selected figure."""
        name = self.view.selected
        if name is None or name not in self.game.tokens():
            self.say(_("GM: click a figure first"), warning=True)
            return
        f = self.game.tokens()[name]
        own = next((k for k in self.game.ruleset.gm_keys if k.key == key), None)
        action, params = (own.action, own.params(f)) if own else COMMON.get(key, (None, {}))
        if action and action not in self.game.ruleset.gm_actions:
            self.say(
                _("GM: {name} has no {action} command").format(name=self.game.ruleset.name, action=action), warning=True
            )
            return
        if own is not None and own.target:
            self.view.mode = GMMode(chase_from=(name, own))
            self.say(_("GM: click the figure {name} aims the {action} at").format(name=name, action=action))
            return
        if action == "add":
            self._gm_add_copy(f)
            return
        if action:
            self.submit(Command(do="gm", action=action, figure=name, params=params))
        if self.view.gm:
            self.view.selected = name if name in self.game.tokens() else None

    def _gm_add_copy(self, f) -> None:
        """A: put a copy of the selected figure on the hex under the mouse (a new name)."""
        h = self.view.hover
        if h is None:
            self.say(_("GM: point at the hex for the new figure, then press A"), warning=True)
            return
        sheet = next((s for s in self.game.battle.figures if s.name == f.name), None)
        if sheet is None:
            self.say(_("GM: {name} has no sheet on the map to copy").format(name=f.name), warning=True)
            return
        stem = f.name.rstrip("0123456789").rstrip() or f.name
        n = 2
        while f"{stem} {n}" in self.game.tokens():
            n += 1
        data = sheet.model_dump(mode="json", exclude_defaults=True)
        data.update(name=f"{stem} {n}", at=[h.q, h.r])
        if self.submit(Command(do="gm", action="add", params={"figure": data})).accepted:
            self.view.selected = data["name"]
