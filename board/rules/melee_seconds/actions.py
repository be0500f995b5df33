"""Melee Seconds' actions as the kernel's Action spec (kernel/action.py): the Specific Plots (5.1)
and the section 7 actions of actions.yaml, then breaking Full Defensive, the General Plot, Use
Chaos and Reflex Spells. The kernel derives the menu, the legal commands, check and dispatch
from them; each menu entry is worked out by asking the rules' own check of its commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from board.dice import DiceSource
from board.hexgrid import hex_distance
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.action import ANY_PHASE, Action, kept
from board.rules.kernel.params import Params
from board.rules.kernel.queue import named
from board.rules.kernel.refusals import need, refused
from board.rules.kernel.rules import concrete
from board.rules.melee_seconds import params, reach, view
from board.rules.melee_seconds.effects import spell_effect
from board.rules.melee_seconds.plots import KINDS, THIEVISH, Kind, gear_kind, plan, state_plot
from board.rules.melee_seconds.section7 import POOLS, gear_problem, pool
from board.rules.melee_seconds.state import Fighter, MSState, needs_plot, spells_of
from board.rules.melee_seconds.turns import end_defensive, general_choices, parts, plan_general, state_general
from board.rules.reports import ActionInfo

Check = Callable[[MSState, Command], None]  # the rules' check: Refusal, or nothing
# Actions that are no Specific Plot, so carry no response to an attack (Shield, 5.3; Parry
# on Full Defensive, 4.4): the menu offers them no such setting.
NO_RESPONSE = ("reflex", "break_defensive", "use_chaos")


def _why(check: Check, state: MSState, f: Fighter, action: str, **fields: Any) -> str | None:
    """Why the figure may not take the action so (None: it may)."""
    return refused(check, state, Command(do="act", figure=f.name, action=action, **fields))


def choices_for(state: MSState, f: Fighter, action: str) -> dict[str, dict]:
    """Label -> params of an action that asks for a choice."""
    if action in POOLS:  # draw, backpack, pick_up
        verb = POOLS[action][2]
        return {f"{verb} {x}": {"item": x} for x in dict.fromkeys(pool(state, f, action))}
    if action == "kick_door":
        out = {f"Door level {n}": {"door_level": n} for n in range(1, 7)}
        out["Door level unknown (d4)"] = {}
        return out
    if action == "thievish":
        return dict(THIEVISH)
    return general_choices(state, f)


def _options(state: MSState, f: Fighter, action: str) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    if action in ("attack", "charge"):
        out["forward"] = (False, True)
        melee = tuple(n for n in f.in_hand if reach.melee_reach(state, f, n) is not None)
        if len(melee) > 1:
            out["weapon"] = melee  # 5.2: which weapon the plot uses
        if f.general == "fighting_thieving":
            out["thievish"] = (False, True)
    if action in ("cast", "reflex"):
        spells = tuple(spells_of(state, f, "reflex" if action == "reflex" else "normal"))
        if len(spells) > 1:
            out["spell"] = spells
    if action not in NO_RESPONSE and f.shield and f.shield_ready:
        out["shield"] = (True, False)
    if action not in NO_RESPONSE and f.full_defensive:
        out["fd_parry"] = (True, False)
    return out


def entry(check: Check, action: str, needs: str, spell: str = "") -> Callable[[MSState, Fighter], dict]:
    """An action's menu entry: the targets, choices or hexes it may take (each asked of check),
    else why it is greyed; a spell's targets as its first spell of the kind `spell` would take."""

    def menu(state: MSState, f: Fighter) -> dict:
        found: dict[str, Any] = {}  # the targets, choices or hexes open now, if it asks for any
        reason: str | None  # why it is greyed if none is
        if needs == "target":
            fields = {"spell": spells_of(state, f, spell)[0]} if spell else {}
            whys = {t: _why(check, state, f, action, target=t, params=fields) for t in state.order}
            found["targets"] = tuple(t for t, why in whys.items() if why is None)
            reason = next((why for t, why in whys.items() if why and t != f.name), "no target")
        elif needs == "choice":
            choices = choices_for(state, f, action)
            sets = {text: p for text, p in choices.items() if _why(check, state, f, action, params=p) is None}
            found = {"choices": tuple(sets), "choice_params": sets}
            reason = _why(check, state, f, action, params=next(iter(choices.values()), {}))
        elif needs == "hex":
            found["hexes"], reason = reach.reachable(state, f), "nowhere to move this second"
        else:
            reason = _why(check, state, f, action)
        opened = next(iter(found.values()), reason is None)
        found["options"] = _options(state, f, action)
        return {"enabled": bool(opened), "reason": None if opened else reason, **found}

    return menu


