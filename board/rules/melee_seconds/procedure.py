"""The default attack, parry, hit-location and damage procedure (procedure.yaml), and its odds.

The text's Section C (Combat Procedures) is not included; procedure.yaml holds the board's
documented default, and resolution and prediction both read it through these functions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from board.dice import Dice, DiceSource, distribution, roll
from board.rules.reports import Prediction
from board.rules.melee_seconds.reach import weapon
from board.rules.melee_seconds.state import Fighter, MSState


@dataclass(frozen=True)
class Strike:
    """What an attack needs: attacker, target, weapon dice and where it lands."""

    attacker: str
    target: str
    zone: str  # front, side or rear
    ranged: bool = False
    weapon: str | None = None  # the weapon plotted (5.2); None: the one in hand
    # False: odds for a side that cannot see the target's plot for this second (stated in
    # secret), so a plotted spell must not show in them; resolution always sees it.
    plot_seen: bool = True


def defenceless(state: MSState, t: Fighter, plot_seen: bool = True) -> bool:
    """D is 0: casting a spell (3.7 "Spell Casting normally reduce D ... to 0") or helpless."""
    if not t.up:
        return True
    return (
        plot_seen
        and t.plot is not None
        and (
            t.plot.kind == "cast" or (t.plot.kind == "continue" and t.ongoing is not None and t.ongoing.kind == "cast")
        )
    )


def modifiers(state: MSState, strike: Strike) -> list[tuple[str, int]]:
    """The bonuses to the attack score, with their reasons."""
    rules = state.tables.procedure["attack"]
    out = [(f"{strike.zone} attack", rules[strike.zone])] if strike.zone != "front" else []
    if defenceless(state, state.figures[strike.target], strike.plot_seen):
        out.append(("defender's D is 0", rules["defenceless"]))
    return out


def target_number(state: MSState, strike: Strike) -> int:
    """Roll at or under this on the attack dice to make a Successful Attack."""
    return state.figures[strike.attacker].sheet.attack + sum(n for _, n in modifiers(state, strike))


def damage_dice(state: MSState, strike: Strike) -> Dice:
    w = weapon(state, state.figures[strike.attacker], strike.weapon)
    return w.damage if w is not None else Dice(1, 3, 0)  # empty-handed: a punch, 1d3


def armour_of(state: MSState, t: Fighter) -> int:
    return state.tables.armour.get(t.sheet.armour, 0) if t.sheet.armour else 0


def roll_damage(state: MSState, strike: Strike, dice: DiceSource) -> tuple[int, str, int, tuple]:
    """(damage after armour, never below 0; location, location bonus, faces) before any Shield."""
    loc = state.tables.location(roll(state.tables.dice("hit_locations"), dice).total)
    r = roll(damage_dice(state, strike), dice)
    armour = armour_of(state, state.figures[strike.target])
    return max(0, r.total + loc.damage - armour), loc.name, loc.damage, r.faces


def check_roll(state: MSState, score: int, dice: DiceSource, key: str = "checks") -> tuple[bool, int]:
    """A roll of the procedure's dice (a CO or ST check, a parry): (success, roll)."""
    total = roll(state.tables.dice(key), dice).total
    return total <= score, total


def predict(state: MSState, strike: Strike) -> Prediction:
    """Exact odds of an attack, before any Parry or Shield (those are the defender's answer)."""
    attack_dice = state.tables.dice("attack")
    number = target_number(state, strike)
    p_hit = sum((p for total, p in distribution(attack_dice).items() if total <= number), Fraction(0))
    t = state.figures[strike.target]
    armour = armour_of(state, t)
    taken: dict[int, Fraction] = {}
    for loc_roll, p_loc in distribution(state.tables.dice("hit_locations")).items():
        bonus = state.tables.location(loc_roll).damage
        for rolled, p in distribution(damage_dice(state, strike)).items():
            d = max(0, rolled + bonus - armour)
            taken[d] = taken.get(d, Fraction(0)) + p_loc * p
    out = {"hit": p_hit, "knocked out": Fraction(0), "killed": Fraction(0)}
    for d, p in taken.items():
        after = t.status_at(t.damage + d)  # as the wound would leave it
        if after != t.status:
            out["killed" if after == "dead" else "knocked out"] += p * p_hit
    expected = p_hit * sum(d * p for d, p in taken.items())
    return Prediction(
        attack_dice.count,
        number,
        p_hit,
        taken,
        expected,
        out,
        tuple(modifiers(state, strike)),
        roll=f"{attack_dice}, {number} or less (before any parry or shield)",
    )
