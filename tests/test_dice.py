"""Tests for board.dice: the Standard Damage Progression, dice sources and exact odds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.dice import (
    ChainedDice,
    Check,
    Dice,
    DiceError,
    DiceScriptExhausted,
    DiceSource,
    RecordingDice,
    Roll,
    ScriptedDice,
    SeededDice,
    add_bonus,
    check,
    check_margin_distribution,
    clamp_distribution,
    distribution,
    expected,
    from_value,
    prob_at_most,
    roll,
    roll_dice,
    strength_damage,
)

# The Damage Progression Table from the rules, row bonus -> cells for 0..3 dice columns.
# Cusp cells list the fewer-dice form first, which is what from_value must produce.
DAMAGE_PROGRESSION_TABLE = {
    1: ["1 point", "1d6+1", "2d6+1", "3d6+1"],
    2: ["2 points/1d6-4", "1d6+2", "2d6+2", "3d6+2"],
    3: ["1d6-3", "1d6+3/2d6-3", "2d6+3/3d6-3", "3d6+3/4d6-3"],
    4: ["1d6-2", "2d6-2", "3d6-2", "4d6-2"],
    5: ["1d6-1", "2d6-1", "3d6-1", "4d6-1"],
    6: ["1d6", "2d6", "3d6", "4d6"],
}

TABLE_CELLS = [
    (bonus, column, cell) for bonus, row in DAMAGE_PROGRESSION_TABLE.items() for column, cell in enumerate(row)
]

d6_dice = st.builds(Dice, st.integers(1, 8), st.just(6), st.integers(-4, 6))
any_dice = st.one_of(
    st.builds(Dice, st.just(0), st.just(6), st.integers(0, 40)),
    st.builds(Dice, st.integers(1, 30), st.sampled_from([2, 4, 6, 8, 10, 12, 20, 100]), st.integers(-30, 30)),
)


def brute_force(n: int, sides: int, modifier: int = 0) -> dict[int, Fraction]:
    """Distribution of NdS+M by enumerating every combination of faces."""
    faces = itertools.product(range(1, sides + 1), repeat=n)
    ways = Counter(sum(rolled) + modifier for rolled in faces)
    return {total: Fraction(c, sides**n) for total, c in ways.items()}


# --- Standard Damage Progression --------------------------------------------------------


@pytest.mark.parametrize(("bonus", "column", "cell"), TABLE_CELLS)
def test_damage_progression_table_cell(bonus: int, column: int, cell: str) -> None:
    # Column k at row +b holds progression value 6k + b; the 0-dice column is just b.
    fewer_dice, *other_forms = cell.split("/")
    result = from_value(6 * column + bonus)
    assert str(result) == fewer_dice
    assert result == Dice.parse(fewer_dice)
    for other in other_forms:
        # The alternative cusp form is worth the same but has more dice (or is 1d6-4).
        assert Dice.parse(other).value == result.value
        assert Dice.parse(other).count > result.count


@pytest.mark.parametrize(("bonus", "column", "cell"), TABLE_CELLS)
def test_dice_are_additive_to_the_progression(bonus: int, column: int, cell: str) -> None:
    # Adding +1 to any cell lands on the next row (or the top of the next column).
    value = 6 * column + bonus
    assert add_bonus(from_value(value), 1) == from_value(value + 1)


def test_progression_starts_1_point_2_points_then_1d6_minus_3() -> None:
    assert [str(from_value(v)) for v in range(1, 7)] == ["1 point", "2 points", "1d6-3", "1d6-2", "1d6-1", "1d6"]


def test_cusp_prefers_fewer_dice_with_the_bonus() -> None:
    assert str(from_value(9)) == "1d6+3"
    assert str(from_value(15)) == "2d6+3"
    assert str(from_value(21)) == "3d6+3"
    assert str(Dice.parse("2d6-3").with_bonus(1)) == "2d6-2"


def test_1d6_plus_2_with_plus_1_becomes_1d6_plus_3() -> None:
    assert add_bonus(Dice(1, 6, 2), 1) == Dice(1, 6, 3)


def test_1d6_plus_3_with_another_plus_1_becomes_2d6_minus_2() -> None:
    assert add_bonus(add_bonus(Dice(1, 6, 2), 1), 1) == Dice(2, 6, -2)


def test_worked_example_1d6_plus_3_with_plus_4_becomes_2d6_plus_1() -> None:
    # "1d6+7 which becomes 2d6+1": a full die +1 goes to the top of the next column.
    assert add_bonus(Dice.parse("1d6+3"), 4) == Dice.parse("2d6+1")


def test_worked_example_1d6_minus_3_with_plus_4_becomes_1d6_plus_1() -> None:
    assert add_bonus(Dice.parse("1d6-3"), 4) == Dice.parse("1d6+1")


def test_adding_zero_leaves_a_table_entry_as_written() -> None:
    assert add_bonus(Dice(1, 6, -4), 0) == Dice(1, 6, -4)
    assert str(Dice.parse("2d6-3").with_bonus(0)) == "2d6-3"


def test_penalties_walk_down_the_progression_to_0_points() -> None:
    assert add_bonus(Dice.parse("2d6-2"), -1) == Dice.parse("1d6+3")
    assert add_bonus(Dice.parse("1d6-3"), -1) == Dice.parse("2 points")
    assert add_bonus(Dice.parse("1d6"), -10) == Dice.parse("0 points")
    assert from_value(-3) == Dice(0, 6, 0)


def test_bonus_on_non_d6_dice_just_adds_to_the_modifier() -> None:
    assert add_bonus(Dice(1, 8), 4) == Dice(1, 8, 4)
    assert add_bonus(Dice(2, 10, 1), -3) == Dice(2, 10, -2)


def test_progression_value_is_d6_only() -> None:
    assert Dice.parse("1d6+3").value == Dice.parse("2d6-3").value == 9
    assert Dice.parse("2 points").value == 2
    with pytest.raises(ValueError, match="d6"):
        _ = Dice(1, 8).value


@given(st.integers(0, 200))
def test_from_value_keeps_the_value_and_uses_canonical_modifiers(v: int) -> None:
    d = from_value(v)
    assert d.value == v
    if d.count == 1:
        assert -3 <= d.modifier <= 3
    elif d.count > 1:
        # Never "Nd6-3": the cusp goes to fewer dice with +3.
        assert -2 <= d.modifier <= 3


@given(d6_dice, st.integers(1, 30), st.integers(1, 30))
def test_bonuses_accumulate(d: Dice, a: int, b: int) -> None:
    assert add_bonus(add_bonus(d, a), b) == add_bonus(d, a + b)
    assert add_bonus(d, a).value == max(0, d.value + a)


# --- Strength damage --------------------------------------------------------------------


def test_punch_with_strength_10_does_2d6_minus_2() -> None:
    assert strength_damage(10) == Dice.parse("2d6-2")


def test_punch_with_strength_14_does_2d6_plus_2() -> None:
    assert strength_damage(14) == Dice.parse("2d6+2")


def test_strength_in_the_0_dice_column_equals_the_listed_bonus() -> None:
    assert str(strength_damage(1)) == "1 point"
    assert str(strength_damage(2)) == "2 points"
    assert str(strength_damage(3)) == "1d6-3"
    assert str(strength_damage(6)) == "1d6"


# --- Text --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("2d6-1", Dice(2, 6, -1)),
        ("2D6 - 1", Dice(2, 6, -1)),
        ("d6", Dice(1, 6, 0)),
        ("1d6+3", Dice(1, 6, 3)),
        ("  3d6 + 0 ", Dice(3, 6, 0)),
        ("3 points", Dice(0, 6, 3)),
        ("1 point", Dice(0, 6, 1)),
        ("0 points", Dice(0, 6, 0)),
        ("5", Dice(0, 6, 5)),
        ("1d6\u22124", Dice(1, 6, -4)),
        ("1d8", Dice(1, 8, 0)),
        ("d20+2", Dice(1, 20, 2)),
        ("4d10-3", Dice(4, 10, -3)),
        ("1d2", Dice(1, 2, 0)),
    ],
)
def test_parse_accepts_dice_text(text: str, dice: Dice) -> None:
    assert Dice.parse(text) == dice


@pytest.mark.parametrize(
    ("dice", "text"),
    [
        (Dice(2, 6, -1), "2d6-1"),
        (Dice(1, 6, 3), "1d6+3"),
        (Dice(3), "3d6"),
        (Dice(0, 6, 1), "1 point"),
        (Dice(0, 6, 3), "3 points"),
        (Dice(0), "0 points"),
        (Dice(1, 8), "1d8"),
    ],
)
def test_str_prints_canonical_text(dice: Dice, text: str) -> None:
    assert str(dice) == text


@given(any_dice)
def test_parse_and_print_round_trip(d: Dice) -> None:
    assert Dice.parse(str(d)) == d
    assert Dice.parse(str(d).upper()) == d


@pytest.mark.parametrize("text", ["2x6", "+2", "-1", "", "1d6+", "d", "2d6-1-1", "three", "1.5d6"])
def test_bad_dice_text_gives_a_readable_error(text: str) -> None:
    with pytest.raises(DiceError) as info:
        Dice.parse(text)
    assert str(info.value) == f'expected dice like "2d6-1", "1d6+3" or "3 points", got "{text}"'


def test_impossible_dice_are_rejected() -> None:
    with pytest.raises(DiceError, match="at least 2 sides"):
        Dice.parse("2d1")
    with pytest.raises(DiceError, match="negative"):
        Dice(-1)
    with pytest.raises(DiceError, match="cannot be negative"):
        Dice(0, 6, -2)
    with pytest.raises(DiceError):
        Dice.parse(None)  # type: ignore[arg-type]


def test_points_are_equal_whatever_sides_they_were_given() -> None:
    assert Dice(0, 8, 3) == Dice.parse("3 points")


def test_min_max_and_mean() -> None:
    d = Dice.parse("2d6-1")
    assert (d.min, d.max, d.mean) == (1, 11, Fraction(6))
    assert Dice.parse("1d6-4").min == -3  # not clamped: callers clamp damage
    assert Dice.parse("3 points").mean == 3


# --- Random sources -----------------------------------------------------------------------


def test_seeded_dice_same_seed_gives_the_same_sequence() -> None:
    a, b = SeededDice(1234), SeededDice(1234)
    rolls_a = [a.roll(6) for _ in range(50)]
    assert rolls_a == [b.roll(6) for _ in range(50)]
    assert all(1 <= r <= 6 for r in rolls_a)
    assert a.seed == 1234


def test_seeded_dice_without_a_seed_keeps_one_for_replay() -> None:
    first = SeededDice()
    replay = SeededDice(first.seed)
    assert [first.roll(20) for _ in range(10)] == [replay.roll(20) for _ in range(10)]


def test_every_source_satisfies_the_dice_source_protocol() -> None:
    scripted = ScriptedDice([])
    chained = ChainedDice(scripted, SeededDice(1))
    sources = (SeededDice(1), scripted, chained, RecordingDice(scripted))
    for source in sources:
        assert isinstance(source, DiceSource)


def test_scripted_dice_return_values_in_order() -> None:
    source = ScriptedDice([3, 1, 6, 2])
    assert source.remaining == 4
    assert [source.roll(6) for _ in range(4)] == [3, 1, 6, 2]
    assert source.remaining == 0


def test_scripted_dice_raise_when_the_script_runs_out() -> None:
    source = ScriptedDice([4, 5, 6])
    roll_dice(3, 6, source)
    with pytest.raises(DiceScriptExhausted, match="^the script ran out of dice after 3 rolls$"):
        source.roll(6)


def test_scripted_die_outside_the_faces_is_an_error() -> None:
    source = ScriptedDice([7])
    with pytest.raises(DiceError, match="^scripted die 7 is not a d6 face$"):
        source.roll(6)
    assert source.roll(8) == 7  # the bad request did not use up the die


def test_chained_dice_use_forced_dice_then_fall_back() -> None:
    forced = ScriptedDice([6, 6])
    chained = ChainedDice(forced, ScriptedDice([1, 2]))
    assert roll_dice(4, 6, chained) == (6, 6, 1, 2)
    assert forced.remaining == 0


def test_recording_dice_records_every_roll_and_take_clears() -> None:
    recorder = RecordingDice(ScriptedDice([2, 5, 7]))
    roll(Dice.parse("2d6"), recorder)
    recorder.roll(8)
    assert recorder.take() == [(6, 2), (6, 5), (8, 7)]
    assert recorder.rolls == []


def test_roll_total_is_faces_plus_modifier_and_not_clamped() -> None:
    result = roll(Dice.parse("1d6-4"), ScriptedDice([1]))
    assert result == Roll(Dice(1, 6, -4), (1,), -3)
    assert roll(Dice.parse("3 points"), ScriptedDice([])).total == 3


def test_roll_rejects_a_source_that_returns_an_impossible_face() -> None:
    class Broken:
        def roll(self, sides: int) -> int:
            return sides + 1

    with pytest.raises(DiceError, match="not a d6 face"):
        roll_dice(1, 6, Broken())


# --- Roll-under checks ------------------------------------------------------------------


def test_check_succeeds_at_or_under_the_target() -> None:
    assert check(3, 10, ScriptedDice([3, 3, 4])) == Check(3, 10, (3, 3, 4), 10, True, 0)
    assert check(3, 10, ScriptedDice([1, 2, 3])).margin == 4


def test_check_failure_has_a_negative_margin() -> None:
    result = check(3, 10, ScriptedDice([6, 5, 4]))
    assert (result.success, result.margin) == (False, -5)


def test_check_on_other_dice() -> None:
    assert check(1, 12, ScriptedDice([20]), sides=20).success is False


# --- Exact odds ---------------------------------------------------------------------------


def test_probability_3d6_at_most_10_is_one_half() -> None:
    assert prob_at_most(3, 6, 10) == Fraction(108, 216)


def test_probability_4d6_at_most_14() -> None:
    assert prob_at_most(4, 6, 14) == Fraction(721, 1296)


def test_3d6_at_most_18_is_certain_and_at_most_2_is_impossible() -> None:
    assert prob_at_most(3, 6, 18) == 1
    assert prob_at_most(3, 6, 2) == 0
    assert prob_at_most(3, 6, -5) == 0
    assert prob_at_most(3, 6, 99) == 1


def test_distribution_of_2d6_minus_1_sums_to_one_and_matches_enumeration() -> None:
    dist = distribution(Dice.parse("2d6-1"))
    assert sum(dist.values()) == 1
    assert dist == brute_force(2, 6, -1)
    assert expected(dist) == Dice.parse("2d6-1").mean


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 4), st.sampled_from([2, 4, 6, 8, 10, 12]), st.integers(-5, 5))
def test_distribution_matches_brute_force_enumeration(n: int, sides: int, modifier: int) -> None:
    if n == 0:
        modifier = abs(modifier)  # a flat amount cannot be negative
    d = Dice(n, sides, modifier)
    dist = distribution(d)
    assert dist == brute_force(n, sides, modifier)
    assert sum(dist.values()) == 1
    assert (min(dist), max(dist), expected(dist)) == (d.min, d.max, d.mean)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 4), st.sampled_from([2, 4, 6, 8, 10, 12]), st.integers(-2, 50))
def test_roll_under_probability_matches_brute_force(n: int, sides: int, target: int) -> None:
    hits = sum(p for total, p in brute_force(n, sides).items() if total <= target)
    assert prob_at_most(n, sides, target) == hits


@given(st.integers(1, 5), st.integers(-2, 32))
def test_margin_distribution_sums_to_probability_of_success(n: int, target: int) -> None:
    margins = check_margin_distribution(n, 6, target)
    assert sum(margins.values()) == prob_at_most(n, 6, target)
    assert all(margin >= 0 for margin in margins)


def test_margin_distribution_of_3d6_against_10() -> None:
    margins = check_margin_distribution(3, 6, 10)
    assert margins[7] == Fraction(1, 216)  # rolled 3
    assert margins[0] == Fraction(27, 216)  # rolled exactly 10
    assert -1 not in margins


def test_clamp_distribution_moves_mass_below_zero_onto_zero() -> None:
    dist = distribution(Dice.parse("1d6-4"))
    clamped = clamp_distribution(dist)
    assert clamped == {0: Fraction(4, 6), 1: Fraction(1, 6), 2: Fraction(1, 6)}
    assert sum(clamped.values()) == 1
    assert clamp_distribution(dist, low=-10) == dist
    assert expected(clamped) == Fraction(1, 2)
