"""The worked example (tests/scripts/example_fight.yaml), checked turn by turn."""

import json
import subprocess
import sys
from pathlib import Path

from board.script import load_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "example_fight.yaml"

# After each turn: (ST, posture, status, engaged with) per figure.
EXPECTED = {
    # Gaut's mace did 8 through Leather: Rolf falls, and lying down he threatens nobody.
    1: {"Rolf": (4, "fallen", "ok", ["Gaut"]), "Gaut": (12, "standing", "ok", []), "Sela": (10, "standing", "ok", [])},
    # Rolf stood up, facing Gaut: the two are Engaged with each other again.
    2: {
        "Rolf": (4, "standing", "ok", ["Gaut"]),
        "Gaut": (10, "standing", "ok", ["Rolf"]),
        "Sela": (10, "standing", "ok", []),
    },
    # Rolf's broadsword leaves Gaut at Effective ST 1: unconscious.
    3: {
        "Rolf": (4, "standing", "ok", []),
        "Gaut": (1, "fallen", "unconscious", []),
        "Sela": (10, "standing", "ok", []),
    },
}


def test_the_worked_example_fight_turn_by_turn():
    script = load_script(SCRIPT)
    game = script.game
    seen = {}
    for command in script.commands:
        turn = game.state.turn
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
        if game.state.turn != turn or game.state.phase == "over":
            figures = game.snapshot()["figures"]
            seen[turn] = {name: (f["st"], f["posture"], f["status"], f["engaged_with"]) for name, f in figures.items()}
    assert seen == EXPECTED
    assert game.state.phase == "over" and game.state.winner == "Red"


def test_the_wounded_fighter_is_slower_the_next_turn_only():
    script = load_script(SCRIPT)
    game = script.game
    dexes = {}
    for command in script.commands:
        game.submit(command)
        dexes.setdefault(game.state.turn, game.snapshot()["figures"]["Rolf"]["adj_dx"])
    # 8 damage in turn 1: "Effective Dexterity reduced by 2 for the next Turn only".
    assert dexes == {1: 10, 2: 8, 3: 10}


def test_replay_runs_the_example_script_strictly_as_json():
    result = subprocess.run(
        [sys.executable, "main.py", "replay", "--json", "--strict", str(SCRIPT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    final = lines[-1]
    assert final["phase"] == "over" and final["turn"] == 3
    assert final["figures"]["Gaut"]["status"] == "unconscious"
    assert [e["text"] for e in lines if e.get("event") == "victory"] == ["Red wins"]
