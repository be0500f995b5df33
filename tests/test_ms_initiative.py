"""Initiative (3.1-3.7, 5.1.5): the text's table of examples, rolling, delaying and losing seconds."""

import pytest

from board.dice import ScriptedDice
from board.rules.melee_seconds.turns import carry_forward, delay, roll_initiative
from tests.helpers import act, fig, offered, refused
from tests.ms_helpers import fighter, general, new_game, nothing_until

# 3.5's table: "Initiative rolled | Earliest permissible attacks".
TABLE = [
    ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6)),
    ((1, 1, 1), (1, 2, 3)),
    ((1, 1, 2), (1, 2)),
    ((6, 6), (6,)),
    ((4, 4, 5, 5, 5), (4, 5, 6)),
    ((1, 2, 2, 2, 2, 2, 5), (1, 2, 3, 4, 5)),
]


@pytest.mark.parametrize("rolled, seconds", TABLE)
def test_duplicates_carry_forward_as_in_the_table_of_examples(rolled, seconds):
    assert carry_forward(rolled).seconds == seconds


@pytest.mark.parametrize("rolled, seconds", TABLE)
def test_the_table_holds_whatever_order_the_dice_come_in(rolled, seconds):
    assert carry_forward(tuple(reversed(rolled))).seconds == seconds


def test_dice_that_cannot_be_carried_forward_are_lost():
    assert carry_forward((1, 1, 2)).lost == (1,)
    assert carry_forward((6, 6)).lost == (6,)
    assert carry_forward((1, 2, 2, 2, 2, 2, 5)).lost == (2, 2)
    assert carry_forward((1, 1, 1)).lost == ()


def test_results_for_seconds_already_run_are_lost_and_not_carried_forward():
    # 3.6: "any results for seconds that have already been run are lost (and may not be
    # carried forward, even if not blocked by other rolls)".
    ini = carry_forward((1, 2, 2, 4), run=2)
    assert ini.seconds == (4,) and ini.lost == (1, 2, 2)


def test_initiative_is_rolled_on_as_many_d6_as_the_amr():
    ini = roll_initiative(3, ScriptedDice([4, 4, 5]))
    assert ini.rolled == (4, 4, 5) and ini.seconds == (4, 5)


def test_a_formal_duel_sets_one_die_to_1_and_rolls_the_rest():
    ini = roll_initiative(3, ScriptedDice([5, 5]), set_one=True)
    assert ini.rolled == (1, 5, 5) and ini.seconds == (1, 5, 6)


def test_delay_moves_the_initiative_to_the_next_second_unless_it_has_one():
    assert delay((2, 4), 2) == ((3, 4), True)
    assert delay((2, 3), 2) == ((2, 3), False)  # the AMR is lost if not taken this second
    assert delay((6,), 6) == ((6,), False)


def duel(**options):
    return new_game(fighter("A", "Red", (0, 0), amr=3), fighter("B", "Blue", (1, 0), facing=3, amr=2), options=options)


def test_everyone_rolls_initiative_in_the_first_round_whatever_the_general_plot():
    g = duel()
    general(g, "A", "other", dice=[3, 1, 6])
    general(g, "B", "thieving", dice=[2, 2])
    assert fig(g, "A").initiative == (1, 3, 6) and fig(g, "B").initiative == (2, 3)


def test_before_its_first_initiative_second_a_combatant_does_not_react():
    g = duel()
    general(g, "A", dice=[1, 1, 1])
    general(g, "B", dice=[3, 3])
    assert g.state.active == "A"
    reason = refused(g, do="act", figure="B", action="nothing")
    assert "not reacted" in reason
    act(g, "A", "nothing")
    act(g, "A", "nothing")  # second 2: B still waits
    assert g.state.second == 3 and g.state.active == "A"
    row = g.ruleset.turn_info(g.state).timeline["rows"][1]
    assert row["plots"]["1"] == row["plots"]["2"] == "not yet reacting"


