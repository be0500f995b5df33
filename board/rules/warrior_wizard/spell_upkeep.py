"""Ongoing spells: what keeps them up (upkeep), what ends them, and illusions vanishing; the
turn sequence runs these, casting (spells.py) only starts them."""

from __future__ import annotations

from board.rules.base import Event
from board.rules.kernel.queue import drop
from board.rules.kernel.refusals import need
from board.rules.warrior_wizard.damage import down, spend_st, update_status
from board.rules.warrior_wizard.state import ActiveSpell, FigureState, WWState


def pay(state: WWState, f: FigureState, amount: int, what: str) -> list[Event]:
    """Spend ST on a spell: "Strength loss from spellcasting is considered to be Nonlethal
    damage" under the Optional Nonlethal Damage Rule; Lethal otherwise. It is not a blow:
    no armor, no fall, no -2 DEX for 5+ damage."""
    if amount <= 0:
        return []
    spend_st(state, f, amount)
    events = [
        Event(
            "spell_cost",
            f"{f.name} spends {amount} ST {what}",
            f.name,
            {"amount": amount, "nonlethal": state.options.nonlethal_damage, "st": f.effective_st},
            tone="magic",
        )
    ]
    return events + update_status(state, f)


# --- ongoing spells ------------------------------------------------------------------------


def vanish(state: WWState, name: str, why: str) -> list[Event]:
    """Take an illusion off the board, out of the turn order, and end its spells."""
    state.figures.pop(name, None)
    drop(state, name)  # out of the order and the queue
    state.chases = {a: b for a, b in state.chases.items() if name not in (a, b)}
    state.spells = [s for s in state.spells if name not in (s.target, s.caster)]
    return [Event("vanishes", f"{name} vanishes ({why})", name, {"illusion": True}, tone="magic")]


def end_spell(state: WWState, active: ActiveSpell, why: str) -> list[Event]:
    """End an ongoing spell (an illusion vanishes with it)."""
    if active in state.spells:
        state.spells.remove(active)
    events = [
        Event(
            "spell_ends",
            f"{active.name} on {active.target} ends ({why})",
            active.caster,
            {"spell": active.name, "target": active.target, "caster": active.caster},
            tone="magic",
        )
    ]
    if active.effect == "illusion" and active.target in state.figures:
        events += vanish(state, active.target, f"{active.name} ends")
    return events


# --- upkeep: "Some spells require spending additional Strength in order to maintain an ongoing
# effect; if so, a character does this on his turn, before moving. If he moves, but fails to
# announce he is performing upkeep, any spell that required upkeep to continue for this turn
# fails." A lapsed spell costs nothing.


def due(state: WWState, f: FigureState) -> list[ActiveSpell]:
    """f's spells up for upkeep this turn (cast in an earlier turn, not yet kept up this one)."""
    return [s for s in state.spells if s.caster == f.name and s.upkeep > 0 and s.kept < state.turn]


def can_pay(state: WWState, f: FigureState, amount: int) -> bool:
    """Whether f can spend amount ST and stay conscious."""
    return not down(state, f, f.lethal, f.damage + amount)[1]


def check_keep(state: WWState, f: FigureState, names) -> tuple[ActiveSpell, ...]:
    """The spells an upkeep announcement keeps up (all that are due when names is None)."""
    pending = due(state, f)
    need(pending, f"{f.name} has no spell up for upkeep this turn")
    need(f.turn.move_action is None and not f.turn.delayed, "upkeep is announced before moving")
    if names is None:
        chosen = pending
    else:
        by_name = {s.name.casefold(): s for s in pending}
        unknown = [n for n in names if n.casefold() not in by_name]
        need(not unknown, f"{', '.join(unknown)}: not up for upkeep; up: {', '.join(s.name for s in pending)}")
        chosen = [by_name[n.casefold()] for n in names]
    cost = sum(s.upkeep for s in chosen)
    need(can_pay(state, f, cost), f"{f.name} cannot spend {cost} ST on upkeep without passing out")
    return tuple(chosen)


def keep(state: WWState, f: FigureState, chosen: tuple[ActiveSpell, ...]) -> list[Event]:
    """Pay the upkeep of the chosen spells: they continue this turn."""
    events: list[Event] = []
    for active in chosen:  # checked on this very state: these are its own spells
        active.kept = state.turn
        f.turn.upkeep_paid = True
        events += pay(state, f, active.upkeep, f"keeping up {active.name}")
    return events


def lapse_unkept(state: WWState, f: FigureState) -> list[Event]:
    """f moves without announcing upkeep: his spells up for upkeep fail (at no cost)."""
    events: list[Event] = []
    for active in due(state, f):
        events += end_spell(state, active, f"{f.name} did not keep it up")
    return events


def start_of_turn(state: WWState) -> list[Event]:
    """Illusions struck down last turn vanish; spells of a caster who is down (who cannot
    announce upkeep) lapse."""
    events: list[Event] = []
    for g in list(state.figures.values()):
        if g.illusion and g.status != "ok":
            events += vanish(state, g.name, "struck down")
    for active in list(state.spells):
        caster = state.figures.get(active.caster)
        if active.upkeep > 0 and active in state.spells and (caster is None or not caster.up):
            events += end_spell(state, active, "its caster is down")
    return events


def end_of_movement(state: WWState) -> list[Event]:
    """Spells still up for upkeep when movement ends (their caster went down first) fail."""
    events: list[Event] = []
    if state.spells:  # most fights: no spell up, nothing to ask each figure
        for f in list(state.figures.values()):
            events += lapse_unkept(state, f)
    return events
