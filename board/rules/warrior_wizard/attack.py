"""Attacks: the DEX check with every modifier, dice, damage, armor, stray missiles, and the
exact odds of an attack before it is made (from the same formulas)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from board.dice import (
    Dice,
    DiceSource,
    add_bonus,
    check,
    clamp_distribution,
    distribution,
    prob_at_most,
    roll,
    strength_damage,
)
from board.frozen import quick_init
from board.rules.base import Event
from board.rules.reports import Prediction
from board.rules.kernel.events import DIES, FALLS, UNCONSCIOUS, damage_rolled
from board.rules.kernel.reach import distance
from board.rules.warrior_wizard.damage import down, split_damage, take_damage
from board.rules.warrior_wizard.targets import brawlers, line_of_fire
from board.rules.warrior_wizard.engagement import random_order
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import adj_dx, armor_against, facing_zone
from board.rules.warrior_wizard.tables import Weapon
from board.words import hexes, pronoun

MELEE_MODES = ("melee", "hth")
RANGED_MODES = ("thrown", "missile", "spell")
BLUDGEONING = (
    "Club",
    "Hammer",
    "Mace",
    "Great Hammer",
    "Morningstar",
    "Quarterstaff",
    "Nunchaku",
    "Thrown Rock",
    "Sling",
    "Wizard's Staff",
    "Cestus",
    "Burning Torch",
)


@quick_init
@dataclass(frozen=True)
class AttackPlan:
    """A checked attack, ready to resolve or to predict."""

    attacker: str
    target: str
    weapon: str | None  # None: bare hands
    mode: str  # melee, hth, thrown, missile or spell
    maneuver: str | None = None
    extra_damage: int = 0  # "+1 for every 2 STR higher, with a corresponding -1 to hit"
    charge: bool = False
    straight_charge: bool = False  # a pole arm's last three hexes in a straight line
    set_vs_charge: bool = False  # a set pole arm striking a charger
    disengage_penalty: int = 0
    spell_dice: Dice | None = None


def st_surplus(attacker: FigureState, weapon: Weapon | None) -> int:
    """Strength over (positive) or under (negative) the weapon's minimum; 0 with no minimum."""
    if weapon is None or weapon.st_min is None:
        return 0
    return attacker.st - weapon.st_min


