"""Fire Damage (rule text 000): burning hexes, hot coals, figures on fire, played through Game."""

import pytest

from board.game import Game
from board.hexgrid import direction_between, parse_label
from board.maps import parse_map
from board.rules.base import Command

PASS = (1, 1, 1)  # a 3d6 IQ check that succeeds against IQ 10
FAIL = (6, 6, 6)


def make_game(terrain: str, vell: str = "", at: str = "0101") -> Game:
    """Vell (Thieves, IQ 10, extra fields in vell) at 0101; Ogre (Guards) idles far away at 0803."""
    text = (
        "name: Fire test\n"
        "terrain: |\n" + "".join(f"  {row}\n" for row in terrain.strip().splitlines()) + "figures:\n"
        f'  - {{name: Vell, team: Thieves, at: "{at}", dx: 12, iq: 10{vell}}}\n'
        '  - {name: Ogre, team: Guards, at: "0803", facing: 3, dx: 8}\n'
    )
    return Game(parse_map(text), seed=0)


ROW = ". . . . . . . ."
OPEN = "\n".join([ROW] * 3)


def first_row(row: str) -> str:
    """A 3-row map whose first row is drawn; the rest is open."""
    return "\n".join([row, ROW, ROW])


def hex_of(game: Game, label: str):
    return parse_label(label, game.battle.layout)


def vell(game: Game):
    return game.state.figures["Vell"]


def move(game: Game, *labels: str, dice=None, action=None):
    outcome = game.submit(Command(do="move", figure="Vell", path=labels, action=action, dice=dice))
    assert outcome.accepted, outcome.reason
    return outcome.events


def finish_turn(game: Game, dice=None) -> list:
    """Everyone left stands still and passes; the forced dice go with the turn's last command."""
    events = []
    turn = game.state.turn
    while game.state.turn == turn and game.state.phase != "over":
        s = game.state
        last = s.phase == "combat" and len(s.queue) == 1
        if s.phase == "movement":
            command = Command(do="move", figure=s.active, action="stand_still")
        else:
            command = Command(do="act", figure=s.active, action="pass", dice=dice if last else None)
        outcome = game.submit(command)
        assert outcome.accepted, outcome.reason
        events += outcome.events
    return events


def ignite(game: Game, extent: str):
    assert game.submit(Command(do="gm", action="ignite", figure="Vell", params={"extent": extent})).accepted


def kinds(events, kind: str):
    return [e for e in events if e.kind == kind]


def test_moving_through_burning_hexes_costs_1d6_minus_4_plus_2_per_additional_hex():
    game = make_game(first_row(". ^ ^ . . . . ."))
    events = move(game, "0201", "0301", "0401", dice=PASS + (5,))
    (burn,) = kinds(events, "burns")
    assert burn.data["dice"] == "1d6-2" and burn.data["faces"] == [5] and burn.data["total"] == 3
    assert burn.text == "Vell burns (moving through 2 burning hexes): 1d6-2 rolls 3"
    assert vell(game).hex == hex_of(game, "0401") and vell(game).effective_st == 7


def test_moving_through_one_burning_hex_can_do_no_damage():
    game = make_game(first_row(". ^ . . . . . ."))
    events = move(game, "0201", "0301", dice=PASS + (4,))
    (burn,) = kinds(events, "burns")
    assert burn.data["dice"] == "1d6-4" and burn.data["total"] == 0
    assert burn.text == "Vell burns (moving through 1 burning hex): 1d6-4 rolls 0, no damage"
    assert not kinds(events, "damage") and vell(game).effective_st == 10


def test_stopping_in_a_burning_hex_costs_1d6_minus_2():
    game = make_game(first_row(". ^ . . . . . ."))
    events = move(game, "0201", dice=PASS + (6,))
    (burn,) = kinds(events, "burns")
    assert burn.data["dice"] == "1d6-2" and burn.data["cause"] == "stopping in flames"
    assert vell(game).effective_st == 6


def test_staying_put_in_a_burning_hex_costs_1d6_per_turn():
    game = make_game(first_row("^ . . . . . . ."))
    events = move(game, dice=PASS, action="stand_still")
    assert "holds their ground" in kinds(events, "fire_check")[0].text
    events = finish_turn(game, dice=(4,))
    (burn,) = kinds(events, "burns")
    assert burn.data["dice"] == "1d6" and burn.data["cause"] == "staying in flames"
    assert vell(game).effective_st == 6 and vell(game).hex == hex_of(game, "0101")


