"""Section 7 actions: their timings come from actions.yaml; their effects are here."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace

from board.dice import Dice, DiceSource, roll
from board.hexgrid import hex_distance
from board.rules.base import Command, Event
from board.rules.kernel.ground import fall
from board.rules.kernel.refusals import given, need
from board.rules.melee_seconds import params
from board.rules.melee_seconds.reach import weapon
from board.rules.melee_seconds.state import (
    PELLETS,
    Details,
    Fighter,
    MSState,
    Ongoing,
    Pellet,
    Plot,
    has_init,
    required,
)

ALWAYS = ("close_eyes", "speak")  # consistent with any General Plot (5.1.8)
# An item chosen from what it carries, its backpack or the ground: if none, to ask, menu's verb.
POOLS = {
    "draw": ("nothing to draw", "choose what to draw", "Draw"),
    "backpack": ("the backpack is empty", "choose an item from the backpack", "Take out"),
    "pick_up": ("nothing lies within reach to pick up", "choose an item lying here", "Pick up"),
}
RELOAD = {"label": "Reload", "cost": {"amr": "weapon"}, "needs": "none"}


def combined_strength(strengths: Iterable[int]) -> float:
    """7.11: several kickers' St is "the square root of the sum of the squares of their Sts"."""
    return math.sqrt(sum(st * st for st in strengths))


def kick_target(strengths: Iterable[int], door_level: int) -> int:
    """The ST check's number: at or under combined St - 1 per DL of the door (7.11)."""
    return math.floor(combined_strength(strengths)) - door_level


def door_level(dungeon_level: int | None, lock: int, magic: int, dice: DiceSource) -> tuple[int, list[int]]:
    """7.11: 1 per Level of the Dungeon (otherwise d4), plus the lock's DL, plus magic."""
    faces: list[int] = []
    if dungeon_level is None:
        faces.append(dice.roll(4))
        dungeon_level = faces[0]
    return dungeon_level + lock + magic, faces


# The one-Melee-Round throws of 7.9 and 7.10: they go off in second 1 of the next round.
WHOLE_ROUND_THROWS = ("flash_pellet_round", "tanglefoot_round")


def row(state: MSState, action: str) -> dict:
    """The action's row of actions.yaml (Reload, 5.1.4, is Load, 7.4, after a shot)."""
    return state.tables.actions.get(action, RELOAD)


def cost(state: MSState, f: Fighter, action: str) -> tuple[int, str]:
    """(amount, unit) of an action: unit amr, seconds (a round is 6 seconds)."""
    spec = row(state, action)["cost"]
    if "amr" in spec:
        n = spec["amr"]
        if n == "weapon":
            w = weapon(state, f)
            n = w.reload if w is not None and w.reload else 1
        return int(n), "amr"
    if "round" in spec:
        return 6 * int(spec["round"]), "seconds"
    return int(spec["seconds"]), "seconds"


def pool(state: MSState, f: Fighter, action: str) -> list[str]:
    """What the figure may draw, take out of its backpack or pick up (POOLS)."""
    if action == "draw":
        return f.weapons + f.items
    return f.backpack if action == "backpack" else items_near(state, f)


