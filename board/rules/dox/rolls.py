"""Trait rolls, Defense, the ranged challenge and the mass bonus: the numbers every action uses."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from board.dice import DiceSource, roll
from board.hexgrid import hex_distance, hex_neighbors
from board.rules.dox.sheet import Weapon
from board.rules.dox.state import DoxState, Fig
from board.rules.kernel.reach import walled

MAX_BANDS = 4  # a thrown or missile weapon reaches four range bands


@dataclass(frozen=True)
class TraitRoll:
    """One trait roll: the dice, the rating and modifiers, the total."""

    faces: tuple[int, ...]
    rating: int
    modifier: int
    total: int

    def data(self) -> dict:
        """For an event's data."""
        return {"dice": list(self.faces), "rating": self.rating, "modifier": self.modifier, "total": self.total}


def trait_roll(state: DoxState, rating: int, modifier: int, dice: DiceSource) -> TraitRoll:
    """Roll the trait dice (option trait_dice) and add the rating and modifiers."""
    r = roll(state.options.dice, dice)
    return TraitRoll(r.faces, rating, modifier, r.total + rating + modifier)


def carry_penalty(state: DoxState, f: Fig) -> int:
    """ "The target's weight is added to the attacker's encumbrance for purposes of movement and
    trait rolls": a grappler's rolls other than the grapple's own are at this penalty."""
    return -state.options.carry_penalty if state.hold_by(f.name) else 0


def power(f: Fig, weapon: Weapon) -> int:
    """What a blow adds to the dox: Strength (if the weapon takes it) + the weapon's damage."""
    return (f.strength if weapon.strength else 0) + weapon.damage


def offense(f: Fig, weapon: Weapon) -> int:
    """The rating of the trait the weapon's attack rolls: Marksman for missiles, else Warrior."""
    return f.marksman if weapon.offense == "marksman" else f.warrior


def mass_bonus(heavy: int, light: int) -> int:
    """ "+3 to grappling rolls for each doubling of mass ..., with an additional +1 or +2 if the
    more massive character is somewhere halfway to the next doubling." 0 unless heavy > light."""
    if heavy <= light:
        return 0
    ratio = Fraction(heavy, light)
    doublings = 0
    while ratio >= 2 ** (doublings + 1):
        doublings += 1
    beyond = ratio / 2**doublings - 1  # 0 <= beyond < 1: how far toward the next doubling
    extra = 2 if beyond >= Fraction(1, 2) else 1 if beyond >= Fraction(1, 4) else 0
    return 3 * doublings + extra


def reach(state: DoxState, f: Fig, target_hex, weapon: Weapon) -> tuple[str, int] | str:
    """("melee", 0) or ("ranged", ranged challenge) for an attack on a hex, or why it cannot."""
    distance = hex_distance(f.hex, target_hex)
    if distance <= weapon.reach:
        return ("melee", 0)
    if weapon.range <= 0:
        return f"out of reach of the {weapon.name} ({weapon.reach} hex{'es' if weapon.reach > 1 else ''})"
    band = (distance - 1) // weapon.range
    if band >= MAX_BANDS:
        return f"beyond the {weapon.name}'s range ({MAX_BANDS * weapon.range} hexes)"
    if all(walled(state.battle, f.hex, target_hex)):  # a wall on both nudged lines
        return "a wall blocks the line"
    # "Add this to the challenge number for the range, if any."
    return ("ranged", band * state.options.range_step)


@dataclass(frozen=True)
class Defense:
    """The Defense an attack is rolled against, and where it comes from."""

    value: int
    using: str  # dodge, parry, rider, strength, none, surprised
    guard: str | None = None  # a friend's assisted block


def parry_value(state: DoxState, defender: Fig, attack: Weapon | None) -> int | None:
    """The defender's Parry against this attack, or None if he cannot parry it."""
    mine = state.weapon(defender)
    if attack is None or (not mine.parry and not defender.shield):
        return None  # an area attack is not parried; nothing in hand parries
    style = state.options.parry_style
    foolish = not defender.shield and mine.close and (attack.size == "large" or attack.missile)
    if attack.missile and not defender.shield and style != "cinematic":
        return None
    mod = {"gritty": -2, "cinematic": 2}.get(style, 0) if foolish else 0
    return state.options.defense_base + defender.parry + mod


def can_dodge(state: DoxState, f: Fig) -> bool:
    """ "The only requirement for a dodge is that there be room to move out of harm's way": a free,
    passable hex next to the figure; and no dodging in the saddle, prone or restrained."""
    if f.mount or f.posture == "prone" or state.holds_on(f.name):
        return False
    return any(state.free(h, (f.name,)) for h in hex_neighbors(f.hex))


def defense(state: DoxState, attacker: Fig, target: Fig, attack: Weapon | None, strength_ok: bool = False) -> Defense:
    """The better of Dodge and Parry, or the one that is possible (Rider when mounted and
    unable to block, Strength against a grab to disarm, a friend's assisted block)."""
    base = state.options.defense_base
    if target.unaware:
        # "the victim does not get the benefit of his Dodge or Parry ... a challenge level of 6":
        # his own reactions only; Strength against a grab to disarm and a friend's block remain.
        choices: list[Defense] = [Defense(base, "surprised")]
    else:
        choices = [Defense(base, "none")] + _own_reactions(state, target, attack, base)
    if strength_ok:
        # "The target may use Strength for Defense in this case."
        choices.append(Defense(base + target.strength, "strength"))
    for guard in state.figures.values():
        # "Characters can also choose to block attacks aimed at a friend": the guard's Parry,
        # unless the guard is caught unaware too.
        if (
            guard.guarding == target.name
            and guard.up
            and not guard.unaware
            and not state.holds_on(guard.name)
            and hex_distance(guard.hex, target.hex) <= state.options.assist_range
        ):
            value = parry_value(state, guard, attack)
            if value is not None:
                choices.append(Defense(value, "assisted block", guard.name))
    best = max(c.value for c in choices)
    # Own defenses first: a friend's block is spent only when it is better.
    return next(c for c in choices if c.value == best)


def _own_reactions(state: DoxState, target: Fig, attack: Weapon | None, base: int) -> list[Defense]:
    """The target's own Dodge and Parry (or Rider, mounted and unable to block)."""
    out = []
    if can_dodge(state, target):
        out.append(Defense(base + target.dodge, "dodge"))
    parry = parry_value(state, target, attack)
    if parry is not None:
        out.append(Defense(parry, "parry"))
    elif target.mount:
        out.append(Defense(base + target.rider - state.options.rider_defense_penalty, "rider"))
    return out
