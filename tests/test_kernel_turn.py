"""The kernel's initiative tie-break, shared by every ruleset that orders figures by a key."""

from __future__ import annotations

from board.rules.kernel.turn import break_ties


def test_distinct_keys_go_highest_first_without_a_roll():
    rolled: list[str] = []
    order = break_ties({"a": [3], "b": [9], "c": [5]}, lambda n: rolled.append(n) or 0)
    assert order == ["b", "c", "a"] and rolled == []


def test_tied_names_roll_again_in_the_keys_order_until_no_two_tie():
    faces = iter([4, 4, 2, 6, 1])  # a and b tie again on 4s, then 2 against 6
    rolled: list[str] = []

    def roll(name: str) -> int:
        rolled.append(name)
        return next(faces)

    order = break_ties({"a": [5], "b": [5], "c": [7]}, roll)
    assert order == ["c", "b", "a"]
    assert rolled == ["a", "b", "a", "b"]


def test_last_puts_the_highest_key_and_roll_last():
    # "If several characters want to delay, the normal tie-breaking rules apply in reverse".
    faces = iter([6, 2])
    order = break_ties({"a": [4], "b": [4], "c": [1]}, lambda n: next(faces), last=True)
    assert order == ["c", "b", "a"]
