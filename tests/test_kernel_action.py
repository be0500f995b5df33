"""The kernel's Action spec (board/rules/kernel/action.py): a ruleset names its actions and the
menu, the legal commands, check and dispatch come from them; a position's plans are made once."""

import gc
from dataclasses import replace

import pytest

from board.dice import ScriptedDice
from board.game import Game
from board.rules.base import Command, Refusal
from board.rules.kernel.action import ANY_PHASE, Action, in_position, kept, memo_key, plan_memo, remembered, table
from demo_ruleset import DEMO, SPEC
from demo_ruleset.harness import demo_battle, registered


@pytest.fixture
def game():
    with registered():
        yield Game(demo_battle(), None, 1)


def test_the_menu_is_the_phase_actions_of_the_spec_open_or_greyed(game):
    active = game.turn().active
    menu = game.actions(active)
    assert [i.id for i in menu] == ["move", "stay"]  # the movement phase's actions, in spec order
    assert all(i.phase == "movement" for i in menu)
    assert menu[0].needs == "path" and menu[0].hexes
    assert [i for i in game.actions(active) if i.id == "attack"] == []
    others = [n for n in game.state.figures if n != active]
    assert game.actions(others[0]) == []  # not its turn: nothing on offer


def test_an_aimed_action_with_nobody_to_aim_at_is_greyed_with_the_reason(game):
    f = game.state.figures[game.turn().active]
    zap = Action("zap", "Zap", lambda *_: [], "combat", needs="target", menu=lambda state, f: {"targets": ()})
    entry = DEMO.entry(game.state, f, zap)
    assert (entry.enabled, entry.reason) == (False, "no target in reach")
    shut = replace(zap, why_not=lambda state, f: "out of zaps")
    assert (DEMO.entry(game.state, f, shut).enabled, DEMO.entry(game.state, f, shut).reason) == (False, "out of zaps")


def test_the_legal_commands_are_the_open_entries_commands_each_planned_and_accepted(game):
    legal = game.legal_actions()
    assert legal and {c.action for c in legal} == {"move", "stay"}
    for command in legal[:10]:
        assert game.check(command) is None


def test_an_unknown_action_is_refused_naming_the_actions_of_its_command(game):
    active = game.turn().active
    reason = game.check(Command(do="move", figure=active, action="fly"))
    assert reason == 'unknown action "fly"; expected move or stay'


def test_a_position_plans_each_command_once_between_the_menu_the_legal_list_and_check():
    calls = []
    state = object.__new__(type("S", (), {}))

    def plan():
        calls.append(1)
        return "the plan"

    command = Command(do="act", figure="A", action="attack", target="B")
    assert remembered(state, command, plan) == "the plan"
    assert remembered(state, command.model_copy(), plan) == "the plan"
    assert len(calls) == 1


def test_a_refusal_is_remembered_as_a_refusal_and_raised_again():
    state = object.__new__(type("S", (), {}))
    calls = []

    def plan():
        calls.append(1)
        raise Refusal("not now")

    command = Command(do="act", figure="A", action="pass")
    for _ in range(2):
        with pytest.raises(Refusal, match="not now"):
            remembered(state, command, plan)
    assert len(calls) == 1


def test_applying_a_command_forgets_the_plans_of_the_position_it_changes(game):
    game.legal_actions()
    assert game.state._plans
    before = game.state
    legal = game.legal_actions()
    game.submit(legal[0])
    assert game.state is not before and game.state._plans is None


def test_commands_differing_only_in_a_setting_are_planned_apart():
    a = Command(do="act", figure="A", action="attack", target="B", params={"x": 1})
    b = Command(do="act", figure="A", action="attack", target="B", params={"x": 2})
    assert memo_key(a) != memo_key(b)


def test_an_action_named_twice_is_a_ruleset_error_not_a_silent_overwrite():
    with pytest.raises(ValueError, match="two actions named act pass"):
        table([SPEC[-1], replace(SPEC[-1], label="Pass again")])


def test_the_kernel_derives_the_fields_each_action_takes_from_the_spec():
    assert DEMO.untaken(Command(do="act", figure="A", action="pass", target="B")) == "pass does not take target"
    assert DEMO.untaken(Command(do="act", figure="A", action="attack", target="B")) is None


