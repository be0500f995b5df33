"""Stunts by ability test (shove, trip, disarm, sunder armor), indirect damage, and reviving."""

from helpers import act, action_info, fig, of_kind, refused, snap
from ud_helpers import figure, new_game

STILL = {"dodge": False}


def pair(orc=None, **kw):
    return new_game(
        figure("Ann", "PCs", (0, 0), **STILL), figure("Orc", "Orcs", (1, 0), **{**STILL, **(orc or {})}), **kw
    )


def test_a_shove_moves_the_target_one_hex_away():
    game = pair()
    out = act(game, "Ann", "shove", target="Orc", dice=[5, 2])
    assert snap(game, "Orc")["hex"] == [2, 0] and of_kind(out, "move")
    assert not of_kind(out, "damage_roll")  # "They may not cause damage directly"


def test_a_failed_stunt_does_nothing_and_deals_no_blow():
    game = pair()
    out = act(game, "Ann", "shove", target="Orc", dice=[3, 2])
    assert snap(game, "Orc")["hex"] == [1, 0] and not of_kind(out, "damage_roll")


def test_shoving_into_fire_does_damage_indirectly_ignoring_armor():
    game = pair({"armor": ["Plate"]}, fire=[(2, 0)])
    out = act(game, "Ann", "shove", target="Orc", dice=[6, 2, 5, 3])  # fire d6 rolls 5, Power 3
    burn = of_kind(out, "damage_roll")[0].data
    assert burn["armor_faces"] == [] and burn["taken"] == 5
    assert snap(game, "Orc")["status"] == "incapacitated"


def test_no_shove_into_a_wall_another_figure_or_off_the_map():
    game = pair(walls=[(2, 0)])
    assert "wall" in refused(game, do="act", figure="Ann", action="shove", target="Orc")
    game = new_game(figure("Ann", "PCs", (0, 0)), figure("Orc", "Orcs", (1, 0)), figure("Imp", "Orcs", (2, 0)))
    assert "Imp stands behind" in refused(game, do="act", figure="Ann", action="shove", target="Orc")
    game = new_game(figure("Ann", "PCs", (1, 0)), figure("Orc", "Orcs", (2, 0)), radius=2)
    assert "edge" in refused(game, do="act", figure="Ann", action="shove", target="Orc")


def test_a_trip_leaves_the_target_prone_and_standing_up_takes_its_move():
    game = pair()
    act(game, "Ann", "trip", target="Orc", dice=[6, 1])
    assert snap(game, "Orc")["prone"]
    act(game, "Ann", "move", to=(-1, 0))
    assert action_info(game, "Orc", "move").reason.startswith("Orc is prone")
    act(game, "Orc", "stand")
    assert not snap(game, "Orc")["prone"] and snap(game, "Orc")["moved"]


def test_a_disarm_drops_the_targets_weapon_where_it_can_be_picked_up():
    game = pair()
    act(game, "Ann", "disarm", target="Orc", dice=[4, 2])
    assert snap(game, "Orc")["weapons"] == {}
    assert game.snapshot()["items"] == {"1,0": ["Sword d8"]}
    act(game, "Ann", "pass")
    assert fig(game, "Orc").melee[0].name == "Unarmed"
    act(game, "Orc", "pick_up", params={"item": "Sword"})
    assert snap(game, "Orc")["weapons"] == {"Sword": 8}


def test_sunder_armor_steps_the_targets_best_armor_down():
    game = pair({"armor": ["Maille", "Helmet"]})
    act(game, "Ann", "sunder_armor", target="Orc", dice=[6, 1])
    assert snap(game, "Orc")["armor"] == {"Maille": 4, "Helmet": 4}


def test_a_stunt_needs_an_enemy_next_to_the_figure():
    game = new_game(figure("Ann", "PCs", (0, 0)), figure("Orc", "Orcs", (3, 0)))
    assert action_info(game, "Ann", "trip").reason == "no enemy next to it"


def test_a_companion_revives_an_incapacitated_figure():
    game = new_game(figure("Ann", "PCs", (0, 0)), figure("Bo", "PCs", (0, 1)), figure("Orc", "Orcs", (4, 0)))
    game.state.figures["Bo"].status = "incapacitated"
    assert action_info(game, "Ann", "revive").targets == ("Bo",)
    act(game, "Ann", "revive", target="Bo")
    assert snap(game, "Bo")["status"] == "ok" and snap(game, "Bo")["done"]
