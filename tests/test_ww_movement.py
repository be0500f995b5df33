"""Warrior & Wizard, Threat Zones, Engagement and Combat Movement."""

import pytest

from board.hexgrid import Hex, hex_neighbor
from board.rules.warrior_wizard import movement
from helpers import act, action_info, gm, ok, only, refused, snap
from ww_helpers import active, farthest, figure, line, move, new_game, phase, stand_still_until

FAR_ENEMY = figure("Far", "blue", (0, -7), 2, dx=5)  # keeps the fight going, well away from the action


def zone(h, facing):
    """The threat zone of a one-hex figure at h: the hex in front and the two beside it."""
    return sorted([list(hex_neighbor(Hex(*h), facing + d)) for d in (-1, 0, 1)])


# --- Threat Zone, Engaged, Disengaged ---------------------------------------------------------


@pytest.mark.parametrize("facing", range(6))
def test_the_threat_zone_is_the_hex_in_front_and_the_two_hexes_adjacent_to_it(facing):
    game = new_game(figure("Ann", "red", (0, 0), facing), FAR_ENEMY)
    assert snap(game, "Ann")["threat_zone"] == zone((0, 0), facing)
    assert len(snap(game, "Ann")["threat_zone"]) == 3


@pytest.mark.parametrize("posture", ["fallen", "prone"])
def test_a_fallen_or_prone_character_has_no_threat_zone(posture):
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Bob", "blue", (1, 0), 3))
    assert snap(game, "Bob")["engaged_with"] == ["Ann"]
    gm(game, "posture", "Ann", params={"posture": posture})
    assert snap(game, "Ann")["threat_zone"] == []
    assert snap(game, "Bob")["engaged"] is False


def test_a_kneeling_character_keeps_his_threat_zone():
    # The text lists "unconscious, dead, fallen, prone, surprised": kneeling is not among them.
    game = new_game(figure("Ann", "red", (0, 0), 0, posture="kneeling"), figure("Bob", "blue", (1, 0), 3))
    assert snap(game, "Ann")["threat_zone"] == zone((0, 0), 0)
    assert snap(game, "Bob")["engaged_with"] == ["Ann"]


def test_a_character_who_drops_prone_loses_his_threat_zone():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (2, 0), 3))
    stand_still_until(game, "Ann")
    act(game, "Ann", "drop", params={"posture": "prone"})
    assert snap(game, "Ann")["posture"] == "prone" and snap(game, "Ann")["threat_zone"] == []


@pytest.mark.parametrize("amount, status", [(9, "unconscious"), (10, "dead")])
def test_an_unconscious_or_dead_character_has_no_threat_zone(amount, status):
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Cid", "red", (0, 3), 0), figure("Bob", "blue", (1, 0), 3))
    gm(game, "damage", "Ann", params={"amount": amount})
    assert snap(game, "Ann")["status"] == status
    assert snap(game, "Ann")["threat_zone"] == [] and snap(game, "Bob")["engaged"] is False


def test_a_character_in_another_characters_threat_zone_is_engaged_regardless_of_his_own_facing():
    # Bob stands in front of Ann with his back to her.
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Bob", "blue", (1, 0), 0))
    assert snap(game, "Bob")["engaged"] is True and snap(game, "Bob")["engaged_with"] == ["Ann"]


def test_the_character_doing_the_engaging_need_not_himself_be_engaged():
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Bob", "blue", (1, 0), 0))
    assert snap(game, "Ann")["engaged"] is False and snap(game, "Ann")["engaged_with"] == []


def test_two_characters_facing_one_another_are_engaged_with_each_other():
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Bob", "blue", (1, 0), 3))
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]
    assert snap(game, "Bob")["engaged_with"] == ["Ann"]


def test_a_character_outside_every_threat_zone_is_disengaged():
    # Bob stands beside Ann (her side hex), facing away.
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Bob", "blue", (0, -1), 2))
    assert snap(game, "Bob")["engaged"] is False and snap(game, "Ann")["engaged"] is False


