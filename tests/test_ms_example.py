"""The worked example (tests/scripts/melee-seconds_example.yaml), checked round by round."""

import json
import subprocess
import sys
from pathlib import Path

from board.script import load_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "melee-seconds_example.yaml"

# After each Melee Round: (hex, damage, status, initiative) per figure.
EXPECTED = {
    1: {"Rolf": ([3, 0], 3, "ok", [1, 2, 3]), "Gaut": ([4, 0], 6, "ok", [1, 4])},
    2: {"Rolf": ([3, 0], 3, "ok", [2, 5, 6]), "Gaut": ([4, 0], 13, "dead", [3])},
}


def test_the_worked_example_round_by_round():
    script = load_script(SCRIPT)
    game = script.game
    seen = {}
    for command in script.commands:
        before = game.snapshot()
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
        if game.state.turn != before["turn"] or game.state.phase == "over":
            figures = before["figures"] if game.state.phase != "over" else game.snapshot()["figures"]
            seen[before["turn"]] = {
                n: (f["hex"], f["damage"], f["status"], f["initiative"]) for n, f in figures.items()
            }
    assert seen == EXPECTED
    assert game.state.winner == "Red"


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
    assert final["phase"] == "over" and final["turn"] == 2
    assert final["figures"]["Gaut"]["status"] == "dead"
    assert [e["text"] for e in lines if e.get("event") == "victory"] == ["Red wins"]
    assert "Gaut rolls Initiative for the remaining AMR 3: seconds 3" in [e.get("text") for e in lines]
