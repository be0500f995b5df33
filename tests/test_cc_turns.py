"""Rounds, initiative, delay, surprise and the end-of-round checks (rule text 001)."""

from helpers import act, fig, of_kind, ok, refused
from cc_helpers import finish_round, new_game
from board.rules.base import Command
from board.rules.combat_chart.state import Effect


def _two(**a):
    return new_game(
        {"name": "A", "team": "Red", "at": [0, 0], **a},
        {"name": "B", "team": "Blue", "at": [3, 0], "mind": 5, "body": 5},
    )


def test_initiative_is_mind_plus_body_highest_first():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 3, "body": 4},
        {"name": "B", "team": "Blue", "at": [3, 0], "mind": 6, "body": 2},
        {"name": "C", "team": "Blue", "at": [-3, 0], "mind": 1, "body": 1},
    )
    assert game.state.order == ["B", "A", "C"]
    assert game.start_events[1].data["initiative"] == {"A": 7, "B": 8, "C": 2}


def test_initiative_modifiers_adjust_the_total():
    game = _two(mind=4, body=4, initiative_bonus=3)
    assert game.state.order == ["A", "B"] and game.snapshot()["figures"]["A"]["initiative"] == 11


def test_ties_go_to_the_higher_body():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 6, "body": 4},
        {"name": "B", "team": "Blue", "at": [3, 0], "mind": 4, "body": 6},
    )
    assert game.state.order == ["B", "A"]


def test_identical_attributes_roll_1d6_and_the_highest_goes_first():
    figures = ({"name": "A", "team": "Red", "at": [0, 0]}, {"name": "B", "team": "Blue", "at": [3, 0]})
    assert new_game(*figures, dice=[2, 5]).state.order == ["B", "A"]
    assert new_game(*figures, dice=[6, 1]).state.order == ["A", "B"]
    # Equal rolls roll again.
    assert new_game(*figures, dice=[3, 3, 1, 4]).state.order == ["B", "A"]


def test_each_figure_takes_one_turn_per_round_in_initiative_order():
    game = _two(mind=9)
    assert game.state.active == "A"
    refused(game, do="act", figure="B", action="pass")
    act(game, "A", "pass")
    assert game.state.active == "B"
    refused(game, do="act", figure="A", action="pass")
    act(game, "B", "pass")
    assert game.state.turn == 2 and game.state.active == "A"


def test_delay_is_refused_unless_the_optional_rule_is_on():
    game = _two(mind=9)
    assert "optional" in refused(game, do="act", figure="A", action="delay")


def test_a_delaying_figure_takes_its_turn_last():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9},
        {"name": "B", "team": "Blue", "at": [3, 0]},
        {"name": "C", "team": "Blue", "at": [-3, 0], "mind": 1},
        options={"delay": True},
    )
    assert game.state.order == ["A", "B", "C"]
    act(game, "A", "delay")
    assert game.state.queue == ["B", "C"]
    act(game, "B", "pass")
    act(game, "C", "pass")
    assert game.state.active == "A" and game.state.turn == 1
    assert "already delayed" in refused(game, do="act", figure="A", action="delay")
    act(game, "A", "pass")
    assert game.state.turn == 2


def test_several_delayers_use_the_tie_break_in_reverse_higher_body_goes_last():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9, "body": 7},
        {"name": "B", "team": "Blue", "at": [3, 0], "mind": 9, "body": 3},
        {"name": "C", "team": "Blue", "at": [-3, 0], "mind": 1, "body": 1},
        options={"delay": True},
    )
    assert game.state.order == ["A", "B", "C"]
    act(game, "A", "delay")
    act(game, "B", "delay")
    act(game, "C", "pass")
    assert game.state.queue == ["B", "A"]  # A has the higher Body: A truly goes last


def test_delayers_with_identical_body_roll_1d6_and_the_highest_goes_last():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9},
        {"name": "B", "team": "Blue", "at": [3, 0], "mind": 8},
        {"name": "C", "team": "Blue", "at": [-3, 0], "mind": 1},
        options={"delay": True},
    )
    act(game, "A", "delay")
    act(game, "B", "delay")
    act(game, "C", "pass", dice=[6, 2])  # A rolls 6, B rolls 2
    assert game.state.queue == ["B", "A"]


