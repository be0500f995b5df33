"""Dealing damage: armor, nimble dodge, sundering a shield, and wounds by the Power roll."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.usage_dice.gear import step_down
from board.rules.usage_dice.rolls import armor_sides, wear_on_ones
from board.rules.usage_dice.state import Figure, UDState


@dataclass(frozen=True)
class Absorbed:
    """Damage past armor, then what nimble dodge and a sundered shield took off it."""

    past_armor: int
    dodged: int
    sundered: bool
    remaining: int


def absorb(f: Figure, damage: int, armor: int, bearing_shield: bool | None = None) -> Absorbed:
    """Armor reduces the damage; a lightly armored figure dodges with fatigue ("1 for 1"),
    then a borne shield is sundered to "reduce any remaining damage to 0".
    bearing_shield: whether a shield is still borne after the armor roll (None: f's own)."""
    past = max(0, damage - armor)
    left = past
    dodged = 0
    if left and f.dodge and not any(a.kind == "heavy" for a in f.armor):  # helmets, shields: light
        dodged = min(left, max(0, f.fatigue_limit - f.fatigue))
        left -= dodged
    bearing = f.shield is not None if bearing_shield is None else bearing_shield
    sundered = bool(left and f.sunder and bearing)
    return Absorbed(past, dodged, sundered, 0 if sundered else left)


def wound_kind(power: int, face: int, remaining: int) -> str | None:
    """The wound from the Power roll against the remaining damage (None: not wounded).

    higher -> incidental; lower or equal -> debilitating (incapacitated); a 1 -> severe
    (Power steps down, and incapacitated too: 1 is never higher); a 1 on d2 -> mortal."""
    if remaining <= 0:
        return None
    if face == 1:
        return "mortal" if power <= 2 else "severe"
    return "incidental" if face > remaining else "debilitating"


def take_hit(state: UDState, f: Figure, damage: int, dice: DiceSource, source: str, *,
             ranged: bool = False, ignore_armor: bool = False) -> list[Event]:
    """Resolve damage dealt to f: the armor and Power rolls, dodge, sunder and the wound."""
    sides = () if ignore_armor else armor_sides(f, ranged)
    pieces = list(f.armor) if not ignore_armor else []
    armor_faces = tuple(dice.roll(s) for s in sides)
    power_face = dice.roll(f.power)
    armor = max(armor_faces, default=0)
    # The armor roll and its 1s' wear come first; only then "If bearing a shield, they can
    # sunder it": a shield its own die broke is no longer borne.
    wear = wear_on_ones(f, pieces, armor_faces, state.options.lone_item_wear)
    # Damage that "ignores armor" (fire, the GM's) is not dodged or stopped by a shield either.
    result = Absorbed(damage, 0, False, damage) if ignore_armor else absorb(f, damage, armor)
    data = {"damage": damage, "armor_sides": list(sides), "armor_faces": list(armor_faces),
            "armor": armor, "power_die": f.power, "power_face": power_face,
            "past_armor": result.past_armor, "dodged": result.dodged, "sundered": result.sundered,
            "taken": result.remaining, "source": source}
    armor_text = "no armor roll" if ignore_armor else (
        f"armor {armor}" + (" (at hindrance)" if ranged and sides else ""))
    text = f"{f.name} is dealt {damage}: {armor_text}, Power d{f.power} rolls {power_face}"
    events = [Event("damage_roll", text, f.name, data)]
    if result.dodged:
        f.fatigue += result.dodged
        events.append(Event("status", f"{f.name} dodges nimbly: {result.dodged} fatigue "
                                      f"({f.fatigue}/{f.fatigue_limit})", f.name,
                            {"fatigue": f.fatigue, "dodged": result.dodged}))
    if result.sundered:
        shield = f.shield
        f.armor.remove(shield)
        events.append(Event("status", f"{f.name} sunders the {shield.name} to stop the blow",
                            f.name, {"sundered": shield.name}))
    events += [Event("wear", phrase, f.name, {}) for phrase in wear]
    events += wound(f, power_face, result.remaining)
    return events


def wound(f: Figure, power_face: int, remaining: int) -> list[Event]:
    """Apply the wound the Power roll gives against the remaining damage."""
    kind = wound_kind(f.power, power_face, remaining)
    data = {"taken": remaining, "power_face": power_face, "wound": kind}
    if kind is None:
        return [Event("damage", f"{f.name} is bruised but not hurt", f.name, data)]
    f.wounds.append(kind)
    if kind == "incidental":
        return [Event("damage", f"{f.name} takes {remaining}: an incidental wound", f.name, data)]
    if kind == "mortal":
        f.status = "dead"
        return [Event("damage", f"{f.name} takes {remaining}: a mortal wound", f.name, data),
                Event("dies", f"{f.name} dies", f.name, {"status": "dead"})]
    events = []
    if kind == "severe":
        old = f.power
        f.power = step_down(f.power) or f.power
        events.append(Event("damage", f"{f.name} takes {remaining}: a severe wound, Power "
                                      f"d{old} -> d{f.power}", f.name, {**data, "power": f.power}))
    else:
        events.append(Event("damage", f"{f.name} takes {remaining}: a debilitating wound", f.name, data))
    f.status = "incapacitated"
    events.append(Event("unconscious", f"{f.name} is incapacitated", f.name, {"status": "incapacitated"}))
    return events
