"""Spells, scrolls, magic items and potions; magical attacks ask the target for a saving throw."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import Dice, DiceSource, roll
from board.rules.base import Command, Event, Refusal
from board.rules.combat_chart import params
from board.rules.combat_chart.state import CCState, Effect, Fig, distance, line_of_fire
from board.rules.combat_chart.turns import saving_throw
from board.rules.kernel.queue import leave_queue
from board.rules.kernel.refusals import given, refuse
from board.words import hexes


@dataclass(frozen=True)
class CastPlan:
    """A spell about to be cast (from memory, a scroll or an item)."""

    target: str
    spell: str
    item: str | None = None  # the scroll or item it comes from: no magic points spent


def why_not_spell(state: CCState, f: Fig, t: Fig, spell: str, from_item: bool = False) -> str | None:
    """Why f cannot cast spell at t now, or None."""
    s = state.tables.spells[spell]
    if not from_item and f.magic < s.cost:
        return f"{spell} costs {s.cost} magic points; {f.name} has {f.magic}"
    if t.status == "dead":
        return f"{t.name} is dead"
    if s.kind == "enhance" and t.team != f.team:
        return f"{spell} is cast on your own side"
    if s.kind == "attack" and (t.team == f.team or not t.up):
        return f"{spell} is cast on a foe still fighting"
    if s.range == 0 and t.name != f.name:
        return f"{spell} is cast only on the caster"
    if distance(f, t) > s.range:
        return f"{t.name} is out of {spell}'s range ({hexes(s.range)})"
    if t.name != f.name and line_of_fire(state, f, t) == "blocked":
        return f"a wall is between {f.name} and {t.name}"
    return None


def sources(state: CCState, f: Fig, action: str | None) -> list[tuple[str, str]]:
    """(name, spell) of each spell known (cast) or each scroll and item carried (use_item)."""
    if action == "cast":
        return [(s, s) for s in f.spells]
    items = state.tables.items
    return [(i, items[i]["spell"]) for i in f.items if items[i]["use"] != "drink"]


def aims(state: CCState, f: Fig, action: str) -> dict:
    """The menu's targets of a spell or an item, and the choice of spell or item."""
    names = sources(state, f, action)
    return {
        "targets": tuple(
            t.name
            for t in state.figures.values()
            if any(why_not_spell(state, f, t, s, action != "cast") is None for _, s in names)
        ),
        "options": {"spell" if action == "cast" else "item": tuple(n for n, _ in names)},
    }


def plan(state: CCState, f: Fig, command: Command) -> CastPlan:
    """Check a spell from memory, or one read from a scroll or item (no magic points); with none
    named, the first that can aim at the target, else the first."""
    from_item, names = command.action != "cast", sources(state, f, command.action)
    t = state.figures.get(command.target or "")
    name = (params.UseItem.of(command).item if from_item else params.Cast.of(command).spell) or next(
        (n for n, s in names if t is not None and why_not_spell(state, f, t, s, from_item) is None),
        names[0][0] if names else None,
    )
    spell = next((s for n, s in names if n == name), None)
    if spell is None:
        raise Refusal(
            f'{f.name} has no scroll or item "{name}"'
            if from_item
            else f'{f.name} does not know "{name}"; known: {", ".join(f.spells) or "none"}'
        )
    t = given(t, "choose a target" if from_item else "choose the spell's target")
    refuse(why_not_spell(state, f, t, spell, from_item))
    return CastPlan(t.name, spell, name if from_item else None)


def cast(state: CCState, f: Fig, plan: CastPlan, dice: DiceSource) -> list[Event]:
    """Cast: an enhancement takes hold; a magical attack asks for a saving throw vs. magic."""
    t = state.figures[plan.target]
    s = state.tables.spells[plan.spell]
    if plan.item:
        verb = "reads" if state.tables.items[plan.item]["use"] == "read" else "activates"
        if state.tables.items[plan.item]["consumed"]:
            f.items.remove(plan.item)
        how = f"{f.name} {verb} {plan.item}: {plan.spell} on {t.name}"
    else:
        f.magic -= s.cost
        how = f"{f.name} casts {plan.spell} on {t.name} ({s.cost} MP)"
    events = [Event("cast", how, f.name, {"spell": plan.spell, "target": t.name, "item": plan.item})]
    if s.kind == "enhance":
        t.effects.append(Effect(plan.spell, av=s.av, dv=s.dv, initiative=s.initiative, rounds=s.rounds))
        return events + [Event("spell_on", f"{plan.spell} takes hold on {t.name}", t.name, {})]
    # "the target must make a saving throw versus magic"
    saved, event = saving_throw(
        state, t, "save_vs_magic", f"{t.name} saves vs. magic", ("nothing happens", "fails"), dice
    )
    events.append(event)
    if saved:
        return events
    if s.effect == "knockout":
        t.status = "knocked out"
        leave_queue(state, t.name)
        events.append(Event("unconscious", f"{t.name} is knocked out", t.name, {"knockout": True}))
    elif s.effect == "stun":
        t.stunned, t.stun_served = True, False
        events.append(Event("status", f"{t.name} is stunned", t.name, {"stunned": True}))
    return events


def drink(state: CCState, f: Fig, potion: params.Drink, dice: DiceSource) -> list[Event]:
    """Drink a potion: it heals its dice of health points, up to the figure's full health."""
    item = potion.item
    entry = state.tables.items[item]
    if entry.get("consumed", True):
        f.items.remove(item)
    events = [Event("action", f"{f.name} drinks {item}", f.name, {"item": item})]
    if entry.get("heal"):
        result = roll(Dice.parse(entry["heal"]), dice)
        healed = f.heal(result.total)
        events.append(
            Event("heals", f"{f.name} heals {healed} HP", f.name, {"faces": list(result.faces), "amount": healed})
        )
    return events