def _spell_commands(kind: str) -> Callable[[MSState, Fighter, ActionInfo], list[Command]]:
    """A spell's commands: with no choice of spell offered, the first of its kind (5.4, 5.1.6)."""

    def commands(state: MSState, f: Fighter, info: ActionInfo) -> list[Command]:
        if "spell" in info.options:
            return concrete(f.name, info)
        spell = spells_of(state, f, kind)[0]
        return [
            Command(do="act", figure=f.name, action=info.id, target=t, params={"spell": spell}) for t in info.targets
        ]

    return commands


def plotting(state: MSState, f: Fighter) -> bool:
    """Whether the figure's Specific Plots are offered: it plots next, or a plot running on by
    itself (5.7) may be changed before the second resolves."""
    return kept(
        state, ("kept", "plotting", f.name), lambda: (f.plot is not None and f.plot.auto) or state.active == f.name
    )


def _shown(action: str, row: Kind) -> Callable[[MSState, Fighter], bool]:
    """Whether the menu lists a Specific Plot now (with nothing to do it with, it is left out)."""
    if action == "continue":
        return lambda state, f: plotting(state, f) and f.ongoing is not None
    if action == "cast":
        return lambda state, f: plotting(state, f) and bool(spells_of(state, f, "normal"))
    if action == "thievish":
        return lambda state, f: plotting(state, f) and bool(parts(f) & row.parts)
    if action in KINDS:
        return plotting
    return lambda state, f: plotting(state, f) and gear_problem(state, f, action, None) is None


def _general_menu(check: Check) -> Callable[[MSState, Fighter], dict]:
    """2.1: stated at the start of the round, every choice open; changed mid-round with the GM's
    leave (2.5), each choice asked of check."""
    change = entry(check, "general_plot", "choice")

    def menu(state: MSState, f: Fighter) -> dict:
        if state.phase == "general":
            sets = general_choices(state, f)
            return {"phase": state.phase, "choices": tuple(sets), "choice_params": sets}
        return {"label": "Change the General Plot", "phase": state.phase, **change(state, f)}

    return menu


def _general_commands(check: Check) -> Callable[[MSState, Fighter, ActionInfo], list[Command]]:
    """The General Plots the menu offers, legal as offered (the action is trusted): each choice
    is one plan_general accepts (general_choices at the start of the round; mid-round, each asked
    of check by the menu), so only whether the figure may state one now (the whose-turn check)
    is asked, of the first."""

    def commands(state: MSState, f: Fighter, info: ActionInfo) -> list[Command]:
        found = concrete(f.name, info)
        return found if not found or refused(check, state, found[0]) is None else []

    return commands


def _general_shown(state: MSState, f: Fighter) -> bool:
    if state.phase == "general":
        return f.general is None
    return plotting(state, f) and f.may_change


def _plan_reflex(state: MSState, f: Fighter, command: Command) -> tuple[str, Fighter]:
    """5.4: "Reflex Spells ... may always be specified at any time, irrespective of Plots or
    Initiative", resolved at once (the board allows one per combatant per second)."""
    known = spells_of(state, f, "reflex")
    name = params.Reflex.of(command).spell or next(iter(known), None)
    if name not in known:
        raise Refusal(f'{f.name} knows no Reflex Spell "{name}"')
    need(f.reflex_at != state.now, f"{f.name} has already cast a Reflex Spell this second")
    t = state.figures.get(command.target or "")
    if t is None or t.status == "dead":
        raise Refusal("choose a living target")
    need(hex_distance(f.hex, t.hex) <= state.tables.spells[name].get("range", 0), f"{t.name} is out of range of {name}")
    return name, t


def _reflex(state: MSState, f: Fighter, plan: tuple[str, Fighter], dice: DiceSource) -> list[Event]:
    (name, t), f.reflex_at = plan, state.now
    events = [
        Event("cast", f"{f.name} casts the Reflex Spell {name} at {t.name}", f.name, {"spell": name, "target": t.name})
    ]
    return events + spell_effect(state, f.name, name, t.name, dice)


