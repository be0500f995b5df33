"""A physical attack: Attack Rank against Defense Rank on the chart, 3d6, damage, and what the
critical hit and critical miss tables do (assets/tables/combat-chart/crits.yaml); the exact odds of
an attack (and of a magical attack's saving throw), from the same formulas."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from fractions import Fraction
from itertools import product

from board.dice import DiceSource, ScriptedDice, clamp_distribution, distribution, prob_at_most, roll, roll_dice
from board.rules.base import Command, Event, Refusal
from board.rules.reports import Prediction
from board.rules.combat_chart import params
from board.rules.combat_chart.magic import CastPlan
from board.rules.combat_chart.state import (
    CCState,
    Effect,
    Fig,
    attack_rank,
    defense_rank,
    line_of_fire,
    total,
    weapon_of,
    why_not_target,
)
from board.rules.combat_chart.tables import CH, CM, Weapon, target_number
from board.rules.combat_chart.turns import hurt, saving_throw
from board.rules.kernel.events import damage_rolled, damaged
from board.rules.kernel.ground import fall
from board.rules.kernel.queue import named
from board.rules.kernel.refusals import given, refuse


ABSORB_MARGIN = 3  # "Missing the target number by three or less means that the armor absorbed the blow"


@dataclass(frozen=True)
class AttackPlan:
    """Everything an attack needs, worked out before any die is rolled (predict shares it)."""

    target: str
    weapon: Weapon
    maneuver: str | None
    ar_parts: tuple[tuple[str, int], ...]
    dr_parts: tuple[tuple[str, int], ...]
    cell: int | str  # the chart's target number, or *CH / *CM


def aims(state: CCState, f: Fig, action: str) -> dict:
    """The menu's targets of an attack or a maneuver with the weapon in hand, and its settings."""
    w = weapon_of(state, f)
    settings: dict[str, tuple] = {"maneuver": tuple(state.tables.maneuvers)} if action == "maneuver" else {}
    if not w.missile:
        settings["aim"] = (False, True)
    found = (
        t.name for t in state.figures.values() if t.name != f.name and t.up and why_not_target(state, f, t, w) is None
    )
    return {"targets": tuple(found), "options": settings}


def plan(state: CCState, f: Fig, command: Command) -> AttackPlan:
    """Check the target and maneuver (acts.why_not checked the weapon); work out the ranks and the
    chart cell."""
    settings = (params.Maneuver if command.action == "maneuver" else params.Attack).of(command)
    maneuver, aim = None, settings.aim
    if command.action == "maneuver":
        maneuver = settings.maneuver or next(iter(state.tables.maneuvers))
    t = named(state, given(command.target, "choose a target"))
    weapon = weapon_of(state, f)
    refuse(why_not_target(state, f, t, weapon))
    if maneuver is not None and maneuver not in state.tables.maneuvers:
        raise Refusal(f'unknown maneuver "{maneuver}"; expected one of: ' + ", ".join(state.tables.maneuvers))
    cover = weapon.missile and line_of_fire(state, f, t) == "cover"
    ar = attack_rank(state, f, t, maneuver, aim)
    dr = defense_rank(state, t, weapon, cover)
    cell = target_number(state.tables, total(ar), total(dr))
    return AttackPlan(t.name, weapon, maneuver, tuple(ar), tuple(dr), cell)


def chart_roll(cell: int | str, dice: DiceSource) -> tuple:
    """(faces, hit, critical face or None, miss margin or None): 3d6 against the cell, "A hit
    becomes a critical hit if ... 3 identical numbers are rolled on the dice. A miss becomes a
    critical miss if ... 3 identical"; *CH and *CM roll 1d6 on their table."""
    if isinstance(cell, str):  # *CH or *CM
        face = dice.roll(6)
        return (face,), cell == CH, face, None
    faces = roll_dice(3, 6, dice)
    hit, triple = sum(faces) <= cell, faces[0] if len(set(faces)) == 1 else None
    return faces, hit, triple, None if hit else sum(faces) - cell


