"""The turn's choices: "During their turn, each character can do one of the following"; one Action
per choice (kernel/action.py: its label, why it is greyed, what the board asks, its plan, its deed
and odds), from which the kernel derives the menu, the legal commands and dispatch."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.combat_chart import attack, magic, params, turns
from board.rules.combat_chart.state import CCState, Fig, potions, reachable, weapon_of
from board.rules.kernel import sequence
from board.rules.kernel.action import Action
from board.rules.kernel.events import STANDS, moved
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.params import Params
from board.rules.kernel.refusals import need

Why = Callable[[CCState, Fig], "str | None"]  # why a choice is greyed out now (None: it is open)


def short_actions(state: CCState, f: Fig) -> dict[str, dict]:
    """ "Perform a short action that takes 10 seconds or less": label -> params."""
    out: dict[str, dict] = {}
    for w in f.weapons:
        if w != f.ready:
            out[f"Ready {w}"] = {"short": "ready", "weapon": w}
    if f.ready:
        out[f"Put away {f.ready}"] = {"short": "ready", "weapon": None}
    for w in sorted(f.unloaded):
        if w in f.weapons:
            out[f"Load {w}"] = {"short": "load", "weapon": w}
    if f.shield:
        out["Sling shield" if f.shield_on else f"Strap on {f.shield}"] = {"short": "shield"}
    for w in sorted(set(state.items.get(f.hex, []))):
        out[f"Pick up {w}"] = {"short": "pick_up", "weapon": w}
    out["Shout for help"] = {"short": "shout"}
    return out


def _on_feet(why: Why = lambda state, f: None) -> Why:
    """The why_not of a choice a fallen figure cannot make ("stand up first"), then its own."""
    return lambda state, f: "on the ground: stand up first (a move)" if f.posture == "fallen" else why(state, f)


def _weapon_ready(state: CCState, f: Fig) -> str | None:
    """Why the weapon in hand cannot strike now (an attack or a maneuver), or None."""
    w = weapon_of(state, f)
    if w.reload and w.name in f.unloaded:
        return f"the {w.name} is not loaded: loading it is a short action"
    if f.shield_on and w.bars_shield:
        return f"shields cannot be used at the same time as a {w.name}"
    return None


def _can_cast(state: CCState, f: Fig) -> str | None:
    if not f.spells:
        return "knows no spells"
    return "spells can't be cast while using a shield" if f.shield_on else None


def _can_block(state: CCState, f: Fig) -> str | None:
    if not f.shield:
        return "no shield"
    if weapon_of(state, f).bars_shield:
        return f"shields cannot be used at the same time as a {f.weapon_name}"
    if not f.shield_on:  # "using a shield": on the arm, not slung on the back
        return f"the {f.shield} is slung on your back: strap it on first (a short action)"
    return None


def _can_delay(state: CCState, f: Fig) -> str | None:
    if not state.options.delay:
        return "the optional delay rule is off"
    return "already delayed this round" if f.delayed else None


def _plan_move(state: CCState, f: Fig, command: Command):
    """The path to the hex a Move turn ends on."""
    raw = command.to if command.to is not None else (command.path[-1] if command.path else None)
    need(raw is not None, "choose the hex to move to")
    hexes, to = reachable(state, f), to_hex(state, raw)
    if to not in hexes:
        raise Refusal(
            f"{f.name} cannot reach {state.battle.label(to)} this turn (movement {f.move}; walls and figures block)"
        )
    return hexes[to]


def _move(state: CCState, f: Fig, path, dice: DiceSource) -> list[Event]:
    f.hex = path[-1]
    return [moved(f.name, path, f"{f.name} moves to {state.battle.label(f.hex)}")]


def _short(state: CCState, f: Fig, p: params.Short, dice: DiceSource) -> list[Event]:
    """Ready or put away a weapon, load a crossbow, sling or strap on the shield, pick up, shout."""
    kind, weapon = p.short, p.weapon
    if kind == "ready":
        f.ready = weapon
        w = state.tables.weapons[f.weapon_name]
        text = f"{f.name} readies {weapon}" if weapon else f"{f.name} puts the weapon away"
        if f.shield_on and w.bars_shield:
            f.shield_on = False  # "Shields cannot be used at the same time as bows, crossbows..."
            text += f" and slings the {f.shield}"
        return [Event("action", text, f.name, {"action": "ready", "weapon": weapon})]
    if kind == "load":
        f.unloaded.discard(weapon)  # "Two hands are required to load a crossbow"
        return [Event("action", f"{f.name} loads the {weapon}", f.name, {"action": "load"})]
    if kind == "shield":
        f.shield_on = not f.shield_on
        text = f"{f.name} " + (f"straps on the {f.shield}" if f.shield_on else f"slings the {f.shield}")
        if f.shield_on and state.tables.weapons[f.weapon_name].bars_shield:
            text += f" and puts away the {f.ready}"
            f.ready = None
        return [Event("action", text, f.name, {"action": "shield", "on": f.shield_on})]
    if kind == "pick_up":
        assert weapon is not None  # offered only with a weapon lying there
        state.items[f.hex].remove(weapon)
        if not state.items[f.hex]:
            del state.items[f.hex]
        f.weapons.append(weapon)
        if f.ready is None:  # empty hands: it comes up ready
            f.ready = weapon
        return [Event("action", f"{f.name} picks up {weapon}", f.name, {"action": "pick_up"})]
    return [Event("action", f"{f.name} shouts for help", f.name, {"action": "shout"})]


def _stance(stance: str, state: CCState, f: Fig, details, dice: DiceSource) -> list[Event]:
    """Dodge, parry or block: it lasts the round."""
    f.stance = stance
    words = {"dodge": "dodges", "parry": "parries", "block": f"blocks with the {f.shield}"}[stance]
    if stance == "block":
        assert f.shield is not None  # _can_block: only with a shield
        # "your next attack suffers a penalty equal to the shield's defense value minus 1"
        f.shield_penalty = max(0, state.tables.shields[f.shield]["dv"] - 1)
    return [Event("action", f"{f.name} {words} this round", f.name, {"action": stance})]


def _stand_up(state: CCState, f: Fig, details, dice: DiceSource) -> list[Event]:
    f.posture = "standing"
    return [Event(STANDS, f"{f.name} stands up", f.name, {"action": "stand_up"})]


def _delay(state: CCState, f: Fig, details, dice: DiceSource) -> list[Event]:
    """The active figure takes its turn last."""
    state.queue.pop(0)
    f.delayed = True
    state.delayers.append(f.name)
    return [Event("action", f"{f.name} delays", f.name, {"action": "delay"})]


def _pass(state: CCState, f: Fig, details, dice: DiceSource) -> list[Event]:
    return [Event("action", f"{f.name} does nothing", f.name, {"action": "pass"})]


def _choosing(offered: Callable[[CCState, Fig], dict[str, dict]], model: type[Params]) -> dict:
    """The menu and the plan of a choice among the settings offered now (label -> params)."""

    def plan(state: CCState, f: Fig, command: Command) -> Params:
        sets, given = offered(state, f), model.of(command)
        need(given.model_dump(exclude_unset=True) in sets.values(), f"choose one of: {', '.join(sets)}")
        return given

    def menu(state: CCState, f: Fig) -> dict:
        sets = offered(state, f)
        return {"choices": tuple(sets), "choice_params": sets}

    return {"needs": "choice", "params": model, "plan": plan, "menu": menu}


def _reach(state: CCState, f: Fig) -> dict:
    """The hexes a Move turn may end on (greyed if none)."""
    hexes = reachable(state, f)
    return {"hexes": hexes} if hexes else {"enabled": False, "reason": "no free hex to move to"}


def after_deed(state: CCState, action: Action, f: Fig, dice: DiceSource) -> list[Event]:
    """The figure's turn ends (which asks first whether a side has won); a delayer's comes back
    last, so the next figure acts."""
    return (sequence.move_on if action.id == "delay" else sequence.pass_turn)(state, dice, turns.TURNS)


def _aimed(id: str, label: str, deed, model: type[Params], menu, **more) -> Action:
    """An aimed choice: the board asks for a target; `menu` offers targets and settings."""
    return Action(
        id, label, deed, needs="target", takes="figure target", params=model, menu=partial(menu, action=id), **more
    )


# An attack's targets are those its plan accepts, with the maneuvers of the table: legal as offered.
ATTACK = {"plan": attack.plan, "odds": attack.predict_attack, "why_not": _on_feet(_weapon_ready), "trusted": True}
SPELL = {"plan": magic.plan, "odds": attack.predict_spell}
POTIONS = _choosing(
    lambda state, f: {f"Drink {i}": {"item": i} for i in dict.fromkeys(potions(state, f))}, params.Drink
)
# The turn's choices, in the order the menu and the legal commands list them (the computer breaks
# ties by that order).
SPEC = (
    _aimed("attack", "Attack", attack.resolve, params.Attack, attack.aims, **ATTACK),
    _aimed("maneuver", "Combat maneuver", attack.resolve, params.Maneuver, attack.aims, **ATTACK),
    _aimed("cast", "Cast a spell", magic.cast, params.Cast, magic.aims, why_not=_on_feet(_can_cast), **SPELL),
    Action(
        "drink",
        "Drink a potion",
        magic.drink,
        **POTIONS,
        why_not=_on_feet(lambda state, f: None if potions(state, f) else "no potion"),
    ),
    _aimed(
        "use_item",
        "Read a scroll / activate an item",
        magic.cast,
        params.UseItem,
        magic.aims,
        why_not=_on_feet(lambda state, f: None if magic.sources(state, f, "use_item") else "no scroll or magic item"),
        **SPELL,
    ),
    Action("dodge", "Dodge", partial(_stance, "dodge"), why_not=_on_feet()),
    Action(
        "parry",
        "Parry",
        partial(_stance, "parry"),
        why_not=_on_feet(
            lambda state, f: "parrying needs a melee weapon in hand" if weapon_of(state, f).missile else None
        ),
    ),
    Action("block", "Block with shield", partial(_stance, "block"), why_not=_on_feet(_can_block)),
    Action("short", "Short action", _short, why_not=_on_feet(), **_choosing(short_actions, params.Short)),
    Action(
        "move", "Move", _move, needs="hex", takes="figure to path", plan=_plan_move, menu=_reach, why_not=_on_feet()
    ),
    Action(
        "stand_up",
        "Stand up",
        _stand_up,
        why_not=lambda state, f: None if f.posture == "fallen" else "already standing",
    ),
    Action("delay", "Delay (act last)", _delay, why_not=_can_delay),
    Action("pass", "Do nothing", _pass),
)
