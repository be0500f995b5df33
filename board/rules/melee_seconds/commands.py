"""The "act" commands: General Plots, Specific Plots, breaking Full Defensive, Reflex Spells."""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import hex_distance
from board.rules.base import Command, Event
from board.rules.melee_seconds import plots
from board.rules.melee_seconds.initiative import roll_initiative
from board.rules.melee_seconds.state import Fighter, MSState, need, needs_plot
from board.rules.melee_seconds.resolve import advance, spell_effect
from board.rules.melee_seconds.turns import (
    check_general, check_victory, give_initiative, hidden, state_general)


def _figure(state: MSState, command: Command) -> Fighter:
    f = state.figures.get(command.figure or "")
    need(f is not None, f'no figure named "{command.figure}"')
    need(f.up, f"{f.name} is {f.status}")
    return f


def _plan_general(state: MSState, command: Command):
    f = _figure(state, command)
    need(state.phase != "over", "the Melee is over")
    if state.phase == "general":
        need(f.general is None, f"{f.name} has already stated its General Plot this round")
    else:
        need(f.may_change,
             "a General Plot changes during the round only if the GM permits it (2.5)")
        need(needs_plot(state, f),
             "change the General Plot at the beginning of a second, before plotting")
    return f, check_general(state, f, command.params)


def _plan_reflex(state: MSState, command: Command):
    """5.4: "Reflex Spells ... may always be specified at any time, irrespective of Plots or
    Initiative", resolved at once (the board allows one per combatant per second)."""
    f = _figure(state, command)
    need(state.phase == "plot", "Reflex Spells are cast during the seconds of the Melee Round")
    spells = state.tables.spells
    name = command.params.get("spell") or next(
        (s for s in f.sheet.spells if spells[s]["kind"] == "reflex"), None)
    need(name in f.sheet.spells and spells[name]["kind"] == "reflex",
         f"{f.name} knows no Reflex Spell \"{name}\"")
    need(f.reflex_at != state.now, f"{f.name} has already cast a Reflex Spell this second")
    t = state.figures.get(command.target or "")
    need(t is not None and t.status != "dead", "choose a living target")
    need(hex_distance(f.hex, t.hex) <= spells[name].get("range", 0),
         f"{t.name} is out of range of {name}")
    return f, name, t


def _plan_chaos(state: MSState, command: Command) -> Fighter:
    """5.1.10: "Use Chaos is always available to Chaos Masters regardless of their General (or
    even Specific) Plot!" Its effect is not in the text: the GM resolves it (GM commands)."""
    f = _figure(state, command)
    need(f.sheet.chaos_master, f"{f.name} is not a Chaos Master")
    need(state.phase != "over", "the Melee is over")
    need(f.chaos_at != (state.round, state.second), f"{f.name} has already used Chaos this second")
    need(command.target is None or command.target in state.figures,
         f'no figure named "{command.target}"')
    return f


def _plan_break(state: MSState, command: Command) -> Fighter:
    f = _figure(state, command)
    need(state.phase == "plot" and f.full_defensive, f"{f.name} is not on Full Defensive")
    need(needs_plot(state, f),
         "Full Defensive is broken by the Specific Plot at the start of a second")
    return f


PLANS = {"general_plot": _plan_general, "reflex": _plan_reflex, "break_defensive": _plan_break,
         "use_chaos": _plan_chaos}


def check(state: MSState, command: Command) -> None:
    """Raise Refusal unless the command is legal now."""
    PLANS.get(command.action, plots.plan)(state, command)


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
    secret = hidden(state, f)
    text = f"{f.name} plots: {plot.text}" if not secret else \
        f"{f.name} has plotted second {state.second}"
    data = {"second": state.second} if secret else {
        "second": state.second, "plot": plot.kind, "target": plot.target}
    return [Event("plot", text, f.name, data)] + advance(state, dice)