def resolve(state: CCState, f: Fig, plan: AttackPlan, dice: DiceSource) -> list[Event]:
    """Roll the attack and apply everything that follows from it."""
    t = state.figures[plan.target]
    ar, dr = total(plan.ar_parts), total(plan.dr_parts)
    data = {
        "attack_rank": ar,
        "defense_rank": dr,
        "modifiers": [list(p) for p in plan.ar_parts],
        "defense": [list(p) for p in plan.dr_parts],
        "weapon": plan.weapon.name,
        "target": t.name,
    }
    how = (
        f"{f.name} attacks {t.name} with {plan.weapon.name}"
        + (f" ({plan.maneuver})" if plan.maneuver else "")
        + f", AR {ar} vs DR {dr}"
    )
    faces, hit, crit, margin = chart_roll(plan.cell, dice)
    if plan.cell in (CH, CM):
        chart = f"{plan.cell} on the chart, 1d6 rolls {crit}"
        data |= {"hit": hit, "chart": plan.cell, "faces": list(faces), "crit_die": crit}
    else:
        rolled = sum(faces)
        chart = f"3d6 rolls {rolled} vs {plan.cell}"
        data |= {
            "dice": 3,
            "faces": list(faces),
            "roll": rolled,
            "needed": plan.cell,
            "hit": hit,
            "critical": crit is not None,
        }
    events = [Event("attack", f"{how}: {chart}", f.name, data)]
    events += _hit(state, plan, f, t, crit, dice) if hit else _miss(state, plan, f, t, crit, margin, dice)
    # The shield penalty is spent, a heavy crossbow is empty, a maneuver's lasting parts begin.
    f.shield_penalty = 0
    if plan.weapon.reload and plan.weapon.name in f.weapons:
        f.unloaded.add(plan.weapon.name)
    if plan.maneuver:
        m = state.tables.maneuvers[plan.maneuver]
        if m.get("dv"):
            f.effects.append(Effect(plan.maneuver, dv=m["dv"], rounds=1))  # the rest of the round
        if m.get("initiative"):
            f.effects.append(Effect(plan.maneuver, initiative=m["initiative"], rounds=2))  # next round
    return events


def _hit(state: CCState, plan: AttackPlan, f: Fig, t: Fig, crit: int | None, dice) -> list[Event]:
    damage = roll(plan.weapon.damage, dice)
    amount = max(0, damage.total)
    text = f"{plan.weapon.damage} rolls {damage.total}"
    events = [damage_rolled(f.name, plan.weapon.damage, damage.faces, damage.total, text)]
    if crit is not None:
        entry, said = _critical(state, f, "critical_hit", crit)
        events.append(said)
        amount = critical_damage(entry, amount)
        events += on_target(state, entry, t, dice)
    events.append(damaged(t.name, amount, f"{t.name} loses {amount} HP"))
    return events + hurt(state, t, amount)


def _miss(state: CCState, plan: AttackPlan, f: Fig, t: Fig, crit, margin, dice) -> list[Event]:
    events = [Event("miss", f"{f.name} misses {t.name}", f.name, {})]
    if margin is not None and state.options.armor_absorbs and t.armor and margin <= ABSORB_MARGIN:
        events.append(
            Event("status", f"{t.name}'s {t.armor} absorbs the blow", t.name, {"absorbed": True, "margin": margin})
        )
        if state.options.armor_damage:
            deflected = roll(plan.weapon.damage, dice)
            t.armor_wear += 1
            dv = state.tables.armor[t.armor]["dv"]
            text = f"{t.name}'s {t.armor} deflects {deflected.total} and takes a little damage"
            if deflected.total > dv:
                t.armor_needs_repair = True
                text += ": it will need repairs before the next combat"
            events.append(
                Event(
                    "status",
                    text,
                    t.name,
                    {
                        "faces": list(deflected.faces),
                        "deflected": deflected.total,
                        "needs_repair": t.armor_needs_repair,
                    },
                )
            )
    if crit is not None:
        table = "critical_miss_unarmed" if plan.weapon.name == "Unarmed" else "critical_miss_armed"
        entry, said = _critical(state, f, table, crit)
        events += [said] + on_attacker(state, entry, f)
    return events


def _critical(state: CCState, f: Fig, table: str, face: int) -> tuple[dict, Event]:
    """The entry of a critical table (crits.yaml) for the 1d6 face, and the event that reads it out."""
    entry = state.tables.crits[table][face]
    words = "Critical hit" if table == "critical_hit" else "Critical miss"
    return entry, Event("critical", f"{words} ({face}): {entry['text']}", f.name, {"table": table, "result": face})


def critical_damage(entry: dict, amount: int) -> int:
    """The damage after a critical hit's "+1 damage", "double (x2)" or "triple (x3)"."""
    if entry["effect"] == "plus_damage":
        return amount + entry["value"]
    if entry["effect"] == "times":
        return amount * entry["value"]
    return amount


def drop_weapon(state: CCState, f: Fig, breaks: bool = False) -> str | None:
    """The weapon in hand falls on the figure's hex (or breaks); it fights unarmed until it picks
    one up."""
    name = f.ready
    if name is None:
        return None
    f.ready = None
    if name in f.weapons:
        f.weapons.remove(name)
    if not breaks:
        fall(state, f.hex, name)
    return name


def on_target(state: CCState, entry: dict, t: Fig, dice: DiceSource) -> list[Event]:
    """A critical hit's effect on the target besides damage."""
    effect = entry["effect"]
    if effect == "pain_stun":
        # "Target must save vs. pain or be stunned next turn."
        saved, event = saving_throw(
            state, t, "save_vs_pain", f"{t.name} saves vs. pain", ("saved", "stunned next turn"), dice
        )
        if not saved:
            t.stunned, t.stun_served = True, False
        return [event]
    if effect == "disarm":
        name = drop_weapon(state, t)
        return [
            Event(
                "status",
                f"{name} knocked from {t.name}'s hand" if name else f"{t.name} holds no weapon",
                t.name,
                {"dropped": name},
            )
        ]
    if effect == "bleed":
        # "1 damage in next 3 rnds": from the end of the next round on, one wound per critical.
        t.bleeding.append([state.turn, entry["rounds"]])
        return [Event("status", f"{t.name} bleeds", t.name, {"bleeding": entry["rounds"]})]
    return []


