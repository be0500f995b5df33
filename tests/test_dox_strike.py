"""Surprise, ranged strikes, thrown weapons, the strike to disarm and retrieving gear."""

from helpers import act, action_info, gm, of_kind, only, refused, snap
from dox_helpers import fig, move, new_game


def test_a_surprised_victim_gets_no_dodge_or_parry_challenge_6():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword"),
        fig("Bob", "Blue", [1, 0], weapon="Sword", parry=5, unaware=True),
        order=["Ann", "Bob"],
    )
    event = only(act(game, "Ann", "strike", target="Bob", dice=[2, 2]), "attack")
    assert (event.data["defense"], event.data["using"], event.data["dox"]) == (6, "surprised", 0)


def test_surprise_adds_the_ranged_challenge():
    # Dagger range 3: 5 hexes away is the second band, +2 (option range_step).
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Dagger"), fig("Bob", "Blue", [5, 0], unaware=True), order=["Ann", "Bob"]
    )
    event = only(act(game, "Ann", "strike", target="Bob", dice=[3, 3]), "attack")
    assert (event.data["defense"], event.data["range_challenge"], event.data["dox"]) == (6, 2, 0)


def test_surprise_lasts_until_the_victims_own_turn():
    game = new_game(
        fig("Ann", "Red", [0, 0]), fig("Cat", "Red", [0, 1]), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob", "Cat"]
    )
    gm(game, "surprise", "Bob")
    act(game, "Ann", "pass")
    assert snap(game, "Bob")["unaware"] is False  # his initiative came
    gm(game, "surprise", "Bob")
    gm(game, "surprise", "Bob")
    assert snap(game, "Bob")["unaware"] is False


def test_the_surprise_bonus_works_once_and_only_on_a_worse_fighter():
    game = new_game(
        fig("Ann", "Red", [0, 0], warrior=3, weapon="Sword"),
        fig("Bob", "Blue", [1, 0], unaware=True),
        fig("Dan", "Blue", [0, 1], warrior=3, unaware=True),
        order=["Ann", "Bob", "Dan"],
    )
    assert "worse fighter" in refused(
        game, do="act", figure="Ann", action="strike", target="Dan", params={"surprise_bonus": True}
    )
    event = only(act(game, "Ann", "strike", target="Bob", dice=[1, 1], params={"surprise_bonus": True}), "attack")
    assert event.data["modifier"] == 3 and event.data["dox"] == 2 + 3 + 3 - 6
    assert "Bob" in game.state.figures["Ann"].surprised_by_me


def test_a_ranged_strike_adds_the_range_challenge_and_a_thrown_weapon_lands_by_the_target():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Spear", gear=["Dagger"]), fig("Bob", "Blue", [5, 0]), order=["Ann", "Bob"]
    )
    event = only(act(game, "Ann", "strike", target="Bob", dice=[6, 4]), "attack")
    # Spear range 4: 5 hexes is band 2 (+2); Defense 8; 12 - 10 = 2
    assert (event.data["range_challenge"], event.data["dox"]) == (2, 2)
    assert snap(game, "Ann")["weapon"] == "Fist"
    assert game.snapshot()["items"] == {"[5, 0]": ["Spear"]}


def test_a_wall_blocks_a_ranged_strike():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Shortbow"),
        fig("Bob", "Blue", [4, 0]),
        walls=[(2, 0), (2, -1), (1, 1), (3, -1)],
        order=["Ann", "Bob"],
    )
    assert "wall" in refused(game, do="act", figure="Ann", action="strike", target="Bob")


def test_a_melee_weapon_strikes_only_within_its_reach():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword"),
        fig("Bob", "Blue", [2, 0]),
        fig("Cat", "Red", [0, 1], weapon="Spear"),
        order=["Ann", "Cat", "Bob"],
    )
    assert "reach" in refused(game, do="act", figure="Ann", action="strike", target="Bob")
    act(game, "Ann", "pass")
    act(game, "Cat", "strike", target="Bob", dice=[6, 6])  # a spear reaches 2 hexes


def test_a_strike_to_disarm_knocks_the_object_away_and_retrieving_it_takes_an_action():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [1, 0], weapon="Axe"), order=["Ann", "Bob"]
    )
    out = act(game, "Ann", "disarm", target="Bob", dice=[3, 3])
    assert only(out, "attack").data["defense"] == 8 and snap(game, "Bob")["wounds"] == 0
    assert snap(game, "Bob")["weapon"] == "Fist" and game.snapshot()["items"] == {"[1, 0]": ["Axe"]}
    move(game, "Bob")
    menu = action_info(game, "Bob", "retrieve")
    assert menu.enabled and menu.choices == ("Axe at [1, 0]",)
    act(game, "Bob", "retrieve", params={"item": "Axe"})
    assert snap(game, "Bob")["weapon"] == "Axe" and game.snapshot()["items"] == {}
    assert game.state.active != "Bob"  # that was his action


def test_a_failed_disarm_leaves_the_weapon_in_hand():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [1, 0], weapon="Axe"), order=["Ann", "Bob"]
    )
    out = act(game, "Ann", "disarm", target="Bob", dice=[1, 2])
    assert of_kind(out, "miss") and snap(game, "Bob")["weapon"] == "Axe"


def test_there_is_nothing_to_disarm_from_bare_hands():
    game = new_game(fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    assert "nothing" in refused(game, do="act", figure="Ann", action="disarm", target="Bob")


def test_readying_a_carried_weapon_takes_the_action():
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Sword", gear=["Dagger"]), fig("Bob", "Blue", [3, 0]), order=["Ann", "Bob"]
    )
    act(game, "Ann", "ready", weapon="Dagger")
    assert snap(game, "Ann")["weapon"] == "Dagger" and game.state.figures["Ann"].gear == ["Sword"]


def test_the_surprise_bonus_is_a_less_expected_attack_an_off_hand_punch_not_the_weapon():
    """ "a +3 for throwing a punch with his off hand rather than stabbing with the weapon": the
    victim need not be unaware; the blow is bare-handed and does a fist's damage."""
    game = new_game(
        fig("Ann", "Red", [0, 0], warrior=3, strength=2, weapon="Sword"),
        fig("Bob", "Blue", [1, 0], warrior=1, athlete=0, weapon="Sword"),
        order=["Ann", "Bob"],
    )
    move(game, "Ann")
    assert "surprise_bonus" in action_info(game, "Ann", "strike").options
    out = act(game, "Ann", "strike", target="Bob", dice=[3, 3], params={"surprise_bonus": True})
    event = only(out, "attack")
    assert event.data["modifier"] == 3 and event.data["dox"] == 6 + 3 + 3 - 7  # Parry 1: Defense 7
    assert "Fist" in event.text
    assert of_kind(out, "roll")[0].data["raw_damage"] == 5 + 2 + 0  # dox + Strength + Fist 0
    assert snap(game, "Ann")["weapon"] == "Sword"


def test_the_surprise_bonus_needs_a_weapon_to_be_less_expected_than():
    game = new_game(fig("Ann", "Red", [0, 0], warrior=3), fig("Bob", "Blue", [1, 0], warrior=1), order=["Ann", "Bob"])
    assert "bare-handed" in refused(
        game, do="act", figure="Ann", action="strike", target="Bob", params={"surprise_bonus": True}
    )