def gear_problem(state: MSState, f: Fighter, action: str, command: Command | None) -> str | None:
    """Why the figure cannot take this action with what it holds (None: it can)."""
    w = weapon(state, f)
    if action in WHOLE_ROUND_THROWS and state.second > 1:
        # 7.9, 7.10: "take 1 Melee Round to draw and throw ..., and it will go off in sec 1 of
        # the next MR": the whole round, from its first second (docs/rules-notes.md).
        return (
            f"this takes the whole Melee Round, from second 1, to go off in second 1 of the "
            f"next (7.{9 if action.startswith('flash') else 10}); it is second {state.second}"
        )
    if action == "draw" and f.ready:
        return f"{f.name} already holds {f.ready}: sheathe or drop it first"
    if action in POOLS:
        empty, ask, _ = POOLS[action]
        items, choice = pool(state, f, action), params.Action.of(command).item if command else None
        if not items:
            return empty
        if command and choice not in items:
            return f"{ask}: {', '.join(items)}"
        drawn = state.tables.weapons.get(choice or "") if action == "draw" else None
        if drawn is not None and (drawn.two_handed or drawn.ranged) and f.off_hand:
            return f"{choice} needs both hands: the off hand holds {f.off_hand}"
    elif action in ("reload", "load"):
        if w is None or not w.ranged:
            return f"{f.name} has no ranged weapon in hand"
        if f.loaded:
            return f"{f.ready} is already loaded"
    elif action == "ready_shield":
        if not f.shield or f.shield_ready:
            return "no slung shield to ready"
        if w is not None and (w.ranged or w.two_handed):
            return "a shield cannot be held ready with a ranged or two-handed weapon (7.5)"
        if f.off_hand:
            return f"the shield hand holds {f.off_hand}"
    elif action in ("sheathe", "drop") and not f.in_hand:
        return "nothing in hand"
    elif action in ("sling_shield", "drop_shield") and not (f.shield and (f.shield_ready or action == "drop_shield")):
        return "no shield to put away"
    elif action == "potion" and not any("potion" in state.tables.items[i] for i in f.items):
        return "no potion carried"
    elif action == "potion_in_hand" and not f.potion_in_hand:
        return "no uncorked potion in hand"
    elif action == "flash_pellet" and f.ready != "Flash Pellet":
        return "no Flash Pellet in hand: draw one (7.9)"
    elif action == "flash_pellet_round" and "Flash Pellet" not in f.items:
        return "no Flash Pellet carried"
    elif action in ("tanglefoot", "tanglefoot_round") and "Tanglefoot Pill" not in f.items:
        return "no Tanglefoot Pill carried"
    elif action == "hack_free" and not f.entangled:
        return f"{f.name} is not caught in Tanglefoot"
    elif action == "despatch" and (w is None or not w.edged):
        return "despatching needs an edged weapon in hand (7.12)"
    return None


def take_in_hand(state: MSState, f: Fighter, item: str) -> None:
    """The item comes into the hand. 7.5: "Shields cannot be held ready whilst using a Ranged
    Weapon" (nor with a two-handed one): the shield goes on the back, to be readied (1 AMR)."""
    f.ready = item
    w = state.tables.weapons.get(item)
    if w is not None and (w.ranged or w.two_handed):
        f.shield_ready = False


def items_near(state: MSState, f: Fighter) -> list[str]:
    return sorted({i for h, items in state.items.items() if hex_distance(h, f.hex) <= 1 for i in items})


def plan_action(state: MSState, f: Fighter, command: Command) -> Plot:
    """A section 7 action as a Specific Plot (5.1.8)."""
    action = given(command.action, "name the action")
    problem = gear_problem(state, f, action, command)
    need(problem is None, problem or "")
    amount, unit = cost(state, f, action)
    need(
        unit != "amr" or has_init(state, f),
        f"{action} takes {amount} AMR: it needs Initiative in second {state.second}",
    )
    label, target = row(state, action)["label"], None
    if row(state, action)["needs"] == "target":
        t = given(state.figures.get(command.target or ""), "choose a target")
        if action == "despatch":
            need(t.status == "unconscious", f"{t.name} is not helpless (D = 0) (7.12)")
            need(hex_distance(t.hex, f.hex) <= 1, f"{t.name} is not within reach")
        target = t.name
        label += f" at {t.name}"
    settings = (params.KickDoor if action == "kick_door" else params.Action).of(command)
    if "item" in settings.model_fields_set:
        label += f": {settings.item}"
    details = Details(action=action, item=settings.item)
    if action == "kick_door":
        level = settings.door_level
        details = replace(details, door=settings.door, door_level=level, lock=settings.lock, magic=settings.magic)
        label += f" (DL {level})" if level is not None else " (DL d4)"
    return Plot("action", label, target=target, params=details, uses_initiative=unit == "amr", lasts=(amount, unit))