def test_only_a_character_of_another_team_engages():
    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Ally", "red", (1, 0), 3), FAR_ENEMY)
    assert snap(game, "Ally")["engaged"] is False and snap(game, "Ann")["engaged"] is False


def test_a_one_hex_human_alone_cannot_engage_a_seven_hex_dragon():
    game = new_game(figure("Dragon", "blue", (0, 0), 3, size=7), figure("Ann", "red", (-2, 0), 0))
    assert snap(game, "Ann")["threat_zone"] and snap(game, "Dragon")["engaged"] is False
    # The dragon still Engages the human in front of it.
    assert snap(game, "Ann")["engaged_with"] == ["Dragon"]


def test_two_humans_together_engage_a_seven_hex_dragon():
    game = new_game(
        figure("Dragon", "blue", (0, 0), 3, size=7), figure("Ann", "red", (-2, 0), 0), figure("Bob", "red", (-2, 1), 0)
    )
    assert snap(game, "Dragon")["engaged_with"] == ["Ann", "Bob"]


def test_one_human_engages_a_four_hex_creature():
    game = new_game(figure("Beast", "blue", (0, 0), 3, size=4), figure("Ann", "red", (-1, 0), 0))
    assert snap(game, "Beast")["engaged_with"] == ["Ann"]


def test_a_dragon_entering_one_humans_threat_zone_is_not_stopped_by_it():
    game = new_game(figure("Dragon", "blue", (-3, 0), 0, size=7, dx=12), figure("Ann", "red", (1, 0), 3))
    # The dragon's front cell reaches [-1, 0], [0, 0]: Ann's threat zone holds [0, 0].
    move(game, "Dragon", (-2, 0), (-1, 0), action="jog")
    assert snap(game, "Dragon")["hex"] == [-1, 0] and snap(game, "Dragon")["engaged"] is False


# --- Movement actions of a Disengaged character -----------------------------------------------


@pytest.mark.parametrize(
    "action, ma, allowed",
    [
        ("step", 10, 1),
        ("jog", 10, 2),
        ("half_move", 10, 5),
        ("half_move", 9, 5),
        ("full_move", 10, 10),
        ("full_move", 7, 7),
        ("delay", 10, 5),
        ("delay", 9, 5),
    ],
)
def test_each_movement_action_allows_its_number_of_hexes(action, ma, allowed):
    game = new_game(figure("Ann", "red", (-6, 0), 0, ma=ma, dx=12), FAR_ENEMY, radius=8)
    reason = refused(game, do="move", figure="Ann", action=action, path=line((-6, 0), 0, allowed + 1))
    assert reason == f"that path is {allowed + 1} hexes; this move allows {allowed}"
    assert farthest(game, "Ann", action) == allowed
    move(game, "Ann", *line((-6, 0), 0, allowed), action=action)
    assert snap(game, "Ann")["hex"] == list(line((-6, 0), 0, allowed)[-1])


def test_a_destination_alone_finds_the_shortest_path_and_the_smallest_action():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), FAR_ENEMY)
    outcome = ok(game, do="move", figure="Ann", to=(2, 1))
    assert only(outcome, "move").data["action"] == "half_move"
    assert len(only(outcome, "move").data["path"]) == 3


def test_each_hex_of_a_path_must_be_next_to_the_one_before():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), FAR_ENEMY)
    assert "each hex must be next to the one before" in refused(
        game, do="move", figure="Ann", action="jog", path=((1, 0), (3, 0))
    )


