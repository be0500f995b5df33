"""GM mode for the play controller: move, turn, wound, add and remove figures, as GM commands."""

from __future__ import annotations

from board.hexgrid import Hex
from board.rules.base import Command


class GMControls:
    """The GM's shortcuts; mixed into Controller, whose view, state and submit() they use."""

    def toggle_gm(self) -> None:
        self.view.gm = not self.view.gm
        self.sync()
        self.say("GM mode: click a figure, drag to move it, Q/E turn, +/- ST, P posture, Del remove"
                 if self.view.gm else "")

    def _click_gm(self, h: Hex) -> None:
        name = self.figure_at(h)
        if self.view.chase_from and name:
            self.submit(Command(do="gm", action="chase", figure=self.view.chase_from, target=name))
            return
        self.view.selected = name

    def gm_place(self, name: str, h: Hex) -> None:
        self.submit(Command(do="gm", action="place", figure=name, to=(h.q, h.r)))
        self.view.selected = name

    def gm_key(self, key: str) -> None:
        """GM shortcuts on the selected figure."""
        name = self.view.selected
        if name is None or name not in self.game.tokens():
            self.say("GM: click a figure first", warning=True)
            return
        f = self.game.tokens()[name]
        needs = {"+": "heal", "=": "heal", "-": "damage", "p": "posture", "delete": "remove", "c": "chase",
                 "a": "add", "s": "surprise", "i": "ignite"}.get(key)
        if needs and needs not in self.game.ruleset.gm_actions:
            self.say(f"GM: {self.game.ruleset.name} has no {needs} command", warning=True)
            return
        if key in "+=":
            self.submit(Command(do="gm", action="heal", figure=name, params={"amount": 1}))
        elif key == "-":
            self.submit(Command(do="gm", action="damage", figure=name, params={"amount": 1}))
        elif key == "p":
            order = ["standing", "kneeling", "prone", "fallen"]
            nxt = order[(order.index(f.posture) + 1) % 4]
            self.submit(Command(do="gm", action="posture", figure=name, params={"posture": nxt}))
        elif key == "delete":
            self.submit(Command(do="gm", action="remove", figure=name))
        elif key == "c":
            self.view.chase_from = name
            self.say(f"GM: click the figure {name} chases")
        elif key == "a":
            self._gm_add_copy(f)
            return
        elif key == "s":
            self.submit(Command(do="gm", action="surprise", figure=name))
        elif key == "i":
            order = ["limb", "half", "whole", "out"]
            now = f.on_fire or "out"
            nxt = order[(order.index(now) + 1) % 4]
            self.submit(Command(do="gm", action="ignite", figure=name, params={"extent": nxt}))
        if self.view.gm:
            self.view.selected = name if name in self.game.tokens() else None

    def _gm_add_copy(self, f) -> None:
        """A: put a copy of the selected figure on the hex under the mouse (a new name)."""
        h = self.view.hover
        if h is None:
            self.say("GM: point at the hex for the new figure, then press A", warning=True)
            return
        sheet = next((s for s in self.game.battle.figures if s.name == f.name), None)
        if sheet is None:
            self.say(f"GM: {f.name} has no sheet on the map to copy", warning=True)
            return
        stem = f.name.rstrip("0123456789").rstrip() or f.name
        n = 2
        while f"{stem} {n}" in self.game.tokens():
            n += 1
        data = sheet.model_dump(mode="json", exclude_defaults=True)
        data.update(name=f"{stem} {n}", at=[h.q, h.r])
        if self.submit(Command(do="gm", action="add", params={"figure": data})):
            self.view.selected = data["name"]
