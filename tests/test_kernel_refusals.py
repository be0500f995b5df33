"""The kernel's one-line refusals: need() and given()."""

import pytest

from board.rules.base import Refusal
from board.rules.kernel.refusals import given, need, refuse, refused


def test_need_passes_when_its_condition_holds_and_refuses_with_the_reason_when_not():
    need(True, "never read")
    need([1], "a non-empty list holds")
    with pytest.raises(Refusal, match="choose a target"):
        need([], "choose a target")


def test_given_returns_a_value_even_a_falsy_one_and_refuses_only_none():
    assert given(0, "never read") == 0
    assert given("", "never read") == ""
    with pytest.raises(Refusal, match="name the plot"):
        given(None, "name the plot")


def test_refused_tells_the_reason_of_a_refused_check_and_none_for_one_that_passes():
    assert refused(need, False, "no target in reach") == "no target in reach"
    assert refused(need, True, "never read") is None


def test_refused_lets_any_other_error_through():
    with pytest.raises(ZeroDivisionError):
        refused(lambda: 1 // 0)


def test_refuse_refuses_with_the_reason_a_check_gave_and_not_without_one():
    refuse(None)
    refuse("")
    with pytest.raises(Refusal, match="out of range"):
        refuse("out of range")
