"""Mounted combat: rider and mount move together, twice as far; a hit rider rolls Rider against
the damage before Protection; no dodging in the saddle (Rider may serve as Defense); the mount
can be attacked."""

import pytest

from board.maps import parse_map
from board.yamlio import InputError
from helpers import act, action_info, gm, of_kind, only, refused, snap
from dox_helpers import battle_text, fig, move, new_game, set_order

HORSE = fig("Horse", "Red", [0, 0], kind="horse", weapon="Hooves", strength=5)


def mounted(rider=None, foe=None, order=("Ann", "Rex", "Horse"), **kw):
    return new_game(
        fig("Rex", "Red", [0, 1], mount="Horse", rider=3, dodge=5, **(rider or {})),
        HORSE,
        fig("Ann", "Blue", [1, 0], weapon="Sword", **(foe or {})),
        order=list(order),
        **kw,
    )


def test_the_rider_starts_on_his_mount():
    game = mounted()
    assert snap(game, "Rex")["hex"] == snap(game, "Horse")["hex"] == [0, 0]
    assert snap(game, "Rex")["mount"] == "Horse"


def test_rider_and_mount_move_together_and_a_horse_moves_twice_as_far():
    game = mounted(order=("Rex", "Horse", "Ann"), radius=12)
    assert max(len(p) for p in action_info(game, "Rex", "move").hexes.values()) == 10
    move(game, "Rex", *[(0, -k) for k in range(1, 8)])
    assert snap(game, "Rex")["hex"] == snap(game, "Horse")["hex"] == [0, -7]
    act(game, "Rex", "pass")
    assert game.state.phase == "action"  # the horse has no movement of its own while ridden


def test_no_dodging_when_mounted_rider_serves_as_defense():
    game = mounted()
    event = only(act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6]), "attack")
    assert (event.data["using"], event.data["defense"]) == ("rider", 9)


def test_the_rider_defense_may_carry_a_penalty():
    game = mounted(options={"rider_defense_penalty": 2})
    assert only(act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6]), "attack").data["defense"] == 7


def test_a_rider_who_can_block_parries():
    game = mounted(rider={"weapon": "Sword", "parry": 4})
    assert only(act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6]), "attack").data["using"] == "parry"


def test_a_hit_rider_rolls_rider_against_the_damage_before_protection():
    game = mounted(rider={"armor": "Chain"})
    out = act(game, "Ann", "strike", target="Rex", dice=[4, 4, 1, 1])  # dox 1: damage 6 before Chain
    roll = [e for e in of_kind(out, "roll") if "challenge" in e.data][0]
    assert (roll.data["challenge"], roll.data["total"], roll.data["success"]) == (6, 5, False)
    rex = snap(game, "Rex")
    assert rex["mount"] is None and rex["posture"] == "prone" and rex["hex"] != [0, 0]
    assert rex["wounds"] == 2  # 6 - Chain 4


def test_a_rider_who_makes_the_roll_keeps_his_seat():
    game = mounted()
    act(game, "Ann", "strike", target="Rex", dice=[4, 4, 2, 1])  # 3 + 3 = 6 vs 6
    assert snap(game, "Rex")["mount"] == "Horse"


def test_the_mount_can_be_attacked_and_its_fall_unseats_the_rider():
    game = mounted()
    game.state.figures["Horse"].max_wounds = 3
    act(game, "Ann", "strike", target="Horse", dice=[6, 6])
    assert snap(game, "Horse")["status"] == "down"
    assert snap(game, "Rex")["mount"] is None and snap(game, "Rex")["posture"] == "prone"


def test_mounting_and_dismounting_take_an_action():
    game = mounted(order=("Rex", "Horse", "Ann"))
    move(game, "Rex")
    act(game, "Rex", "dismount", to=(-1, 0))
    assert snap(game, "Rex")["hex"] == [-1, 0] and snap(game, "Rex")["mount"] is None
    act(game, "Horse", "pass")
    act(game, "Ann", "pass")
    set_order(game, "Rex", "Horse", "Ann")
    move(game, "Rex")
    act(game, "Rex", "mount", target="Horse")
    assert snap(game, "Rex")["hex"] == [0, 0] and snap(game, "Rex")["mount"] == "Horse"


def test_a_person_is_not_a_mount():
    game = new_game(
        fig("Rex", "Red", [0, 1]), fig("Pal", "Red", [0, 0]), fig("Ann", "Blue", [3, 0]), order=["Rex", "Pal", "Ann"]
    )
    move(game, "Rex")
    assert "mount" in refused(game, do="act", figure="Rex", action="mount", target="Pal")