def test_a_character_who_moves_into_a_threat_zone_must_stop_moving_immediately():
    game = new_game(figure("Ann", "red", (-3, 0), 0, dx=12), figure("Bob", "blue", (1, 0), 3))
    # [0, 0] is in Bob's threat zone: a path on through it is refused.
    reason = refused(game, do="move", figure="Ann", action="half_move", path=((-2, 0), (-1, 0), (0, 0), (0, 1)))
    assert "must stop moving at once" in reason
    info = action_info(game, "Ann", "half_move")
    assert Hex(0, 0) in info.stop_hexes and Hex(0, 1) in info.stop_hexes
    outcome = move(game, "Ann", (-2, 0), (-1, 0), (0, 0), action="half_move")
    assert only(outcome, "engaged").data["by"] == ["Bob"]
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]


def test_a_disengaged_character_may_move_freely_behind_an_enemy():
    # Bob faces east; the hexes behind and beside him are no threat.
    game = new_game(figure("Ann", "red", (-2, 0), 0, dx=12), figure("Bob", "blue", (0, 0), 0))
    move(game, "Ann", (-1, 0), (-1, 1), action="jog")
    assert snap(game, "Ann")["hex"] == [-1, 1] and snap(game, "Ann")["engaged"] is False


def test_walls_block_movement():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), FAR_ENEMY, walls=[(1, 0)])
    reason = refused(game, do="move", figure="Ann", action="jog", path=((1, 0), (2, 0)))
    assert "is a wall" in reason
    assert Hex(1, 0) not in action_info(game, "Ann", "jog").hexes
    move(game, "Ann", (1, -1), (2, -1), action="jog")


@pytest.mark.parametrize("posture", ["standing", "fallen"])
def test_a_hex_with_a_figure_in_it_blocks_movement_even_a_fallen_one(posture):
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12), figure("Ally", "red", (1, 0), 0, posture=posture), FAR_ENEMY
    )
    assert "Ally is in the way" in refused(game, do="move", figure="Ann", action="jog", path=((1, 0), (2, 0)))


def test_a_path_off_the_map_is_refused():
    game = new_game(figure("Ann", "red", (8, 0), 0, dx=12), FAR_ENEMY)
    assert "off the map" in refused(game, do="move", figure="Ann", action="step", path=((9, 0),))


def test_a_character_may_turn_to_any_facing_when_he_ends_his_move():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), FAR_ENEMY)
    move(game, "Ann", (1, 0), action="step", facing=4)
    assert snap(game, "Ann")["facing"] == 4


# --- Delay ------------------------------------------------------------------------------------


def test_delay_ends_movement_for_now_and_the_character_finishes_moving_later_in_the_phase():
    game = new_game(figure("Ann", "red", (-4, 0), 0, dx=12), figure("Bob", "blue", (4, -6), 3))
    move(game, "Ann", *line((-4, 0), 0, 3), action="delay")
    assert game.state.queue == ["Bob", "Ann"]
    move(game, "Bob")
    assert active(game) == "Ann" and phase(game) == "movement"
    # Full Movement 10, 3 used: 7 more, not 8.
    reason = refused(game, do="move", figure="Ann", action="continue", path=line((-1, 0), 0, 8))
    assert reason == "that path is 8 hexes; this move allows 7"
    move(game, "Ann", *line((-1, 0), 0, 7), action="continue")
    assert snap(game, "Ann")["hex"] == [6, 0] and phase(game) == "combat"


def test_delay_is_taken_after_moving_no_more_than_half_of_movement():
    game = new_game(figure("Ann", "red", (-4, 0), 0, dx=12), figure("Bob", "blue", (4, -6), 3))
    assert "this move allows 5" in refused(game, do="move", figure="Ann", action="delay", path=line((-4, 0), 0, 6))


def test_a_delayed_character_only_finishes_his_move_or_stands_still():
    game = new_game(figure("Ann", "red", (-4, 0), 0, dx=12), figure("Bob", "blue", (4, -6), 3))
    move(game, "Ann", action="delay")
    move(game, "Bob")
    assert "finish moving" in refused(game, do="move", figure="Ann", action="jog", path=line((-4, 0), 0, 2))
    move(game, "Ann")
    assert phase(game) == "combat"


