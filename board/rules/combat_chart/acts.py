"""The turn's choices: "During their turn, each character can do one of the following"; their
checks, and carrying them out before the turn passes on."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.reports import ActionInfo
from board.rules.combat_chart import attack, magic, turns
from board.rules.combat_chart.state import CCState, Fig, reachable, weapon_of, why_not_target
from board.rules.kernel.events import STANDS, moved
from board.rules.kernel.hexes import to_hex

PHASE = "turn"
LABELS = {
    "attack": "Attack", "maneuver": "Combat maneuver", "cast": "Cast a spell", "drink": "Drink a potion",
    "use_item": "Read a scroll / activate an item", "dodge": "Dodge", "parry": "Parry",
    "block": "Block with shield", "short": "Short action", "move": "Move", "stand_up": "Stand up",
    "delay": "Delay (act last)", "pass": "Do nothing",
}
NEEDS = {"attack": "target", "maneuver": "target", "cast": "target", "use_item": "target",
         "drink": "choice", "short": "choice", "move": "hex"}


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
    t = state.tables
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
    if action == "use_item" and not [i for i in f.items if t.items[i]["use"] != "drink"]:
        return "no scroll or magic item"
    if action == "drink" and not [i for i in f.items if t.items[i]["use"] == "drink"]:
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


def targets(state: CCState, f: Fig, action: str) -> tuple[str, ...]:
    """The figures an aimed action can be aimed at now."""
    if action in ("attack", "maneuver"):
        w = weapon_of(state, f)
        return tuple(t.name for t in state.figures.values()
                     if t.name != f.name and t.up and why_not_target(state, f, t, w) is None)
    spells = f.spells if action == "cast" else [s for i in f.items if (s := state.tables.items[i].get("spell"))]
    return tuple(t.name for t in state.figures.values()
                 if any(magic.why_not_spell(state, f, t, s, action != "cast") is None for s in spells))


def options(state: CCState, f: Fig, action: str) -> dict[str, tuple]:
    """Toggles of an aimed action."""
    out: dict[str, tuple] = {}
    if action == "maneuver":
        out["maneuver"] = tuple(state.tables.maneuvers)
    if action in ("attack", "maneuver") and not weapon_of(state, f).missile:
        out["aim"] = (False, True)
    if action == "cast":
        out["spell"] = f.spells
    if action == "use_item":
        out["item"] = tuple(i for i in f.items if state.tables.items[i]["use"] != "drink")
    return out


def action_list(state: CCState, f: Fig) -> list[ActionInfo]:
    """Every choice, greyed with the reason where it is not open."""
    out = []
    for action, label in LABELS.items():
        why = why_not(state, f, action)
        needs = NEEDS.get(action, "none")
        info = dict(id=action, label=label, phase=PHASE, enabled=why is None, reason=why, needs=needs)
        if why is None and needs == "target":
            found = targets(state, f, action)
            info.update(targets=found, options=options(state, f, action), enabled=bool(found),
                        reason=None if found else "no target in reach")
        elif why is None and needs == "hex":
            info["hexes"] = reachable(state, f)
        elif why is None and needs == "choice":
            sets = (short_actions(state, f) if action == "short" else
                    {f"Drink {i}": {"item": i} for i in dict.fromkeys(f.items)
                     if state.tables.items[i]["use"] == "drink"})
            info.update(choices=tuple(sets), choice_params=sets)
        out.append(ActionInfo(**info))
    return out


def plan(state: CCState, command: Command):
    """Check an act command; return the active figure and what apply() needs."""
    if state.phase == "over":
        raise Refusal("the fight is over")
    f = state.figures.get(command.figure or "")
    if f is None:
        raise Refusal(f'no figure named "{command.figure}"')
    if state.active != f.name:
        raise Refusal(f"it is {state.active}'s turn, not {f.name}'s")
    action = command.action
    if action not in LABELS:
        raise Refusal(f'unknown action "{action}"; expected one of: ' + ", ".join(LABELS))
    why = why_not(state, f, action)
    if why:
        raise Refusal(why)
    p = command.params
    if action == "attack":
        return f, attack.plan_attack(state, f, command.target, None, bool(p.get("aim")))
    if action == "maneuver":
        name = p.get("maneuver") or next(iter(state.tables.maneuvers))
        return f, attack.plan_attack(state, f, command.target, name, bool(p.get("aim")))
    if action == "cast":
        spell = p.get("spell") or _fitting(state, f, command, f.spells)
        return f, magic.plan_cast(state, f, command.target, spell)
    if action == "use_item":
        usable = [i for i in f.items if state.tables.items[i]["use"] != "drink"]
        item = p.get("item") or _fitting(state, f, command, usable, from_item=True)
        return f, magic.plan_cast(state, f, command.target, None, item)
    if action == "drink":
        item = p.get("item")
        if item not in f.items or state.tables.items[item]["use"] != "drink":
            raise Refusal(f'{f.name} has no potion "{item}"')
        return f, item
    if action == "short":
        sets = short_actions(state, f)
        if p not in sets.values():
            raise Refusal("choose a short action: " + ", ".join(sets))
        return f, p
    if action == "move":
        raw = command.to if command.to is not None else (command.path[-1] if command.path else None)
        if raw is None:
            raise Refusal("choose the hex to move to")
        hexes, to = reachable(state, f), to_hex(state, raw)
        if to not in hexes:
            raise Refusal(f"{f.name} cannot reach {state.battle.label(to)} this turn "
                          f"(movement {f.move}; walls and figures block)")
        return f, hexes[to]
    return f, None


def _fitting(state: CCState, f: Fig, command: Command, names, from_item: bool = False):
    """With none named, the first spell (or item) that can aim at the target, else the first."""
    t = state.figures.get(command.target or "")
    spells = [state.tables.items[n]["spell"] if from_item else n for n in names]
    fits = [n for n, s in zip(names, spells)
            if t is not None and magic.why_not_spell(state, f, t, s, from_item) is None]
    return (fits or list(names) or [None])[0]


def apply(state: CCState, command: Command, dice: DiceSource) -> list[Event]:
    """Apply a checked act command; the figure's turn then ends (delay: it comes back last)."""
    f, details = plan(state, command)
    action = command.action
    if action == "delay":  # the active figure takes its turn last
        state.queue.pop(0)
        f.delayed = True
        state.delayers.append(f.name)
        return [Event("action", f"{f.name} delays", f.name, {"action": "delay"})] + \
            turns.next_turn(state, dice)
    events = _do(state, f, action, details, dice)
    events += turns.check_victory(state)
    if state.phase != "over":
        events += turns.end_turn(state, dice)
    return events