def ranger_and_wolf(options=None, wolf=None):
    return new_game(
        fig("Ann", "Red", [0, 0], ranger=1),
        fig("Wolf", "Red", [1, 0], kind="animal", weapon="Bite", trained_by="Ann", **(wolf or {})),
        fig("Bob", "Blue", [2, 0]),
        fig("Cat", "Blue", [2, -1]),
        order=["Ann", "Wolf", "Bob", "Cat"],
        options=options,
    )


def test_commanding_a_trained_animal_in_combat_needs_a_ranger_roll():
    """ "If a Ranger has spent time training an animal, then it should obey his commands in most
    cases. Combat is a chaotic environment, however; it may be necessary to roll Ranger"."""
    game = ranger_and_wolf()
    out = act(game, "Ann", "command", target="Wolf", params={"order": "attack", "foe": "Bob"}, dice=[3, 2])
    roll = of_kind(out, "roll")[0]
    assert roll.data["total"] == 6 and roll.data["challenge"] == 6 and roll.data["success"]
    assert snap(game, "Wolf")["order"] == ["attack", "Bob"]
    assert game.state.active == "Ann"  # a free action: Ann still has her turn
    assert "already given a command" in refused(
        game, do="act", figure="Ann", action="command", target="Wolf", params={"order": "hold"}
    )
    act(game, "Ann", "pass")
    move(game, "Wolf")
    assert "obeys its master's command: attack Bob" in refused(
        game, do="act", figure="Wolf", action="strike", target="Cat"
    )
    act(game, "Wolf", "strike", target="Bob", dice=[6, 6])
    assert snap(game, "Wolf")["order"] is None  # the order lasts the animal's turn


def test_a_failed_ranger_roll_leaves_the_animal_to_the_adversary():
    game = ranger_and_wolf()
    out = act(game, "Ann", "command", target="Wolf", params={"order": "hold"}, dice=[2, 2])
    assert not of_kind(out, "roll")[0].data["success"] and snap(game, "Wolf")["order"] is None
    act(game, "Ann", "pass")
    move(game, "Wolf", (1, 1))  # free to do as the Adversary likes


def test_an_obedient_animal_told_to_hold_stays_put():
    game = ranger_and_wolf()
    act(game, "Ann", "command", target="Wolf", params={"order": "hold"}, dice=[6, 6])
    act(game, "Ann", "pass")
    assert "holds" in refused(game, do="move", figure="Wolf", action="move", path=((1, 1),))
    assert "holds" in action_info(game, "Wolf", "move").reason


def test_a_war_trained_animal_helps_the_ranger_roll_and_the_gm_can_waive_it():
    game = ranger_and_wolf(wolf={"war_trained": True})
    out = act(game, "Ann", "command", target="Wolf", params={"order": "hold"}, dice=[1, 1])
    assert of_kind(out, "roll")[0].data["total"] == 2 + 1 + 3
    game = ranger_and_wolf(options={"ranger_roll": False})
    out = act(game, "Ann", "command", target="Wolf", params={"order": "attack", "foe": "Cat"})
    assert not of_kind(out, "roll") and snap(game, "Wolf")["order"] == ["attack", "Cat"]
    game = ranger_and_wolf()
    gm(game, "obey", "Wolf", params={"order": "hold"})
    assert snap(game, "Wolf")["order"] == ["hold", None]


def test_only_the_ranger_who_trained_an_animal_commands_it():
    game = ranger_and_wolf()
    set_order(game, "Bob", "Ann", "Wolf", "Cat")
    assert "has trained" in refused(
        game, do="act", figure="Bob", action="command", target="Wolf", params={"order": "hold"}
    )


def test_only_animals_take_orders():
    game = ranger_and_wolf()
    assert "not an animal" in refused(game, do="gm", action="obey", figure="Bob", params={"order": "hold"})
    with pytest.raises(InputError, match="trained by a Ranger"):
        parse_map(battle_text(fig("Ann", "Red", [0, 0]), fig("Bob", "Red", [1, 0], trained_by="Ann")))


def test_an_obedient_animals_greyed_actions_say_it_obeys_before_what_else_stops_them():
    # The menu plans no candidate it can tell is refused (a throw holding nobody, a dismount on
    # foot): the entry still gives the first candidate's whole refusal, the order's first.
    game = ranger_and_wolf()
    act(game, "Ann", "command", target="Wolf", params={"order": "attack", "foe": "Bob"}, dice=[6, 6])
    act(game, "Ann", "pass")
    move(game, "Wolf")
    for action in ("throw", "slam", "dismount", "mount", "guard"):
        assert action_info(game, "Wolf", action).reason == "Wolf obeys its master's command: attack Bob"
