"""The turn's choices: "During their turn, each character can do one of the following"; one row
per choice (its label, what the board asks, its plan and its deed), and the turn passing on."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.reports import ActionInfo, Prediction
from board.rules.combat_chart import attack, magic, params, turns
from board.rules.combat_chart.state import CCState, Fig, potions, reachable, weapon_of
from board.rules.kernel.events import STANDS, moved
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.queue import acting

PHASE = "turn"


def short_actions(state: CCState, f: Fig) -> dict[str, dict]:
    """"Perform a short action that takes 10 seconds or less": label -> params."""
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


def why_not(state: CCState, f: Fig, action: str) -> str | None:
    """Why the action is not open to the active figure now (None: it is)."""
    if f.posture == "fallen" and action not in ("stand_up", "pass", "delay"):
        return "on the ground: stand up first (a move)"
    if action == "stand_up" and f.posture != "fallen":
        return "already standing"
    if action == "delay":
        if not state.options.delay:
            return "the optional delay rule is off"
        if f.delayed:
            return "already delayed this round"
    if action == "cast":
        if not f.spells:
            return "knows no spells"
        if f.shield_on:
            return "spells can't be cast while using a shield"
    if action == "use_item" and not magic.sources(state, f, action):
        return "no scroll or magic item"
    if action == "drink" and not potions(state, f):
        return "no potion"
    if action == "block":
        if not f.shield:
            return "no shield"
        if weapon_of(state, f).bars_shield:
            return f"shields cannot be used at the same time as a {f.weapon_name}"
        if not f.shield_on:  # "using a shield": on the arm, not slung on the back
            return f"the {f.shield} is slung on your back: strap it on first (a short action)"
    if action in ("attack", "maneuver"):
        w = weapon_of(state, f)
        if w.reload and w.name in f.unloaded:
            return f"the {w.name} is not loaded: loading it is a short action"
        if f.shield_on and w.bars_shield:
            return f"shields cannot be used at the same time as a {w.name}"
    if action == "parry" and weapon_of(state, f).missile:
        return "parrying needs a melee weapon in hand"
    if action == "move" and not reachable(state, f):
        return "no free hex to move to"
    return None


def _plan_move(state: CCState, f: Fig, command: Command):
    """The path to the hex a Move turn ends on."""
    raw = command.to if command.to is not None else (command.path[-1] if command.path else None)
    if raw is None:
        raise Refusal("choose the hex to move to")
    hexes, to = reachable(state, f), to_hex(state, raw)
    if to not in hexes:
        raise Refusal(f"{f.name} cannot reach {state.battle.label(to)} this turn "
                      f"(movement {f.move}; walls and figures block)")
    return hexes[to]


def _move(state: CCState, f: Fig, path, dice: DiceSource) -> list[Event]:
    f.hex = path[-1]
    return [moved(f.name, path, f"{f.name} moves to {state.battle.label(f.hex)}")]


def _short(state: CCState, f: Fig, p: dict, dice: DiceSource) -> list[Event]:
    """Ready or put away a weapon, load a crossbow, sling or strap on the shield, pick up, shout."""
    kind, weapon = p["short"], p.get("weapon")
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


def _choices(state: CCState, f: Fig, action: str) -> dict:
    """The menu's choices of a short action or a potion: label -> params."""
    sets = (short_actions(state, f) if action == "short" else
            {f"Drink {i}": {"item": i} for i in dict.fromkeys(potions(state, f))})
    return {"choices": tuple(sets), "choice_params": sets}


def _chosen(state: CCState, f: Fig, command: Command) -> dict:
    """The params of one of the choices the menu offers now."""
    sets = _choices(state, f, command.action)["choice_params"]
    chosen = (params.Short if command.action == "short" else params.Drink).of(command)
    given = chosen.model_dump(exclude_unset=True)
    if given not in sets.values():
        raise Refusal(f"choose one of: {', '.join(sets)}")
    return given


@dataclass(frozen=True)
class Choice:
    """One of the turn's choices: its label, what the board asks (menu: the entry's open part),
    its plan (Refusal, or what the deed needs), its deed and the odds of its plan, if aimed."""

    label: str
    do: Callable[[CCState, Fig, Any, DiceSource], list[Event]]
    needs: str = "none"
    plan: Callable[[CCState, Fig, Command], Any] = lambda state, f, command: None
    menu: Callable[[CCState, Fig, str], dict] = lambda state, f, action: {}
    odds: Callable[[CCState, Any], Prediction | None] | None = None


AIMED = {"needs": "target", "menu": attack.aims, "plan": attack.plan, "odds": attack.predict_attack}
SPELL = {"needs": "target", "menu": magic.aims, "plan": magic.plan, "odds": attack.predict_spell}
CHOICES = {
    "attack": Choice("Attack", attack.resolve, **AIMED),
    "maneuver": Choice("Combat maneuver", attack.resolve, **AIMED),
    "cast": Choice("Cast a spell", magic.cast, **SPELL),
    "drink": Choice("Drink a potion", magic.drink, "choice", _chosen, _choices),
    "use_item": Choice("Read a scroll / activate an item", magic.cast, **SPELL),
    "dodge": Choice("Dodge", partial(_stance, "dodge")),
    "parry": Choice("Parry", partial(_stance, "parry")),
    "block": Choice("Block with shield", partial(_stance, "block")),
    "short": Choice("Short action", _short, "choice", _chosen, _choices),
    "move": Choice("Move", _move, "hex", _plan_move,
                   lambda state, f, action: {"hexes": reachable(state, f)}),
    "stand_up": Choice("Stand up", _stand_up),
    "delay": Choice("Delay (act last)", _delay),
    "pass": Choice("Do nothing", _pass),
}


def action_list(state: CCState, f: Fig) -> list[ActionInfo]:
    """Every choice, greyed with the reason where it is not open."""
    out = []
    for action, choice in CHOICES.items():
        why = why_not(state, f, action)
        info = dict(id=action, label=choice.label, phase=PHASE, enabled=why is None, reason=why,
                    needs=choice.needs, **({} if why else choice.menu(state, f, action)))
        if not why and choice.needs == "target" and not info["targets"]:
            info.update(enabled=False, reason="no target in reach")
        out.append(ActionInfo(**info))
    return out


def plan(state: CCState, command: Command):
    """Check an act command; return the active figure and what its deed needs."""
    f = acting(state, command)
    choice = CHOICES.get(command.action)
    if choice is None:
        raise Refusal(f'unknown action "{command.action}"; expected one of: ' + ", ".join(CHOICES))
    why = why_not(state, f, command.action)
    if why:
        raise Refusal(why)
    return f, choice.plan(state, f, command)


def apply(state: CCState, command: Command, dice: DiceSource) -> list[Event]:
    """Apply a checked act command; the figure's turn then ends (delay: it comes back last)."""
    f, details = plan(state, command)
    events = CHOICES[command.action].do(state, f, details, dice)
    if command.action == "delay":
        return events + turns.next_turn(state, dice)
    return events + turns.end_turn(state, dice)  # which asks first whether a side has won
