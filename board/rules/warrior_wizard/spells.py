"""Spells: casting, ending spells, disbelieving illusions, upkeep. The rule text defines no
spells; the catalogue (spells.yaml) is GM data; readings in docs/rules-notes.md."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource, check as dice_check, roll
from board.hexgrid import Hex, hex_neighbor, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.hexes import to_hex
from board.rules.warrior_wizard.attack import AttackPlan, in_sight, resolve
from board.rules.warrior_wizard.damage import spend_st, update_status
from board.rules.warrior_wizard.movement import Board
from board.rules.warrior_wizard.state import ActiveSpell, FigureState, WWState, figure_from_spec
from board.rules.kernel.names import UnknownName
from board.rules.warrior_wizard.tables import Spell, load_spells


@dataclass(frozen=True)
class SpellPlan:
    """A checked cast or disbelieve: what apply() carries out."""

    target: str
    spell: Spell | None = None  # None: disbelieving
    attack: AttackPlan | None = None  # a thrown spell's roll to hit
    at: Hex | None = None  # where an illusion appears


def known(f: FigureState) -> list[Spell]:
    """The catalogue entries of the spells f knows (unknown names skipped)."""
    out = []
    for name in f.spells:
        try:
            out.append(load_spells().spell(name))
        except UnknownName:
            continue
    return out


# --- targets -------------------------------------------------------------------------------

def spell_targets(state: WWState, f: FigureState, spell: Spell) -> list[str]:
    """Valid targets of one spell: thrown ones at a figure in front with a line of fire;
    conditions and healing also on the caster himself; an illusion names its caster."""
    if spell.kind == "illusion":
        return [f.name]
    others = in_sight(state, f)
    return others if spell.kind == "thrown" else [f.name] + others


def disbelief_targets(state: WWState, f: FigureState) -> list[str]:
    """Figures f may try to disbelieve: any living figure of another team (not only the
    illusions, so that the menu does not give them away)."""
    return [g.name for g in state.figures.values() if g.team != f.team and g.status != "dead"]


def targets(state: WWState, f: FigureState, action: str) -> list[str]:
    """Valid targets for casting (any spell f knows) or disbelieving."""
    if action == "disbelieve":
        return disbelief_targets(state, f)
    out: list[str] = []
    for spell in known(f):
        out += [name for name in spell_targets(state, f, spell) if name not in out]
    return out


# --- checking ------------------------------------------------------------------------------

def _chosen_spell(f: FigureState, command: Command) -> Spell:
    """The spell named by params.spell (optional when f knows only one)."""
    name = command.params.get("spell")
    if name is None:
        if len(f.spells) != 1:
            raise Refusal(f"name the spell in params.spell; {f.name} knows: {', '.join(f.spells)}")
        name = f.spells[0]
    try:
        spell = load_spells().spell(str(name))
    except UnknownName as error:
        raise Refusal(str(error)) from None
    if spell.name.casefold() not in {s.casefold() for s in f.spells}:
        raise Refusal(f"{f.name} does not know {spell.name}; known: {', '.join(f.spells) or 'none'}")
    return spell


def _chosen_target(command: Command, valid: list[str], what: str) -> str:
    if command.target is None:
        raise Refusal(f"choose a target for {what}; valid: {', '.join(valid) or 'none'}")
    if command.target not in valid:
        raise Refusal(f"{command.target} is not a valid target for {what}; valid: "
                      f"{', '.join(valid) or 'none'}")
    return command.target


def check(state: WWState, f: FigureState, command: Command) -> SpellPlan:
    """Check a cast or disbelieve command; return what apply() needs."""
    if command.action == "disbelieve":
        target = _chosen_target(command, disbelief_targets(state, f), "disbelief")
        return SpellPlan(target)
    spell = _chosen_spell(f, command)
    target = _chosen_target(command, spell_targets(state, f, spell), spell.name)
    t = state.figures[target]
    if spell.kind == "thrown":
        return SpellPlan(target, spell, attack=AttackPlan(
            f.name, target, None, "spell", spell_dice=spell.dice))
    if spell.kind == "condition":
        if any(s.name == spell.name and s.target == target for s in state.spells):
            raise Refusal(f"{target} is already under {spell.name}")
    elif spell.kind == "heal" and t.damage == 0:
        raise Refusal(f"{target} has no damage to heal")
    elif spell.kind == "illusion":
        return SpellPlan(target, spell, at=_illusion_hex(state, f, spell, command))
    return SpellPlan(target, spell)


def _illusion_hex(state: WWState, f: FigureState, spell: Spell, command: Command) -> Hex:
    """Where the illusion appears: command.to, or the first free hex round from f's front."""
    probe = _illusion_figure(state, f, spell, Hex(0, 0))
    board = Board(state, probe)
    around = [c for cell in f.cells for c in hex_neighbors(cell) if c not in f.cells]
    if command.to is not None:
        at = to_hex(state, command.to)
        if at not in around:
            raise Refusal(f"{spell.name} appears on a hex next to {f.name}")
        why = board.why_not(at, f.facing)
        if why:
            raise Refusal(f"{spell.name} cannot appear there: {why}")
        return at
    order = [hex_neighbor(f.hex, (f.facing + k) % 6) for k in (0, 1, 5, 2, 4, 3)]
    for at in order + around:
        if at in around and board.why_not(at, f.facing) is None:
            return at
    raise Refusal(f"no free hex next to {f.name} for {spell.name}")