def _do(state: CCState, f: Fig, action: str, details, dice: DiceSource) -> list[Event]:
    if action in ("attack", "maneuver"):
        return attack.resolve(state, details, dice)
    if action in ("cast", "use_item"):
        return magic.cast(state, details, dice)
    if action == "drink":
        return magic.drink(state, f, details, dice)
    if action == "short":
        return _short(state, f, details)
    if action == "move":
        path = details
        f.hex = path[-1]
        return [moved(f.name, path, f"{f.name} moves to {state.battle.label(f.hex)}")]
    if action == "stand_up":
        f.posture = "standing"
        return [Event(STANDS, f"{f.name} stands up", f.name, {"action": "stand_up"})]
    if action in ("dodge", "parry", "block"):
        f.stance = action
        text = {"dodge": f"{f.name} dodges this round", "parry": f"{f.name} parries this round",
                "block": f"{f.name} blocks with the {f.shield} this round"}[action]
        if action == "block":
            # "your next attack suffers a penalty equal to the shield's defense value minus 1"
            f.shield_penalty = max(0, state.tables.shields[f.shield]["dv"] - 1)
        return [Event("action", text, f.name, {"action": action})]
    return [Event("action", f"{f.name} does nothing", f.name, {"action": "pass"})]


def _short(state: CCState, f: Fig, p: dict) -> list[Event]:
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
