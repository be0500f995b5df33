"""The "act" commands: Specific Plots (5.1), checked against the General Plot, the Initiative
and the board; General Plots, breaking Full Defensive, Reflex Spells and Use Chaos."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from board.dice import DiceSource
from board.hexgrid import hex_distance
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.queue import acting, named
from board.rules.melee_seconds import params, reach
from board.rules.melee_seconds.section7 import ALWAYS, plan_action
from board.rules.melee_seconds.resolve import spell_effect
from board.rules.melee_seconds.state import (
    Details, Fighter, MSState, Plot, continue_plot, has_init, need, needs_plot, spells_of)
from board.rules.melee_seconds.turns import (
    GENERALS, check_general, delay, end_defensive, hidden, parts, state_general)
from board.words import hexes

THIEVISH = {"Hide (1 second)": {"seconds": 1, "activity": "hide"},
            "Thievish activity (2 seconds)": {"seconds": 2, "activity": "activity"},
            "Thievish activity (1 round)": {"seconds": 6, "activity": "activity"}}
FIGHTING, GEAR = frozenset({"fighting"}), frozenset({"fighting", "other"})
NEEDS = {"weapon": "choice", "item": "choice", "door": "choice"}  # actions.yaml's -> the menu's


@dataclass(frozen=True)
class Kind:
    """A kind of Specific Plot (5.1): its menu label, what the menu asks for, its plan, and the
    parts of a General Plot one of which it needs (2.3; none: consistent with any)."""

    label: str
    needs: str  # none, target, hex or choice
    plan: Callable[[MSState, Fighter, Command], Plot]
    parts: frozenset[str] = frozenset()


def _initiative(state: MSState, f: Fighter, what: str) -> None:
    need(state.now >= f.blind_until or state.second not in f.initiative,
         f"{f.name} is blinded by a Flash Pellet")
    need(has_init(state, f), f"{what} needs Initiative in second {state.second}; "
                             f"{f.name} has it in {', '.join(map(str, f.initiative)) or 'none'}")


def _target(state: MSState, command: Command) -> Fighter:
    t = named(state, command.target)
    need(t.name != command.figure, "a combatant cannot attack itself")
    need(t.status != "dead", f"{t.name} is dead")
    return t


def plotted_weapon(state: MSState, f: Fighter, command: Command, ranged: bool) -> str:
    """5.2: "If multiple Weapons / Attack types are available, it may be freely specified which
    is used in the Specific Plot": `weapon` names one in hand; by default the ready one that fits."""
    name = command.weapon or (params.Ranged if ranged else params.Attack).of(command).weapon
    kind = "ranged" if ranged else "melee"
    if name is None:
        name = f.ready if ranged else reach.melee_weapon(state, f)
        need(name is not None, f"{f.name} has no {kind} weapon in hand")
        return name
    need(name in f.in_hand, f"{name} is not in hand ({', '.join(f.in_hand) or 'empty-handed'}): "
                            "draw it first (7.2, 1 AMR)")
    w = reach.weapon(state, f, name)
    need(w is not None and w.ranged == ranged, f"{name} is not a {kind} weapon")
    return name


def _plotter(state: MSState, command: Command) -> Fighter:
    """The combatant stating a Specific Plot, if it may state one now."""
    f = acting(state, command)
    need(state.phase == "plot", "Specific Plots are stated during the seconds of the Melee Round; "
                                "now General Plots are stated")
    need(state.second >= f.reacts_at, f"{f.name} has not reacted to the Melee yet: it rolled "
                                      f"Initiative for second {f.reacts_at} first (3.2)")
    # A running plot carried on by itself may still be changed (5.7 "unless changed").
    need(needs_plot(state, f) or (f.plot is not None and f.plot.auto),
         f"{f.name} has already plotted second {state.second}")
    need(state.second >= f.positioning_until or command.action in ("move", "nothing"),
         f"before its first Initiative second (second {f.positioning_until}) {f.name} only "
         "moves into position (3.2, 3.4)")
    return f


