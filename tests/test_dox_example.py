"""The dox worked example (tests/scripts/dox_example.yaml), checked round by round."""

import json
import subprocess
import sys
from pathlib import Path

from board.script import load_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "dox_example.yaml"

# After each round: (wounds, status, mount, held by) per figure.
EXPECTED = {
    1: {
        "Ash": (0, "ok", None, []),
        "Kael": (6, "ok", None, []),
        "Brann": (4, "ok", None, []),
        "Grusk": (8, "ok", None, []),
        "Snig": (0, "ok", None, ["Brann"]),
        "Ogg": (0, "ok", None, []),
    },
    2: {
        "Ash": (0, "ok", None, []),
        "Kael": (6, "ok", None, []),
        "Brann": (4, "ok", None, ["Ogg"]),
        "Grusk": (10, "down", None, []),
        "Snig": (12, "down", None, []),
        "Ogg": (0, "ok", None, []),
    },
    3: {
        "Ash": (0, "ok", None, []),
        "Kael": (6, "ok", None, []),
        "Brann": (4, "ok", None, []),
        "Grusk": (10, "down", None, []),
        "Snig": (12, "down", None, []),
        "Ogg": (16, "down", None, []),
    },
}


def test_the_worked_example_round_by_round():
    script = load_script(SCRIPT)
    game = script.game
    seen = {}
    assert game.state.figures["Kael"].mount == "Ash"
    for command in script.commands:
        turn = game.state.turn
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
        if game.state.turn != turn or game.state.phase == "over":
            seen[turn] = {
                n: (f["wounds"], f["status"], f["mount"], f["held_by"]) for n, f in game.snapshot()["figures"].items()
            }
    assert seen == EXPECTED
    assert game.state.winner == "Red"


def test_replay_runs_the_example_strictly_as_json():
    result = subprocess.run(
        [sys.executable, "main.py", "replay", "--json", "--strict", str(SCRIPT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1]["phase"] == "over" and lines[-1]["turn"] == 3
    assert [e["text"] for e in lines if e.get("event") == "victory"] == ["Red wins"]
    slam = next(e for e in lines if e.get("event") == "attack" and e.get("surface") == "corner")
    assert slam["raw_damage"] == 12