def test_hot_coals_add_1d6_to_stopping_in_a_hex():
    game = make_game(first_row(". : . . . . . ."))
    events = move(game, "0201", dice=PASS + (3, 4))
    (burn,) = kinds(events, "burns")
    assert burn.data["dice"] == "2d6-2" and burn.data["faces"] == [3, 4]
    assert vell(game).effective_st == 5


def test_hot_coals_add_1d6_to_moving_through_and_to_staying_put():
    game = make_game(first_row(". : ^ . . . . ."))
    events = move(game, "0201", "0301", "0401", dice=PASS + (2, 3))
    assert kinds(events, "burns")[0].data["dice"] == "2d6-2"  # 1d6-4 +2 (second hex) +1d6 (coals)
    assert vell(game).effective_st == 7
    game = make_game(first_row(": . . . . . . ."))
    move(game, dice=PASS, action="stand_still")
    (burn,) = kinds(finish_turn(game, dice=(1, 2)), "burns")
    assert burn.data["dice"] == "2d6" and vell(game).effective_st == 7


def test_armor_protects_with_half_its_value_inside_a_hex_of_fire():
    # Half Plate stops 4; in fire only 2, and a ready shield does not help at all.
    game = make_game(first_row(". ^ . . . . . ."), vell=", st: 14, armor: Half Plate, shield: Large Shield")
    events = move(game, "0201", dice=PASS + (6,))
    (damage,) = kinds(events, "damage")
    assert damage.data["raw"] == 4 and damage.data["armor"] == 2 and damage.data["taken"] == 2
    assert vell(game).effective_st == 12


def test_armor_protects_with_half_its_value_when_immolated():
    game = make_game(OPEN, vell=", st: 14, armor: Half Plate")
    ignite(game, "whole")
    (damage,) = kinds(finish_turn(game, dice=(5,) + PASS + (1, 1)), "damage")
    assert damage.data["raw"] == 5 and damage.data["armor"] == 2 and vell(game).effective_st == 11


def test_failing_the_iq_check_to_enter_a_burning_hex_stops_the_move_before_it():
    game = make_game(first_row(". . ^ . . . . ."))
    events = move(game, "0201", "0301", "0401", dice=FAIL)
    (balk,) = kinds(events, "balks")
    assert balk.text == "Vell balks at the fire at 0301 (IQ check 3d6 rolls 18 vs 10)"
    assert balk.data["faces"] == [6, 6, 6] and not balk.data["success"]
    assert vell(game).hex == hex_of(game, "0201") and vell(game).turn.moved == 1
    assert not kinds(events, "burns") and vell(game).effective_st == 10


def test_failing_the_iq_check_to_stay_in_a_burning_hex_steps_out_of_it():
    game = make_game("\n".join(["^ . . . . . . .", "^ . . . . . . .", ROW]))
    events = move(game, dice=FAIL, action="stand_still")
    (check,) = kinds(events, "fire_check")
    assert "cannot bear the fire and steps out" in check.text
    assert vell(game).hex != hex_of(game, "0101") and vell(game).turn.moved == 1
    assert game.battle.terrain_at(vell(game).hex).kind != "fire"
    assert not kinds(finish_turn(game, dice=(6,)), "burns") and vell(game).effective_st == 10


@pytest.mark.parametrize("extent, dice, damage", [("limb", "1d6-4", 2), ("half", "1d6-2", 4), ("whole", "1d6", 6)])
def test_a_figure_on_fire_burns_by_how_much_of_it_burns(extent, dice, damage):
    game = make_game(OPEN)
    ignite(game, extent)
    (burn,) = kinds(finish_turn(game, dice=(6,) + PASS + (1, 1)), "burns")
    assert burn.data["dice"] == dice and burn.data["faces"] == [6]
    assert vell(game).effective_st == 10 - damage and vell(game).on_fire == extent


def test_running_on_fire_turns_a_limb_into_half_and_half_into_whole_body():
    game = make_game(OPEN)
    ignite(game, "limb")
    move(game, "0201", "0301", "0401")  # 3 hexes: running
    events = finish_turn(game, dice=(1,) + (1, 1, 1, 1, 1))
    assert kinds(events, "fire_spreads")[0].data == {"from": "limb", "to": "half"}
    assert vell(game).on_fire == "half" and vell(game).running_on_fire
    # "attempting to stop running while already doing so is at +1 die": 4d6 + 1 for half body.
    (check,) = [e for e in events if e.data.get("check") == "avoid running"]
    assert check.data["dice"] == 5 and check.data["success"] and not vell(game).must_run
    move(game, "0501", "0601", "0701")
    finish_turn(game, dice=(1,) + (1,) * 6)
    assert vell(game).on_fire == "whole"


