"""One Action spec: everything the kernel needs to know of one thing a figure may do. The menu,
the legal commands, `check` and dispatch are all derived from a ruleset's table of them
(kernel/rules.py), and a position's plans are computed once (`plan_memo`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from board.rules.base import Command, Event, Refusal
from board.rules.kernel.clone import copy_of
from board.rules.kernel.params import Params

if TYPE_CHECKING:
    from board.dice import DiceSource
    from board.rules.reports import ActionInfo, Prediction


def _nothing(*_: Any) -> None:
    return None


def _open_part(*_: Any) -> dict:
    return {}


def _always(*_: Any) -> bool:
    return True


ANY_PHASE = "*"  # an action's phase when it is offered in every phase (Use Chaos...)


@dataclass(frozen=True)
class Action:
    """One thing a figure may do: how the menu shows it, what a command for it takes, how it is
    planned (Refusal, or what its deed needs; never a change) and its deed (the change)."""

    id: str  # the command's `action`
    label: str  # the menu's words
    deed: Callable[[Any, Any, Any, DiceSource], list[Event]]  # (state, figure, plan, dice) -> events
    # the phase it is offered in ("": the table's `phase`; ANY_PHASE: every one); "movement": reach shown
    phase: str = ""
    do: str = "act"  # the command's `do`
    needs: str = "none"  # what the board asks first: none | path | facing | target | hex | weapon | choice
    takes: str = "figure"  # the command's own fields it takes (kernel/fields.py), e.g. "figure target"
    params: type[Params] | None = None  # the settings it takes, as a typed model (kernel/params.py)
    # (state, figure, command) -> what the deed needs: Refusal if the command is illegal now.
    plan: Callable[[Any, Any, Command], Any] = _nothing
    # (state, figure) -> why it is greyed out now, or None: open.
    why_not: Callable[[Any, Any], str | None] = _nothing
    # (state, figure) -> the open entry's ActionInfo fields: targets, hexes, choices, options, note...
    menu: Callable[[Any, Any], dict] = _open_part
    # (state, figure) -> whether the menu lists it at all now (False: left out, not greyed)
    shown: Callable[[Any, Any], bool] = _always
    # (state, figure, entry) -> the concrete commands behind an open entry (None: kernel's concrete())
    commands: Callable[[Any, Any, ActionInfo], list[Command]] | None = None
    trusted: bool = False  # its commands are legal by construction (reachable hexes): not re-planned
    odds: Callable[[Any, Any], Prediction | None] | None = None  # (state, plan) -> exact odds


def table(actions: Iterable[Action], phase: str = "") -> dict[tuple[str, str], Action]:
    """A ruleset's actions by (do, id), each with the table's phase where it names none."""
    out: dict[tuple[str, str], Action] = {}
    for action in actions:
        if not action.phase:
            action = Action(**{**action.__dict__, "phase": phase})
        if (action.do, action.id) in out:
            raise ValueError(f"two actions named {action.do} {action.id}")
        out[action.do, action.id] = action
    return out


def memo_key(command: Command) -> tuple:
    """A command as a dictionary key (its params, a dict or a typed model, as sorted JSON)."""
    params = command.params
    if params and not isinstance(params, dict):
        params = params.model_dump(exclude_unset=True)
    return (
        command.do,
        command.figure,
        command.action,
        command.path,
        command.to,
        command.facing,
        command.target,
        command.weapon,
        json.dumps(params, sort_keys=True, default=str) if params else "",
    )


def plan_memo(state) -> dict:
    """The plans already made in this position (a state is changed only by apply, which forgets
    them): the menu, the legal list and `check` each plan a command once between them. A clone
    starts without (kernel/clone.py copies fields only)."""
    memo = getattr(state, "_plans", None)
    if memo is None:
        memo = state._plans = {}
    return memo


def forget_plans(state) -> None:
    """The state is about to change: its plans no longer hold. (Attributes, never the state's
    __dict__: asked for, Python makes one, and every field read on that state gets slower.)"""
    state._plans = state._kept = None


def kept(state, key: tuple, work: Callable[[], Any]) -> Any:
    """What a position works out once beside its plans (a figure's reach, asked by its menu and
    by every move planned), forgotten with them. A value never changes the state (hexes, paths,
    a view that only reads the figures), so a copy in the same position may read it (`in_position`)."""
    found = getattr(state, "_kept", None)
    if found is None:
        found = state._kept = {}
    if key not in found:
        carried = getattr(state, "_carried", None)
        found[key] = carried[key] if carried is not None and key in carried else work()
    return found[key]


def in_position(state):
    """A clone of the state that reads what the position has worked out (`kept`) while its
    command is planned: the submit after the menu plans without finding a reach again. Only
    while it plans (`planned`): a command's deed reads only what its own plan worked out."""
    clone = copy_of(state)
    found = getattr(state, "_kept", None)
    if found:
        clone._carried = found  # read, never written: shared, not copied
    return clone


def planned(state) -> None:
    """The command is planned: what the position worked out before is no longer read."""
    state._carried = None


class Refused:
    """A remembered refusal: its reason only. The raised Refusal would hold its frames alive, and
    a position's menu refuses many candidates, all freed with its plans when a command follows."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason


def remembered(state, command: Command, plan: Callable[[], Any]) -> Any:
    """plan() once per command in this position, the result (or its refusal) kept for the next ask."""
    memo = plan_memo(state)
    key = memo_key(command)
    found = memo.get(key, memo)
    if found is memo:
        try:
            found = memo[key] = plan()
        except Refusal as refusal:
            found = memo[key] = Refused(refusal.reason)
    if type(found) is Refused:
        raise Refusal(found.reason)
    return found
