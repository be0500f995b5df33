"""Carrying out a turn's choice, then passing the turn on."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event
from board.rules.kernel.events import STANDS, moved
from board.rules.combat_chart import acts, attack, magic, turns
from board.rules.combat_chart.state import CCState, Fig


def apply(state: CCState, command: Command, dice: DiceSource) -> list[Event]:
    """Apply a checked act command; the figure's turn then ends (delay: it comes back last)."""
    f, details = acts.plan(state, command)
    action = command.action
    if action == "delay":
        return turns.delay(state, f) + turns._next(state, dice)
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
