"""The worked example (tests/scripts/usage-dice_example.yaml), checked turn by turn."""

import json
import subprocess
import sys
from pathlib import Path

from board.script import load_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "usage-dice_example.yaml"

# At the end of each turn: (status, Power, wounds, fatigue, weapon dice, armor dice).
EXPECTED = {
    1: {
        "Grog": ("incapacitated", 4, ["severe"], 0, {"Greatsword": 8}, {"Leather": 4}),
        "Wren": ("ok", 6, [], 0, {"Shortbow": 6, "Dagger": 4}, {"Gambeson": 4}),
        "Orc": ("ok", 6, [], 0, {"Spear": 8}, {"Maille": 6}),
        "Goblin": ("ok", 4, ["incidental", "incidental"], 0, {"Dagger": 4}, {"Leather": 4}),
    },
    2: {
        "Grog": ("incapacitated", 4, ["severe"], 0, {"Greatsword": 8}, {"Leather": 4}),
        "Wren": ("ok", 6, ["incidental"], 3, {"Shortbow": 6, "Dagger": 4}, {"Gambeson": 4}),
        "Orc": ("ok", 6, [], 0, {"Spear": 8}, {"Maille": 6}),
        "Goblin": ("incapacitated", 4, ["incidental", "incidental", "debilitating"], 0, {"Dagger": 4}, {"Leather": 4}),
    },
    3: {
        "Grog": ("incapacitated", 4, ["severe"], 0, {"Greatsword": 8}, {"Leather": 4}),
        "Wren": ("ok", 6, ["incidental"], 3, {"Shortbow": 6, "Dagger": 4}, {"Gambeson": 4}),
        "Orc": ("incapacitated", 6, ["debilitating"], 0, {"Spear": 8}, {"Maille": 6}),
        "Goblin": ("incapacitated", 4, ["incidental", "incidental", "debilitating"], 0, {"Dagger": 4}, {"Leather": 4}),
    },
}


def _row(f):
    return (f["status"], f["power"], f["wounds"], f["fatigue"], f["weapons"], f["armor"])


def test_the_worked_example_turn_by_turn():
    script = load_script(SCRIPT)
    game = script.game
    seen = {}
    for command in script.commands:
        turn = game.state.turn
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
        if game.state.turn != turn or game.state.phase == "over":
            seen[turn] = {name: _row(f) for name, f in game.snapshot()["figures"].items()}
    assert seen == EXPECTED
    assert game.state.winner == "Band"


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
    assert final["phase"] == "over" and final["turn"] == 3 and final["winner"] == "Band"
    assert final["figures"]["Orc"]["hex"] == [1, 1]  # shoved into the fire pit
    assert [e["text"] for e in lines if e.get("event") == "victory"] == ["Band wins"]
    texts = [e["text"] for e in lines if "text" in e]
    assert "Orc is bruised but not hurt" in texts
    assert "Grog takes 3: a severe wound, Power d6 -> d4" in texts