def test_surprise_costs_5_initiative_in_the_first_round_only():
    game = _two(mind=9, surprised=True)  # 14 - 5 = 9 < 10
    assert game.state.order == ["B", "A"]
    assert game.start_events[1].data["initiative"]["A"] == 9
    finish_round(game)
    assert game.state.order == ["A", "B"]


def test_a_perception_check_the_gm_allows_avoids_surprise():
    figures = (
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9, "surprised": True},
        {"name": "B", "team": "Blue", "at": [3, 0]},
    )
    assert new_game(*figures, options={"perception_vs_surprise": True}, dice=[3, 3, 3]).state.order == ["A", "B"]
    assert new_game(*figures, options={"perception_vs_surprise": True}, dice=[6, 3, 3]).state.order == ["B", "A"]
    assert new_game(*figures, dice=[1, 1, 1]).state.order == ["B", "A"]  # not allowed: no check


def test_bleeding_does_1_damage_at_the_end_of_each_of_the_next_3_rounds():
    game = _two(mind=9)
    fig(game, "B").bleeding.append([1, 3])  # wounded in round 1
    finish_round(game)  # end of round 1: not yet (the *next* 3 rounds)
    assert fig(game, "B").hp == 10
    hps = []
    for _ in range(4):
        finish_round(game)
        hps.append(fig(game, "B").hp)
    assert hps == [9, 8, 7, 7]


def test_a_knocked_out_figure_skips_its_turns_and_recovers_on_a_body_roll_at_round_end():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9},
        {"name": "B", "team": "Blue", "at": [3, 0]},
        {"name": "C", "team": "Blue", "at": [-3, 0]},
    )
    fig(game, "C").status = "knocked out"
    game.state.queue.remove("C")
    act(game, "A", "pass")
    out = act(game, "B", "pass", dice=[6, 6, 6])  # recovery 18 vs Body 5: stays out
    assert fig(game, "C").status == "knocked out" and "C" not in game.state.queue
    act(game, "A", "pass")
    out = act(game, "B", "pass", dice=[1, 2, 2])
    assert fig(game, "C").status == "ok" and of_kind(out, "wakes")
    assert "C" in game.state.queue


def test_a_stunned_figure_fights_at_minus_2_on_its_next_turn_then_recovers_at_round_end():
    game = _two(mind=9, weapons=["Long Sword"])
    fig(game, "A").stunned = True
    assert game.snapshot()["figures"]["A"]["attack_rank"] == 2
    act(game, "A", "pass")
    out = act(game, "B", "pass")
    assert not fig(game, "A").stunned and of_kind(out, "recovers")


def test_effects_for_rounds_run_out_and_effects_for_the_combat_stay():
    game = _two(mind=9)
    fig(game, "A").effects += [Effect("short", av=1, rounds=2), Effect("long", av=1)]
    finish_round(game)
    finish_round(game)
    assert [e.name for e in fig(game, "A").effects] == ["long"]


def test_the_fight_ends_when_only_one_side_is_still_fighting():
    game2 = _two(mind=9)
    out = ok(game2, do="gm", action="damage", figure="B", params={"amount": 10})
    assert game2.state.phase == "over" and game2.state.winner == "Red" and of_kind(out, "victory")


def test_a_refused_command_leaves_the_bleeding_wounds_as_they_were():
    """ "A refused command comes back with a reason, state unchanged": even one refused after
    the end of the round has counted the bleeding down on the copy apply() works on."""
    game = _two()  # tied initiative: each new round rolls 1d6 each
    fig(game, "B").bleeding.append([1, 3])
    finish_round(game)
    before = game.ruleset.snapshot(game.state)
    wounds = [list(w) for w in fig(game, "B").bleeding]
    act(game, game.state.active, "pass")
    last = game.state.active
    outcome = game.submit(Command(do="act", figure=last, action="pass", dice=(7, 7)))  # no d6 shows 7
    assert not outcome.accepted
    assert [list(w) for w in fig(game, "B").bleeding] == wounds
    act(game, last, "pass")
    assert game.ruleset.snapshot(game.state)["figures"]["B"]["hp"] == before["figures"]["B"]["hp"] - 1
