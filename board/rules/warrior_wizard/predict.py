"""Exact odds of an attack before it is made, from the formulas resolution uses."""

from __future__ import annotations

from fractions import Fraction

from board.dice import clamp_distribution, distribution, prob_at_most
from board.rules.base import Prediction
from board.rules.kernel.events import DIES, FALLS, UNCONSCIOUS
from board.rules.warrior_wizard.attack import (
    AttackPlan, armor_value, damage_dice, dice_count, modifiers, target_number,
)
from board.rules.warrior_wizard.damage import split_damage
from board.rules.warrior_wizard.state import WWState
from board.rules.warrior_wizard.stats import adj_dx


FIVE = "5+ damage this turn"  # the outcome: -2 adjusted DEX next turn


def predict_attack(state: WWState, plan: AttackPlan) -> Prediction:
    """Hit chance, damage taken after armor, and the chances of 5+, falling, unconsciousness
    and death, all as exact fractions (strays and a set pole arm's counter aside)."""
    t = state.figures[plan.target]
    a = state.figures[plan.attacker]
    n, number = dice_count(state, plan), target_number(state, plan)
    p_hit = prob_at_most(n, 6, number)
    outcomes = {FIVE: Fraction(0), FALLS: Fraction(0), UNCONSCIOUS: Fraction(0), DIES: Fraction(0)}
    if plan.maneuver:
        martial = plan.maneuver == "throw" and a.has_skill("Martial Arts")
        needed = (adj_dx(state, t) if martial else t.st) + (t.st - a.st)
        outcomes[FALLS] = p_hit * (1 - prob_at_most(3, 6, needed))
        return Prediction(n, number, p_hit, {0: Fraction(1)}, Fraction(0), outcomes,
                          tuple(modifiers(state, plan)))
    dice, multiplier, kind = damage_dice(state, plan)
    raw_dist = clamp_distribution(distribution(dice)) if dice is not None else {0: Fraction(1)}
    armor = armor_value(state, plan)
    record = t.turn
    fall_check = 1 - prob_at_most(3, 6, adj_dx(state, t) - (0 if t.has_skill("Acrobatics") else 2))
    nonlethal_rule = state.options.nonlethal_damage
    taken_dist: dict[int, Fraction] = {}
    for raw, p in raw_dist.items():
        raw *= multiplier
        lethal, nonlethal = split_damage(raw, armor, kind, nonlethal_rule, bool(t.armor))
        taken = lethal + nonlethal
        taken_dist[taken] = taken_dist.get(taken, Fraction(0)) + p
        lethal, total = t.lethal + lethal, t.damage + taken
        if nonlethal_rule:
            dead, out = lethal >= t.st, total >= t.st
        else:
            dead, out = t.st - total <= 0, t.st - total <= 1
        if dead and t.status != "dead":
            outcomes[DIES] += p
        elif out and t.status == "ok":
            outcomes[UNCONSCIOUS] += p
        if record.damage_after_armor + taken >= 5:
            outcomes[FIVE] += p
        if not (t.posture in ("fallen", "prone") or out):
            # As damage._falls: a total counts on the hit that first brings it to 8.
            if record.damage_after_armor < 8 <= record.damage_after_armor + taken:
                outcomes[FALLS] += p
            elif record.damage_before_armor < 8 <= record.damage_before_armor + raw:
                outcomes[FALLS] += p * fall_check
    outcomes = {key: value * p_hit for key, value in outcomes.items()}
    expected = p_hit * sum(k * p for k, p in taken_dist.items())
    return Prediction(n, number, p_hit, taken_dist, expected, outcomes, tuple(modifiers(state, plan)),
                      severe=5)
