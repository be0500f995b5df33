"""What takes effect besides blows: spells and pellets at the beginning of a second (5.1.6, 7.9,
7.10), and wounds."""

from __future__ import annotations

from board.dice import Dice, DiceSource, roll
from board.hexgrid import hex_distance
from board.rules.base import Event
from board.rules.kernel.events import damaged
from board.rules.melee_seconds.state import PELLETS, Fighter, MSState, SpellDue


def effects_due(state: MSState, dice: DiceSource) -> list[Event]:
    """Spells resolve, and pellets go off, at the beginning of the second (5.1.6, 7.9, 7.10)."""
    events: list[Event] = []
    due = [e for e in state.effects if e.at <= state.now]
    state.effects = [e for e in state.effects if e.at > state.now]
    for e in due:
        if isinstance(e, SpellDue):
            events += spell_effect(state, e.by, e.spell, e.target, dice)
            continue
        flash = e.kind == "flash"
        rules = state.tables.items[PELLETS[e.kind][0]][e.kind]  # radius, seconds
        for f in state.figures.values():
            if not f.up or hex_distance(f.hex, e.hex) > rules["radius"]:
                continue
            if not flash:
                f.entangled = True
                text = f"Tanglefoot catches {f.name}"
            elif f.plot is not None and f.plot.params.action == "close_eyes":
                text = f"{f.name} closed its eyes: not blinded"
            else:
                f.blind_until = state.now + rules["seconds"]
                text = f"The Flash Pellet blinds {f.name} for {rules['seconds']} seconds"
            events.append(Event("status", text, f.name, {}))
    return events


def spell_effect(state: MSState, caster: str, name: str, target: str, dice: DiceSource) -> list[Event]:
    """A spell of the sample catalogue takes effect: damage or healing on its target."""
    spell = state.tables.spells[name]
    t = state.figures.get(target)
    if t is None:
        return []
    if "damage" in spell:
        r = roll(Dice.parse(spell["damage"]), dice)
        events = [
            damaged(t.name, r.total, f"{name} strikes {t.name}: {r.total} damage", faces=list(r.faces), by=caster)
        ]
        return events + wound(state, t, r.total)
    r = roll(Dice.parse(spell["heal"]), dice)
    return [Event("heals", f"{name} heals {t.name} by {t.heal(r.total)}", t.name, {"faces": list(r.faces)})]


def wound(state: MSState, t: Fighter, amount: int) -> list[Event]:
    """Damage taken, and the status it leaves (Fighter.status_at)."""
    t.damage += amount
    before, t.status = t.status, t.status_at(t.damage)
    if t.status != before:
        t.ongoing = None
        kind = "dies" if t.status == "dead" else "unconscious"
        return [Event(kind, f"{t.name} {'dies' if kind == 'dies' else 'falls unconscious'}", t.name, {})]
    return []