def test_a_delayed_character_engaged_meanwhile_may_only_shift_one_hex():
    # Ann waits; Bob comes to face her. Engaged now, she may Shift one hex or stand still.
    game = new_game(figure("Ann", "red", (2, -1), 0, dx=12), figure("Bob", "blue", (4, 0), 3))
    move(game, "Ann", action="delay")
    move(game, "Bob", (3, 0), (2, 0), action="jog")
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]
    # [1, 0] and [1, 1] are both in Bob's threat zone: two hexes are still too many.
    assert "you may only Shift one hex" in refused(
        game, do="move", figure="Ann", action="continue", path=((1, 0), (1, 1))
    )
    assert "this move allows 1" in refused(game, do="move", figure="Ann", action="shift", path=((1, 0), (1, 1)))
    assert action_info(game, "Ann", "continue") is None
    # [1, 0] keeps her in Bob's threat zone; [2, 0] is Bob's own hex, where she may brawl.
    assert set(action_info(game, "Ann", "shift").hexes) == {Hex(1, 0), Hex(2, 0)}
    move(game, "Ann", (1, 0), action="shift")
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]


# --- Engaged characters -----------------------------------------------------------------------


def test_an_engaged_character_may_not_step_jog_or_move():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (1, 0), 3))
    for action in ("step", "jog", "half_move", "full_move", "delay"):
        reason = refused(game, do="move", figure="Ann", action=action, path=((-1, 0),))
        assert "only Shift one hex, stand still or stand up" in reason
        assert action_info(game, "Ann", action).enabled is False


def test_an_engaged_character_may_shift_one_hex_staying_in_his_opponents_threat_zone():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (1, 0), 3))
    # Bob's threat zone: [0, 0], [1, -1] and [0, 1]; and Bob's own hex [1, 0], to brawl there.
    assert set(action_info(game, "Ann", "shift").hexes) == {Hex(1, -1), Hex(0, 1), Hex(1, 0)}
    assert "must keep you in the threat zone of Bob" in refused(
        game, do="move", figure="Ann", action="shift", path=((-1, 0),)
    )
    move(game, "Ann", (0, 1), action="shift", facing=1)
    assert snap(game, "Ann")["engaged_with"] == ["Bob"]


def test_a_shift_is_one_hex_only():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (2, 0), 3, size=7))
    # The dragon's threat zone is wide enough for a two-hex walk; a Shift is still one hex.
    assert "this move allows 1" in refused(game, do="move", figure="Ann", action="shift", path=((0, 1), (0, 2)))


def test_engaged_with_two_a_shift_must_stay_in_both_threat_zones():
    # Bob threatens [1, -1], [0, 0], [0, 1]; Cid threatens [0, 1], [0, 0], [-1, 0].
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (1, 0), 3), figure("Cid", "blue", (-1, 1), 1)
    )
    assert snap(game, "Ann")["engaged_with"] == ["Bob", "Cid"]
    assert set(action_info(game, "Ann", "shift").hexes) == {Hex(0, 1)}
    assert "threat zone of Cid" in refused(game, do="move", figure="Ann", action="shift", path=((1, -1),))
    assert "threat zone of Bob" in refused(game, do="move", figure="Ann", action="shift", path=((-1, 0),))
    move(game, "Ann", (0, 1), action="shift")
    assert snap(game, "Ann")["engaged_with"] == ["Bob", "Cid"]


def test_an_engaged_character_may_stand_still_and_turn():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (1, 0), 3))
    move(game, "Ann", facing=1)
    assert snap(game, "Ann")["facing"] == 1 and snap(game, "Ann")["hex"] == [0, 0]


def test_shift_is_only_for_an_engaged_character():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), FAR_ENEMY)
    assert "Shift is for Engaged figures" in refused(game, do="move", figure="Ann", action="shift", path=((1, 0),))


# --- Stand up ---------------------------------------------------------------------------------


