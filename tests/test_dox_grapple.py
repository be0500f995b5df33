"""Grapple: grab, restrain, drag or carry, squeeze, better hold, slam, throw, escape, fall prone,
grab to disarm."""

from board.rules.base import Command
from helpers import act, of_kind, only, refused, snap
from dox_helpers import fig, move, new_game, set_order


def grappled(ann=None, bob=None, dox_dice=(4, 4), walls=(), bob_at=(1, 0)):
    """Ann grapples Bob (dice 4, 4: 10 vs 8, dox 2); then it is Bob's turn."""
    game = new_game(
        fig("Ann", "Red", [0, 0], **(ann or {})),
        fig("Bob", "Blue", list(bob_at), **(bob or {})),
        order=["Ann", "Bob"],
        walls=walls,
    )
    act(game, "Ann", "grapple", target="Bob", dice=list(dox_dice))
    return game


def test_a_grapple_is_a_warrior_roll_against_defense_and_records_the_dox():
    game = new_game(fig("Ann", "Red", [0, 0], warrior=3), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    event = only(act(game, "Ann", "grapple", target="Bob", dice=[4, 4]), "attack")
    assert (event.data["rating"], event.data["defense"], event.data["dox"]) == (3, 8, 3)
    assert snap(game, "Ann")["holds"] == ["Bob", 3] and snap(game, "Bob")["held_by"] == ["Ann"]


def test_a_failed_grab_restrains_nobody():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    act(game, "Ann", "grapple", target="Bob", dice=[2, 3])
    assert snap(game, "Ann")["holds"] is None


def test_the_restrained_victim_cannot_move():
    game = grappled()
    assert game.state.phase == "action"  # no movement step for Bob
    assert "already moved" in refused(game, do="move", figure="Bob", action="move", to=(2, 0))


def test_a_weaker_grappler_drags_his_victim_one_space_a_round():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    assert "dragging" in refused(game, do="move", figure="Ann", action="move", path=((-1, 0), (-2, 0)))
    move(game, "Ann", (-1, 0))
    assert snap(game, "Ann")["hex"] == [-1, 0] and snap(game, "Bob")["hex"] == [0, 0]


def test_a_strong_grappler_picks_his_victim_up_and_runs():
    game = grappled(ann={"strength": 4})
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    move(game, "Ann", (-1, 0), (-2, 0), (-3, 0))
    assert snap(game, "Bob")["hex"] == [-2, 0]


def test_a_squeeze_does_strength_plus_dox_plus_a_small_weapon():
    game = grappled(ann={"weapon": "Dagger"})
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    act(game, "Ann", "squeeze")
    assert snap(game, "Bob")["wounds"] == 2 + 2 + 1


def test_a_large_weapon_adds_nothing_to_a_squeeze_and_is_useless_in_close_combat():
    game = grappled(ann={"weapon": "Sword"}, bob={"weapon": "Sword"})
    assert "useless" in refused(game, do="act", figure="Bob", action="strike", target="Ann")
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    act(game, "Ann", "squeeze")
    assert snap(game, "Bob")["wounds"] == 4


def test_a_restrained_victim_may_strike_with_a_small_weapon():
    game = grappled(bob={"weapon": "Dagger"})
    act(game, "Bob", "strike", target="Ann", dice=[4, 4])
    assert snap(game, "Ann")["wounds"] == 2 + 2 + 1  # dox 2 + Strength 2 + Dagger 1


def test_a_better_hold_rolls_again_with_strength_if_higher_against_the_victims_athlete():
    game = grappled(ann={"strength": 4}, bob={"athlete": 3})
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    event = only(act(game, "Ann", "better_hold", dice=[3, 3]), "attack")
    assert (event.data["rating"], event.data["defense"], event.data["dox"]) == (4, 9, 1)
    assert snap(game, "Ann")["holds"] == ["Bob", 1]


def test_a_negative_dox_on_a_better_hold_lets_the_victim_slip_free():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    out = act(game, "Ann", "better_hold", dice=[1, 1])
    assert "slips free" in of_kind(out, "status")[0].text and snap(game, "Bob")["held_by"] == []


def test_slamming_into_the_floor_a_wall_and_a_sharp_corner():
    # Bob at [1, 0]; [2, 0] a lone wall hex (a pillar: a sharp corner).
    for surface, bonus in (("floor", 2), ("wall", 3), ("corner", 6)):
        game = grappled(walls=[(2, 0)])
        act(game, "Bob", "pass")
        set_order(game, "Ann", "Bob")
        act(game, "Ann", "slam", params={"surface": surface})
        assert snap(game, "Bob")["wounds"] == 2 + 2 + bonus, surface


def test_a_slam_into_a_wall_needs_a_real_wall():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    assert "no wall" in refused(game, do="act", figure="Ann", action="slam", params={"surface": "wall"})
    # a straight wall is a wall, not a corner
    game = grappled(walls=[(2, 0), (2, -1), (2, 1), (2, -2)])
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    assert "corner" in refused(game, do="act", figure="Ann", action="slam", params={"surface": "corner"})


def test_a_slam_lands_on_a_floor_a_wall_or_a_corner_and_nothing_else():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    reason = refused(game, do="act", figure="Ann", action="slam", params={"surface": "ceiling"})
    assert reason == "params.surface must be floor, wall or corner"


def test_throwing_the_victim_ends_the_grapple():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    act(game, "Ann", "throw", to=(-1, 0), params={"surface": "floor"})
    bob = snap(game, "Bob")
    assert bob["held_by"] == [] and bob["hex"] == [-1, 0] and bob["posture"] == "prone"
    assert bob["wounds"] == 2 + 2 + 2 and snap(game, "Ann")["holds"] is None


def test_escape_rolls_strength_athlete_or_warrior_against_the_grapplers_offense_plus_7():
    game = grappled(ann={"strength": 3}, bob={"athlete": 4})
    out = act(game, "Bob", "escape", dice=[3, 3])  # 6 + 4 = 10 vs 3 + 7 = 10
    assert of_kind(out, "roll")[0].data["challenge"] == 10 and snap(game, "Bob")["held_by"] == []
    game = grappled(ann={"strength": 3}, bob={"athlete": 4})
    act(game, "Bob", "escape", dice=[3, 2])
    assert snap(game, "Bob")["held_by"] == ["Ann"]


def test_the_grappler_may_fall_prone_as_a_free_action_taking_the_victim_down():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    act(game, "Ann", "go_prone")
    assert snap(game, "Ann")["posture"] == snap(game, "Bob")["posture"] == "prone"
    assert game.state.active == "Ann"  # free: Ann still has her action
    assert "grapple" in refused(game, do="act", figure="Ann", action="stand_up")
    act(game, "Ann", "release")  # the grapple ends: both must spend an action to get up
    act(game, "Ann", "stand_up")
    assert game.state.active == "Bob" and snap(game, "Bob")["posture"] == "prone"
    assert "already moved" in refused(game, do="move", figure="Bob", action="move", to=(2, 0))
    act(game, "Bob", "stand_up")


def test_a_grab_to_disarm_lets_the_target_use_strength_and_does_not_restrain():
    game = new_game(
        fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [1, 0], weapon="Axe", strength=5), order=["Ann", "Bob"]
    )
    event = only(act(game, "Ann", "grab_disarm", target="Bob", dice=[5, 4]), "attack")
    assert (event.data["defense"], event.data["using"], event.data["dox"]) == (11, "strength", 0)
    assert snap(game, "Bob")["weapon"] == "Fist" and "Axe" in game.state.figures["Ann"].gear
    assert snap(game, "Bob")["held_by"] == []


