"""The play board's modes are small frozen states: each holds what its mode needs, and a
transition returns the next state (no game, no pygame needed to check them)."""

from dataclasses import FrozenInstanceError

import pytest

from board.hexgrid import Hex
from board.rules.base import Command
from board.rules.reports import ActionInfo, GMKey
from board.ui.play.modes import (
    Aiming,
    ChoosingAction,
    ChoosingMove,
    GMMode,
    Over,
    PlannedMove,
    PlanningMove,
    Viewing,
    aiming_at_figures,
    menu_has_keys,
)
from board.ui.play.sidebar import HINTS

MOVE = PlannedMove("Ann", Hex(1, 0), (Hex(1, 0),), 0, "move")
FITS_ALL = {d: None for d in range(6)}


def blocked(*facings: int) -> dict[int, str | None]:
    return {d: ("the wall is in the way" if d in facings else None) for d in range(6)}


def test_turning_a_planned_move_skips_the_facings_the_figure_cannot_end_with():
    plan = PlanningMove(MOVE, blocked(1, 2))
    assert plan.turned(1).move.facing == 3
    assert plan.turned(-1).move.facing == 5
    assert plan.turned(1).turned(-1).move.facing == 0
    assert plan.move.facing == 0, "a transition returns a new state and leaves the old one as it was"


def test_a_move_that_fits_no_facing_stays_as_it_is_when_turned():
    plan = PlanningMove(MOVE, blocked(*range(6)))
    assert plan.turned(1) == plan and plan.fitted() == plan


def test_a_planned_move_starts_from_a_facing_that_fits_else_keeps_its_own():
    assert PlanningMove(MOVE, blocked(0, 1)).fitted().move.facing == 2
    assert PlanningMove(MOVE.facing_to(4), blocked(0, 1)).fitted().move.facing == 4


def test_a_planning_move_says_why_a_facing_is_refused_and_which_are_blocked():
    plan = PlanningMove(MOVE, blocked(3))
    assert plan.why_not(3) == plan.why_not(9) == "the wall is in the way"
    assert plan.why_not(2) is None
    assert plan.blocked() == {3}
    assert plan.facing_to(8).move.facing == 2


def test_a_planned_move_is_the_move_command_with_its_path_and_facing():
    assert MOVE.facing_to(5).command() == Command(do="move", figure="Ann", action="move", path=((1, 0),), facing=5)


@pytest.mark.parametrize(
    "action, kind",
    [
        (ActionInfo("attack", "Attack", "combat", needs="target", targets=("Bob",)), "target"),
        (ActionInfo("step", "Step", "combat", needs="hex", hexes={Hex(0, 1): ()}), "hex"),
        (ActionInfo("ready", "Ready", "combat", needs="weapon", choices=("sword", "bow")), "choice"),
        (ActionInfo("stance", "Stance", "combat", needs="choice", choices=("low",)), "choice"),
        (ActionInfo("defend", "Defend", "combat", needs="weapon", options={"shield": (False, True)}), "options"),
        (ActionInfo("pass", "Pass", "combat"), None),
        (ActionInfo("ready", "Ready", "combat", needs="weapon"), None),  # no weapon to choose: done at once
    ],
)
def test_an_action_is_aimed_by_what_it_needs_or_done_at_once(action, kind):
    aim = Aiming.of("Ann", action)
    assert (aim.kind if aim else None) == kind
    if aim is not None:
        assert aim.figure == "Ann" and aim.action is action and aim.key == kind


def test_a_setting_steps_round_its_values_and_only_changed_settings_reach_the_command():
    action = ActionInfo(
        "attack", "Attack", "combat", needs="target", targets=("Bob",), options={"maneuver": (None, "slam", "feint")}
    )
    aim = Aiming.of("Ann", action)
    assert aim is not None and aim.command(target="Bob").params == {}
    slam = aim.cycled("maneuver")
    assert slam.option("maneuver") == "slam" and aim.option("maneuver") is None
    assert slam.command(target="Bob") == Command(
        do="act", figure="Ann", action="attack", target="Bob", params={"maneuver": "slam"}
    )
    assert slam.cycled("maneuver").cycled("maneuver").changed() == {}, "the third step is the default again"
    assert slam.cycled("no such setting") == slam


def test_the_menu_has_the_keys_only_where_nothing_is_aimed_on_the_board():
    target = Aiming.of("Ann", ActionInfo("attack", "Attack", "combat", needs="target", targets=("Bob",)))
    choice = Aiming.of("Ann", ActionInfo("stance", "Stance", "combat", needs="choice", choices=("low",)))
    assert target is not None and choice is not None
    on_menu = [ChoosingAction(), Over(), Viewing(), choice]
    on_board = [ChoosingMove("move"), PlanningMove(MOVE, FITS_ALL), GMMode(), target]
    assert [menu_has_keys(m) for m in on_menu + on_board] == [True] * 4 + [False] * 4
    assert [aiming_at_figures(m) for m in on_menu + on_board] == [False] * 7 + [True]


def test_every_mode_has_a_status_hint():
    aims = [Aiming.of("Ann", ActionInfo("a", "A", "combat", needs=n, choices=("x",))) for n in ("target", "hex")]
    aims += [Aiming.of("Ann", ActionInfo("a", "A", "combat", needs="choice", choices=("x",)))]
    aims += [Aiming.of("Ann", ActionInfo("a", "A", "combat", options={"x": (0, 1)}))]
    modes = [ChoosingMove(), PlanningMove(MOVE), ChoosingAction(), Over(), Viewing(), *aims]
    assert {m.key for m in modes if m is not None} == set(HINTS)
    assert GMMode.key not in HINTS, "GM mode's hint names the ruleset's GM keys (hints.hint)"


def test_modes_are_frozen():
    with pytest.raises(FrozenInstanceError):
        PlanningMove(MOVE, FITS_ALL).move = MOVE  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        GMMode().chase_from = ("Ann", GMKey("c", "chase", "C chase", target=True))  # type: ignore[misc]