def _plan_chaos(state: MSState, f: Fighter, command: Command) -> tuple[str | None, str]:
    """5.1.10: "Use Chaos is always available to Chaos Masters regardless of their General (or
    even Specific) Plot!" Its effect is not in the text: the GM resolves it (GM commands)."""
    need(f.sheet.chaos_master, f"{f.name} is not a Chaos Master")
    need(f.chaos_at != (state.turn, state.second), f"{f.name} has already used Chaos this second")
    if command.target is not None:
        named(state, command.target)
    return command.target, params.Chaos.of(command).effect.strip()


def _chaos(state: MSState, f: Fighter, plan: tuple[str | None, str], dice: DiceSource) -> list[Event]:
    (target, effect), f.chaos_at = plan, (state.turn, state.second)
    at = f" on {target}" if target else ""
    return [
        Event(
            "action",
            f"{f.name} uses Chaos{at}" + (f": {effect}" if effect else "") + " (the GM resolves it)",
            f.name,
            {"action": "use_chaos", "target": target, "effect": effect},
        )
    ]


def _plan_break(state: MSState, f: Fighter, command: Command) -> None:
    need(f.full_defensive, f"{f.name} is not on Full Defensive")
    need(needs_plot(state, f), "Full Defensive is broken by the Specific Plot at the start of a second")


def _break(state: MSState, f: Fighter, plan: None, dice: DiceSource) -> list[Event]:
    # 4.3: "Initiative must be rolled and any results for previous seconds are lost".
    return end_defensive(state, f, dice, state.second - 1, f"{f.name} breaks Full Defensive", "Initiative")


def _plot(check: Check, action: str, row: Kind) -> Action:
    """A Specific Plot: an aimed one takes a target (and an attack its weapon, a move its hex)."""
    return Action(
        action,
        row.label,
        state_plot,
        "plot",
        needs=row.needs,
        plan=plan,
        params=row.settings,
        takes=row.takes or ("figure target" if row.needs == "target" else "figure"),
        menu=entry(check, action, row.needs, "normal" if action == "cast" else ""),
        shown=(lambda *_: False) if action == "load" else _shown(action, row),
        commands=_spell_commands("normal") if action == "cast" else None,
        odds=view.odds if action in view.ATTACKS else None,
    )


def spec(check: Check, gear: dict[str, dict]) -> tuple[Action, ...]:
    """The actions in menu order; `gear` is actions.yaml (its Load, 7.4, is commanded but never
    offered: Reload is)."""
    rows = {**KINDS, **{a: gear_kind(a, row) for a, row in gear.items()}}
    return tuple(_plot(check, a, row) for a, row in rows.items()) + (
        Action(
            "break_defensive",
            "Break Full Defensive",
            _break,
            "plot",
            params=Params,
            plan=_plan_break,
            menu=entry(check, "break_defensive", "none"),
            shown=lambda state, f: plotting(state, f) and f.full_defensive,
        ),
        Action(
            "general_plot",
            "State the General Plot",
            state_general,
            ANY_PHASE,
            needs="choice",
            params=params.General,
            plan=plan_general,
            menu=_general_menu(check),
            shown=_general_shown,
            commands=_general_commands(check),
            trusted=True,
        ),
        # 5.1.10: offered to a Chaos Master whatever its plots
        Action(
            "use_chaos",
            "Use Chaos",
            _chaos,
            ANY_PHASE,
            params=params.Chaos,
            plan=_plan_chaos,
            takes="figure target",
            shown=lambda state, f: f.sheet.chaos_master,
            menu=lambda state, f: {"phase": state.phase, **entry(check, "use_chaos", "none")(state, f)},
        ),
        Action(
            "reflex",
            "Reflex Spell",
            _reflex,
            "plot",
            needs="target",
            params=params.Reflex,
            plan=_plan_reflex,
            takes="figure target",
            menu=entry(check, "reflex", "target", "reflex"),
            shown=lambda state, f: bool(spells_of(state, f, "reflex")),
            commands=_spell_commands("reflex"),
        ),
    )


def actors(state: MSState) -> list[str]:
    """Who may act now: the figure plotting, a Chaos Master out of turn in the General Plots
    (5.1.10), anyone up out of turn in the Specific Plots."""
    names = [state.active] if state.active else []
    if state.phase == "general":
        names += [n for n in state.order if n != state.active and state.figures[n].sheet.chaos_master]
    if state.phase == "plot":
        names += [n for n in state.order if n != state.active and state.figures[n].up]
    return names
