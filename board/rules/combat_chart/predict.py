"""Exact odds of an attack (and of a magical attack's saving throw), from resolution's formulas."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from board.dice import clamp_distribution, distribution, prob_at_most
from board.rules.base import Prediction
from board.rules.combat_chart.attack import ABSORB_MARGIN, AttackPlan, classify, critical_damage
from board.rules.combat_chart.magic import CastPlan
from board.rules.combat_chart.state import CCState
from board.rules.combat_chart.tables import CH, CM

ROLLS = tuple(product(range(1, 7), repeat=3))


def _outcomes(cell) -> dict[tuple[bool, int | None, int | None], Fraction]:
    """P of each (hit, critical face, miss margin) for a chart cell."""
    out: dict = {}
    if cell in (CH, CM):
        for k in range(1, 7):
            out[(cell == CH, k, None)] = Fraction(1, 6)
        return out
    for faces in ROLLS:
        hit, crit = classify(faces, cell)
        key = (hit, crit, None if hit else sum(faces) - cell)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 216)
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
    hit = outcomes["hit"]
    given = {k: v / hit for k, v in sorted(damage.items())} if hit else {}
    expected = sum((Fraction(k) * v for k, v in damage.items()), Fraction(0))
    if plan.cell == CH:
        number, words = 18, "*CH on the chart: a critical hit, 1d6 on the critical hit table"
    elif plan.cell == CM:
        number, words = 0, "*CM on the chart: a critical miss, 1d6 on the critical miss table"
    else:
        number, words = plan.cell, f"3d6, {plan.cell} or less"
    modifiers = plan.ar_parts + tuple((f"{name} (defense)", -v) for name, v in plan.dr_parts)
    return Prediction(dice=3, target_number=number, hit=hit, damage=given, expected_damage=expected,
                      outcomes=outcomes, modifiers=modifiers, roll=words)


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
    return Prediction(dice=roll["dice"], target_number=score, hit=fails, damage={},
                      expected_damage=Fraction(0), outcomes={effect: fails, "saves": 1 - fails},
                      roll=f"{t.name} saves on {roll['dice']}d6, {score} or less")