def test_an_action_not_shown_now_is_left_out_of_the_menu_not_greyed(game):
    f = game.state.figures[game.turn().active]
    hidden = replace(DEMO.table["move", "stay"], shown=lambda state, f: False)
    spec = tuple(hidden if a.id == "stay" else a for a in SPEC)
    rules = type(DEMO)()
    rules.spec = spec
    assert [i.id for i in rules.actions(game.state, f.name)] == ["move"]


def test_an_action_of_any_phase_is_offered_in_every_phase_and_planned_in_it(game):
    f = game.state.figures[game.turn().active]
    shout = Action("shout", "Shout", lambda *_: [], ANY_PHASE, plan=lambda *_: "heard")
    rules = type(DEMO)()
    rules.spec = SPEC + (shout,)
    assert [i.id for i in rules.actions(game.state, f.name)] == ["move", "stay", "shout"]
    assert rules.plan(game.state, Command(do="act", figure=f.name, action="shout"))[2] == "heard"


def test_a_remembered_refusal_keeps_no_frames_alive():
    state = object.__new__(type("S", (), {}))

    def plan():
        raise Refusal("not now")

    with pytest.raises(Refusal):
        remembered(state, Command(do="act", figure="A", action="pass"), plan)
    assert all(getattr(found, "__traceback__", None) is None for found in plan_memo(state).values())


def test_what_a_position_keeps_is_worked_out_once_and_forgotten_when_a_command_changes_it(game):
    calls = []

    def keep(state, f, command):  # a plan that keeps something, as a reach asked by every move
        return kept(state, ("kept", "x"), lambda: calls.append(1) or ())

    rules = type(DEMO)()
    rules.spec = tuple(replace(a, plan=keep) if a.id == "stay" else a for a in SPEC)
    stay = Command(do="move", figure=game.turn().active, action="stay")
    rules.check(game.state, stay)
    rules.check(game.state, stay.model_copy(update={"facing": 1}))
    assert len(calls) == 1
    state = game.state.clone()  # a command changes a private copy: what it kept on the way goes
    rules.apply(state, stay, ScriptedDice([1] * 10))
    assert state._kept is None and state._plans is None


def test_a_copy_in_the_same_position_plans_with_what_it_kept_but_its_deed_works_afresh(game):
    """Submit plans on a copy of the position the menu planned in: it reads what the menu worked
    out; once planned, its deed (which changes the state) reads only what its own plan kept."""
    calls = []

    def keep(state, f, command):
        return kept(state, ("kept", "x"), lambda: calls.append("x") or ())

    def deed(state, f, plan, dice):  # asks for what the menu, not the plan, worked out
        kept(state, ("kept", "y"), lambda: calls.append("y") or ())
        return stay_deed(state, f, plan, dice)

    stay_deed = next(a.deed for a in SPEC if a.id == "stay")
    rules = type(DEMO)()
    rules.spec = tuple(replace(a, plan=keep, deed=deed) if a.id == "stay" else a for a in SPEC)
    stay = Command(do="move", figure=game.turn().active, action="stay")
    rules.check(game.state, stay)
    kept(game.state, ("kept", "y"), lambda: calls.append("y") or ())  # as a menu would
    assert calls == ["x", "y"]
    rules.apply(in_position(game.state), stay, ScriptedDice([1] * 10))
    assert calls == ["x", "y", "y"]  # x read from the position; y found again by the deed
    rules.apply(game.state.clone(), stay, ScriptedDice([1] * 10))  # a bare clone: all afresh
    assert calls == ["x", "y", "y", "x", "y"]


def test_planning_and_applying_leave_a_state_without_a_materialised_dict(game):
    # Python keeps an object's fields inline until its __dict__ is asked for; then it makes one,
    # and every field read on that state gets slower (the kernel's marks are attributes).
    def has_dict(state) -> bool:
        return any(isinstance(r, dict) and "figures" in r for r in gc.get_referents(state))

    legal = game.legal_actions()
    game.submit(legal[0])
    game.legal_actions()
    assert game.state._plans and not has_dict(game.state)