def _move_plot(state: MSState, f: Fighter, command: Command) -> Plot:
    need(command.to is not None or command.path, "give the hex to move to")
    paths = reach.reachable(state, f)
    to = to_hex(state, command.to if command.to is not None else command.path[-1])
    if command.facing is not None:  # a multihex figure may not fit every facing there
        why = state.battle.why_not_stand(f.size, to, command.facing, state.occupied(ignore=f.name))
        need(why is None, f"{f.name} cannot end facing {command.facing} there: {why}")
    if to == f.hex:
        need(command.facing is not None, "give a facing to turn in place")
        return Plot("move", f"turn to face {command.facing}", to=to, facing=command.facing)
    need(not f.entangled, f"{f.name} is caught in Tanglefoot: hack free first (7.10)")
    need(to in paths, f"{f.name} cannot reach {state.battle.label(to)} this second: "
                      "too far, blocked, or closer within an opponent's Reach (6.1, 6.3)")
    return Plot("move", f"move to {state.battle.label(to)}", to=to, path=paths[to],
                facing=command.facing)


def _attack_plot(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.1 Attack [Opponent within Reach], or a charge into Reach (6.2)."""
    _initiative(state, f, "an Attack")
    t = _target(state, command)
    name = plotted_weapon(state, f, command, ranged=False)
    settings = params.Attack.of(command)
    thievish = settings.thievish
    if thievish:
        need("thieving" in parts(f), "a Thievish Attack needs Fighting + Thieving (5.1.7)")
        need(not f.revealed, f"{f.name} was revealed by a Thievish Attack: it needs a second "
                             "of Thieving to hide first (3.8)")
    details = Details(thievish=thievish, forward=settings.forward, weapon=name)
    word = "Thievish Attack" if thievish else "attack"
    using = "" if name == f.ready else f" with {name}"
    if command.action == "attack":
        need(reach.in_reach(state, f, t, name=name), f"{t.name} is not within the Reach of {name}")
        return Plot("attack", f"{word} {t.name}{using}", target=t.name, params=details,
                    uses_initiative=True)
    need(not reach.in_reach(state, f, t, name=name), f"{t.name} is already within Reach: attack")
    path = reach.charge_path(state, f, t, name)
    need(path is not None, f"{f.name} cannot reach {t.name} this second (6.2)")
    return Plot("charge", f"charge and {word} {t.name}{using}", target=t.name, to=path[-1],
                path=path, params=details, uses_initiative=True)


def _ranged_plot(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.2 Ranged Attack on [Opponent within Range]."""
    _initiative(state, f, "a Ranged Attack")
    t = _target(state, command)
    name = plotted_weapon(state, f, command, ranged=True)
    w = reach.weapon(state, f, name)
    need(w is not None and w.ranged, f"{f.name} has no ranged weapon in hand")
    need(f.loaded, f"{f.ready} is not loaded: reload it (5.1.4)")
    need(reach.distance(f, t) <= w.range, f"{t.name} is out of range ({hexes(w.range)})")
    need(reach.line_clear(state, f.hex, t.hex), f"a wall blocks the shot at {t.name}")
    return Plot("ranged", f"shoot {t.name}", target=t.name, params=Details(weapon=name),
                uses_initiative=True)


def _cast(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.6 Cast [Name of] Spell for [n] seconds; 3.7 Fighting + Magic-Using."""
    name = params.Cast.of(command).spell or (f.sheet.spells[0] if f.sheet.spells else None)
    need(name in f.sheet.spells, f'{f.name} does not know the spell "{name}"')
    spell = state.tables.spells[name]
    need(spell["kind"] != "reflex", f"{name} is a Reflex Spell: cast it at any time (5.4)")
    t = _target(state, command) if command.target != command.figure else f
    need(hex_distance(f.hex, t.hex) <= spell.get("range", 0), f"{t.name} is out of range of {name}")
    # 3.7: spells beyond those for which a die was not rolled need Initiative (5.1.6).
    uses = "fighting" in parts(f) and f.spells_cast >= f.spells_reserved
    if uses:
        _initiative(state, f, "casting beyond the spells reserved at the start (3.7, 5.1.6)")
    return Plot("cast", f"cast {name} on {t.name} ({spell['seconds']} s)", target=t.name,
                params=Details(spell=name), uses_initiative=uses, lasts=(spell["seconds"], "seconds"))


def _continue(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.7: the running plot, stated again (so no longer open to change)."""
    need(f.ongoing is not None, f"{f.name} has no plot that runs on (5.7)")
    return continue_plot(state, f, auto=False)


def _parry(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.3 Parry with a melee weapon; on Full Defensive without Initiative (4.4)."""
    need(reach.melee_weapon(state, f) is not None, f"{f.name} has no melee weapon to parry with")
    if command.weapon is not None:
        plotted_weapon(state, f, command, ranged=False)
    if not f.full_defensive:
        _initiative(state, f, "a Parry")
    return Plot("parry", "parry", uses_initiative=not f.full_defensive)


def _delay(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.5 Delay an available Initiative to the next second."""
    s = state.second
    _initiative(state, f, "Delaying")
    need(delay(f.initiative, s)[1], f"second {s + 1} already has Initiative (or this is the "
                                    "last second): the AMR is lost if not taken now (5.1.5)")
    return Plot("delay", f"delay to second {s + 1}")


def _thievish(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.7 Thievish Activity for [n] seconds."""
    settings = params.Thievish.of(command)
    seconds = settings.seconds
    # "[Name of] Thievish Activity": a name the log shows, so text, on one line and short (any
    # value was taken, and one nested deep enough made the game unsaveable).
    activity = settings.activity
    need(activity.isprintable(), params.Thievish.hints["activity"])
    return Plot("thievish", f"thievish {activity} ({seconds} s)",
                params=Details(seconds=seconds, activity=activity), lasts=(seconds, "seconds"))


# The Specific Plots in menu order; then the section 7 actions of actions.yaml (kind()).
KINDS = {"continue": Kind("Continue the plot", "none", _continue),
         "nothing": Kind("Do nothing", "none", lambda *_: Plot("nothing", "do nothing")),
         "attack": Kind("Attack", "target", _attack_plot, FIGHTING),
         "charge": Kind("Charge and attack", "target", _attack_plot, FIGHTING),
         "ranged": Kind("Ranged attack", "target", _ranged_plot, FIGHTING),
         "parry": Kind("Parry", "none", _parry, FIGHTING),
         "move": Kind("Move", "hex", _move_plot),
         "delay": Kind("Delay the Initiative", "none", _delay, FIGHTING),
         "cast": Kind("Cast a spell", "target", _cast, frozenset({"magic"})),
         "thievish": Kind("Thievish activity", "choice", _thievish, frozenset({"thieving"})),
         "reload": Kind("Reload", "none", plan_action, GEAR)}


def kind(state: MSState, action: str | None) -> Kind:
    """The row of a Specific Plot: one of KINDS, or a section 7 action (Refusal if neither)."""
    if action in KINDS:
        return KINDS[action]
    if action not in state.tables.actions:
        raise Refusal(f'unknown plot "{action}"; expected one of: '
                      + ", ".join((*KINDS, *state.tables.actions)))
    gear = state.tables.actions[action]
    needs = NEEDS.get(gear["needs"], gear["needs"])
    return Kind(gear["label"], needs, plan_action, frozenset() if action in ALWAYS else GEAR)


def plan(state: MSState, command: Command) -> Plot:
    """Check a Specific Plot; return it (Refusal with a reason if it is not allowed), with the
    responses it carries: Shield a Successful Attack (5.3); on Full Defensive, Parry it
    (breaking Full Defensive) or Shield it instead (4.4)."""
    f, row = _plotter(state, command), kind(state, command.action)
    words = " or ".join(GENERALS[p][0] for p in sorted(row.parts))  # what the kind needs (2.3)
    need(not row.parts or parts(f) & row.parts,
         f"{row.label} needs a General Plot with {words} (2.3, 5.1)")
    plot = row.plan(state, f, command)
    responses = params.of(command)
    plot.shield, plot.fd_parry = responses.shield, responses.fd_parry
    return plot


def _plan_general(state: MSState, command: Command):
    f = acting(state, command)
    if state.phase == "general":
        need(f.general is None, f"{f.name} has already stated its General Plot this round")
    else:
        need(f.may_change,
             "a General Plot changes during the round only if the GM permits it (2.5)")
        need(needs_plot(state, f),
             "change the General Plot at the beginning of a second, before plotting")
    general = params.General.of(command)
    return f, check_general(state, f, general.plot, general.spells)


def _plan_reflex(state: MSState, command: Command):
    """5.4: "Reflex Spells ... may always be specified at any time, irrespective of Plots or
    Initiative", resolved at once (the board allows one per combatant per second)."""
    f = acting(state, command)
    need(state.phase == "plot", "Reflex Spells are cast during the seconds of the Melee Round")
    spells = state.tables.spells
    name = params.Reflex.of(command).spell or next(iter(spells_of(state, f, "reflex")), None)
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
    f = acting(state, command)
    need(f.sheet.chaos_master, f"{f.name} is not a Chaos Master")
    need(f.chaos_at != (state.turn, state.second), f"{f.name} has already used Chaos this second")
    if command.target is not None:
        named(state, command.target)
    return f


def _plan_break(state: MSState, command: Command) -> Fighter:
    f = acting(state, command)
    need(state.phase == "plot" and f.full_defensive, f"{f.name} is not on Full Defensive")
    need(needs_plot(state, f),
         "Full Defensive is broken by the Specific Plot at the start of a second")
    return f


PLANS = {"general_plot": _plan_general, "reflex": _plan_reflex, "break_defensive": _plan_break,
         "use_chaos": _plan_chaos}


def check(state: MSState, command: Command) -> None:
    """Raise Refusal unless the command is legal now."""
    PLANS.get(command.action, plan)(state, command)


def apply(state: MSState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out an act command (when the last plot is in, after_command resolves the second)."""
    if command.action == "general_plot":
        f, (key, spells) = _plan_general(state, command)
        return state_general(state, f, key, spells, dice)
    if command.action == "reflex":
        f, name, t = _plan_reflex(state, command)
        f.reflex_at = state.now
        events = [Event("cast", f"{f.name} casts the Reflex Spell {name} at {t.name}", f.name,
                        {"spell": name, "target": t.name})]
        return events + spell_effect(state, f.name, name, t.name, dice)
    if command.action == "use_chaos":
        f = _plan_chaos(state, command)
        f.chaos_at = (state.turn, state.second)
        effect = params.Chaos.of(command).effect.strip()
        at = f" on {command.target}" if command.target else ""
        return [Event("action", f"{f.name} uses Chaos{at}" + (f": {effect}" if effect else "")
                      + " (the GM resolves it)", f.name,
                      {"action": "use_chaos", "target": command.target, "effect": effect})]
    if command.action == "break_defensive":
        f = _plan_break(state, command)
        # 4.3: "Initiative must be rolled and any results for previous seconds are lost".
        return end_defensive(state, f, dice, state.second - 1, f"{f.name} breaks Full Defensive",
                             "Initiative")
    plot = plan(state, command)
    f = state.figures[command.figure]
    f.plot = plot
    secret = hidden(state, f)
    text = f"{f.name} plots: {plot.text}" if not secret else \
        f"{f.name} has plotted second {state.second}"
    data = {"second": state.second} if secret else {
        "second": state.second, "plot": plot.kind, "target": plot.target}
    return [Event("plot", text, f.name, data)]