def test_later_rounds_roll_for_fighting_only():
    g = duel()
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1, 2])
    for _ in range(12):
        if g.state.phase == "general":
            break
        act(g, g.state.active, "nothing")
    assert g.state.turn == 2 and g.state.phase == "general"
    general(g, "A", "magic")
    assert fig(g, "A").initiative == ()
    general(g, "B", "full_defensive")
    assert fig(g, "B").initiative == () and fig(g, "B").full_defensive


def test_full_defensive_is_not_offered_in_the_first_round():
    g = duel()
    labels = offered(g, "A")["general_plot"].choices
    assert "Fighting (Full Defensive)" not in labels
    assert "Full Defensive" in refused(
        g, do="act", figure="A", action="general_plot", params={"plot": "full_defensive"}
    )


def test_fighting_and_magic_rolls_one_die_fewer_per_spell():
    g = new_game(fighter("A", "Red", (0, 0), amr=3, spells=["Firebolt"]), fighter("B", "Blue", (1, 0), facing=3))
    out = general(g, "A", "fighting_magic", dice=[4, 5], spells=1)
    assert fig(g, "A").rolled == (4, 5) and fig(g, "A").spells_reserved == 1
    assert "2 spells" not in " ".join(e.text for e in out.events)


def test_formal_duel_option_lets_duellists_attack_in_second_1():
    g = duel(formal_duel=True)
    general(g, "A", dice=[6, 6])
    general(g, "B", dice=[4])
    assert fig(g, "A").initiative == (1, 6) and fig(g, "B").initiative == (1, 4)
    assert fig(g, "A").reacts_at == 1


def test_a_permitted_change_of_general_plot_loses_the_seconds_already_run():
    g = new_game(fighter("A", "Red", (0, 0), amr=3), fighter("B", "Blue", (4, 0), facing=3))
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1, 1])
    while g.state.phase != "general":
        act(g, g.state.active, "nothing")
    general(g, "A", "thieving")
    general(g, "B", "fighting", dice=[1, 2])
    nothing_until(g, 4)
    assert "GM permits" in refused(g, do="act", figure="A", action="general_plot", params={"plot": "fighting"}).replace(
        "only if the GM permits it", "GM permits"
    )
    from tests.helpers import ok

    ok(g, do="gm", action="allow_change", figure="A")
    general(g, "A", "fighting", dice=[2, 3, 5])
    assert fig(g, "A").initiative == (5,) and fig(g, "A").lost == (2, 3)


def test_an_amr_above_6_loads_and_rolls_as_many_dice_as_in_the_table():
    """3.5's table rolls seven dice ("1 2 2 2 2 2 5 | 1 2 3 4 5"): an AMR of 7 is playable."""
    g = new_game(fighter("A", "Red", (0, 0), amr=7), fighter("B", "Blue", (4, 0), facing=3))
    general(g, "A", dice=[1, 2, 2, 2, 2, 2, 5])
    assert fig(g, "A").rolled == (1, 2, 2, 2, 2, 2, 5) and fig(g, "A").initiative == (1, 2, 3, 4, 5)


def test_full_defensive_only_at_the_beginning_of_a_melee_round_not_on_a_permitted_change():
    """4.1 "only at the beginning of a MR": a change of General Plot the GM permits mid-round
    (2.5) cannot go to Full Defensive."""
    g = new_game(fighter("A", "Red", (0, 0), amr=3), fighter("B", "Blue", (4, 0), facing=3))
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1, 1])
    while g.state.phase != "general":
        act(g, g.state.active, "nothing")
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1, 2])
    nothing_until(g, 3)
    from tests.helpers import ok

    ok(g, do="gm", action="allow_change", figure="A")
    assert "Fighting (Full Defensive)" not in offered(g, "A")["general_plot"].choices
    assert "beginning of a Melee Round" in refused(
        g, do="act", figure="A", action="general_plot", params={"plot": "full_defensive"}
    )
