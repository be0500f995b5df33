"""Warrior & Wizard, Phases and Initiative: who goes first, and the order through the turn."""

from helpers import act, gm, only, refused, snap
from ww_helpers import active, figure, finish_turn, move, new_game, phase, stand_still_until


def initiative(outcome):
    """The initiative event among a command's events (the next turn's)."""
    return only(outcome, "initiative")


def test_characters_go_in_order_of_effective_dexterity_high_to_low():
    # Plate Armor is -3 DEX: Brute's DX 13 is an Effective DEX of 10, below Quick's 12.
    game = new_game(
        figure("Slow", "red", (0, 0), dx=9),
        figure("Brute", "red", (0, 2), dx=13, armor="Plate Armor"),
        figure("Quick", "blue", (3, 0), 3, dx=12),
    )
    assert game.state.order == ["Quick", "Brute", "Slow"]
    assert game.state.queue == ["Quick", "Brute", "Slow"]
    assert game.start_events[-1].data["adj_dx"] == {"Slow": 9, "Brute": 10, "Quick": 12}


def test_tied_characters_each_make_a_dexterity_check_and_the_higher_margin_goes_first():
    game = new_game(
        figure("Ann", "red", (0, 0), dx=10),
        figure("Bob", "blue", (3, 0), 3, dx=10),
        figure("Cat", "blue", (3, 2), 3, dx=12),
    )
    # Turn 2's initiative: Ann rolls 17 (margin -7), Bob rolls 6 (margin 4).
    event = initiative(finish_turn(game, dice=(6, 6, 5, 1, 2, 3)))
    assert event.data["order"] == ["Cat", "Bob", "Ann"]
    assert event.data["rolls"] == {
        "Ann": [{"faces": [6, 6, 5], "margin": -7}],
        "Bob": [{"faces": [1, 2, 3], "margin": 4}],
    }


def test_equal_margins_on_the_tie_break_roll_again():
    game = new_game(figure("Ann", "red", (0, 0), dx=10), figure("Bob", "blue", (3, 0), 3, dx=10))
    event = initiative(finish_turn(game, dice=(3, 3, 3, 3, 3, 3, 6, 6, 6, 1, 1, 1)))
    assert event.data["order"] == ["Bob", "Ann"]
    assert [r["margin"] for r in event.data["rolls"]["Ann"]] == [1, -8]
    assert [r["margin"] for r in event.data["rolls"]["Bob"]] == [1, 7]


def test_untied_initiative_rolls_no_dice():
    game = new_game(figure("Ann", "red", (0, 0), dx=11), figure("Bob", "blue", (3, 0), 3, dx=10))
    event = initiative(finish_turn(game, dice=(6, 6, 6)))
    assert event.data["order"] == ["Ann", "Bob"] and event.data["rolls"] == {}


def test_advanced_initiative_orders_everyone_by_the_margin_of_a_dexterity_check():
    game = new_game(
        figure("Ann", "red", (0, 0), dx=14),
        figure("Bob", "blue", (3, 0), 3, dx=10),
        options={"advanced_initiative": True},
    )
    # Ann (DEX 14) rolls 18, margin -4; Bob (DEX 10) rolls 3, margin 7: Bob goes first.
    event = initiative(finish_turn(game, dice=(6, 6, 6, 1, 1, 1)))
    assert event.data["order"] == ["Bob", "Ann"]
    assert game.state.queue == ["Bob", "Ann"]


def test_advanced_initiative_breaks_equal_margins_by_effective_dexterity():
    game = new_game(
        figure("Ann", "red", (0, 0), dx=12),
        figure("Bob", "blue", (3, 0), 3, dx=10),
        options={"advanced_initiative": True},
    )
    # Ann rolls 10 vs 12 and Bob 8 vs 10: both margins 2; Ann's higher DEX goes first.
    event = initiative(finish_turn(game, dice=(4, 3, 3, 3, 3, 2)))
    assert event.data["order"] == ["Ann", "Bob"]
    assert event.data["rolls"]["Ann"][0]["margin"] == event.data["rolls"]["Bob"][0]["margin"] == 2


def test_without_advanced_initiative_a_lower_dexterity_never_goes_first():
    game = new_game(figure("Ann", "red", (0, 0), dx=14), figure("Bob", "blue", (3, 0), 3, dx=10))
    event = initiative(finish_turn(game, dice=(6, 6, 6, 1, 1, 1)))
    assert event.data["order"] == ["Ann", "Bob"]