@pytest.mark.parametrize("posture", ["fallen", "prone", "kneeling"])
def test_standing_up_costs_the_whole_movement_for_the_turn(posture):
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12, posture=posture), FAR_ENEMY)
    assert "stand up first" in refused(game, do="move", figure="Ann", action="step", path=((1, 0),))
    assert {i.id for i in game.actions("Ann")} == {"stand_up", "stand_still"}
    move(game, "Ann", action="stand_up")
    assert snap(game, "Ann")["posture"] == "standing" and active(game) == "Far"
    assert "Far's turn" in refused(game, do="move", figure="Ann", action="step", path=((1, 0),))


def test_stand_up_is_also_open_to_an_engaged_character():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12, posture="fallen"), figure("Bob", "blue", (1, 0), 3))
    assert snap(game, "Ann")["engaged"] is True
    move(game, "Ann", action="stand_up")
    assert snap(game, "Ann")["posture"] == "standing"


def test_a_standing_character_cannot_stand_up():
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), FAR_ENEMY)
    assert "already standing" in refused(game, do="move", figure="Ann", action="stand_up")


# --- Multihex figures -------------------------------------------------------------------------


def test_a_multihex_figure_moves_with_its_whole_footprint():
    # A two-hex horse facing east: head at the anchor, body behind it. The body cannot pass a wall.
    game = new_game(figure("Horse", "red", (0, 0), 0, size=2, dx=12), FAR_ENEMY, walls=[(0, -1)])
    assert "is a wall" in refused(game, do="move", figure="Horse", action="step", path=((1, -1),))
    move(game, "Horse", (1, 0), action="step")
    assert game.state.figures["Horse"].cells == (Hex(1, 0), Hex(0, 0))


def test_a_multihex_figure_turns_with_its_whole_footprint():
    # Turning to face west swings the body to [1, 0]: a wall there forbids the turn.
    game = new_game(figure("Horse", "red", (0, 0), 0, size=2, dx=12), FAR_ENEMY, walls=[(1, 0)])
    assert "cannot turn to face 3 here" in refused(game, do="move", figure="Horse", action="stand_still", facing=3)
    move(game, "Horse", facing=2)
    assert game.state.figures["Horse"].cells == (Hex(0, 0), Hex(0, 1))


def test_a_multihex_figure_is_engaged_through_any_of_its_hexes():
    # Only the horse's body, [-1, 0], is in Bob's threat zone.
    game = new_game(figure("Horse", "red", (0, 0), 0, size=2), figure("Bob", "blue", (-2, 1), 1))
    assert snap(game, "Horse")["engaged_with"] == ["Bob"]


# --- Armor and encumbrance --------------------------------------------------------------------


@pytest.mark.parametrize(
    "armor, ma",
    [
        ("Fine Plate", 6),
        ("Plate Armor", 6),
        ("Half Plate", 6),
        ("Chainmail", 7),
        ("Leather", 8),
        ("Padded (Cloth)", 10),
    ],
)
def test_armor_reduces_movement_by_its_movement_penalty(armor, ma):
    game = new_game(figure("Ann", "red", (-6, 0), 0, dx=14, st=20, armor=armor), FAR_ENEMY)
    assert farthest(game, "Ann", "full_move") == ma


@pytest.mark.parametrize(
    "armor, dx",
    [
        ("Fine Plate", 12),
        ("Plate Armor", 11),
        ("Half Plate", 12),
        ("Chainmail", 13),
        ("Leather", 13),
        ("Padded (Cloth)", 14),
    ],
)
def test_armor_reduces_effective_dexterity_by_its_dexterity_penalty(armor, dx):
    game = new_game(figure("Ann", "red", (-6, 0), 0, dx=14, st=20, armor=armor), FAR_ENEMY)
    assert snap(game, "Ann")["adj_dx"] == dx


@pytest.mark.parametrize("shield, dx", [("Tower Shield", 13), ("Large Shield", 14), ("Small Shield", 14)])
def test_a_tower_shield_costs_one_dexterity(shield, dx):
    game = new_game(figure("Ann", "red", (-6, 0), 0, dx=14, st=20, shield=shield), FAR_ENEMY)
    assert snap(game, "Ann")["adj_dx"] == dx


