"""Combat for the play controller: aiming a menu action (its target, hex, choice or settings)
and the exact odds of an attack before it is made."""

from __future__ import annotations

from board.hexgrid import Hex
from board.i18n import N_, _
from board.rules.base import Command
from board.rules.reports import Prediction
from board.ui.play.host import ControllerParts
from board.ui.play.modes import Aiming

# What the status line asks for each kind of aim.
ASKS = {
    "target": N_("{label}: click a target ({targets})"),
    "hex": N_("{label}: click the hex to move to"),
    "choice": N_("{label}: choose {choices}"),
    "options": N_("{label}: set what you want, then Do it"),
}


class CombatControls(ControllerParts):
    """Mixed into the Controller: what a click means while an action is being aimed."""

    @property
    def aiming(self) -> Aiming | None:
        """The action being aimed, if one is."""
        return self.view.mode if isinstance(self.view.mode, Aiming) else None

    def choose_action(self, action_id: str, figure: str | None = None) -> None:
        """Pick a combat action from the menu."""
        name = figure or self.view.selected
        info = next((i for i in self.actions(name) if i.id == action_id), None)
        if info is None or name is None:
            return
        if not info.enabled:
            self.say(f"{info.label}: {info.reason}", warning=True)
            return
        self.view.selected = name
        aim = Aiming.of(name, info)
        if aim is None:
            self.submit(Command(do="act", figure=name, action=action_id))
            return
        self.view.mode = aim
        self.say(
            _(ASKS[aim.kind]).format(
                label=_(info.label), targets=", ".join(info.targets), choices=", ".join(info.choices)
            )
        )

    def do_it(self) -> None:
        """Carry out the action whose settings are shown."""
        if self.aiming is not None:
            self.submit(self.aiming.command())

    def choose(self, choice: str) -> None:
        """Pick a weapon or posture for the action being aimed."""
        aim = self.aiming
        if aim is None:
            return
        if aim.action.needs == "weapon":
            self.submit(aim.command(weapon=choice))
        else:
            self.submit(aim.command(params={**aim.changed(), **aim.action.choice_params.get(choice, {})}))

    def cycle_option(self, key: str) -> None:
        """Step an aimed action's setting (maneuver, extra damage, spell) to its next value."""
        if self.aiming is not None:
            self.view.mode = self.aiming.cycled(key)

    def attack_command(self, target: str) -> Command | None:
        return None if self.aiming is None else self.aiming.command(target=target)

    def predict(self, target: str) -> Prediction | None:
        """The exact odds of attacking target with the action being aimed."""
        aim = self.aiming
        if aim is None or target not in aim.action.targets:
            return None
        try:
            return self.game.predict(aim.command(target=target))
        except Exception:  # a prediction must never crash the board
            return None

    def _click_target(self, aim: Aiming, h: Hex) -> None:
        name = self.figure_at(h)
        if name is None:
            self.say(_("click one of the highlighted figures, or Esc"), warning=True)
        elif name not in aim.action.targets:
            reason = self.game.check(aim.command(target=name))
            self.say(reason or _("{name} is not a valid target").format(name=name), warning=True)
        else:
            self.submit(aim.command(target=name))

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
