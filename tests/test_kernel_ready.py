"""The kernel's reading of a sheet's ready weapon (kernel/ready.py), as the W&W and combat-chart
sheets use it, and an item falling at a hex (kernel/ground.py)."""

from types import SimpleNamespace

import pytest

from board.hexgrid import Hex
from board.rules.combat_chart.sheet import CCFigure, check_figure as cc_check
from board.rules.kernel.ground import fall
from board.rules.warrior_wizard.spec import FigureSpec
from board.rules.warrior_wizard.sheet import check_figure as ww_check

SHEETS = [(FigureSpec, ww_check, "Broadsword", "Dagger"), (CCFigure, cc_check, "Long Sword", "Dagger")]


def checked(model, check, **fields):
    problems: list = []
    spec = check(model(name="Ann", at=(0, 0), **fields), lambda path, message: problems.append((path, message)))
    return spec.ready, problems


@pytest.mark.parametrize(("model", "check", "first", "second"), SHEETS)
def test_with_no_ready_weapon_named_the_first_carried_is_in_hand(model, check, first, second):
    assert checked(model, check, weapons=[first, second]) == (first, [])


@pytest.mark.parametrize(("model", "check", "first", "second"), SHEETS)
@pytest.mark.parametrize("word", ["none", "None", " NONE ", None])
def test_ready_none_or_null_is_empty_handed(model, check, first, second, word):
    assert checked(model, check, weapons=[first], ready=word) == ("", [])


@pytest.mark.parametrize(("model", "check", "first", "second"), SHEETS)
def test_a_ready_weapon_is_read_by_its_table_name_in_any_case(model, check, first, second):
    assert checked(model, check, weapons=[first, second], ready=second.upper()) == (second, [])


@pytest.mark.parametrize(("model", "check", "first", "second"), SHEETS)
def test_a_ready_weapon_not_carried_is_reported_and_the_figure_is_empty_handed(model, check, first, second):
    ready, problems = checked(model, check, weapons=[first], ready=second)
    assert ready == "" and problems == [(("ready",), f'Ann readies "{second}" but does not carry it; carried: {first}')]


@pytest.mark.parametrize(("model", "check", "first", "second"), SHEETS)
def test_an_unknown_ready_weapon_is_reported_once_by_name(model, check, first, second):
    ready, problems = checked(model, check, weapons=[first], ready="Sord")
    assert ready == "" and [path for path, _ in problems] == [("ready",)]
    assert 'unknown weapon "Sord"' in problems[0][1]


def test_combat_chart_readies_bare_hands_by_name_without_carrying_them():
    assert checked(CCFigure, cc_check, weapons=["Long Sword"], ready="Unarmed") == ("Unarmed", [])


def test_an_item_falls_on_its_hex_and_is_told_only_when_given_words():
    state = SimpleNamespace(items={})
    assert fall(state, Hex(1, 0), "Sword") == []
    (event,) = fall(state, Hex(1, 0), "Axe", "the Axe falls", "Ann", item="Axe")
    assert state.items == {Hex(1, 0): ["Sword", "Axe"]}
    assert (event.kind, event.text, event.figure, event.data) == ("status", "the Axe falls", "Ann", {"item": "Axe"})
