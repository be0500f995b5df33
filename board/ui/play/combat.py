"""Combat for the play controller: aiming a menu action (its target, hex, choice or settings)
and the exact odds of an attack before it is made."""

from __future__ import annotations

from board.hexgrid import Hex
from board.i18n import _
from board.rules.base import Command
from board.rules.reports import Prediction
from board.ui.play.host import ControllerParts


class CombatControls(ControllerParts):
    """Mixed into the Controller: what a click means while an action is being aimed."""

    def choose_action(self, action_id: str, figure: str | None = None) -> None:
        """Pick a combat action from the menu."""
        name = figure or self.view.selected
        info = next((i for i in self.actions(name) if i.id == action_id), None)
        if info is None:
            return
        if not info.enabled:
            self.say(f"{info.label}: {info.reason}", warning=True)
            return
        self.view.selected = name
        self.view.option_index = {key: 0 for key in info.options}
        if info.needs == "target":
            self.view.action, self.view.mode = info, "target"
            self.say(
                _("{label}: click a target ({targets})").format(label=_(info.label), targets=", ".join(info.targets))
            )
        elif info.needs == "hex":
            self.view.action, self.view.mode = info, "hex"
            self.say(_("{label}: click the hex to move to").format(label=_(info.label)))
        elif info.needs in ("weapon", "choice") and info.choices:
            self.view.action, self.view.mode = info, "choice"
            self.say(_("{label}: choose {choices}").format(label=_(info.label), choices=", ".join(info.choices)))
        elif info.options:  # settings first (a shield, a forward step), then Do it
            self.view.action, self.view.mode = info, "options"
            self.say(_("{label}: set what you want, then Do it").format(label=_(info.label)))
        else:
            self.submit(Command(do="act", figure=name, action=action_id))

    def do_it(self) -> None:
        """Carry out the action whose settings are shown."""
        info = self.view.action
        if info is not None:
            self.submit(self.aimed())

    def changed_options(self) -> dict:
        """Only the settings the player changed: the first value of each is the ruleset's default."""
        info = self.view.action
        if info is None:
            return {}
        return {key: self.option(key) for key in info.options if self.view.option_index.get(key, 0)}

    def choose(self, choice: str) -> None:
        """Pick a weapon or posture for the action being aimed."""
        info = self.view.action
        if info is None:
            return
        if info.needs == "weapon":
            self.submit(self.aimed(weapon=choice))
        else:
            self.submit(self.aimed(params={**self.changed_options(), **info.choice_params.get(choice, {})}))

    def option(self, key: str) -> object:
        """The value an aimed action's setting has now."""
        info = self.view.action
        return info.options[key][self.view.option_index.get(key, 0)] if info else None

    def cycle_option(self, key: str) -> None:
        """Step an aimed action's setting (maneuver, extra damage, spell) to its next value."""
        info = self.view.action
        if info is not None and key in info.options:
            self.view.option_index[key] = (self.view.option_index.get(key, 0) + 1) % len(info.options[key])

    def aimed(self, **fields) -> Command:
        """The command of the action being aimed, with the settings the player changed."""
        action = self.view.action
        if action is None:
            raise RuntimeError("no action is being aimed: choose one from the menu first")
        return Command(
            do="act", figure=self.view.selected, action=action.id, **{"params": self.changed_options(), **fields}
        )

    def attack_command(self, target: str) -> Command | None:
        return None if self.view.action is None else self.aimed(target=target)

    def predict(self, target: str) -> Prediction | None:
        """The exact odds of attacking target with the action being aimed."""
        info = self.view.action
        if info is None or target not in info.targets:
            return None
        try:
            return self.game.predict(self.aimed(target=target))
        except Exception:  # a prediction must never crash the board
            return None

    def _click_target(self, h: Hex) -> None:
        name = self.figure_at(h)
        info = self.view.action
        if name is None or info is None:
            self.say(_("click one of the highlighted figures, or Esc"), warning=True)
        elif name not in info.targets:
            reason = self.game.check(self.aimed(target=name))
            self.say(reason or _("{name} is not a valid target").format(name=name), warning=True)
        else:
            self.submit(self.aimed(target=name))

    def _click_action_hex(self, h: Hex) -> None:
        if self.view.action is not None:
            self.submit(self.aimed(to=(h.q, h.r)))

    def _click_combat(self, h: Hex) -> None:
        # Clicking another figure that has not acted offers its out-of-turn stances.
        name = self.figure_at(h)
        if name and name != self.info().active:
            stances = [i for i in self.actions(name) if i.enabled]
            if stances:
                self.view.selected = name
                self.say(_("{name} may declare now: ").format(name=name) + ", ".join(i.label for i in stances))
                return
        self.view.selected = self.info().active