def test_combat_actions_follow_the_same_order_as_movement():
    game = new_game(
        figure("Ann", "red", (0, 0), dx=10),
        figure("Bob", "blue", (3, 0), 3, dx=12),
        figure("Cid", "blue", (3, 2), 3, dx=11),
    )
    moved = []
    while phase(game) == "movement":
        moved.append(active(game))
        move(game, active(game))
    assert moved == ["Bob", "Cid", "Ann"]
    assert game.state.queue == ["Bob", "Cid", "Ann"]


def test_the_initiative_order_holds_for_the_rest_of_the_turn_without_rerolling_a_tie():
    game = new_game(figure("Ann", "red", (0, 0), dx=10), figure("Bob", "blue", (3, 0), 3, dx=10))
    finish_turn(game, dice=(1, 1, 1, 6, 6, 6))  # turn 2: Ann wins the tie
    assert game.state.queue == ["Ann", "Bob"]
    move(game, "Ann")
    # Dice that would let Bob win a re-rolled tie when the combat phase begins.
    move(game, "Bob", dice=(6, 6, 6, 1, 1, 1))
    assert phase(game) == "combat" and game.state.queue == ["Ann", "Bob"]


def test_the_initiative_order_holds_even_if_effective_dexterity_changes_during_the_turn():
    game = new_game(figure("Ann", "red", (0, 0), dx=12), figure("Bob", "blue", (3, 0), 3, dx=11))
    assert game.state.order == ["Ann", "Bob"]
    # No command lowers Effective DEX within a turn yet (a spell will): set the penalty
    # for 5+ damage directly, making Ann's Effective DEX 10, below Bob's 11.
    game.state.figures["Ann"].wounded = True
    assert snap(game, "Ann")["adj_dx"] == 10
    move(game, "Ann")
    move(game, "Bob")
    assert phase(game) == "combat" and game.state.queue == ["Ann", "Bob"]


def test_a_new_turn_rolls_initiative_again_with_the_dexterity_of_that_turn():
    game = new_game(
        figure("Ann", "red", (0, 0), dx=12), figure("Bob", "blue", (1, 0), 3, dx=11, st=12, weapons=["Broadsword"])
    )
    stand_still_until(game, "Bob")
    # Bob hits (3 vs 11) and his Broadsword's 2d6 rolls 3 + 3: 6 damage to Ann.
    outcome = act(game, "Bob", "attack", target="Ann", dice=(1, 1, 1, 3, 3))
    # Bob acted last, so his attack ends turn 1. With 5 or more damage Ann is at -2 Effective
    # DEX for turn 2: Bob (11) goes before Ann (10); in turn 3 Ann (12) is first again.
    assert only(outcome, "damage").data["taken"] == 6
    assert initiative(outcome).data["order"] == ["Bob", "Ann"]
    assert initiative(finish_turn(game)).data["order"] == ["Ann", "Bob"]


def test_the_movement_phase_comes_before_the_combat_actions_phase():
    game = new_game(figure("Ann", "red", (0, 0), dx=12), figure("Bob", "blue", (3, 0), 3, dx=11))
    assert phase(game) == "movement" and game.state.turn == 1
    reason = refused(game, do="act", figure="Ann", action="pass")
    assert "movement phase" in reason
    move(game, "Ann")
    move(game, "Bob")
    assert phase(game) == "combat"
    assert "combat phase" in refused(game, do="move", figure="Ann", action="stand_still")
    act(game, "Ann", "pass")
    act(game, "Bob", "pass")
    assert phase(game) == "movement" and game.state.turn == 2


def test_actions_are_not_simultaneous_one_character_acts_at_a_time():
    game = new_game(figure("Ann", "red", (0, 0), dx=12), figure("Bob", "blue", (3, 0), 3, dx=11))
    assert "Ann's turn" in refused(game, do="move", figure="Bob", action="stand_still")


def test_unconscious_characters_take_no_part_in_initiative():
    game = new_game(
        figure("Ann", "red", (0, 0), dx=12),
        figure("Bob", "blue", (3, 0), 3, dx=11),
        figure("Cid", "blue", (3, 2), 3, dx=13),
    )
    gm(game, "damage", "Cid", params={"amount": 9})
    assert snap(game, "Cid")["status"] == "unconscious"
    event = initiative(finish_turn(game))
    assert event.data["order"] == ["Ann", "Bob"]
