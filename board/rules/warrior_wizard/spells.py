"""Spells: casting and disbelieving illusions (ending spells and upkeep: spell_upkeep.py). The
rule text defines no spells; the catalogue (spells.yaml) is GM data; readings in
docs/rules-notes.md."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource, check as dice_check, roll
from board.hexgrid import Hex, hex_neighbor, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.refusals import given, need
from board.rules.warrior_wizard import params
from board.rules.warrior_wizard.attack import AttackPlan, resolve
from board.rules.warrior_wizard.targets import in_sight
from board.rules.warrior_wizard.movement import Board
from board.rules.warrior_wizard.spell_upkeep import pay, vanish
from board.rules.warrior_wizard.state import ActiveSpell, FigureState, WWState, figure_from_spec
from board.rules.kernel.names import UnknownName, known
from board.rules.warrior_wizard.tables import Spell, load_spells


@dataclass(frozen=True)
class SpellPlan:
    """A checked cast or disbelieve: what apply() carries out."""

    target: str
    spell: Spell | None = None  # None: disbelieving
    attack: AttackPlan | None = None  # a thrown spell's roll to hit
    at: Hex | None = None  # where an illusion appears


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
    for spell in filter(None, (known(load_spells().spell, name) for name in f.spells)):  # unknown: skipped
        out += [name for name in spell_targets(state, f, spell) if name not in out]
    return out


# --- checking ------------------------------------------------------------------------------


def _chosen_spell(f: FigureState, command: Command) -> Spell:
    """The spell named by params.spell (optional when f knows only one)."""
    name = params.Cast.of(command).spell
    if name is None:
        need(len(f.spells) == 1, f"name the spell in params.spell; {f.name} knows: {', '.join(f.spells)}")
        name = f.spells[0]
    try:
        spell = load_spells().spell(str(name))
    except UnknownName as error:
        raise Refusal(str(error)) from None
    if spell.name.casefold() not in {s.casefold() for s in f.spells}:
        raise Refusal(f"{f.name} does not know {spell.name}; known: {', '.join(f.spells) or 'none'}")
    return spell


def _chosen_target(command: Command, valid: list[str], what: str) -> str:
    target = given(command.target, f"choose a target for {what}; valid: {', '.join(valid) or 'none'}")
    need(target in valid, f"{target} is not a valid target for {what}; valid: {', '.join(valid) or 'none'}")
    return target


def check(state: WWState, f: FigureState, command: Command) -> SpellPlan:
    """Check a cast or disbelieve command; return what apply() needs."""
    if command.action == "disbelieve":
        target = _chosen_target(command, disbelief_targets(state, f), "disbelief")
        return SpellPlan(target)
    spell = _chosen_spell(f, command)
    target = _chosen_target(command, spell_targets(state, f, spell), spell.name)
    t = state.figures[target]
    if spell.kind == "thrown":
        return SpellPlan(target, spell, attack=AttackPlan(f.name, target, None, "spell", spell_dice=spell.dice))
    if spell.kind == "condition":
        under = any(s.name == spell.name and s.target == target for s in state.spells)
        need(not under, f"{target} is already under {spell.name}")
    elif spell.kind == "heal":
        need(t.damage != 0, f"{target} has no damage to heal")
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
        need(at in around, f"{spell.name} appears on a hex next to {f.name}")
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


def apply(state: WWState, f: FigureState, command: Command, plan: SpellPlan, dice: DiceSource) -> list[Event]:
    """Cast the spell or disbelieve the illusion (plan: the checked SpellPlan)."""
    if plan.spell is None:
        return _disbelieve(state, f, state.figures[plan.target], dice)
    spell = plan.spell
    aim = "" if spell.kind == "illusion" or plan.target == f.name else f" at {plan.target}"
    cast = {"spell": spell.name, "target": plan.target, "cost": spell.cost}
    events = [Event("cast", f"{f.name} casts {spell.name}{aim}", f.name, cast)]
    # The ST is spent as the spell goes off: a caster who knocks himself out still casts it.
    events += pay(state, f, spell.cost, f"casting {spell.name}")
    if plan.attack is not None:
        # "A thrown spell is treated identically [to a thrown weapon], except that it has no
        # chance of hitting another target if it misses": resolve() rolls no strays for "spell".
        return events + resolve(state, plan.attack, dice)
    if spell.kind == "condition":
        assert spell.condition is not None  # a condition spell names one (Spell's validator)
        state.spells.append(
            ActiveSpell(spell.name, f.name, plan.target, spell.upkeep, spell.condition, kept=state.turn)
        )
        on = {"spell": spell.name, "effect": spell.condition, "caster": f.name}
        return events + [Event("spell_on", f"{plan.target} is under {spell.name}", plan.target, on)]
    if spell.kind == "heal":
        return events + _heal(state, state.figures[plan.target], spell, dice)
    assert plan.at is not None  # an illusion's plan says where it appears
    return events + _conjure(state, f, spell, plan.at)


def _heal(state: WWState, t: FigureState, spell: Spell, dice: DiceSource) -> list[Event]:
    """ "healing spells heal Lethal damage first", then Nonlethal."""
    assert spell.dice is not None  # a heal spell has dice (Spell's validator)
    rolled = roll(spell.dice, dice)
    points = max(0, rolled.total)
    lethal = min(points, t.lethal)
    nonlethal = min(points - lethal, t.nonlethal)
    t.lethal -= lethal
    t.nonlethal -= nonlethal
    events = [
        Event(
            "heals",
            f"{t.name} is healed {lethal + nonlethal} ({spell.dice} rolls {rolled.total})",
            t.name,
            {
                "dice": str(spell.dice),
                "faces": list(rolled.faces),
                "lethal": lethal,
                "nonlethal": nonlethal,
                "st": t.effective_st,
            },
        )
    ]
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
    assert template is not None  # an illusion spell has its figure (Spell's validator)
    weapons = [state.tables.weapon(w).name for w in template.weapons]
    ready = template.ready if template.ready is not None else (weapons[0] if weapons else "")
    name, n = template.name, 1
    while name in state.figures:
        n += 1
        name = f"{template.name} {n}"
    spec = template.model_copy(
        update={
            "name": name,
            "team": f.team,
            "at": (at.q, at.r),
            "facing": f.facing,
            "weapons": weapons,
            "ready": ready,
            "spells": [],
        }
    )
    g = figure_from_spec(spec)
    g.illusion, g.caster = True, f.name
    return g


def _conjure(state: WWState, f: FigureState, spell: Spell, at: Hex) -> list[Event]:
    """Put the illusion on the board; it joins the initiative order next turn."""
    g = _illusion_figure(state, f, spell, at)
    state.figures[g.name] = g
    state.spells.append(ActiveSpell(spell.name, f.name, g.name, spell.upkeep, "illusion", kept=state.turn))
    return [
        Event(
            "illusion",
            f"{g.name} appears at {state.battle.label(at)}",
            g.name,
            {"spell": spell.name, "caster": f.name, "hex": [at.q, at.r], "facing": g.facing},
            tone="magic",
        )
    ]


def _disbelieve(state: WWState, f: FigureState, t: FigureState, dice: DiceSource) -> list[Event]:
    """A 3d6 IQ check; on a success an illusion vanishes, a real figure stays."""
    result = dice_check(3, f.iq, dice)
    dispelled = result.success and t.illusion
    outcome = "it vanishes" if dispelled else ("it is real" if result.success else "they fail")
    events = [
        Event(
            "disbelieve",
            f"{f.name} disbelieves {t.name}: IQ check {result.total} vs {f.iq}, {outcome}",
            f.name,
            {
                "target": t.name,
                "faces": list(result.faces),
                "needed": f.iq,
                "success": result.success,
                "dispelled": dispelled,
            },
            tone="magic",
        )
    ]
    if dispelled:
        events += vanish(state, t.name, f"disbelieved by {f.name}")
    return events
