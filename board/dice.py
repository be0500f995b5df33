"""Dice expressions, the Standard Damage Progression, random sources and exact odds."""

from __future__ import annotations

import functools
import operator
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, runtime_checkable
from collections.abc import Iterable, Mapping

from board.frozen import quick_init

__all__ = [
    "Check",
    "ChainedDice",
    "Dice",
    "DiceError",
    "DiceScriptExhausted",
    "DiceSource",
    "RecordingDice",
    "Roll",
    "ScriptedDice",
    "SeededDice",
    "add_bonus",
    "check",
    "check_margin_distribution",
    "clamp_distribution",
    "distribution",
    "expected",
    "from_value",
    "prob_at_most",
    "roll",
    "roll_dice",
    "strength_damage",
]

# The Standard Damage Progression is written in d6 terms: one die is worth 6 "points".
PROGRESSION_SIDES = 6

_EXPECTED = 'expected dice like "2d6-1", "1d6+3" or "3 points"'

# "2d6-1", "2D6 - 1", "d6", "1d8+2": count is optional so a bare "d6" means one die.
_DICE_RE = re.compile(r"(\d*)\s*d\s*(\d+)(?:\s*([+-])\s*(\d+))?", re.IGNORECASE)
# "3 points", "1 point", "5": a flat amount with no dice; no sign, since a bare "+2" is
# a bonus to add to dice, not an amount of damage.
_POINTS_RE = re.compile(r"(\d+)(?:\s*(?:points?|pts?))?", re.IGNORECASE)
# Rule text pasted from PDFs often carries typographic minus signs and dashes.
_MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})


class DiceError(ValueError):
    """Bad dice text, an impossible dice expression or an impossible scripted die."""


class DiceScriptExhausted(RuntimeError):
    """A ScriptedDice was asked for more dice than it was given."""


def _require_int(name: str, value: object) -> None:
    """Raise TypeError unless value is a plain int (bools are rejected as likely mistakes)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")


def _require_sides(sides: int) -> None:
    """Raise DiceError unless sides names a real die."""
    if type(sides) is int and sides >= 2:  # the usual die, told apart in one test (every roll)
        return
    _require_int("sides", sides)
    if sides < 2:
        raise DiceError(f"a die needs at least 2 sides, got d{sides}")


def _require_count(count: int) -> None:
    """Raise DiceError unless count is a possible number of dice."""
    if type(count) is int and count >= 0:  # the usual count, as _require_sides
        return
    _require_int("count", count)
    if count < 0:
        raise DiceError(f"cannot roll a negative number of dice ({count})")


@dataclass(frozen=True)
class Dice:
    """A dice expression NdS+M; count 0 is a flat amount ("3 points")."""

    count: int
    sides: int = 6
    modifier: int = 0

    def __post_init__(self) -> None:
        _require_count(self.count)
        _require_sides(self.sides)
        _require_int("modifier", self.modifier)
        if self.count == 0:
            # A negative flat amount is a penalty, not damage, and has no printed form.
            if self.modifier < 0:
                raise DiceError(f"a flat amount cannot be negative ({self.modifier} points)")
            # Points have no dice, so sides is meaningless: normalise it so that two
            # expressions printing as "3 points" are also equal.
            object.__setattr__(self, "sides", PROGRESSION_SIDES)

    def __str__(self) -> str:
        """Canonical text: "2d6-1", "1d6+3", "3d6", "1 point", "3 points", "1d8"."""
        if self.count == 0:
            return "1 point" if self.modifier == 1 else f"{self.modifier} points"
        bonus = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{bonus}"

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read "2d6-1", "2D6 - 1", "d6", "1d6+3", "3 points", "1 point" or "5"."""
        if not isinstance(text, str):
            raise DiceError(f"{_EXPECTED}, got {text!r}")
        cleaned = text.strip().translate(_MINUS_SIGNS)
        match = _DICE_RE.fullmatch(cleaned)
        if match:
            count_text, sides_text, sign, amount = match.groups()
            count = int(count_text) if count_text else 1
            modifier = int(amount or 0) * (-1 if sign == "-" else 1)
            return cls(count, int(sides_text), modifier)
        match = _POINTS_RE.fullmatch(cleaned)
        if match:
            return cls(0, PROGRESSION_SIDES, int(match.group(1)))
        raise DiceError(f'{_EXPECTED}, got "{text}"')

    @property
    def value(self) -> int:
        """Progression value 6N+M (1d6 = 6, 1d6+3 = 2d6-3 = 9); d6 only."""
        if self.sides != PROGRESSION_SIDES:
            raise DiceError(f"the damage progression only covers d6 dice, not {self}")
        return PROGRESSION_SIDES * self.count + self.modifier

    @property
    def min(self) -> int:
        """Lowest possible total (not clamped at 0)."""
        return self.count + self.modifier

    @property
    def max(self) -> int:
        """Highest possible total."""
        return self.count * self.sides + self.modifier

    @property
    def mean(self) -> Fraction:
        """Exact average total."""
        return Fraction(self.count * (self.sides + 1), 2) + self.modifier

    def with_bonus(self, n: int) -> Dice:
        """This expression with n added along the damage progression."""
        return add_bonus(self, n)


