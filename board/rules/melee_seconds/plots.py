"""Specific Plots (5.1), checked against the General Plot, the Initiative and the board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from board.dice import DiceSource
from board.hexgrid import hex_distance
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.queue import named
from board.rules.kernel.refusals import given, need
from board.rules.melee_seconds import params, reach
from board.rules.melee_seconds.section7 import ALWAYS, plan_action
from board.rules.melee_seconds.state import Details, Fighter, MSState, Plot, continue_plot, has_init, needs_plot
from board.rules.melee_seconds.turns import GENERALS, delay, hidden, parts
from board.words import hexes

THIEVISH = {
    "Hide (1 second)": {"seconds": 1, "activity": "hide"},
    "Thievish activity (2 seconds)": {"seconds": 2, "activity": "activity"},
    "Thievish activity (1 round)": {"seconds": 6, "activity": "activity"},
}
FIGHTING, GEAR = frozenset({"fighting"}), frozenset({"fighting", "other"})
NEEDS = {"weapon": "choice", "item": "choice", "door": "choice"}  # actions.yaml's -> the menu's
AIMED = "figure target weapon"  # an attack's command: its target, and the weapon it names (5.2)


@dataclass(frozen=True)
class Kind:
    """A kind of Specific Plot (5.1): its menu label, what the menu asks for, its plan, the parts
    of a General Plot one of which it needs (2.3; none: consistent with any) and what its
    command takes."""

    label: str
    needs: str  # none, target, hex or choice
    plan: Callable[[MSState, Fighter, Command], Plot]
    parts: frozenset[str] = frozenset()
    settings: type[params.Plot] = params.Plot  # its params' model: every plot's responses, at least
    takes: str = ""  # the command's fields besides (kernel/fields.py); "": its figure, and target if aimed


def _initiative(state: MSState, f: Fighter, what: str) -> None:
    need(state.now >= f.blind_until or state.second not in f.initiative, f"{f.name} is blinded by a Flash Pellet")
    need(
        has_init(state, f),
        f"{what} needs Initiative in second {state.second}; "
        f"{f.name} has it in {', '.join(map(str, f.initiative)) or 'none'}",
    )


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
        return given(f.ready if ranged else reach.melee_weapon(state, f), f"{f.name} has no {kind} weapon in hand")
    need(
        name in f.in_hand,
        f"{name} is not in hand ({', '.join(f.in_hand) or 'empty-handed'}): draw it first (7.2, 1 AMR)",
    )
    w = reach.weapon(state, f, name)
    need(w is not None and w.ranged == ranged, f"{name} is not a {kind} weapon")
    return name


def _aimed(state: MSState, f: Fighter, command: Command, ranged: bool) -> tuple[Fighter, str]:
    """An attack's or a shot's Initiative, then its target and the weapon it uses."""
    _initiative(state, f, "a Ranged Attack" if ranged else "an Attack")
    return _target(state, command), plotted_weapon(state, f, command, ranged)


def _may_plot(state: MSState, f: Fighter, command: Command) -> None:
    """Refusal unless the combatant may state a Specific Plot now."""
    need(
        state.second >= f.reacts_at,
        f"{f.name} has not reacted to the Melee yet: it rolled Initiative for second {f.reacts_at} first (3.2)",
    )
    # A running plot carried on by itself may still be changed (5.7 "unless changed").
    need(
        needs_plot(state, f) or (f.plot is not None and f.plot.auto),
        f"{f.name} has already plotted second {state.second}",
    )
    need(
        state.second >= f.positioning_until or command.action in ("move", "nothing"),
        f"before its first Initiative second (second {f.positioning_until}) {f.name} only "
        "moves into position (3.2, 3.4)",
    )


def _move_plot(state: MSState, f: Fighter, command: Command) -> Plot:
    where = command.to if command.to is not None else command.path[-1] if command.path else None
    need(where is not None, "give the hex to move to")
    paths = reach.reachable(state, f)
    to = to_hex(state, where)
    if command.facing is not None:  # a multihex figure may not fit every facing there
        why = state.battle.why_not_stand(f.size, to, command.facing, state.occupied(ignore=f.name))
        need(why is None, f"{f.name} cannot end facing {command.facing} there: {why}")
    if to == f.hex:
        need(command.facing is not None, "give a facing to turn in place")
        return Plot("move", f"turn to face {command.facing}", to=to, facing=command.facing)
    need(not f.entangled, f"{f.name} is caught in Tanglefoot: hack free first (7.10)")
    need(
        to in paths,
        f"{f.name} cannot reach {state.battle.label(to)} this second: "
        "too far, blocked, or closer within an opponent's Reach (6.1, 6.3)",
    )
    return Plot("move", f"move to {state.battle.label(to)}", to=to, path=paths[to], facing=command.facing)


def _attack_plot(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.1 Attack [Opponent within Reach], or a charge into Reach (6.2)."""
    t, name = _aimed(state, f, command, ranged=False)
    settings = params.Attack.of(command)
    thievish = settings.thievish
    if thievish:
        need("thieving" in parts(f), "a Thievish Attack needs Fighting + Thieving (5.1.7)")
        need(
            not f.revealed,
            f"{f.name} was revealed by a Thievish Attack: it needs a second of Thieving to hide first (3.8)",
        )
    details = Details(thievish=thievish, forward=settings.forward, weapon=name)
    word = "Thievish Attack" if thievish else "attack"
    using = "" if name == f.ready else f" with {name}"
    if command.action == "attack":
        need(reach.in_reach(state, f, t, name=name), f"{t.name} is not within the Reach of {name}")
        return Plot("attack", f"{word} {t.name}{using}", target=t.name, params=details, uses_initiative=True)
    need(not reach.in_reach(state, f, t, name=name), f"{t.name} is already within Reach: attack")
    path = given(reach.charge_path(state, f, t, name), f"{f.name} cannot reach {t.name} this second (6.2)")
    return Plot(
        "charge",
        f"charge and {word} {t.name}{using}",
        target=t.name,
        to=path[-1],
        path=path,
        params=details,
        uses_initiative=True,
    )


