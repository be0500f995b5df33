"""The combat-chart worked example (tests/scripts/combat-chart_example.yaml), round by round."""

import json
import subprocess
import sys
from pathlib import Path

from board.script import load_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "combat-chart_example.yaml"

# After each round: (HP, status, effects) per figure.
EXPECTED = {
    # Edda's bolt: 7 of Korr's 16.
    1: {"Brann": (14, "ok", []), "Edda": (10, "ok", []), "Korr": (9, "ok", [])},
    # Korr's critical miss pulls a muscle for the rest of the combat; Brann's sword does 6.
    2: {"Brann": (14, "ok", []), "Edda": (10, "ok", []), "Korr": (3, "ok", ["pulled muscle"])},
    # Korr strikes himself for 1, then Brann's critical hit drops him to -1: unconscious.
    3: {"Brann": (14, "ok", []), "Edda": (10, "ok", []), "Korr": (-1, "unconscious", ["pulled muscle"])},
}


def test_the_worked_example_round_by_round():
    script = load_script(SCRIPT)
    game = script.game
    seen = {}
    for command in script.commands:
        round_ = game.state.turn
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
        if game.state.turn != round_ or game.state.phase == "over":
            seen[round_] = {n: (f["hp"], f["status"], f["effects"]) for n, f in game.snapshot()["figures"].items()}
    assert seen == EXPECTED
    assert game.state.winner == "Watch"


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
    final = lines[-1]
    assert final["phase"] == "over" and final["turn"] == 3 and final["winner"] == "Watch"
    assert final["figures"]["Korr"]["status"] == "unconscious"
    attacks = [(e["roll"], e["needed"], e["hit"]) for e in lines if e.get("event") == "attack"]
    assert attacks == [(9, 12, True), (15, 11, False), (8, 10, True), (12, 10, False), (6, 10, True)]
    orders = [e["order"] for e in lines if e.get("event") == "initiative"]
    assert orders == [["Korr", "Brann", "Edda"]] * 3  # all 11: the higher Body first
    assert [e["text"] for e in lines if e.get("event") == "victory"] == ["Watch wins"]
