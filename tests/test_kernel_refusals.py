"""The kernel's one-line refusals: need() and given()."""

import pytest

from board.rules.base import Refusal
from board.rules.kernel.refusals import given, need


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