def test_a_full_backpack_costs_one_dexterity():
    game = new_game(figure("Ann", "red", (-6, 0), 0, dx=14, backpack=True), FAR_ENEMY)
    assert snap(game, "Ann")["adj_dx"] == 13


@pytest.mark.parametrize(
    "kg, ma, dx",
    [(20, 10, 10), (21, 8, 10), (30, 8, 10), (31, 6, 9), (40, 6, 9), (41, 4, 8), (50, 4, 8), (51, 4, 8), (70, 4, 8)],
)
def test_encumbrance_by_load_in_multiples_of_strength_reduces_movement_and_dexterity(kg, ma, dx):
    # ST 10: 0-2x (to 20 kg) nothing; 2-3x -2 MA; 3-4x -4 MA and -1 DEX; 4-5x -6 MA, -2 DEX;
    # 5-7x -6 MA.
    game = new_game(figure("Ann", "red", (-6, 0), 0, ma=10, gear_kg=kg), FAR_ENEMY)
    assert farthest(game, "Ann", "full_move") == ma
    assert snap(game, "Ann")["adj_dx"] == dx


def test_beyond_seven_times_strength_a_character_moves_only_one_hex_on_a_strength_check():
    game = new_game(figure("Ann", "red", (-6, 0), 0, ma=10, gear_kg=71), FAR_ENEMY)
    assert action_info(game, "Ann", "step") is None and action_info(game, "Ann", "lift_step").enabled


def test_armor_and_encumbrance_movement_penalties_are_not_cumulative():
    # Chainmail (-3 MA, 15 kg) and 10 kg more: 25 kg at ST 10 is 2-3x (-2 MA). The larger counts.
    game = new_game(figure("Ann", "red", (-6, 0), 0, armor="Chainmail", gear_kg=10), FAR_ENEMY)
    assert farthest(game, "Ann", "full_move") == 7


def test_armor_and_encumbrance_dexterity_penalties_are_cumulative():
    # Chainmail (-1 DEX, 15 kg) and 20 kg more: 35 kg at ST 10 is 3-4x (-1 DEX).
    game = new_game(figure("Ann", "red", (-6, 0), 0, armor="Chainmail", gear_kg=20), FAR_ENEMY)
    assert snap(game, "Ann")["adj_dx"] == 8


def test_a_multihex_figure_standing_up_turns_with_its_whole_footprint():
    game = new_game(figure("Horse", "red", (0, 0), 0, size=2, dx=12, posture="fallen"), FAR_ENEMY, walls=[(1, 0)])
    assert "cannot turn to face 3 here" in refused(game, do="move", figure="Horse", action="stand_up", facing=3)
    move(game, "Horse", action="stand_up", facing=2)
    assert game.state.figures["Horse"].cells == (Hex(0, 0), Hex(0, 1))


def test_a_move_forgets_the_board_it_was_planned_on():
    # The menu and every move planned in a position share the mover's Board (movement.board_of);
    # once the figure has moved, what it saw from its old hex must not be read again.
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (4, 0), 3))
    game.legal_actions()
    assert ("board", "Ann") in game.state._kept
    move(game, "Ann", (1, 0))
    assert not game.state._kept


def test_a_move_is_submitted_with_the_board_its_menu_built(monkeypatch):
    # The submit plans on a clone in the same position: it reads the menu's Board, not a new one.
    game = new_game(figure("Ann", "red", (0, 0), 0, dx=12), figure("Bob", "blue", (4, 0), 3))
    game.legal_actions()
    built = []
    monkeypatch.setattr(movement.Board, "__init__", lambda *args, **kw: built.append(args))
    move(game, "Ann", (1, 0))
    assert game.state.figures["Ann"].hex == Hex(1, 0) and built == []