def _ranged_plot(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.2 Ranged Attack on [Opponent within Range]."""
    t, name = _aimed(state, f, command, ranged=True)
    w = reach.weapon(state, f, name)
    if w is None or not w.ranged:
        raise Refusal(f"{f.name} has no ranged weapon in hand")
    need(f.loaded, f"{f.ready} is not loaded: reload it (5.1.4)")
    need(reach.distance(f, t) <= w.range, f"{t.name} is out of range ({hexes(w.range)})")
    need(reach.line_clear(state, f.hex, t.hex), f"a wall blocks the shot at {t.name}")
    return Plot("ranged", f"shoot {t.name}", target=t.name, params=Details(weapon=name), uses_initiative=True)


def _cast(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.6 Cast [Name of] Spell for [n] seconds; 3.7 Fighting + Magic-Using."""
    name = params.Cast.of(command).spell or next(iter(f.sheet.spells), None)
    if name not in f.sheet.spells:
        raise Refusal(f'{f.name} does not know the spell "{name}"')
    spell = state.tables.spells[name]
    need(spell["kind"] != "reflex", f"{name} is a Reflex Spell: cast it at any time (5.4)")
    t = _target(state, command) if command.target != command.figure else f
    need(hex_distance(f.hex, t.hex) <= spell.get("range", 0), f"{t.name} is out of range of {name}")
    # 3.7: spells beyond those for which a die was not rolled need Initiative (5.1.6).
    uses = "fighting" in parts(f) and f.spells_cast >= f.spells_reserved
    if uses:
        _initiative(state, f, "casting beyond the spells reserved at the start (3.7, 5.1.6)")
    return Plot(
        "cast",
        f"cast {name} on {t.name} ({spell['seconds']} s)",
        target=t.name,
        params=Details(spell=name),
        uses_initiative=uses,
        lasts=(spell["seconds"], "seconds"),
    )


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
    need(
        delay(f.initiative, s)[1],
        f"second {s + 1} already has Initiative (or this is the last second): the AMR is lost if not taken now (5.1.5)",
    )
    return Plot("delay", f"delay to second {s + 1}")


def _thievish(state: MSState, f: Fighter, command: Command) -> Plot:
    """5.1.7 Thievish Activity for [n] seconds."""
    settings = params.Thievish.of(command)
    # "[Name of] Thievish Activity": a name the log shows, so text, on one line and short (any
    # value was taken, and one nested deep enough made the game unsaveable).
    need(settings.activity.isprintable(), params.Thievish.hints["activity"])
    seconds = settings.seconds
    return Plot("thievish", f"thievish {settings.activity} ({seconds} s)", lasts=(seconds, "seconds"))


# The Specific Plots in menu order; then the section 7 actions of actions.yaml (kind()).
KINDS = {
    "continue": Kind("Continue the plot", "none", _continue),
    "nothing": Kind("Do nothing", "none", lambda *_: Plot("nothing", "do nothing")),
    "attack": Kind("Attack", "target", _attack_plot, FIGHTING, params.Attack, AIMED),
    "charge": Kind("Charge and attack", "target", _attack_plot, FIGHTING, params.Attack, AIMED),
    "ranged": Kind("Ranged attack", "target", _ranged_plot, FIGHTING, params.Ranged, AIMED),
    "parry": Kind("Parry", "none", _parry, FIGHTING, takes="figure weapon"),
    "move": Kind("Move", "hex", _move_plot, takes="figure to path facing"),
    "delay": Kind("Delay the Initiative", "none", _delay, FIGHTING),
    "cast": Kind("Cast a spell", "target", _cast, frozenset({"magic"}), params.Cast),
    "thievish": Kind("Thievish activity", "choice", _thievish, frozenset({"thieving"}), params.Thievish),
    "reload": Kind("Reload", "none", plan_action, GEAR, params.Action),
}


def gear_kind(action: str, row: dict) -> Kind:
    """A section 7 action's row of actions.yaml as a kind of Specific Plot (5.1.8)."""
    parts = frozenset() if action in ALWAYS else GEAR
    settings = params.KickDoor if action == "kick_door" else params.Action
    return Kind(row["label"], NEEDS.get(row["needs"], row["needs"]), plan_action, parts, settings)


def kind(state: MSState, action: str) -> Kind:
    """The row of a Specific Plot: one of KINDS, or a section 7 action."""
    return KINDS[action] if action in KINDS else gear_kind(action, state.tables.actions[action])


def plan(state: MSState, f: Fighter, command: Command) -> Plot:
    """Check a Specific Plot; return it (Refusal with a reason if it is not allowed), with the
    responses it carries: Shield a Successful Attack (5.3); on Full Defensive, Parry it
    (breaking Full Defensive) or Shield it instead (4.4)."""
    _may_plot(state, f, command)
    row = kind(state, given(command.action, "name the plot"))
    words = " or ".join(GENERALS[p][0] for p in sorted(row.parts))  # what the kind needs (2.3)
    need(not row.parts or bool(parts(f) & row.parts), f"{row.label} needs a General Plot with {words} (2.3, 5.1)")
    plot = row.plan(state, f, command)
    responses = params.Plot.of(command)  # every plot's settings are a Plot's
    plot.by, plot.shield, plot.fd_parry = f.name, responses.shield, responses.fd_parry
    return plot


def state_plot(state: MSState, f: Fighter, plot: Plot, dice: DiceSource) -> list[Event]:
    """The plot is this second's (when the last plot is in, after_command resolves the second)."""
    f.plot = plot
    secret = hidden(state, f)
    text = f"{f.name} plots: {plot.text}" if not secret else f"{f.name} has plotted second {state.second}"
    data = {"second": state.second} if secret else {"second": state.second, "plot": plot.kind, "target": plot.target}
    return [Event("plot", text, f.name, data)]
