"""Mounted combat: rider and mount move together, twice as far; a hit rider rolls Rider against
the damage before Protection; no dodging in the saddle (Rider may serve as Defense); the mount
can be attacked."""

from dox_helpers import act, attack_event, fig, info, move, new_game, of_kind, refused, set_order, snap

HORSE = fig("Horse", "Red", [0, 0], kind="horse", weapon="Hooves", strength=5)


def mounted(rider=None, foe=None, order=("Ann", "Rex", "Horse"), **kw):
    return new_game(fig("Rex", "Red", [0, 1], mount="Horse", rider=3, dodge=5, **(rider or {})), HORSE,
                    fig("Ann", "Blue", [1, 0], weapon="Sword", **(foe or {})), order=list(order), **kw)


def test_the_rider_starts_on_his_mount():
    game = mounted()
    assert snap(game, "Rex")["hex"] == snap(game, "Horse")["hex"] == [0, 0]
    assert snap(game, "Rex")["mount"] == "Horse"


def test_rider_and_mount_move_together_and_a_horse_moves_twice_as_far():
    game = mounted(order=("Rex", "Horse", "Ann"), radius=12)
    assert max(len(p) for p in info(game, "Rex", "move").hexes.values()) == 10
    move(game, "Rex", *[(0, -k) for k in range(1, 8)])
    assert snap(game, "Rex")["hex"] == snap(game, "Horse")["hex"] == [0, -7]
    act(game, "Rex", "pass")
    assert game.state.phase == "action"  # the horse has no movement of its own while ridden


def test_no_dodging_when_mounted_rider_serves_as_defense():
    game = mounted()
    event = attack_event(act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6]))
    assert (event.data["using"], event.data["defense"]) == ("rider", 9)


def test_the_rider_defense_may_carry_a_penalty():
    game = mounted(options={"rider_defense_penalty": 2})
    assert attack_event(act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6])).data["defense"] == 7


def test_a_rider_who_can_block_parries():
    game = mounted(rider={"weapon": "Sword", "parry": 4})
    assert attack_event(act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6])).data["using"] == "parry"


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
    game = new_game(fig("Rex", "Red", [0, 1]), fig("Pal", "Red", [0, 0]), fig("Ann", "Blue", [3, 0]),
                    order=["Rex", "Pal", "Ann"])
    move(game, "Rex")
    assert "mount" in refused(game, do="act", figure="Rex", action="mount", target="Pal")