def test_a_grapple_needs_the_target_next_to_the_grappler():
    game = new_game(fig("Ann", "Red", [0, 0]), fig("Bob", "Blue", [2, 0]), order=["Ann", "Bob"])
    assert "not next to" in refused(game, do="act", figure="Ann", action="grapple", target="Bob")


def test_a_grapple_is_a_warrior_attack_with_the_hands_a_bow_in_hand_does_not_stop_a_parry():
    """ "To grab an opponent, make a Warrior attack roll versus the target's Defense": the grab is
    made with the hands, so the victim parries it as any hand-to-hand attack."""
    game = new_game(
        fig("Ann", "Red", [0, 0], weapon="Shortbow"),
        fig("Bob", "Blue", [1, 0], weapon="Sword", parry=3, dodge=0),
        order=["Ann", "Bob"],
    )
    prediction = game.predict(Command(do="act", figure="Ann", action="grapple", target="Bob"))
    event = only(act(game, "Ann", "grapple", target="Bob", dice=[4, 4]), "attack")
    assert (event.data["using"], event.data["defense"]) == ("parry", 9)
    assert prediction.roll.endswith("vs 9 (parry)")


def test_an_assisted_block_is_spent_on_one_grab():
    """ "Each one of these "assisted blocks" count as an action": a grab meets it once, as a
    strike does; the next grab meets the victim's own Defense."""
    game = new_game(
        fig("Gus", "Red", [0, 1], weapon="Sword", parry=5),
        fig("Ann", "Red", [0, 0], dodge=0, parry=0),
        fig("Bob", "Blue", [1, 0]),
        fig("Cat", "Blue", [-1, 0]),
        order=["Gus", "Bob", "Cat", "Ann"],
    )
    act(game, "Gus", "guard", target="Ann")
    first = only(act(game, "Bob", "grapple", target="Ann", dice=[1, 1]), "attack")
    assert (first.data["using"], first.data["defense"]) == ("assisted block", 11)
    assert game.state.figures["Gus"].guarding is None
    second = only(act(game, "Cat", "grapple", target="Ann", dice=[1, 1]), "attack")
    assert second.data["using"] != "assisted block" and second.data["defense"] == 6


def test_the_target_may_use_strength_for_defense_against_a_grab_to_disarm_even_when_ambushed():
    """ "The target may use Strength for Defense in this case": an ambush takes away "his Dodge or
    Parry", not his Strength; Defense is the better of 6 and 6 + Strength."""
    game = new_game(
        fig("Ann", "Red", [0, 0]),
        fig("Bob", "Blue", [1, 0], weapon="Axe", strength=5, parry=3, unaware=True),
        order=["Ann", "Bob"],
    )
    event = only(act(game, "Ann", "grab_disarm", target="Bob", dice=[5, 4]), "attack")
    assert (event.data["defense"], event.data["using"]) == (11, "strength")