# --- carrying out --------------------------------------------------------------------------

def apply(state: WWState, f: FigureState, command: Command, details: dict, dice: DiceSource
          ) -> list[Event]:
    """Cast the spell or disbelieve the illusion (details["spell"]: the checked SpellPlan)."""
    plan: SpellPlan = details["spell"]
    if plan.spell is None:
        return _disbelieve(state, f, state.figures[plan.target], dice)
    spell = plan.spell
    aim = "" if spell.kind == "illusion" or plan.target == f.name else f" at {plan.target}"
    events = [Event("cast", f"{f.name} casts {spell.name}{aim}", f.name,
                    {"spell": spell.name, "target": plan.target, "cost": spell.cost})]
    # The ST is spent as the spell goes off: a caster who knocks himself out still casts it.
    events += pay(state, f, spell.cost, f"casting {spell.name}")
    if plan.attack is not None:
        # "A thrown spell is treated identically [to a thrown weapon], except that it has no
        # chance of hitting another target if it misses": resolve() rolls no strays for "spell".
        return events + resolve(state, plan.attack, dice)
    if spell.kind == "condition":
        state.spells.append(ActiveSpell(spell.name, f.name, plan.target, spell.upkeep, spell.condition,
                                        kept=state.turn))
        return events + [Event("spell_on", f"{plan.target} is under {spell.name}", plan.target,
                               {"spell": spell.name, "effect": spell.condition, "caster": f.name})]
    if spell.kind == "heal":
        return events + _heal(state, state.figures[plan.target], spell, dice)
    return events + _conjure(state, f, spell, plan.at)


def pay(state: WWState, f: FigureState, amount: int, what: str) -> list[Event]:
    """Spend ST on a spell: "Strength loss from spellcasting is considered to be Nonlethal
    damage" under the Optional Nonlethal Damage Rule; Lethal otherwise. It is not a blow:
    no armor, no fall, no -2 DEX for 5+ damage."""
    if amount <= 0:
        return []
    spend_st(state, f, amount)
    events = [Event("spell_cost", f"{f.name} spends {amount} ST {what}", f.name,
                    {"amount": amount, "nonlethal": state.options.nonlethal_damage,
                     "st": f.effective_st}, tone="magic")]
    return events + update_status(state, f)


def _heal(state: WWState, t: FigureState, spell: Spell, dice: DiceSource) -> list[Event]:
    """"healing spells heal Lethal damage first", then Nonlethal."""
    rolled = roll(spell.dice, dice)
    points = max(0, rolled.total)
    lethal = min(points, t.lethal)
    nonlethal = min(points - lethal, t.nonlethal)
    t.lethal -= lethal
    t.nonlethal -= nonlethal
    events = [Event("heals", f"{t.name} is healed {lethal + nonlethal} ({spell.dice} rolls {rolled.total})",
                    t.name, {"dice": str(spell.dice), "faces": list(rolled.faces), "lethal": lethal,
                             "nonlethal": nonlethal, "st": t.effective_st})]
    if t.status == "unconscious" and _would_wake(state, t):
        t.status, t.out_for_combat = "ok", False
        events.append(Event("wakes", f"{t.name} regains consciousness", t.name))
    return events


def _would_wake(state: WWState, t: FigureState) -> bool:
    """Conscious again after healing, by the same thresholds that knocked him out."""
    if state.options.nonlethal_damage:
        # "He becomes conscious once he recovers more STR than the amount of lethal damage";
        # healed below half his ST in Lethal damage, he is no longer out for the combat.
        return t.effective_st > t.lethal and t.lethal * 2 <= t.st
    return t.effective_st > 1  # "When a character's Effective Strength reaches 1 ..."


