"""The play controller: turns clicks and keys into commands; keeps only view state."""

from __future__ import annotations

from collections.abc import Callable

from board.game import Game, Outcome
from board.hexgrid import Hex
from board.i18n import _
from board.rules.base import Command, Event
from board.rules.reports import ActionInfo, Token, TurnInfo
from board.ui.play.combat import CombatControls
from board.ui.play.gm import GMControls
from board.ui.play.modes import (
    Aiming,
    ChoosingAction,
    ChoosingMove,
    GMMode,
    Over,
    PlannedMove,
    PlanningMove,
    Viewing,
    aiming_at_figures,
)
from board.ui.play.view import View


class Controller(CombatControls, GMControls):
    """What a click or key means now, given the game and the view."""

    def __init__(self, game: Game):
        self.game = game
        self.view = View()
        # In a shared game, commands go to the host (sender(kind, command)) and come back
        # through the stream; None: they are applied here at once.
        self.sender: Callable[[str, Command | None], None] | None = None
        # Who is handed the events of each command done here (the scene: log, sounds,
        # animations); the default drops them (a controller with no screen).
        self.shows: Callable[[list[Event]], None] = lambda events: None
        self._actions: dict[tuple[int, str], list[ActionInfo]] = {}
        self.sync()

    # --- reading the game ----------------------------------------------------------------

    @property
    def state(self):
        return self.game.state

    @property
    def selected_token(self) -> Token:
        """The selected figure's token (there is one whenever a move is being planned)."""
        name = self.view.selected
        if name is None:
            raise RuntimeError("no figure is selected: the game has no figure to act now")
        return self.game.tokens()[name]

    def info(self) -> TurnInfo:
        """Where the game stands; phase "view" for a map without two sides (nothing to win)."""
        return self.game.turn()

    def actions(self, figure: str | None = None) -> list[ActionInfo]:
        """What the ruleset offers the figure now; asked once per game version."""
        name = figure or self.view.selected
        if not name:
            return []
        key = (self.game.version, name)
        if key not in self._actions:
            if len(self._actions) > 64:
                self._actions.clear()
            self._actions[key] = self.game.actions(name)
        return self._actions[key]

    def move_info(self) -> ActionInfo | None:
        """The movement action whose reach is shown (None outside the movement phase)."""
        mode = self.view.mode
        if not isinstance(mode, ChoosingMove):
            return None
        return next((i for i in self.actions() if i.phase == "movement" and i.id == mode.action), None)

    def move_for(self, h: Hex | None) -> ActionInfo | None:
        """The movement action a click on h takes: the one the player picked, else the one of
        least reach that holds h (two hexes is a Jog, not a Full Move), in menu order on ties."""
        mode, chosen = self.view.mode, self.move_info()
        if chosen is None or h is None or (isinstance(mode, ChoosingMove) and mode.chosen):
            return chosen
        fits = [i for i in self.actions() if i.phase == "movement" and i.enabled and i.needs == "path" and h in i.hexes]
        return min(fits, key=lambda i: len(i.hexes), default=chosen)

    def figure_at(self, h: Hex) -> str | None:
        """The figure at h; where several share it (a brawl), a valid target of the action
        being aimed, else the selected figure, else the first."""
        names = [f.name for f in self.game.tokens().values() if h in f.cells]
        v = self.view
        targets = v.mode.action.targets if aiming_at_figures(v.mode) else ()
        for name in names:
            if name in targets:
                return name
        return v.selected if v.selected in names else next(iter(names), None)

    def sync(self) -> None:
        """Bring the view in line with the game after any change."""
        info = self.info()
        v = self.view
        if v.gm:  # GM mode stays until G leaves it; a GM key's chase does not
            v.mode = GMMode()
        elif info.phase in ("over", "view"):
            v.mode, v.selected = Over() if info.phase == "over" else Viewing(), None
        else:
            v.selected = info.active
            v.mode = ChoosingMove(self.opening_move()) if info.phase == "movement" else ChoosingAction()

    def opening_move(self) -> str | None:
        """The movement whose reach the phase opens with: the ruleset's default, else the first
        with reach."""
        reach = [i for i in self.actions() if i.phase == "movement" and i.enabled and i.needs == "path" and i.hexes]
        return next((i.id for i in reach if i.default), reach[0].id if reach else None)

    def say(self, text: str, warning: bool = False) -> None:
        self.view.message, self.view.warning = text, warning

    # --- doing things --------------------------------------------------------------------

    def submit(self, command: Command) -> Outcome:
        """Send a command through the one legal path; show the refusal if it is refused. Its
        outcome is returned, and its events handed to whoever shows them."""
        if self.sender is not None:
            return self._send(self.sender, command)
        outcome = self.game.submit(command)
        self.shows(outcome.events)
        if outcome.accepted:
            self.say("")
            self.sync()
        else:
            self.say(outcome.reason or "refused", warning=True)
        return outcome

    def _send(self, sender: Callable[[str, Command | None], None], command: Command) -> Outcome:
        """A shared game: checked here for a quick answer, then asked of the host (its events
        come back through the stream)."""
        reason = self.game.check(command)
        if reason:
            self.say(reason, warning=True)
            return Outcome(False, reason=reason)
        sender("command", command)
        self.say(_("Sent to the host: {words}").format(words=command.words()))
        self.sync()
        return Outcome(True)

    def choose_move_action(self, action_id: str) -> None:
        """Pick the movement action whose reach is shown (or do it, if it needs no path)."""
        info = next((i for i in self.actions() if i.id == action_id), None)
        if info is None:
            return
        if not info.enabled:
            self.say(f"{info.label}: {info.reason}", warning=True)
            return
        if info.needs == "path":
            self.view.mode = ChoosingMove(action_id, chosen=True)
            self.say(_("{label}: click a blue hex ({n} in reach)").format(label=_(info.label), n=len(info.hexes)))
        elif not (self.game.ruleset.facing and info.needs == "facing"):
            self.submit(Command(do="move", figure=self.view.selected, action=action_id))
        else:  # staying put, a figure with facing may still turn
            f = self.selected_token
            self.view.mode = self._planning(PlannedMove(f.name, f.hex, (), f.facing or 0, action_id))
            self.say(_("{label}: pick a facing (arrows, Q/E), then Enter or click the hex").format(label=_(info.label)))

    def click_hex(self, h: Hex) -> None:
        """A left click on a hex, in whatever mode the view is in."""
        match self.view.mode:
            case ChoosingMove() as choosing:
                self._click_move(choosing, h)
            case PlanningMove(move=move):
                self._click_facing(move, h)
            case Aiming(kind="target") as aim:
                self._click_target(aim, h)
            case Aiming(kind="hex") as aim:
                self.submit(aim.command(to=(h.q, h.r)))
            case GMMode() as gm:
                self._click_gm(gm, h)
            case ChoosingAction():
                self._click_combat(h)

    def _click_move(self, choosing: ChoosingMove, h: Hex) -> None:
        f = self.selected_token
        if h in f.cells:  # a click on one's own token: stay (and, with facing, turn)
            stay = next((i.id for i in self.actions() if i.phase == "movement" and i.needs == "facing"), None)
            if stay is not None:
                self.choose_move_action(stay)
            return
        info = self.move_info()
        if info is None or h not in info.hexes:
            reason = self.game.check(Command(do="move", figure=f.name, action=choosing.action, to=(h.q, h.r)))
            self.say(reason or _("that hex is out of reach"), warning=True)
            return
        self.plan_move(h)

    def plan_move(self, h: Hex) -> None:
        """Put the active figure's ghost on h and ask for a facing."""
        f = self.selected_token
        info = self.move_for(h)
        if info is None or h not in info.hexes:
            return
        if not self.game.ruleset.facing:  # nothing more to ask
            self.submit(
                Command(do="move", figure=f.name, action=info.id, path=tuple((p.q, p.r) for p in info.hexes[h]))
            )
            return
        self.view.mode = self._planning(PlannedMove(f.name, h, info.hexes[h], f.facing or 0, info.id))
        self.say(
            _("{label} to {hex}: pick a facing (arrows, Q/E), then Enter or click the hex").format(
                label=_(info.label), hex=self.game.battle.label(h)
            )
        )

    def _planning(self, move: PlannedMove) -> PlanningMove:
        """The move, asking for the facings it may end with (a multihex figure may not fit them all)."""
        facings = {d: self.game.check(move.facing_to(d).command()) for d in range(6)}
        return PlanningMove(move, facings).fitted()

    def set_facing(self, facing: int) -> bool:
        """Turn the planned move's figure; refused (with the reason shown) if it cannot end so."""
        mode = self.view.mode
        if not isinstance(mode, PlanningMove):
            return False
        why = mode.why_not(facing)
        if why is not None:
            self.say(why, warning=True)
            return False
        self.view.mode = mode.facing_to(facing)
        return True

    def turn(self, steps: int) -> None:
        """Q/E: turn the planned move's facing (or, in GM mode, the selected figure)."""
        mode = self.view.mode
        if isinstance(mode, PlanningMove):
            self.view.mode = mode.turned(steps)
        elif isinstance(mode, GMMode) and self.view.selected:
            f = self.selected_token
            if f.facing is None:  # a ruleset without facing: nothing to turn
                self.say(_("figures have no facing in {name}").format(name=self.game.ruleset.name), warning=True)
                return
            self.submit(Command(do="gm", action="place", figure=f.name, facing=(f.facing + steps) % 6))

    def confirm(self) -> None:
        """Commit the planned move with its facing."""
        if isinstance(self.view.mode, PlanningMove):
            self.submit(self.view.mode.move.command())

    def _click_facing(self, move: PlannedMove, h: Hex) -> None:
        if h == move.hex:
            self.confirm()
        else:
            self.cancel()
            self.click_hex(h)

    def cancel(self) -> None:
        """Esc: step back out of whatever is being planned."""
        v = self.view
        if isinstance(v.mode, PlanningMove | Aiming):
            self.sync()
            self.say("")
        elif isinstance(v.mode, GMMode):
            v.selected, v.mode = None, GMMode()

    # --- history -------------------------------------------------------------------------

    def undo(self) -> bool:
        if self.sender is not None:  # every board follows the GM's undo from the stream
            self.sender("undo", None)
            self.say(_("Asked the host to take back the last command"))
            return False
        done = self.game.undo()
        self.sync()
        self.say(_("Undone") if done else _("Nothing to undo"), warning=not done)
        return done

    def redo(self) -> bool:
        if self.sender is not None:
            self.sender("redo", None)
            self.say(_("Asked the host to redo"))
            return False
        outcome = self.game.redo()
        self.sync()
        if outcome is None:
            self.say(_("Nothing to redo"), warning=True)
            return False
        self.shows(outcome.events)
        self.say(_("Redone (same dice)"))
        return outcome.accepted