def from_value(v: int) -> Dice:
    """Dice for progression value v, preferring fewer dice on a cusp (9 -> 1d6+3)."""
    v = operator.index(v)
    if v <= 0:
        return Dice(0, PROGRESSION_SIDES, 0)
    if v <= 2:
        # "2 points/1d6-4": the flat amount is the fewer-dice form.
        return Dice(0, PROGRESSION_SIDES, v)
    # Each die covers modifiers -2..+3 (its own "+3" beats the next die's "-3"), except
    # the first die, which also starts the progression at 1d6-3.
    count = max(1, -(-(v - 3) // PROGRESSION_SIDES))
    return Dice(count, PROGRESSION_SIDES, v - PROGRESSION_SIDES * count)


def add_bonus(d: Dice, n: int) -> Dice:
    """d plus n along the progression; non-d6 dice just add n to the modifier."""
    n = operator.index(n)
    if n == 0:
        # Leave table entries such as "1d6-4" exactly as written.
        return d
    if d.sides != PROGRESSION_SIDES:
        # Other rulesets' dice have no progression, so the bonus stays a bonus.
        return Dice(d.count, d.sides, d.modifier + n)
    return from_value(d.value + n)


def strength_damage(st: int) -> Dice:
    """Punch damage for Strength st (ST 10 -> 2d6-2, ST 14 -> 2d6+2)."""
    # The table's "Strength = 6 x column + bonus" reading makes ST the progression value.
    return from_value(st)


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll one die."""

    def roll(self, sides: int) -> int:
        """One die with the given number of sides: a value in 1..sides."""
        ...


class SeededDice:
    """Reproducible pseudo-random dice; the seed is kept so a game can be replayed."""

    def __init__(self, seed: int | str | None = None) -> None:
        # With no seed, pick one and keep it, so even an unplanned game can be replayed.
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        # Made at the first roll: seeding from a string hashes it (SHA-512), and most commands
        # (moves, turns) roll nothing.
        self._rng: random.Random | None = None

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed!r})"

    def roll(self, sides: int) -> int:
        """One die from the seeded generator."""
        if type(sides) is not int or sides < 2:  # the usual die passes in one test (every roll)
            _require_sides(sides)
        if self._rng is None:
            self._rng = random.Random(self.seed)
        # randint(1, sides) is 1 + _randbelow(sides) (random.py): the same die, without the two
        # Python calls of argument checks around it.
        return 1 + self._rng._randbelow(sides)  # type: ignore[attr-defined]


class ScriptedDice:
    """Dice that come up exactly as given, in order (tests, forced rolls)."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = tuple(values)
        for value in self._values:
            _require_int("a scripted die", value)
        self._next = 0

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self._values[self._next :])!r})"

    @property
    def remaining(self) -> int:
        """How many scripted dice have not been rolled yet."""
        return len(self._values) - self._next

    def roll(self, sides: int) -> int:
        """The next scripted die, checked against the die being rolled."""
        _require_sides(sides)
        if self._next >= len(self._values):
            used = len(self._values)
            raise DiceScriptExhausted(f"the script ran out of dice after {used} roll{'' if used == 1 else 's'}")
        value = self._values[self._next]
        if not 1 <= value <= sides:
            # Checked before advancing so the script is not silently skipped past.
            raise DiceError(f"scripted die {value} is not a d{sides} face")
        self._next += 1
        return value