def test_running_while_burning_over_the_whole_body_adds_2_damage():
    game = make_game(OPEN)
    ignite(game, "whole")
    move(game, "0201", "0301", "0401")
    (burn,) = kinds(finish_turn(game, dice=(3,) + (1,) * 6), "burns")
    assert burn.data["dice"] == "1d6+2" and vell(game).effective_st == 5


def test_walking_on_fire_does_not_spread_it():
    game = make_game(OPEN)
    ignite(game, "limb")
    move(game, "0201", "0301")  # 2 hexes is not running
    assert not kinds(finish_turn(game, dice=(1,) + PASS), "fire_spreads")
    assert vell(game).on_fire == "limb" and not vell(game).running_on_fire


def test_failing_the_iq_check_to_avoid_running_forces_a_run():
    game = make_game(OPEN)
    ignite(game, "half")
    events = finish_turn(game, dice=(1,) + (6, 6, 6, 6))  # burn, then 4d6 vs IQ 10 fails
    (panic,) = kinds(events, "panic")
    assert panic.text == (
        "Vell is on fire (half the body) and panics and must run (3 or more hexes) (IQ check 4d6 rolls 24 vs 10)"
    )
    assert vell(game).must_run
    reason = "Vell is on fire and panics: they must run (3 or more hexes)"
    assert game.submit(Command(do="move", figure="Vell", action="stand_still")).reason == reason
    assert game.submit(Command(do="move", figure="Vell", path=("0201",))).reason == reason
    move(game, "0201", "0301", "0401")
    assert vell(game).hex == hex_of(game, "0401")


def test_passing_the_iq_check_to_avoid_running_lets_the_figure_stand_still():
    game = make_game(OPEN)
    ignite(game, "limb")
    finish_turn(game, dice=(1,) + PASS)
    assert not vell(game).must_run
    assert game.submit(Command(do="move", figure="Vell", action="stand_still")).accepted


def test_a_panicking_figure_with_no_room_to_run_may_stand_still():
    game = make_game("# # # # # # # #\n. # . . . . . .\n# # . . . . . .", at="0102")
    ignite(game, "whole")
    finish_turn(game, dice=(1,) + FAIL + (6, 6))
    assert vell(game).must_run
    assert game.submit(Command(do="move", figure="Vell", action="stand_still")).accepted


def test_stop_drop_and_roll_puts_the_fire_out_after_one_turn_of_burning():
    game = make_game(OPEN)
    ignite(game, "whole")
    move(game, action="stand_still")
    assert game.submit(Command(do="move", figure="Ogre", action="stand_still")).accepted
    assert game.submit(Command(do="act", figure="Vell", action="drop", params={"posture": "prone"})).accepted
    events = finish_turn(game, dice=(5,))
    (burn,) = kinds(events, "burns")
    assert burn.data["dice"] == "1d6" and vell(game).effective_st == 5
    assert kinds(events, "fire_out") and vell(game).on_fire is None
    assert not kinds(events, "panic") and not vell(game).must_run


def test_armor_protects_with_full_value_against_a_burning_torch():
    # "Against burning attacks such as a torch, flaming arrow, or fireball, armor provides its
    # full value"; "a burning torch is treated as if it were a club that is on fire" (1d6+2).
    layout = parse_map("name: x\nsize: [3, 1]\n").layout
    a, b = parse_label("0101", layout), parse_label("0201", layout)
    toward, back = direction_between(a, b), direction_between(b, a)
    text = (
        "name: Torch\nsize: [3, 1]\nfigures:\n"
        f'  - {{name: Vell, team: Thieves, at: "0101", facing: {toward}, dx: 12, '
        "weapons: [Burning Torch]}\n"
        f'  - {{name: Ogre, team: Guards, at: "0201", facing: {back}, dx: 8, st: 14, '
        "armor: Half Plate}\n"
    )
    game = Game(parse_map(text), seed=0)
    for name in ("Vell", "Ogre"):
        assert game.submit(Command(do="move", figure=name, action="stand_still")).accepted
    outcome = game.submit(Command(do="act", figure="Vell", action="attack", target="Ogre", dice=(1, 1, 1, 4)))
    assert outcome.accepted, outcome.reason
    (damage,) = kinds(outcome.events, "damage")
    assert damage.data["raw"] == 6 and damage.data["armor"] == 4 and damage.data["taken"] == 2
    assert not kinds(outcome.events, "burns") and game.state.figures["Ogre"].on_fire is None