def on_attacker(state: CCState, entry: dict, f: Fig) -> list[Event]:
    """A critical miss's effect on the attacker."""
    effect, value = entry["effect"], entry.get("value", 0)
    if effect == "initiative":
        f.effects.append(Effect("stumbled", initiative=value))
    elif effect == "av":
        f.effects.append(Effect("pulled muscle", av=value))
    elif effect == "dv_next":
        # "-1 DV next action": until the end of his next turn.
        f.effects.append(Effect("off balance", dv=value, until_turn_of_round=state.turn))
    elif effect == "drop":
        drop_weapon(state, f)
    elif effect == "self_damage":
        return [damaged(f.name, value, f"{f.name} loses {value} HP")] + hurt(state, f, value)
    elif effect == "breaks" and (name := drop_weapon(state, f, breaks=True)):
        return [Event("status", f"{f.name}'s {name} breaks", f.name, {"broken": name})]
    elif effect == "falls":
        f.posture = "fallen"
        return [Event("falls", f"{f.name} falls to the ground", f.name, {})]
    return []


@cache
def _outcomes(cell) -> dict[tuple[bool, int | None, int | None], Fraction]:
    """P of each (hit, critical face, miss margin) for a chart cell: chart_roll on every roll."""
    out: dict = {}
    for faces in product(range(1, 7), repeat=1 if cell in (CH, CM) else 3):
        key = chart_roll(cell, ScriptedDice(faces))[1:]
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6 ** len(faces))
    return out


def predict_attack(state: CCState, plan: AttackPlan) -> Prediction:
    """Hit chance, criticals, damage given a hit and named outcomes, as exact fractions."""
    t = state.figures[plan.target]
    base = clamp_distribution(distribution(plan.weapon.damage))
    table = state.tables.crits["critical_hit"]
    pain = state.tables.rolls["save_vs_pain"]
    stun_fail = 1 - prob_at_most(pain["dice"], 6, getattr(t, pain["attribute"]))
    names = ("hit", "critical hit", "critical miss", "stunned", "disarmed", "bleeds", "down", "dies")
    outcomes = {n: Fraction(0) for n in names}
    if state.options.armor_absorbs:
        outcomes["armor absorbs"] = Fraction(0)
    damage: dict[int, Fraction] = {}
    for (hit, crit, margin), p in _outcomes(plan.cell).items():
        if not hit:
            if crit is not None:
                outcomes["critical miss"] += p
            if "armor absorbs" in outcomes and t.armor and margin is not None and margin <= ABSORB_MARGIN:
                outcomes["armor absorbs"] += p
            continue
        outcomes["hit"] += p
        entry = table[crit] if crit is not None else None
        if entry is not None:
            outcomes["critical hit"] += p
            effect = entry["effect"]
            outcomes["stunned"] += p * stun_fail if effect == "pain_stun" else 0
            outcomes["disarmed"] += p if effect == "disarm" and t.ready else 0
            outcomes["bleeds"] += p if effect == "bleed" else 0
        for amount, q in base.items():
            dealt = critical_damage(entry, amount) if entry else amount
            damage[dealt] = damage.get(dealt, Fraction(0)) + p * q
            left = t.hp - dealt
            if left <= -t.body:
                outcomes["dies"] += p * q
            elif left <= 0 and t.status == "ok":
                outcomes["down"] += p * q
    chance = outcomes["hit"]
    given = {k: v / chance for k, v in sorted(damage.items())} if chance else {}
    expected = sum((Fraction(k) * v for k, v in damage.items()), Fraction(0))
    special = {
        CH: (18, "*CH on the chart: a critical hit, 1d6 on the critical hit table"),
        CM: (0, "*CM on the chart: a critical miss, 1d6 on the critical miss table"),
    }
    cell = plan.cell
    number, words = special[cell] if isinstance(cell, str) else (cell, f"3d6, {cell} or less")
    modifiers = plan.ar_parts + tuple((f"{name} (defense)", -v) for name, v in plan.dr_parts)
    return Prediction(3, number, chance, given, expected, outcomes, modifiers, roll=words)


def predict_spell(state: CCState, plan: CastPlan) -> Prediction | None:
    """A magical attack works when the target fails its saving throw vs. magic."""
    spell = state.tables.spells[plan.spell]
    if spell.kind != "attack":
        return None
    t = state.figures[plan.target]
    roll = state.tables.rolls["save_vs_magic"]
    score = getattr(t, roll["attribute"])
    fails = 1 - prob_at_most(roll["dice"], 6, score)
    effect = "knocked out" if spell.effect == "knockout" else "stunned"
    outcomes = {effect: fails, "saves": 1 - fails}
    words = f"{t.name} saves on {roll['dice']}d6, {score} or less"
    return Prediction(roll["dice"], score, fails, {}, Fraction(0), outcomes, roll=words)
