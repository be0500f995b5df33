"""Warrior & Wizard commands: refusals, forced and seeded dice, undo and redo, GM commands,
and the replay command line."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from board.rules.base import Command
from board.script import game_to_yaml, parse_script
from helpers import act, gm, only, refused, snap
from ww_helpers import active, battle_text, figure, finish_turn, move, new_game, phase, stand_still_until

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT_KEYS = {"hex", "facing", "st", "adj_dx", "posture", "status", "engaged", "engaged_with", "threat_zone"}


def duel(seed=0):
    """Ann (DX 12, Broadsword) and Bob (DX 10, Mace) face each other; Cid stands far off."""
    return new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, st=11, weapons=["Mace"]),
        figure("Cid", "blue", (0, -7), 2, dx=8),
        seed=seed,
    )


# --- Refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command, reason",
    [
        ({"do": "fly", "figure": "Ann"}, 'unknown command "fly"'),
        ({"do": "move", "figure": "Zed", "action": "step"}, 'no figure named "Zed"'),
        ({"do": "move", "figure": "Bob", "action": "stand_still"}, "it is Ann's turn"),
        ({"do": "act", "figure": "Ann", "action": "attack", "target": "Bob"}, "not the combat phase"),
        ({"do": "move", "figure": "Ann", "action": "teleport"}, 'unknown action "teleport"'),
        ({"do": "move", "figure": "Ann", "action": "step", "path": [[0, 1]]}, "Engaged by Bob"),
        ({"do": "gm", "action": "smite", "figure": "Ann"}, 'unknown GM command "smite"'),
        ({"do": "gm", "action": "damage", "figure": "Ann", "params": {"amount": 0}}, "params.amount"),
    ],
)
def test_a_refused_command_changes_nothing_and_says_why(command, reason):
    game = duel()
    events = len(game.events)
    assert reason in refused(game, **command)  # refused() checks the state is unchanged
    assert len(game.events) == events + 1 and game.events[-1].kind == "rejected"
    assert game.events[-1].data["reason"] == game.check(Command(**command))


def test_forced_dice_that_are_not_dice_faces_are_refused_before_anything_changes():
    game = duel()
    stand_still_until(game, "Ann")
    assert "scripted die 7 is not a d6 face" in refused(
        game, do="act", figure="Ann", action="attack", target="Bob", dice=(1, 1, 7)
    )


def test_check_asks_without_applying():
    game = duel()
    assert game.check(Command(do="move", figure="Ann", action="stand_still")) is None
    assert game.state.active == "Ann" and game.history == []


# --- Dice -------------------------------------------------------------------------------------


def test_forced_dice_come_first_in_order_then_seeded_dice():
    game = duel(seed=5)
    stand_still_until(game, "Ann")
    outcome = act(game, "Ann", "attack", target="Bob", dice=(1, 2, 3, 6))
    faces = only(outcome, "attack").data["faces"] + only(outcome, "damage_roll").data["faces"]
    assert faces[:4] == [1, 2, 3, 6]
    again = duel(seed=5)
    stand_still_until(again, "Ann")
    other = act(again, "Ann", "attack", target="Bob", dice=(1, 2, 3, 6))
    assert only(other, "damage_roll").data["faces"] == only(outcome, "damage_roll").data["faces"]


def test_the_same_seed_and_commands_roll_the_same_dice():
    a, b = duel(seed="x"), duel(seed="x")
    for game in (a, b):
        stand_still_until(game, "Ann")
        act(game, "Ann", "attack", target="Bob")
    assert [e.data for e in a.events] == [e.data for e in b.events]


def test_undo_takes_back_the_last_command():
    game = duel()
    before = game.snapshot()
    move(game, "Ann", facing=1)
    assert game.undo() is True
    assert game.snapshot() == before and game.history == [] and active(game) == "Ann"


def test_undo_with_nothing_to_undo_does_nothing():
    game = duel()
    assert game.undo() is False and game.redo() is None


def test_redo_rolls_the_same_dice():
    game = duel(seed=11)
    stand_still_until(game, "Ann")
    first = act(game, "Ann", "attack", target="Bob")
    after = game.snapshot()
    game.undo()
    again = game.redo()
    assert again.accepted and [e.data for e in again.events] == [e.data for e in first.events]
    assert game.snapshot() == after


def test_undo_replays_earlier_commands_with_their_own_dice():
    game = duel(seed=3)
    stand_still_until(game, "Ann")
    act(game, "Ann", "attack", target="Bob")
    after_attack = game.snapshot()
    act(game, "Bob", "attack", target="Ann")
    game.undo()
    assert game.snapshot() == after_attack


def test_a_new_command_after_undo_clears_the_redo():
    game = duel()
    move(game, "Ann", facing=1)
    game.undo()
    move(game, "Ann", facing=5)
    assert game.redo() is None and snap(game, "Ann")["facing"] == 5


def test_a_saved_game_replays_to_the_same_state():
    game = duel(seed=9)
    stand_still_until(game, "Ann")
    act(game, "Ann", "attack", target="Bob")
    act(game, "Bob", "attack", target="Ann", dice=(2, 2, 2, 4, 4))
    script = parse_script(game_to_yaml(game))
    for command in script.commands:
        assert script.game.submit(command).accepted
    assert script.game.snapshot() == game.snapshot()


# --- GM commands ------------------------------------------------------------------------------


def test_gm_commands_do_not_use_up_anyones_turn():
    game = duel()
    gm(game, "posture", "Bob", params={"posture": "kneeling"})
    gm(game, "place", "Cid", to=(0, -6), facing=3)
    assert active(game) == "Ann" and phase(game) == "movement"
    assert snap(game, "Cid")["hex"] == [0, -6] and snap(game, "Cid")["facing"] == 3


def test_gm_place_puts_a_figure_only_where_it_fits():
    game = duel()
    assert "Bob is in the way" in refused(game, do="gm", action="place", figure="Cid", to=(1, 0))
    game = new_game(figure("Ann", "red", (0, 0)), figure("Bob", "blue", (3, 0), 3), walls=[(2, 2)])
    assert "is a wall" in refused(game, do="gm", action="place", figure="Ann", to=(2, 2))


def test_gm_damage_and_heal_change_effective_strength():
    game = duel()
    gm(game, "damage", "Bob", params={"amount": 4})
    assert snap(game, "Bob")["st"] == 7
    gm(game, "heal", "Bob", params={"amount": 10})
    assert snap(game, "Bob")["st"] == 11


def test_gm_damage_can_knock_out_and_healing_wakes():
    game = duel()
    gm(game, "damage", "Bob", params={"amount": 10})
    assert snap(game, "Bob")["status"] == "unconscious"
    gm(game, "heal", "Bob", params={"amount": 2})
    assert snap(game, "Bob")["status"] == "ok"


def add_dee(game):
    """A second red figure, so that red fights on without Ann."""
    gm(game, "add", params={"figure": {"name": "Dee", "team": "red", "at": [-5, 0]}})


def test_a_gm_knocking_out_the_figure_whose_turn_it_is_passes_the_turn_on():
    game = duel()
    add_dee(game)
    gm(game, "damage", "Ann", params={"amount": 11})
    assert snap(game, "Ann")["status"] == "unconscious"
    assert active(game) == "Bob"
    move(game, "Bob")


def test_a_gm_knocking_out_the_last_figure_to_move_starts_the_combat_phase():
    game = duel()
    move(game, "Ann")
    move(game, "Bob")
    assert active(game) == "Cid"
    gm(game, "damage", "Cid", params={"amount": 9})
    assert phase(game) == "combat" and active(game) == "Ann"


def test_gm_add_puts_a_new_figure_on_the_board_from_the_next_turn():
    game = duel()
    gm(game, "add", params={"figure": {"name": "Dan", "team": "red", "at": [-3, 0], "dx": 20, "weapons": ["Rapier"]}})
    assert snap(game, "Dan")["hex"] == [-3, 0] and game.state.figures["Dan"].ready == "Rapier"
    assert "Dan" not in game.state.queue
    finish_turn(game)
    assert game.state.order[0] == "Dan"


@pytest.mark.parametrize(
    "new, reason",
    [
        ({"name": "Ann", "at": [-3, 0]}, "already on the map"),
        ({"name": "Dan", "at": [1, 0]}, "Bob is in the way"),
        ({"name": "Dan", "at": [-3, 0], "weapons": ["Sward"]}, 'unknown weapon "Sward"'),
        ({"name": "Dan", "at": [-3, 0], "wings": 2}, "wings"),
        ({"name": "Dan", "at": [-3, 0], "weapons": ["Rapier"], "ready": "Broadsword"}, "does not carry"),
    ],
)
def test_gm_add_checks_the_new_figure_like_a_map_does(new, reason):
    game = duel()
    assert reason in refused(game, do="gm", action="add", params={"figure": new})


def test_gm_remove_takes_a_figure_off_the_board_and_out_of_the_turn():
    game = duel()
    move(game, "Ann")
    gm(game, "remove", "Bob")
    assert "Bob" not in game.snapshot()["figures"] and game.state.queue == ["Cid"]
    move(game, "Cid")
    assert phase(game) == "combat" and game.state.queue == ["Ann", "Cid"]


def test_gm_remove_of_the_figure_whose_turn_it_is_passes_the_turn_on():
    game = duel()
    add_dee(game)
    gm(game, "remove", "Ann")
    assert active(game) == "Bob"
    move(game, "Bob")
    move(game, "Cid")
    assert phase(game) == "combat" and game.state.queue == ["Bob", "Cid"]


def test_removing_the_last_of_a_side_ends_the_fight():
    game = duel()
    gm(game, "remove", "Ann")
    assert phase(game) == "over" and game.state.winner == "blue"


def test_gm_posture_sets_a_figure_down_or_up():
    game = duel()
    gm(game, "posture", "Ann", params={"posture": "prone"})
    assert snap(game, "Ann")["posture"] == "prone" and snap(game, "Ann")["threat_zone"] == []
    assert "params.posture" in refused(game, do="gm", action="posture", figure="Ann", params={"posture": "flying"})


def test_in_a_chase_the_character_ahead_moves_first():
    # Bob (DX 10) flees; Ann (DX 12) chases him. Bob moves first; combat is still by DEX.
    game = duel()
    gm(game, "chase", "Ann", target="Bob")
    finish_turn(game)
    assert game.state.queue[:2] == ["Bob", "Ann"]
    move(game, "Bob")
    move(game, "Ann")
    move(game, "Cid")
    assert phase(game) == "combat" and game.state.queue == ["Ann", "Bob", "Cid"]


def test_a_chase_marked_during_a_movement_phase_takes_effect_in_that_phase():
    # "In a chase, the character ahead always moves first": Ann (DX 12) is about to move.
    game = duel()
    assert phase(game) == "movement" and game.state.queue[:2] == ["Ann", "Bob"]
    gm(game, "chase", "Ann", target="Bob")
    assert game.state.active == "Bob" and game.state.queue[:2] == ["Bob", "Ann"]
    move(game, "Bob")
    assert game.state.active == "Ann"


def test_a_chase_marked_after_the_quarry_moved_changes_nothing_this_phase():
    game = duel()
    move(game, "Ann")
    gm(game, "chase", "Bob", target="Ann")  # Ann, ahead, has already moved
    assert game.state.active == "Bob"


def test_a_chase_ends_when_the_gm_gives_no_target():
    game = duel()
    gm(game, "chase", "Ann", target="Bob")
    gm(game, "chase", "Ann")
    finish_turn(game)
    assert game.state.queue == ["Ann", "Bob", "Cid"]


def test_a_chase_of_an_unknown_figure_is_refused():
    game = duel()
    assert 'no figure named "Zed"' in refused(game, do="gm", action="chase", figure="Ann", target="Zed")


# --- replay on the command line ---------------------------------------------------------------


def script_file(tmp_path, commands) -> Path:
    """A script with an inline map: Ann and Bob face each other."""
    battle = yaml.safe_load(
        battle_text(
            figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]), figure("Bob", "blue", (1, 0), 3)
        )
    )
    path = tmp_path / "fight.yaml"
    path.write_text(json.dumps({"map": battle, "seed": 1, "commands": commands}))  # JSON is YAML
    return path


def replay(path: Path, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", "replay", *flags, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


COMMANDS = [
    {"do": "move", "figure": "Ann", "action": "stand_still"},
    {"do": "move", "figure": "Bob", "action": "step", "path": [[2, 0]]},  # refused: Engaged
    {"do": "move", "figure": "Bob", "action": "stand_still"},
    {"do": "act", "figure": "Ann", "action": "attack", "target": "Bob", "dice": [1, 1, 1, 2, 3]},
]


def test_replay_json_prints_every_event_then_the_final_state_with_the_documented_keys(tmp_path):
    result = replay(script_file(tmp_path, COMMANDS), "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    final = lines[-1]
    assert set(final) == {"turn", "phase", "figures"}
    assert set(final["figures"]) == {"Ann", "Bob"}
    for shown in final["figures"].values():
        assert set(shown) == SNAPSHOT_KEYS
    assert final["figures"]["Bob"]["st"] == 5 and final["phase"] == "combat"
    assert all("event" in line for line in lines[:-1])


def test_replay_prints_a_rejected_event_for_a_refused_command_and_goes_on(tmp_path):
    result = replay(script_file(tmp_path, COMMANDS), "--json")
    events = [json.loads(line) for line in result.stdout.splitlines()][:-1]
    rejected = [e for e in events if e["event"] == "rejected"]
    assert len(rejected) == 1 and rejected[0]["figure"] == "Bob"
    assert "Engaged by Ann" in rejected[0]["reason"]
    assert any(e["event"] == "damage" for e in events)


def test_replay_strict_stops_at_the_first_refused_command_with_status_2(tmp_path):
    result = replay(script_file(tmp_path, COMMANDS), "--strict")
    assert result.returncode == 2
    assert "command 2 refused" in result.stderr
    assert "Refused: Bob: move (step)" in result.stdout
    assert "damage" not in result.stdout


def test_replay_without_json_prints_readable_lines_and_the_turn(tmp_path):
    result = replay(script_file(tmp_path, COMMANDS))
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1].startswith("-- turn 1, combat phase")


def test_replay_of_a_script_with_a_bad_command_key_names_the_line(tmp_path):
    battle = battle_text(figure("Ann", "red", (0, 0)), figure("Bob", "blue", (3, 0), 3))
    path = tmp_path / "bad.yaml"
    path.write_text("map:\n" + textwrap.indent(battle, "  ") + "commands:\n  - {do: move, figure: Ann, acton: step}\n")
    result = replay(path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = len(path.read_text().splitlines())
    assert f"{path}:{line}:" in result.stderr and "acton" in result.stderr