def complete(state: MSState, f: Fighter, o: Ongoing, dice: DiceSource) -> list[Event]:
    """The action is done: its effect (gear moved from hand to hand here; anything used up or
    aimed, or nothing more, in _use)."""
    action = o.params.action
    if action == "draw":
        take_in_hand(state, f, o.params.chosen)
    elif action in ("sheathe", "drop"):
        held = f.in_hand[0]  # the weapon hand first; with it empty, the off hand's (5.2)
        if action == "drop":
            fall(state, f.hex, held)
            for pile in (f.weapons, f.items):
                if held in pile:
                    pile.remove(held)
                    break
        if f.ready:
            f.ready, f.loaded = None, f.loaded and action == "sheathe"
        else:
            f.off_hand = None
    elif action in ("reload", "load"):
        f.loaded = True
    elif action in ("ready_shield", "sling_shield"):
        f.shield_ready = action == "ready_shield"
    elif action == "drop_shield":
        if f.shield:  # planning refuses to drop a shield it does not carry
            fall(state, f.hex, f.shield)
        f.shield, f.shield_ready = None, False
    elif action == "backpack":
        item = o.params.chosen
        f.backpack.remove(item)
        f.items.append(item)
    elif action == "pick_up":
        item = o.params.chosen
        for h, items in state.items.items():
            if item in items and hex_distance(h, f.hex) <= 1:
                items.remove(item)
                break
        if item in state.tables.weapons:
            f.weapons.append(item)
            if not f.ready:
                take_in_hand(state, f, item)
        elif item in state.tables.shields:
            f.shield = f.shield or item
        else:
            f.items.append(item)
    else:
        return _use(state, f, o, dice)
    return [Event("action", f"{f.name}: {o.label}: done", f.name, {"action": action})]


def _use(state: MSState, f: Fighter, o: Ongoing, dice: DiceSource) -> list[Event]:
    """A potion drunk, a pellet thrown, Tanglefoot hacked free, a helpless combatant despatched;
    a door is kicked by all its kickers together (kick_doors); any other action is just done."""
    action, p = o.params.action, o.params
    text = f"{f.name}: {o.label}: done"
    data: dict[str, object] = {"action": action}
    if action in ("potion", "potion_in_hand"):
        name = next((i for i in f.items if "potion" in state.tables.items[i]), None)
        r = roll(Dice.parse(state.tables.items[name or "Healing Potion"]["potion"]), dice)
        healed = f.heal(r.total)
        if action == "potion_in_hand":
            f.potion_in_hand = False
        elif name:
            f.items.remove(name)
        text, data = f"{f.name} drinks a potion: heals {healed}", {**data, "faces": list(r.faces)}
    elif action in ("flash_pellet", "flash_pellet_round", "tanglefoot", "tanglefoot_round"):
        kind = "flash" if action.startswith("flash") else "tanglefoot"
        item, shout = PELLETS[kind]
        if item in f.items:
            f.items.remove(item)
        if f.ready == item:
            f.ready = None
        t = state.figures[required(p.target, f"{o.label} is aimed at nobody")]
        state.effects.append(Pellet(state.now + 1, kind, f.name, t.hex))
        text = f'{f.name} throws a {item} at {t.name} ("{shout}"): it goes off next second'
    elif action == "hack_free":
        f.entangled = False
        text = f"{f.name} hacks free of the Tanglefoot"
    elif action == "despatch":
        t = state.figures[required(p.target, f"{o.label} is aimed at nobody")]
        if t.status == "unconscious":
            t.status = "dead"
            return [Event("dies", f"{f.name} despatches {t.name}", t.name, data)]
    elif action == "kick_door":
        return []
    return [Event("action", text, f.name, data)]


def kick_doors(state: MSState, kickers: list[tuple[Fighter, Details]], dice: DiceSource) -> list[Event]:
    """Everyone who kicked the same door this second makes one ST check together (7.11)."""
    doors: dict[str, tuple[Details, list[Fighter]]] = {}  # door -> its first kicker's, kickers
    for f, p in kickers:
        doors.setdefault(p.door, (p, []))[1].append(f)
    events = []
    for door, (p, group) in doors.items():
        level, faces = door_level(p.door_level, p.lock, p.magic, dice)
        sts = [f.sheet.st for f in group]
        number = kick_target(sts, level)
        check = roll(state.tables.dice("checks"), dice)
        ok = check.total <= number
        names = " and ".join(f.name for f in group)
        events.append(
            Event(
                "door",
                f"{names} kick the {door} (DL {level}, St "
                f"{combined_strength(sts):.1f}): {check.total} vs {number}: "
                + ("it bursts open" if ok else "it holds"),
                group[0].name,
                {
                    "door": door,
                    "door_level": level,
                    "success": ok,
                    "roll": check.total,
                    "target": number,
                    "faces": list(check.faces),
                    "d4": faces,
                },
            )
        )
    return events
