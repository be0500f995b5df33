"""The "act" commands: General Plots, Specific Plots, breaking Full Defensive, Reflex Spells."""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import hex_distance
from board.rules.base import Command, Event, Refusal
from board.rules.melee_seconds import plots
from board.rules.melee_seconds.initiative import roll_initiative
from board.rules.melee_seconds.state import Fighter, MSState, needs_plot
from board.rules.melee_seconds.resolve import advance, spell_effect
from board.rules.melee_seconds.turns import (
    check_general, check_victory, give_initiative, hidden, state_general)


def _figure(state: MSState, command: Command) -> Fighter:
    f = state.figures.get(command.figure or "")
    if f is None:
        raise Refusal(f'no figure named "{command.figure}"')
    if not f.up:
        raise Refusal(f"{f.name} is {f.status}")
    return f


def _plan_general(state: MSState, command: Command):
    f = _figure(state, command)
    if state.phase == "general":
        if f.general is not None:
            raise Refusal(f"{f.name} has already stated its General Plot this round")
    elif state.phase == "plot":
        if not f.may_change:
            raise Refusal("a General Plot changes during the round only if the GM permits it (2.5)")
        if not needs_plot(state, f):
            raise Refusal("change the General Plot at the beginning of a second, before plotting")
    else:
        raise Refusal("the Melee is over")
    return f, check_general(state, f, command.params)


def _plan_reflex(state: MSState, command: Command):
    """5.4: "Reflex Spells ... may always be specified at any time, irrespective of Plots or
    Initiative", resolved at once (the board allows one per combatant per second)."""
    f = _figure(state, command)
    if state.phase != "plot":
        raise Refusal("Reflex Spells are cast during the seconds of the Melee Round")
    name = command.params.get("spell") or next(
        (s for s in f.sheet.spells if state.tables.spells[s]["kind"] == "reflex"), None)
    if name not in f.sheet.spells or state.tables.spells[name]["kind"] != "reflex":
        raise Refusal(f"{f.name} knows no Reflex Spell \"{name}\"")
    if f.reflex_at == state.now:
        raise Refusal(f"{f.name} has already cast a Reflex Spell this second")
    t = state.figures.get(command.target or "")
    if t is None or t.status == "dead":
        raise Refusal("choose a living target")
    if hex_distance(f.hex, t.hex) > state.tables.spells[name].get("range", 0):
        raise Refusal(f"{t.name} is out of range of {name}")
    return f, name, t


def _plan_chaos(state: MSState, command: Command) -> Fighter:
    """5.1.10: "Use Chaos is always available to Chaos Masters regardless of their General (or
    even Specific) Plot!" Its effect is not in the text: the GM resolves it (GM commands)."""
    f = _figure(state, command)
    if not f.sheet.chaos_master:
        raise Refusal(f"{f.name} is not a Chaos Master")
    if state.phase == "over":
        raise Refusal("the Melee is over")
    if f.chaos_at == (state.round, state.second):
        raise Refusal(f"{f.name} has already used Chaos this second")
    if command.target is not None and command.target not in state.figures:
        raise Refusal(f'no figure named "{command.target}"')
    return f


def _plan_break(state: MSState, command: Command) -> Fighter:
    f = _figure(state, command)
    if state.phase != "plot" or not f.full_defensive:
        raise Refusal(f"{f.name} is not on Full Defensive")
    if not needs_plot(state, f):
        raise Refusal("Full Defensive is broken by the Specific Plot at the start of a second")
    return f


def check(state: MSState, command: Command) -> None:
    """Raise Refusal unless the command is legal now."""
    if command.action == "general_plot":
        _plan_general(state, command)
    elif command.action == "reflex":
        _plan_reflex(state, command)
    elif command.action == "break_defensive":
        _plan_break(state, command)
    elif command.action == "use_chaos":
        _plan_chaos(state, command)
    else:
        plots.plan(state, command)


def apply(state: MSState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out an act command; when the last plot is in, the second resolves."""
    if command.action == "general_plot":
        f, (key, spells) = _plan_general(state, command)
        return state_general(state, f, key, spells, dice) + advance(state, dice)
    if command.action == "reflex":
        f, name, t = _plan_reflex(state, command)
        f.reflex_at = state.now
        events = [Event("cast", f"{f.name} casts the Reflex Spell {name} at {t.name}", f.name,
                        {"spell": name, "target": t.name})]
        return events + spell_effect(state, f.name, name, t.name, dice) + check_victory(state) \
            + advance(state, dice)
    if command.action == "use_chaos":
        f = _plan_chaos(state, command)
        f.chaos_at = (state.round, state.second)
        effect = str(command.params.get("effect", "")).strip()
        at = f" on {command.target}" if command.target else ""
        return [Event("action", f"{f.name} uses Chaos{at}" + (f": {effect}" if effect else "")
                      + " (the GM resolves it)", f.name,
                      {"action": "use_chaos", "target": command.target, "effect": effect})]
    if command.action == "break_defensive":
        f = _plan_break(state, command)
        f.full_defensive = False
        # 4.3: "Initiative must be rolled and any results for previous seconds are lost".
        ini = roll_initiative(max(0, f.sheet.amr - f.amr_used), dice, run=state.second - 1)
        return [Event("status", f"{f.name} breaks Full Defensive", f.name, {}),
                give_initiative(f, ini, "Initiative")]
    plot = plots.plan(state, command)
    f = state.figures[command.figure]
    f.plot = plot
    text = f"{f.name} has plotted second {state.second}" if hidden(state, f) \
        else f"{f.name} plots: {plot.text}"
    data = {"second": state.second} if hidden(state, f) else {
        "second": state.second, "plot": plot.kind, "target": plot.target}
    return [Event("plot", text, f.name, data)] + advance(state, dice)