def max_extra_damage(attacker: FigureState, weapon: Weapon | None) -> int:
    """The most extra damage Strength allows: +1 per 2 STR over, at most +3."""
    return max(0, min(3, st_surplus(attacker, weapon) // 2))


def modifiers(state: WWState, plan: AttackPlan) -> list[tuple[str, int]]:
    """Every modifier to the attacker's DEX for this attack, with its reason."""
    a, t = state.figures[plan.attacker], state.figures[plan.target]
    weapon = state.tables.weapon(plan.weapon) if plan.weapon else None
    mods: list[tuple[str, int]] = []
    surplus = st_surplus(a, weapon)
    if surplus < 0:
        mods.append((f"STR {-surplus} under the minimum", surplus))
    if plan.extra_damage:
        mods.append((f"+{plan.extra_damage} damage from Strength", -plan.extra_damage))
    d = distance(a, t)
    if plan.mode == "melee" and weapon is not None and weapon.lengths == ("short",) and d >= 1:
        mods.append(("Short weapon into the next hex", -1))
    if plan.mode in ("thrown", "spell") and d > 1:
        mods.append((f"thrown: {hexes(d - 1)} between", -(d - 1)))
    if plan.mode == "missile":
        # "no penalty against targets in the same multihex or up to two away, -1 for 3 to 4
        # multihexes, -2 for 5 to 6": -1 per six hexes beyond the first six.
        bands = ceil(d / 6) - 1
        if bands > 0:
            mods.append((f"range {hexes(d)}", -bands))
    if plan.mode in RANGED_MODES:
        _, bystanders = line_of_fire(state, a, t)
        if bystanders:
            mods.append((f"{', '.join(bystanders)} in the line of fire", -len(bystanders)))
        others = brawlers(a, t, state)
        if others:
            mods.append((f"into a brawl with {', '.join(others)}", -len(others)))
    if t.turn.stance == "breather":
        mods.append(("target taking a breather", +3))
    if plan.set_vs_charge:
        mods.append(("pole arm set against the charge", +2))
    if plan.disengage_penalty:
        mods.append(("target disengaging with higher DEX", -plan.disengage_penalty))
    if state.spells:
        mods += [(f"spell: {s.name}", -4) for s in state.spells if s.target == t.name and s.effect == "blur"]
    return mods


def target_number(state: WWState, plan: AttackPlan, mods: list[tuple[str, int]]) -> int:
    """The number to roll at or under, from the attack's modifiers (worked out once by the caller)."""
    return adj_dx(state, state.figures[plan.attacker]) + sum(n for _, n in mods)


def dice_count(state: WWState, plan: AttackPlan) -> int:
    """3 dice, or 4 against a figure Defending (melee) or Dodging (ranged)."""
    stance = state.figures[plan.target].turn.stance
    if (stance == "defend" and plan.mode in MELEE_MODES) or (stance == "dodge" and plan.mode in RANGED_MODES):
        return 4
    return 3


def thrown_boost(state: WWState, a: FigureState, plan: AttackPlan) -> int:
    """Damage a carried Spear Thrower adds to a thrown Spear ("+2 to thrown spear")."""
    if plan.mode != "thrown" or plan.weapon is None:
        return 0
    boosts = (state.tables.weapon(w) for w in a.weapons if w != plan.weapon)
    return max((w.boost for w in boosts if w.boosts == plan.weapon), default=0)


def damage_dice(state: WWState, plan: AttackPlan) -> tuple[Dice | None, int, str]:
    """The damage roll, its multiplier (pole arms double) and its kind (for nonlethal damage).

    No dice (None) for a weapon whose damage the table leaves to notes the text lacks
    ("(See Notes)", "Poison"): a hit does no damage and its effect is the GM's."""
    a = state.figures[plan.attacker]
    weapon = state.tables.weapon(plan.weapon) if plan.weapon else None
    if plan.spell_dice is not None:
        return plan.spell_dice, 1, "damaging"
    if weapon is None or weapon.strength_damage:
        return strength_damage(a.st), 1, "bludgeoning"  # "A punch is considered a bludgeoning attack"
    if weapon.dice is None:
        return None, 1, "damaging"
    bonus = plan.extra_damage + thrown_boost(state, a, plan)
    if a.flaming == weapon.name and not weapon.burning:
        bonus += 2  # "Generally, a weapon that is on fire does +2 damage" (a flaming arrow too)
    surplus = st_surplus(a, weapon)
    if surplus < 0:
        bonus -= -surplus // 2  # "-1 to damage for every 2 STR less": 1 short costs none
    dice = add_bonus(weapon.dice, bonus) if bonus else weapon.dice
    double = plan.straight_charge or plan.set_vs_charge
    kind = "bludgeoning" if weapon.name in BLUDGEONING else "damaging"
    return dice, 2 if double else 1, kind


def armor_value(state: WWState, a: FigureState, t: FigureState) -> int:
    """Armor, shield and parry stopping a's attack on t, by where a stands."""
    return sum(n for _, n in armor_against(state, t, facing_zone(a, t)))


def resolve(state: WWState, plan: AttackPlan, dice: DiceSource) -> list[Event]:
    """Roll the attack; on a hit roll damage (or the maneuver's ST check); strays on a miss."""
    a, t = state.figures[plan.attacker], state.figures[plan.target]
    mods = modifiers(state, plan)  # worked out once: the number, and the event's list
    number, n = target_number(state, plan, mods), dice_count(state, plan)
    result = check(n, number, dice)
    what = plan.weapon or ("a spell" if plan.mode == "spell" else "bare hands")
    data = {
        "target": t.name,
        "weapon": plan.weapon,
        "dice": n,
        "faces": list(result.faces),
        "roll": result.total,
        "needed": number,
        "hit": result.success,
        "modifiers": mods,
    }
    verb = "hits" if result.success else "misses"
    events = [
        Event(
            "attack",
            f"{a.name} attacks {t.name} with {what}: {n}d6 rolls {result.total} vs {number}, {verb}",
            a.name,
            data,
        )
    ]
    if result.success:
        if plan.maneuver:
            return events + knock_down(state, plan, dice)
        return events + hit(state, plan, t, dice)
    if plan.mode in ("thrown", "missile"):
        events += strays(state, plan, dice)
    return events


def hit(state: WWState, plan: AttackPlan, t: FigureState, dice: DiceSource) -> list[Event]:
    """Roll damage against t and apply it."""
    a = state.figures[plan.attacker]
    dmg, multiplier, kind = damage_dice(state, plan)
    if dmg is None:
        assert plan.weapon is not None  # only a weapon's table leaves its damage to notes (damage_dice)
        weapon = state.tables.weapon(plan.weapon)
        return [
            Event(
                "hit_effect",
                f'The {weapon.name} strikes {t.name}: its effect ("{weapon.damage_text}") is for the GM to apply',
                a.name,
                {"target": t.name, "weapon": weapon.name, "effect": weapon.damage_text},
            )
        ]
    rolled = roll(dmg, dice)
    raw = max(0, rolled.total) * multiplier
    armor = armor_value(state, a, t)
    text = f"{dmg} rolls {rolled.total}" + (" x2" if multiplier == 2 else "")
    events = [damage_rolled(a.name, dmg, rolled.faces, raw, text, double=multiplier == 2)]
    return events + take_damage(state, t, raw, armor, dice, kind, attacker=a)


def knock_down(state: WWState, plan: AttackPlan, dice: DiceSource) -> list[Event]:
    """Shield rush, slam or throw: "The target then rolls a 3 die Strength Check (based on his
    unwounded Strength) ... If the target is stronger than the attacker, he receives a bonus
    ... equal to the difference; if weaker, ... a penalty equal to the difference.\""""
    a, t = state.figures[plan.attacker], state.figures[plan.target]
    needed, what = keep_feet(state, a, t, plan.maneuver)
    result = check(3, needed, dice)
    data = {"faces": list(result.faces), "needed": needed, "success": result.success}
    if result.success:
        kept = f"{t.name} keeps {pronoun(t, 'their')} feet ({what} check {result.total} vs {needed})"
        return [Event("keeps_feet", kept, t.name, data)]
    t.posture = "fallen"
    return [Event("falls", f"{t.name} is knocked down ({what} check {result.total} vs {needed})", t.name, data)]


def keep_feet(state: WWState, a: FigureState, t: FigureState, maneuver: str | None) -> tuple[int, str]:
    """What t's 3-die check against a's maneuver needs, and of what: ST, "based on his unwounded
    Strength", or DEX ("A Martial Arts throw may substitute a DEX Check")."""
    if maneuver == "throw" and a.has_skill("Martial Arts"):
        return adj_dx(state, t) + (t.st - a.st), "DEX"
    return t.st + (t.st - a.st), "ST"


def strays(state: WWState, plan: AttackPlan, dice: DiceSource) -> list[Event]:
    """A missed missile may hit a figure in its path, nearest first.

    "Roll an Effective Dexterity Check for each character in the path, starting with the one
    closest to the attacker, at standard penalties for ranged combat; a successful check means
    the attack misses its unintended targets." Each bystander rolls against its own adjusted
    DEX, less the attack's range penalty.
    """
    a, t = state.figures[plan.attacker], state.figures[plan.target]
    _, bystanders = line_of_fire(state, a, t)
    # "When attacking into a brawl, choose the order in which characters are targeted
    # randomly": the brawl's others come after those in the path, the hex being the farthest.
    bystanders += random_order(brawlers(a, t, state), dice)
    range_penalty = sum(n for reason, n in modifiers(state, plan) if reason.startswith(("thrown:", "range")))
    events: list[Event] = []
    for name in bystanders:
        b = state.figures[name]
        needed = adj_dx(state, b) + range_penalty
        result = check(3, needed, dice)
        data = {"faces": list(result.faces), "needed": needed, "success": result.success}
        if result.success:
            events.append(
                Event("stray_miss", f"The missile passes {name} ({result.total} vs {needed})", name, data, tone="dim")
            )
            continue
        events.append(
            Event(
                "stray_hit", f"The missile strikes {name} instead ({result.total} vs {needed})", name, data, tone="hurt"
            )
        )
        return events + hit(state, plan, state.own(name), dice)
    return events


FIVE = "5+ damage this turn"  # the outcome: -2 adjusted DEX next turn


def predict_attack(state: WWState, plan: AttackPlan) -> Prediction:
    """Hit chance, damage taken after armor, and the chances of 5+, falling, unconsciousness
    and death, all as exact fractions (strays and a set pole arm's counter aside)."""
    t = state.figures[plan.target]
    a = state.figures[plan.attacker]
    mods = tuple(modifiers(state, plan))  # worked out once, as in resolve()
    n, number = dice_count(state, plan), target_number(state, plan, list(mods))
    p_hit = prob_at_most(n, 6, number)
    outcomes = {FIVE: Fraction(0), FALLS: Fraction(0), UNCONSCIOUS: Fraction(0), DIES: Fraction(0)}
    if plan.maneuver:
        outcomes[FALLS] = p_hit * (1 - prob_at_most(3, 6, keep_feet(state, a, t, plan.maneuver)[0]))
        return Prediction(n, number, p_hit, {0: Fraction(1)}, Fraction(0), outcomes, mods)
    dice, multiplier, kind = damage_dice(state, plan)
    raw_dist = clamp_distribution(distribution(dice)) if dice is not None else {0: Fraction(1)}
    armor = armor_value(state, a, t)
    record = t.turn
    fall_check = 1 - prob_at_most(3, 6, adj_dx(state, t) - (0 if t.has_skill("Acrobatics") else 2))
    nonlethal_rule = state.options.nonlethal_damage
    taken_dist: dict[int, Fraction] = {}
    for raw, p in raw_dist.items():
        raw *= multiplier
        lethal, nonlethal = split_damage(raw, armor, kind, nonlethal_rule, bool(t.armor))
        taken = lethal + nonlethal
        taken_dist[taken] = taken_dist.get(taken, Fraction(0)) + p
        dead, out = down(state, t, t.lethal + lethal, t.damage + taken)
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
    return Prediction(n, number, p_hit, taken_dist, expected, outcomes, mods, severe=5)
