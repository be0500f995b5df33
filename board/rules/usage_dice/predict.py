"""Exact odds of engaging in combat, defending yourself, firing or a stunt (resolution's formulas)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import prod

from board.rules.reports import Prediction
from board.rules.usage_dice.actions import STUNTS, volley_weapon, wrong_target
from board.rules.usage_dice.resolve import test_dice
from board.rules.usage_dice.gear import step_down
from board.rules.usage_dice.rolls import FULL, SUCCESS, absorb, armor_sides, grade_of, wound_kind
from board.rules.usage_dice.state import Figure, UDState


@lru_cache(maxsize=1024)
def test_outcomes(sides: tuple[int, ...]) -> dict[tuple[str, int], Fraction]:
    """P(grade, highest item die) of a test whose first die is the ability die (read only)."""
    states: dict[tuple[int, int, int], Fraction] = {(0, 0, 0): Fraction(1)}
    for index, s in enumerate(sides):
        grown: dict = defaultdict(Fraction)
        for (best, fulls, item), p in states.items():
            for face in range(1, s + 1):
                key = (max(best, face), min(2, fulls + (face >= FULL)), max(item, face) if index else item)
                grown[key] += p / s
        states = grown
    out: dict = defaultdict(Fraction)
    for (best, fulls, item), p in states.items():
        out[(grade_of(best, fulls), item)] += p
    return dict(out)


@lru_cache(maxsize=4096)  # the computer player predicts every attack on offer, every decision
def highest_of(sides: tuple[int, ...]) -> dict[int, Fraction]:
    """P(highest face) of a set of dice (0 for no dice; read only)."""
    if not sides:
        return {0: Fraction(1)}
    out = {}
    for k in range(1, max(sides) + 1):
        at_most = prod((Fraction(min(k, s), s) for s in sides), start=Fraction(1))
        below = prod((Fraction(min(k - 1, s), s) for s in sides), start=Fraction(1))
        if at_most != below:
            out[k] = at_most - below
    return out


def armor_rolls(f: Figure, ranged: bool, lone_wear: bool) -> dict[tuple[int, bool], Fraction]:
    """P(best armor face, shield still borne) of f's armor roll: a shield on its last step
    breaks when its own die shows 1 (wear on 1s), before it could be sundered."""
    sides = armor_sides(f, ranged)
    full = highest_of(sides)
    shield = f.shield
    wears = (
        shield is not None and (len(f.armor) >= 2 or lone_wear) and sum(a.kind == "shield" for a in f.armor) == 1
    )  # a second shield would still be borne
    if shield is None or not wears or not shield.wears or step_down(shield.die) is not None:
        return {(k, shield is not None): p for k, p in full.items()}
    i = f.armor.index(shield)
    broken: dict[int, Fraction] = defaultdict(Fraction)
    for k, p in highest_of(sides[:i] + sides[i + 1 :]).items():
        broken[max(k, 1)] += p / sides[i]
    out = {(k, True): p - broken.get(k, 0) for k, p in full.items()}
    out.update({(k, False): p for k, p in broken.items()})
    return {key: p for key, p in out.items() if p}


HitOutcomes = dict[tuple[int, str | None], Fraction]
HitSums = tuple[dict[str, Fraction], dict[int, Fraction]]
_HITS: dict[tuple, HitOutcomes] = {}
_SUMS: dict[tuple, HitSums] = {}


def _defence_key(f: Figure) -> tuple:
    """Everything of f that its armor and Power rolls read."""
    return (tuple((a.kind, a.die, a.wears) for a in f.armor), f.power, f.dodge, f.fatigue_limit - f.fatigue, f.sunder)


def _bounded(table: dict, key: tuple, work):
    """table[key], worked out by work() the first time; the table never holds over 4,096 answers."""
    out = table.get(key)
    if out is None:
        if len(table) >= 4096:
            table.clear()
        out = table[key] = work()
    return out


def hit_outcomes(f: Figure, damage: int, ranged: bool, lone_wear: bool = False) -> HitOutcomes:
    """P(damage past everything, wound) when f is dealt `damage`: its armor and Power rolls
    (read only). Worked out once for the same armor, Power, dodge and sunder: the computer
    player predicts every attack on offer in every rollout, and these sums are most of it."""
    key = (_defence_key(f), damage, ranged, lone_wear)
    return _bounded(_HITS, key, lambda: _hit_outcomes(f, damage, ranged, lone_wear))


def _hit_outcomes(f: Figure, damage: int, ranged: bool, lone_wear: bool) -> HitOutcomes:
    """hit_outcomes worked out: every armor roll, then every face of the Power die."""
    out: dict = defaultdict(Fraction)
    for (armor, bearing), pa in armor_rolls(f, ranged, lone_wear).items():
        result = absorb(f, damage, armor, bearing)
        for face in range(1, f.power + 1):
            out[(result.remaining, wound_kind(f.power, face, result.remaining))] += pa / f.power
    return dict(out)


def hit_sums(f: Figure, damage_dist: dict[int, Fraction], ranged: bool, lone_wear: bool) -> HitSums:
    """P(each outcome of a hit on f), by the outcome's name after the figure's, and P(damage
    left) when it is dealt damage_dist (read only; worked out once, as hit_outcomes)."""
    key = (_defence_key(f), tuple(damage_dist.items()), ranged, lone_wear)
    return _bounded(_SUMS, key, lambda: _hit_sums(f, damage_dist, ranged, lone_wear))


def _hit_sums(f: Figure, damage_dist: dict[int, Fraction], ranged: bool, lone_wear: bool) -> HitSums:
    outcomes: dict[str, Fraction] = defaultdict(Fraction)
    left: dict[int, Fraction] = defaultdict(Fraction)
    for damage, pd in damage_dist.items():
        for (remaining, wound), pw in hit_outcomes(f, damage, ranged, lone_wear).items():
            q = pd * pw
            outcomes[" hit"] += q
            left[remaining] += q
            if wound:
                outcomes[f": {wound} wound"] += q
            if wound in ("debilitating", "severe"):
                outcomes[" incapacitated"] += q
            if wound == "mortal":
                outcomes[" dies"] += q
    return dict(outcomes), dict(left)


class Tally:
    """Adds up who is hit, how hard and with what wound."""

    def __init__(self, lone_wear: bool = False):
        self.lone_wear = lone_wear
        self.outcomes: dict[str, Fraction] = defaultdict(Fraction)
        self.damage: dict[int, Fraction] = defaultdict(Fraction)

    def hit(
        self, who: str, f: Figure, damage_dist: dict[int, Fraction], p: Fraction, ranged: bool, track: bool = False
    ) -> None:
        outcomes, left = hit_sums(f, damage_dist, ranged, self.lone_wear)
        for name, q in outcomes.items():
            self.outcomes[who + name] += p * q
        if track:
            for remaining, q in left.items():
                self.damage[remaining] += p * q


def predict(state: UDState, details: dict) -> Prediction | None:
    """The odds of an aimed act planned by actions.plan."""
    f = state.figures[details["figure"]]
    t = state.figures[details["target"]]
    action = details["action"]
    tally = Tally(state.options.lone_item_wear)
    ranged = action == "shoot"
    test = test_dice(state, f, t, details)  # resolution's own: the same test, the same dice
    tester, items, mode, sides = test.tester, test.items, test.mode, test.sides
    details = {**details, "riposte": test.riposte}
    table = test_outcomes(sides)
    success = sum((p for (g, _), p in table.items() if g != "fail"), Fraction(0))
    for (grade, _item), p in table.items():
        if grade != "fail":
            tally.outcomes[grade] += p
    branch = _defended_branch if tester is t else _branch
    for (grade, item), p in table.items():
        branch(state, tally, details, f, t, grade, item, p, ranged)
    stunt = action in STUNTS
    # A stunt lands when its tester succeeds, or when the player defending against it fails.
    lands = 1 - success if details.get("defence") else success
    hit = lands if stunt else tally.outcomes.get("target hit", Fraction(0))
    damage = {k: v / hit for k, v in sorted(tally.damage.items())} if hit and not stunt else {0: Fraction(1)}
    expected = sum((k * v for k, v in tally.damage.items()), Fraction(0))
    names = " + ".join([f"{test.ability.title()} d{sides[0]}"] + [f"{i.name} d{s}" for i, s in zip(items, sides[1:])])
    who = "" if tester is f else f"{t.name} tests: "
    roll = f"{who}{names}, best 4+ (4-5 setback, two 6+ critical)"
    outcomes = {k: v for k, v in tally.outcomes.items() if v}
    outcomes.setdefault("success", Fraction(0))
    outcomes["test succeeds"] = success
    return Prediction(
        len(sides),
        SUCCESS,
        hit,
        damage,
        expected,
        outcomes,
        (("help", 1),) if mode > 0 else (("hindrance", -1),) if mode < 0 else (),
        roll,
    )


def _branch(state, tally: Tally, details, f, t, grade, item, p, ranged) -> None:
    """f tested for its own attack."""
    action = details["action"]
    if action in STUNTS:
        return  # stunts deal no damage directly: "hit" is the test's success
    if grade != "fail":
        tally.hit("target", t, {item: Fraction(1)}, p, ranged, track=True)
    elif action == "engage":
        tally.hit("you", f, highest_of(tuple(w.die for w in t.melee)), p, False)
    elif state.enemies_adjacent(t):  # a missed shot into a melee
        other = wrong_target(state, f, t)
        if other is not None:
            tally.hit("wrong target", other, {item: Fraction(1)}, p, True)
    else:
        weapon = volley_weapon(state, t, f)
        if weapon is not None:
            tally.hit("you", f, highest_of((weapon.die,)), p, True)


def _defended_branch(state, tally: Tally, details, f, t, grade, item, p, ranged) -> None:
    """The player's figure t tested against f's attack (defend yourself)."""
    attack = highest_of((details["weapon"].die,) if ranged else tuple(w.die for w in f.melee))
    if grade == "fail":
        if details["action"] not in STUNTS:
            tally.hit("target", t, attack, p, ranged, track=True)
    elif details["riposte"]:
        tally.hit("you", f, {item: Fraction(1)}, p, ranged)
    elif ranged and state.enemies_adjacent(t):  # avoided: the shot goes wide
        other = wrong_target(state, f, t)
        if other is not None:
            tally.hit("wrong target", other, attack, p, True)
