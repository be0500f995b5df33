"""Exact odds of a strike (or grab, or area attack) before it is made, from the same plans."""

from __future__ import annotations

from fractions import Fraction

from board.dice import distribution
from board.rules.base import Command, Prediction, Refusal
from board.rules.dox import attacks
from board.rules.dox.grapple import grab_defense, plan as plan_grapple
from board.rules.dox.rolls import power
from board.rules.dox.state import DoxState

ZERO = Fraction(0)


def _at_least(dist: dict[int, Fraction], need: int) -> Fraction:
    return sum((p for total, p in dist.items() if total >= need), ZERO)


def _given_hit(by_damage: dict[int, Fraction], hit: Fraction) -> dict[int, Fraction]:
    return {d: q / hit for d, q in sorted(by_damage.items())} if hit else {0: Fraction(1)}


def predict(state: DoxState, command: Command) -> Prediction | None:
    """Exact odds for strike, disarm, area_attack, grapple and grab_disarm; None otherwise."""
    try:
        if command.action in ("strike", "disarm"):
            return _strike(state, attacks.plan_strike(state, command))
        if command.action == "area_attack":
            return _area(state, attacks.plan_area(state, command))
        if command.action in ("grapple", "grab_disarm"):
            return _grab(state, command)
    except Refusal:
        return None
    return None


def _strike(state: DoxState, p: attacks.StrikePlan) -> Prediction:
    dist = distribution(state.options.dice)
    need = p.challenge - p.rating - p.bonus  # the bare dice must reach this
    hit, unseated, down = ZERO, ZERO, ZERO
    by_wounds: dict[int, Fraction] = {}
    left = p.target.max_wounds - p.target.wounds
    for total, prob in dist.items():
        dox = total - need
        if dox < 0:
            continue
        hit += prob
        wounds = 0 if p.disarm else p.wounds(state, dox)
        by_wounds[wounds] = by_wounds.get(wounds, ZERO) + prob
        if wounds >= left:
            down += prob
        if p.target.mount and not p.disarm:
            unseated += prob * (1 - _at_least(dist, p.raw_damage(dox) - p.target.rider))
    outcomes = {"hit": hit}
    if p.disarm:
        outcomes["disarmed"] = hit
    else:
        outcomes["down (before Fortune)"] = down
        if p.target.mount:
            outcomes["unseated"] = unseated
    mods = tuple(p.modifiers) + ((("range", -p.range_challenge),) if p.range_challenge else ())
    expected, damage = sum((w * q for w, q in by_wounds.items()), ZERO), _given_hit(by_wounds, hit)
    return Prediction(
        dice=state.options.dice.count, target_number=need, hit=hit, damage=damage,
        expected_damage=expected, outcomes=outcomes,
        modifiers=mods, roll=f"{state.options.trait_dice} + {p.rating}{p.bonus:+d} vs "
                             f"{p.challenge} ({p.defense.using}): dox 0 or more hits")


def _area(state: DoxState, p: attacks.AreaPlan) -> Prediction:
    need = p.challenge - p.rating - p.bonus
    hit, raw = ZERO, {}
    for total, prob in distribution(state.options.dice).items():
        dox = total - need
        if dox > 0:
            hit += prob
            damage = dox + power(p.attacker, p.weapon)
            raw[damage] = raw.get(damage, ZERO) + prob
    return Prediction(
        dice=state.options.dice.count, target_number=need + 1, hit=hit, damage=_given_hit(raw, hit),
        expected_damage=sum((d * q for d, q in raw.items()), ZERO),
        outcomes={"hits the area": hit},
        roll=f"{state.options.trait_dice} + {p.rating} vs more than {p.challenge} "
             "(damage before Protection; each figure may leap clear)")


def _grab(state: DoxState, command: Command) -> Prediction:
    f, target = plan_grapple(state, command)
    disarm = command.action == "grab_disarm"
    d = grab_defense(state, f, target, disarm)
    need = d.value - f.warrior
    hit = _at_least(distribution(state.options.dice), need)
    return Prediction(
        dice=state.options.dice.count, target_number=need, hit=hit, damage={0: Fraction(1)},
        expected_damage=ZERO, outcomes={"disarmed" if disarm else "restrained": hit},
        roll=f"{state.options.trait_dice} + {f.warrior} (Warrior) vs {d.value} ({d.using})")
