"""Defense: a dodge needs room to move, not everything can be parried, assisted blocks."""

from board.hexgrid import Hex, hex_neighbors
from helpers import act, action_info, only, refused, snap
from dox_helpers import fig, move, new_game

WALLED = [(h.q, h.r) for h in hex_neighbors(Hex(1, 0)) if h != Hex(0, 0)]


def test_a_dodge_needs_room_to_move():
    # Bob stands in a walled niche: his only free neighbour holds Ann, so he cannot dodge.
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword"),
        fig("Bob", "Blue", [1, 0], dodge=5),
        walls=WALLED,
        order=["Ann", "Bob"],
    )
    event = only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack")
    assert (event.data["using"], event.data["defense"]) == ("none", 6)


def test_in_the_open_the_dodge_serves():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [1, 0], dodge=5), order=["Ann", "Bob"]
    )
    assert only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack").data["defense"] == 11


def test_a_missile_is_parried_only_with_a_shield():
    archer = fig("Ann", "Red", [0, 0], weapon="Shortbow", marksman=3)
    for bob, using, value in (
        ({"weapon": "Sword", "parry": 5, "dodge": 1}, "dodge", 7),
        ({"weapon": "Sword", "shield": "Shield", "parry": 5, "dodge": 0}, "parry", 11),
    ):
        game = new_game(archer, fig("Bob", "Blue", [3, 0], **bob), order=["Ann", "Bob"])
        event = only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack")
        assert (event.data["using"], event.data["defense"]) == (using, value)


def test_gritty_parry_penalises_a_dagger_against_a_large_weapon_and_cinematic_rewards_it():
    for style, value in (("plain", 10), ("gritty", 8), ("cinematic", 12)):
        game = new_game(
            fig("Ann", "Red", [0, 0], weapon="Axe"),
            fig("Bob", "Blue", [1, 0], weapon="Dagger", parry=4, dodge=0),
            order=["Ann", "Bob"],
            options={"parry_style": style},
        )
        assert only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack").data["defense"] == value


def test_cinematic_parry_blocks_arrows_with_a_sword():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Shortbow"),
        fig("Bob", "Blue", [3, 0], weapon="Sword", parry=4, dodge=0),
        order=["Ann", "Bob"],
        options={"parry_style": "cinematic"},
    )
    assert only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack").data["using"] == "parry"


def test_an_assisted_block_for_a_friend_costs_an_action_and_blocks_once():
    game = new_game(
        fig("Gus", "Red", [0, 1], weapon="Sword", parry=5),
        fig("Ann", "Red", [0, 0], dodge=0, parry=0),
        fig("Bob", "Blue", [1, 0], weapon="Sword"),
        order=["Gus", "Bob", "Ann"],
    )
    act(game, "Gus", "guard", target="Ann")
    assert game.state.active == "Bob"  # the block was Gus's action
    event = only(act(game, "Bob", "strike", target="Ann", dice=[6, 6]), "attack")
    assert (event.data["using"], event.data["defense"]) == ("assisted block", 11)
    assert game.state.figures["Gus"].guarding is None  # spent


def test_an_assisted_block_reaches_only_a_few_hexes():
    game = new_game(
        fig("Gus", "Red", [-3, 0], weapon="Sword"),
        fig("Ann", "Red", [0, 0]),
        fig("Bob", "Blue", [1, 0]),
        order=["Gus", "Bob", "Ann"],
    )
    assert "more than 2 hexes" in refused(game, do="act", figure="Gus", action="guard", target="Ann")
    move(game, "Gus")  # the menu of actions comes after the movement step
    assert "Ann" not in action_info(game, "Gus", "guard").targets


def test_an_assisted_block_needs_something_to_block_with():
    game = new_game(
        fig("Gus", "Red", [0, 1]), fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0]), order=["Gus", "Bob", "Ann"]
    )
    assert "nothing to block" in refused(game, do="act", figure="Gus", action="guard", target="Ann")
    assert snap(game, "Gus")["status"] == "ok"


def test_characters_can_also_choose_to_block_attacks_aimed_at_a_friend_who_is_ambushed():
    """The ambushed victim "does not get the benefit of his Dodge or Parry" (Defense 6), but a
    friend's assisted block is not his: the guard's Parry of 10 stops a 9."""
    game = new_game(
        fig("Gus", "Red", [0, 1], weapon="Sword", parry=4),
        fig("Ann", "Red", [0, 0], dodge=3, parry=3, unaware=True),
        fig("Bob", "Blue", [1, 0], weapon="Sword"),
        order=["Gus", "Bob", "Ann"],
    )
    act(game, "Gus", "guard", target="Ann")
    event = only(act(game, "Bob", "strike", target="Ann", dice=[4, 3]), "attack")
    assert (event.data["using"], event.data["defense"], event.data["hit"]) == ("assisted block", 10, False)
    assert "Gus blocking" in event.text and snap(game, "Ann")["wounds"] == 0


def test_an_ambushed_figure_has_no_dodge_or_parry_of_his_own():
    game = new_game(
        fig("Ann", "Red", [0, 0], dodge=3, parry=3, weapon="Sword", unaware=True),
        fig("Bob", "Blue", [1, 0], weapon="Sword"),
        order=["Bob", "Ann"],
    )
    event = only(act(game, "Bob", "strike", target="Ann", dice=[4, 3]), "attack")
    assert (event.data["using"], event.data["defense"]) == ("surprised", 6)