def _illusion_figure(state: WWState, f: FigureState, spell: Spell, at: Hex) -> FigureState:
    """The illusory copy of the spell's figure, on f's team, facing f's way."""
    template = spell.figure
    weapons = [state.tables.weapon(w).name for w in template.weapons]
    ready = template.ready if template.ready is not None else (weapons[0] if weapons else "")
    name, n = template.name, 1
    while name in state.figures:
        n += 1
        name = f"{template.name} {n}"
    spec = template.model_copy(update={"name": name, "team": f.team, "at": (at.q, at.r),
                                       "facing": f.facing, "weapons": weapons, "ready": ready,
                                       "spells": []})
    g = figure_from_spec(spec)
    g.illusion, g.caster = True, f.name
    return g


def _conjure(state: WWState, f: FigureState, spell: Spell, at: Hex) -> list[Event]:
    """Put the illusion on the board; it joins the initiative order next turn."""
    g = _illusion_figure(state, f, spell, at)
    state.figures[g.name] = g
    state.spells.append(ActiveSpell(spell.name, f.name, g.name, spell.upkeep, "illusion", kept=state.turn))
    return [Event("illusion", f"{g.name} appears at {state.battle.label(at)}", g.name,
                  {"spell": spell.name, "caster": f.name, "hex": [at.q, at.r], "facing": g.facing}, tone="magic")]


def _disbelieve(state: WWState, f: FigureState, t: FigureState, dice: DiceSource) -> list[Event]:
    """A 3d6 IQ check; on a success an illusion vanishes, a real figure stays."""
    result = dice_check(3, f.iq, dice)
    dispelled = result.success and t.illusion
    outcome = "it vanishes" if dispelled else ("it is real" if result.success else "he fails")
    events = [Event("disbelieve", f"{f.name} disbelieves {t.name}: IQ check {result.total} vs "
                                  f"{f.iq}, {outcome}", f.name,
                    {"target": t.name, "faces": list(result.faces), "needed": f.iq,
                     "success": result.success, "dispelled": dispelled}, tone="magic")]
    if dispelled:
        events += vanish(state, t.name, f"disbelieved by {f.name}")
    return events


# --- ongoing spells ------------------------------------------------------------------------

def vanish(state: WWState, name: str, why: str) -> list[Event]:
    """Take an illusion off the board, out of the turn order, and end its spells."""
    state.figures.pop(name, None)
    state.queue = [n for n in state.queue if n != name]
    state.order = [n for n in state.order if n != name]
    state.chases = {a: b for a, b in state.chases.items() if name not in (a, b)}
    state.spells = [s for s in state.spells if name not in (s.target, s.caster)]
    return [Event("vanishes", f"{name} vanishes ({why})", name, {"illusion": True}, tone="magic")]


def end_spell(state: WWState, active: ActiveSpell, why: str) -> list[Event]:
    """End an ongoing spell (an illusion vanishes with it)."""
    if active in state.spells:
        state.spells.remove(active)
    events = [Event("spell_ends", f"{active.name} on {active.target} ends ({why})", active.caster,
                    {"spell": active.name, "target": active.target, "caster": active.caster}, tone="magic")]
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
    if state.options.nonlethal_damage:
        return f.damage + amount < f.st
    return f.effective_st - amount > 1


def check_keep(state: WWState, f: FigureState, names) -> tuple[ActiveSpell, ...]:
    """The spells an upkeep announcement keeps up (all that are due when names is None)."""
    pending = due(state, f)
    if not pending:
        raise Refusal(f"{f.name} has no spell up for upkeep this turn")
    if f.turn.move_action is not None or f.turn.delayed:
        raise Refusal("upkeep is announced before moving")
    if names is None:
        chosen = pending
    else:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not names:
            raise Refusal("params.spells is a list of spell names")
        by_name = {s.name.casefold(): s for s in pending}
        unknown = [n for n in names if n.casefold() not in by_name]
        if unknown:
            raise Refusal(f"{', '.join(unknown)}: not up for upkeep; up: {', '.join(s.name for s in pending)}")
        chosen = [by_name[n.casefold()] for n in names]
    cost = sum(s.upkeep for s in chosen)
    if not can_pay(state, f, cost):
        raise Refusal(f"{f.name} cannot spend {cost} ST on upkeep without passing out")
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
    for f in list(state.figures.values()):
        events += lapse_unkept(state, f)
    return events
