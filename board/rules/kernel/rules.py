"""What every ruleset class inherits: one dispatcher on a command's "do", legality asked one way,
and menu entries turned into the concrete commands that random and computer players choose from.
A ruleset that names its actions (`spec`, kernel/action.py) has its menu, legal commands, check
and dispatch derived from them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.action import ANY_PHASE, Action, forget_plans, planned, remembered, table
from board.rules.kernel.fields import FIGURE_ONLY, Takes, refused_fields, taken
from board.rules.kernel.gm import GM_PARAMS, gm_takes
from board.rules.kernel.params import Params, made, typed
from board.rules.kernel.queue import acting
from board.rules.kernel.refusals import refused
from board.rules.kernel.victory import check_victory
from board.rules.kernel.sheets import token_of
from board.rules.reports import ActionInfo, Prediction, Token, TurnInfo

if TYPE_CHECKING:  # named for the checker only: the kernel runs without the computer player
    from board.ai.scoring import Tactics

Plan = Callable[[Any, Command], Any]  # raises Refusal with the reason, changes nothing
Apply = Callable[[Any, Command, DiceSource], list[Event]]  # plans, then changes the state
_FIELDS = dict.fromkeys(Command.model_fields)  # a command's fields, in order, none given


def concrete(name: str, info: ActionInfo, do: str = "act", facings: Iterable[int | None] = (None,)) -> list[Command]:
    """The commands behind one enabled menu entry: one per target (and value of its first
    setting), weapon, hex, path (and facing), facing or choice, as the board would send them
    (and as validating them would make them: their values are the menu's own)."""
    base = {"do": do, "figure": name, "action": info.id}

    def candidate(**fields) -> Command:
        return made({**_FIELDS, "params": {}, **base, **fields}, {*base, *fields})

    if info.needs == "path":
        return [
            candidate(path=tuple((h.q, h.r) for h in path), facing=facing)
            for path in info.hexes.values()
            for facing in facings
        ]
    if info.needs == "facing":  # staying put, facing each way asked for
        return [candidate(facing=facing) for facing in facings]
    if info.needs == "target":
        key, values = next(iter(info.options.items()), (None, (None,)))
        return [
            candidate(target=target, params={} if value is None else {key: value})
            for target in info.targets
            for value in values or (None,)
        ]
    if info.needs == "weapon":
        return [candidate(weapon=weapon) for weapon in info.choices]
    if info.needs == "hex":
        return [candidate(to=(h.q, h.r)) for h in info.hexes]
    if info.needs == "choice":
        return [candidate(params=dict(params)) for params in info.choice_params.values()]
    return [candidate()]


def either(words: list[str]) -> str:
    """Words as a player lists alternatives: "a", "a or b", "a, b or c"."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def lying(piles: dict, name: Callable[[Any], str] = str) -> dict:
    """A state's piles on hexes as the board marks them: each hex with something on it, the
    names of what lies there."""
    return {h: tuple(name(item) for item in pile) for h, pile in piles.items() if pile}


def _on_its_own(apply: Apply, state, command: Command, dice: DiceSource) -> list[Event]:
    """A handler plans and acts in one: it reads only its own work, not what the position kept."""
    planned(state)
    return apply(state, command, dice)


class Rules:
    """The shared half of a ruleset. A ruleset names its actions (and handlers for any other
    command); this dispatches, answers legality, offers the menu and lists the legal commands
    (see docs/rulesets.md)."""

    @property
    def spec(self) -> tuple[Action, ...]:
        """Its actions: the menu, the legal commands, check and dispatch of each `do` they name
        (a ruleset sets them as a class attribute, or a cached_property built once)."""
        return ()

    phase = ""  # the phase of the actions that name none

    @property
    def handlers(self) -> Mapping[str, tuple[Plan, Apply]]:
        """Any other do -> (plan, apply): plan raises Refusal and changes nothing; apply plans
        once, then acts (the GM's, or a ruleset's own dispatch)."""
        return {}

    # Menu entries whose commands are legal by construction (reachable hexes): not re-checked.
    trusted_needs: frozenset[str] = frozenset()
    commands_hint = ""  # said after the expected commands when one is unknown
    odds_note = ""  # what its predictions cannot know
    gm_keys: tuple = ()  # GMKeys of its own GM commands
    # (state, action, figure, dice) -> events: what follows an action's deed (the turn passing
    # on...); none if None.
    after_deed: Callable | None = None
    # (state) -> events: has a side won? Asked after every command (the kernel's at most one
    # team still up, unless the ruleset names its own: who fights, what ends).
    victory: Callable = staticmethod(check_victory)
    # (do, action) -> the settings the action takes (board.rules.kernel.params), (do, "*") for
    # every action of a command not named; none if absent.
    params_types: dict[tuple[str, str | None], type[Params]] = GM_PARAMS
    # (do, action) -> the command's own fields the action takes (kernel/fields.py), with its
    # GM's (GM.takes()); an action named nowhere takes only its figure.
    takes: Takes = gm_takes(turns=False)

    # What a ruleset names rather than writes: its figure sheet and options (pydantic models), the
    # check of a sheet against its tables, and its figure card's rows (see docs/rulesets.md).
    sheet_type: type
    options_type: type
    sheet_check: Callable = staticmethod(lambda spec, problem: spec)
    card_rows: Callable = staticmethod(lambda state, f: [])  # (state, the figure) -> its card's rows
    # The computer player's own judgement for this ruleset on top of its shared scores
    # (board.ai.scoring.Tactics); none: the shared scores alone.
    tactics: Tactics | None = None

    def sheet_choices(self) -> dict:
        return {}

    def sheet_warnings(self, spec) -> list[str]:
        return []

    def figure_model(self) -> type:
        return self.sheet_type

    def options_model(self) -> type:
        return self.options_type

    def check_figure(self, spec, problem):
        return self.sheet_check(spec, problem)

    def card(self, state, figure: str) -> list[tuple[str, str]]:
        return self.card_rows(state, state.figures[figure])

    # What the board shows of a figure beside its name, team, hexes and status: (state, f) -> the
    # other fields of its Token (kernel/sheets.token_of); or tokens() overridden.
    shown: Callable = staticmethod(lambda state, f: {})

    def tokens(self, state) -> dict[str, Token]:
        return {f.name: token_of(f, **self.shown(state, f)) for f in state.figures.values()}

    def ground_items(self, state) -> dict:
        return lying(getattr(state, "items", {}))  # a state's items, if it keeps any (kernel/ground.py)

    # The banner's words for each phase (none: the board words it), or phase_label overridden.
    phase_labels: dict[str, str] = {}

    def phase_label(self, state) -> str:
        return self.phase_labels.get(state.phase, "")

    def timeline(self, state) -> dict | None:
        """Second-by-second plots for the banner (see TurnInfo): none unless overridden."""
        return None

    def turn_info(self, state) -> TurnInfo:
        """Where the fight stands, read from the kernel's fields of the state (kernel/fight.py)."""
        return TurnInfo(
            state.turn,
            state.phase,
            state.active,
            tuple(state.order),
            state.winner,
            self.phase_label(state),
            tuple(state.queue),
            timeline=self.timeline(state),
        )

    def _handler(self, command: Command) -> tuple[Plan, Apply]:
        try:
            return self._dispatch[command.do]
        except KeyError:
            expected = either(list(self._dispatch))
            raise Refusal(f'unknown command "{command.do}"; expected {expected}{self.commands_hint}') from None

    def typed(self, command: Command) -> Command:
        """The command with its params read as its action's model: the door every command
        passes before the rules read it (Refusal naming an unknown or ill-typed setting)."""
        if not command.params:  # nothing to read: a setting the action needs is asked for where read
            return command
        types = self._params_types
        return typed(command, types.get((command.do, command.action)) or types.get((command.do, "*"), Params))

    def untaken(self, command: Command) -> str | None:
        """The refusal of a field given that the command's action does not take, or None."""
        takes = self._takes
        taken = takes.get((command.do, command.action)) or takes.get((command.do, "*")) or FIGURE_ONLY
        values = command.__dict__
        for name in command.__pydantic_fields_set__ - taken:  # given beyond those: refused unless None
            if values[name] is not None:
                return refused_fields(command, taken)
        return None

    @cached_property
    def _params_types(self) -> dict:
        return {**self.params_types, **{key: a.params for key, a in self.table.items() if a.params}}

    @cached_property
    def _takes(self) -> dict[tuple[str, str | None], frozenset[str]]:
        """Each action's fields taken, as a set with those every command may give (fields.taken)."""
        takes: Takes = {**self.takes, **{key: a.takes for key, a in self.table.items()}}
        return {key: taken(words) for key, words in takes.items()}

    @cached_property
    def table(self) -> dict[tuple[str, str], Action]:
        """The actions by (do, id)."""
        return table(self.spec, self.phase)

    @cached_property
    def _entries(self) -> dict[tuple[str, str], Action]:
        """The actions by the (phase, id) of their menu entries."""
        return {(a.phase, a.id): a for a in self.table.values()}

    @cached_property
    def _phases(self) -> dict[str, str]:
        """Each `do` whose actions share one phase: that phase (the whose-turn check of an
        unknown action of it)."""
        phases: dict[str, set[str]] = {}
        for (do, _), a in self.table.items():
            phases.setdefault(do, set()).add(a.phase)
        return {do: found.pop() for do, found in phases.items() if len(found) == 1}

    @cached_property
    def _dispatch(self) -> dict[str, tuple[Plan, Apply]]:
        spec = {do: (self.plan, self._deed) for do, _ in self.table}
        return {**spec, **{do: (plan, partial(_on_its_own, apply)) for do, (plan, apply) in self.handlers.items()}}

    # (state, command, phase) -> the figure a command for an action of `phase` names, if it may
    # act now (Refusal): the kernel's whose-turn check unless the ruleset names its own.
    acting: Callable = staticmethod(acting)

    def plan(self, state, command: Command) -> tuple[Action, Any, Any]:
        """The command's action, its figure and its plan, or Refusal; planned once in a position."""
        return remembered(state, command, lambda: self._plan(state, command))

    def action_of(self, command: Command) -> Action | None:
        """The action a command names, or the one it implies."""
        return self.table.get((command.do, command.action or "")) or self.implied(command)

    def implied(self, command: Command) -> Action | None:
        """The action of a command that names none of the table's: none unless overridden."""
        return None

    def _plan(self, state, command: Command) -> tuple[Action, Any, Any]:
        action = self.action_of(command)
        phase = action.phase if action else self._phases.get(command.do)
        f = self.acting(state, command, None if phase == ANY_PHASE else phase)
        if action is None:
            known = [a for do, a in self.table if do == command.do]
            raise Refusal(f'unknown action "{command.action}"; expected {either(known)}')
        why = action.why_not(state, f)
        if why:
            raise Refusal(why)
        return action, f, action.plan(state, f, command)

    def _deed(self, state, command: Command, dice: DiceSource) -> list[Event]:
        action, f, plan = self._plan(state, command)  # on the private copy about to change
        planned(state)
        events = action.deed(state, f, plan, dice)
        return events if self.after_deed is None else events + self.after_deed(state, action, f, dice)

    def check(self, state, command: Command) -> None:
        """Raise Refusal if the command is illegal now; never changes the state."""
        plan = self._handler(command)[0]
        plan(state, self.typed(command))

    def apply(self, state, command: Command, dice: DiceSource) -> list[Event]:
        """Apply a command to the state (a private copy): its settings typed first, then planned
        once, refused or done."""
        if command.params:  # none: nothing to type (typed() says so too)
            command = self.typed(command)
        handler = self._dispatch.get(command.do) or self._handler(command)  # _handler: the refusal
        events = handler[1](state, command, dice)
        events += self.after_command(state, dice)
        forget_plans(state)  # what was worked out on the way (kept) no longer holds
        return events

    def after_command(self, state, dice: DiceSource) -> list[Event]:
        """What follows every command: victory asked (kernel/victory.py), then what the ruleset
        adds (the next phase...) where it overrides this, asking victory first itself."""
        return self.victory(state)

    def predict(self, state, command: Command) -> Prediction | None:
        """Exact odds of an attack command, from its action's `odds` (none if it has none)."""
        action = self.action_of(command)
        if action is None or action.odds is None:
            return None
        try:
            _, _, plan = self.plan(state, self.typed(command))
        except Refusal:
            return None
        return action.odds(state, plan)

    def offered(self, state, f) -> bool:
        """Whether f's menu holds anything now: while it acts, unless overridden."""
        return not state.over and f.up and state.active == f.name

    def actions(self, state, figure: str) -> list[ActionInfo]:
        """The menu: the actions of the phase (or of any) shown now, each open or greyed with the reason."""
        f = state.figures.get(figure)
        if f is None or not self.offered(state, f):
            return []
        return [
            self.entry(state, f, a)
            for a in self.table.values()
            if a.phase in (state.phase, ANY_PHASE) and a.shown(state, f)
        ]

    def entry(self, state, f, action: Action) -> ActionInfo:
        """One action's menu entry: its open part from `menu`, or greyed with why_not's reason
        (an aimed action with nobody to aim at is greyed too)."""
        why = action.why_not(state, f)
        info = ActionInfo(
            **{
                "id": action.id,
                "label": action.label,
                "phase": action.phase,
                "enabled": why is None,
                "reason": why,
                "needs": action.needs,
                **({} if why else action.menu(state, f)),
            }
        )
        if info.enabled and info.needs == "target" and not info.targets:
            return replace(info, enabled=False, reason="no target in reach")
        return info

    def legal(self, state, command: Command) -> bool:
        return refused(self.check, state, command) is None

    def actors(self, state) -> Iterable[str]:
        """The figures whose menus may hold something now: all unless overridden."""
        return state.figures

    def concrete(self, state, name: str, info: ActionInfo) -> list[Command]:
        """The commands behind one enabled menu entry (override where one needs more)."""
        return concrete(name, info, "move" if info.phase == "movement" else "act")

    def legal_commands(self, state) -> list[Command]:
        """Every concrete command legal now, for random and computer players."""
        out: list[Command] = []
        for name in self.actors(state):
            for info in self.actions(state, name):
                if info.enabled:
                    # an action of every phase shows the phase it is taken in (Melee Seconds' General Plot)
                    action = self._entries.get((info.phase, info.id)) or self._entries.get((ANY_PHASE, info.id))
                    if action is not None and action.commands is not None:
                        found = action.commands(state, state.figures[name], info)
                    else:
                        found = self.concrete(state, name, info)
                    trusted = info.needs in self.trusted_needs or (action is not None and action.trusted)
                    out += found if trusted else [c for c in found if self.legal(state, c)]
        return out
