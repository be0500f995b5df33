"""Log lines of a test and the wear it causes: 1s on pieces rolled together, setbacks, criticals."""

from __future__ import annotations

from board.rules.base import Event
from board.rules.usage_dice.rolls import AbilityRoll, step_item, wear_on_ones
from board.rules.usage_dice.state import Figure, UDState


def attack_event(f: Figure, verb: str, roll: AbilityRoll, items) -> Event:
    dice_text = " + ".join([f"{roll.ability.title()} d{roll.sides[0]}"]
                           + [f"{i.name} d{s}" for i, s in zip(items, roll.sides[1:])])
    return Event("attack", f"{f.name} {verb} ({dice_text}): best {max(roll.faces)}, {roll.grade}",
                 f.name, {**roll.as_data(), "roll": max(roll.faces), "needed": "4+",
                          "hit": roll.success})


def wear_ones(state: UDState, owner: Figure, items, roll: AbilityRoll) -> list[Event]:
    """Dual wielding and heavy armor: every die showing 1 steps its piece down."""
    phrases = wear_on_ones(owner, list(items), roll.item_faces, state.options.lone_item_wear)
    return [Event("wear", p, owner.name, {}) for p in phrases]


def wear_and_tear(state: UDState, tester: Figure, items, roll: AbilityRoll,
                   foe: Figure | None) -> list[Event]:
    """A setback blunts the tester's piece that did the work; a critical steps the foe's armor."""
    out = []
    if roll.grade == "setback" and state.options.setback_wear and items:
        item = items[roll.best_item()]
        if item in tester.weapons or item in tester.armor:
            out.append(step_item(tester, item))
    if roll.grade == "critical" and state.options.critical_wear and foe is not None and foe.armor:
        out.append(step_item(foe, max(foe.armor, key=lambda a: a.die)))
    return [Event("wear", p, tester.name, {"grade": roll.grade}) for p in out if p]