class ChainedDice:
    """Forced dice first, then another source once they run out."""

    def __init__(self, first: ScriptedDice, then: DiceSource) -> None:
        self.first = first
        self.then = then

    def __repr__(self) -> str:
        return f"ChainedDice({self.first!r}, {self.then!r})"

    def roll(self, sides: int) -> int:
        """A forced die while any are left, otherwise one from the fallback."""
        if self.first.remaining:
            return self.first.roll(sides)
        return self.then.roll(sides)


class RecordingDice:
    """Wraps a source and records every (sides, value) it rolls, for events and logs."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.rolls: list[tuple[int, int]] = []

    def __repr__(self) -> str:
        return f"RecordingDice({self.inner!r})"

    def roll(self, sides: int) -> int:
        """One die from the inner source, recorded."""
        value = self.inner.roll(sides)
        self.rolls.append((sides, value))
        return value

    def take(self) -> list[tuple[int, int]]:
        """The rolls recorded so far, clearing the record."""
        taken, self.rolls = self.rolls, []
        return taken


@quick_init
@dataclass(frozen=True)
class Roll:
    """One roll of a dice expression; total is not clamped (callers clamp damage)."""

    dice: Dice
    faces: tuple[int, ...]
    total: int


def roll_dice(n: int, sides: int, source: DiceSource) -> tuple[int, ...]:
    """Roll n dice of the given sides from source."""
    if type(n) is not int or n < 0 or type(sides) is not int or sides < 2:  # not the usual dice
        _require_count(n)
        _require_sides(sides)
    roll_one = source.roll
    faces = tuple([roll_one(sides) for _ in range(n)])
    for face in faces:
        # A faulty custom source would otherwise corrupt totals silently.
        if not isinstance(face, int) or not 1 <= face <= sides:
            raise DiceError(f"dice source gave {face!r}, which is not a d{sides} face")
    return faces


def roll(d: Dice, source: DiceSource) -> Roll:
    """Roll a dice expression from source."""
    faces = roll_dice(d.count, d.sides, source)
    return Roll(d, faces, sum(faces) + d.modifier)


@functools.lru_cache(maxsize=256)
def _sum_counts(n: int, sides: int) -> tuple[int, ...]:
    """Ways to roll each total n..n*sides on n dice (index 0 is total n)."""
    counts = [1]
    for _ in range(n):
        # Convolve with one more die: a sliding window of `sides` previous counts.
        grown = []
        window = 0
        for total in range(len(counts) + sides - 1):
            if total < len(counts):
                window += counts[total]
            if total >= sides:
                window -= counts[total - sides]
            grown.append(window)
        counts = grown
    return tuple(counts)


def distribution(d: Dice) -> dict[int, Fraction]:
    """Exact probability of each total of d."""
    ways = d.sides**d.count
    low = d.count + d.modifier
    return {low + i: Fraction(c, ways) for i, c in enumerate(_sum_counts(d.count, d.sides))}


def clamp_distribution(dist: Mapping[int, Fraction], low: int = 0) -> dict[int, Fraction]:
    """dist with all mass below low moved onto low (damage cannot go negative)."""
    clamped: dict[int, Fraction] = {}
    for total in sorted(dist):
        key = max(total, low)
        clamped[key] = clamped.get(key, Fraction(0)) + dist[total]
    return clamped


def prob_at_most(n: int, sides: int, target: int) -> Fraction:
    """P(n dice of the given sides total at most target): a roll-under success."""
    _require_count(n)
    _require_sides(sides)
    counts = _sum_counts(n, sides)
    hits = sum(counts[: max(0, target - n + 1)])
    return Fraction(hits, sides**n)


def check_margin_distribution(n: int, sides: int, target: int) -> dict[int, Fraction]:
    """Probability of each margin (target - roll) over successes only; sums to P(success)."""
    _require_count(n)
    _require_sides(sides)
    ways = sides**n
    return {
        target - total: Fraction(c, ways) for total, c in enumerate(_sum_counts(n, sides), start=n) if total <= target
    }


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """Sum of value x probability (not renormalised, so partial distributions work)."""
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


@quick_init
@dataclass(frozen=True)
class Check:
    """A roll-under check: success if total <= target; margin is negative on failure."""

    n: int
    target: int
    faces: tuple[int, ...]
    total: int
    success: bool
    margin: int


def check(n: int, target: int, source: DiceSource, sides: int = 6) -> Check:
    """Roll n dice against target, succeeding at or under it."""
    faces = roll_dice(n, sides, source)
    total = sum(faces)
    return Check(n, target, faces, total, total <= target, target - total)
