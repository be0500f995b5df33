"""The turn structure the text leaves open: initiative by an Athlete roll each round, each figure
moves, then takes one action. And the trait roll setting."""

import pytest
from pydantic import ValidationError

from board.rules.dox.grapple import escape_margin
from board.rules.dox.sheet import Options
from helpers import act, of_kind, ok, only, refused
from dox_helpers import fig, move, new_game


def test_initiative_is_an_athlete_roll_highest_first():
    game = new_game(fig("Ann", "Red", [0, 0], athlete=2), fig("Bob", "Blue", [3, 0], athlete=3), order=["Ann", "Bob"])
    act(game, "Ann", "pass")
    out = act(game, "Bob", "pass", dice=[6, 5, 1, 2])  # Ann 11 + 2 = 13, Bob 3 + 3 = 6
    turn = of_kind(out, "turn")[0]
    assert turn.data["order"] == ["Ann", "Bob"] and turn.data["rolls"]["Ann"]["total"] == 13
    assert game.state.turn == 2 and game.state.active == "Ann"


def test_initiative_ties_go_to_the_higher_athlete():
    game = new_game(fig("Ann", "Red", [0, 0], athlete=2), fig("Bob", "Blue", [3, 0], athlete=3), order=["Ann", "Bob"])
    act(game, "Ann", "pass")
    out = act(game, "Bob", "pass", dice=[4, 4, 3, 4])  # both 10
    assert of_kind(out, "turn")[0].data["order"] == ["Bob", "Ann"]


def test_a_figure_moves_then_takes_one_action():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [3, 0]), order=["Ann", "Bob"])
    assert game.state.phase == "movement"
    move(game, "Ann", (1, 0), (2, 0))
    assert game.state.phase == "action"
    assert "already moved" in refused(game, do="move", figure="Ann", action="move", to=(1, 0))
    act(game, "Ann", "strike", target="Bob", dice=[1, 1])
    assert game.state.active == "Bob"


def test_acting_without_moving_skips_the_movement_step():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    act(game, "Ann", "strike", target="Bob", dice=[1, 1])
    assert game.state.active == "Bob" and game.state.phase == "movement"


def test_a_person_moves_five_hexes_and_no_further():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [-3, 0]), order=["Ann", "Bob"])
    path = tuple((k, 0) for k in range(1, 7))
    assert "may move 5" in refused(game, do="move", figure="Ann", action="move", path=path)
    ok(game, do="move", figure="Ann", action="move", path=path[:5])


def test_figures_and_walls_block_movement():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0]), walls=[(0, 1)], order=["Ann", "Bob"])
    assert "blocked" in refused(game, do="move", figure="Ann", action="move", path=((1, 0),))
    assert "blocked" in refused(game, do="move", figure="Ann", action="move", path=((0, 1),))


def test_the_trait_roll_is_a_setting():
    game = new_game(
        fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"], options={"trait_dice": "1d12"}
    )
    event = only(act(game, "Ann", "strike", target="Bob", dice=[9]), "attack")
    assert event.data["dice"] == [9] and event.data["dox"] == 9 + 2 - 8
    with pytest.raises(ValidationError):
        Options(trait_dice="lots")


def test_the_escape_margin_is_the_trait_rolls_average():
    assert escape_margin(new_game(fig("A", "Red", [0, 0]), fig("B", "Blue", [2, 0])).state) == 7
    state = new_game(fig("A", "Red", [0, 0]), fig("B", "Blue", [2, 0]), options={"trait_dice": "3d6"}).state
    assert escape_margin(state) == 11


def test_a_greyed_action_gives_its_first_candidates_refusal_and_plans_no_candidate_surely_refused():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [3, 0]), fig("Cal", "Blue", [0, 3]), order=["Ann"])
    move(game, "Ann")
    menu = {i.id: i for i in game.actions("Ann")}
    assert (
        menu["throw"].reason == "Ann holds nobody" == refused(game, do="act", figure="Ann", action="throw", to=(1, 0))
    )
    assert menu["dismount"].reason == "Ann is not mounted"
    assert menu["grapple"].reason == "Bob is not next to Ann"  # the first target's
    assert menu["strike"].reason == refused(game, do="act", figure="Ann", action="strike", target="Bob")
    assert menu["guard"].reason == "choose a friend still in the fight to guard"
    planned = [key for key in game.state._plans if key[2] in ("throw", "dismount", "grapple", "strike")]
    assert planned == []  # the first candidate of each is planned afresh for its reason, not kept
