"""The command line: check, schema and --help, run as a user runs them."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_help_lists_the_sub_commands():
    result = run("--help")
    assert result.returncode == 0
    for command in ("play", "check", "schema"):
        assert command in result.stdout


def test_check_passes_every_sample_map():
    maps = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "maps").glob("*.yaml"))
    result = run("check", *maps)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(": ok: ") == len(maps)


def test_check_prints_line_numbered_problems_and_exits_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nsize: [3, 3]\nfigures:\n  - {name: A, at: [9, 9], weapons: [Sward]}\n")
    result = run("check", str(bad))
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith(f"{bad}:4:") and "Sward" in line for line in lines)
    assert any(line.startswith(f"{bad}:4:") and "outside the map" in line for line in lines)


def test_check_of_a_file_that_is_not_yaml_exits_1_without_a_traceback(tmp_path):
    bad = tmp_path / "binary.yaml"
    bad.write_bytes(b"\xff\xfe\x00name: [")
    result = run("check", str(bad))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stdout.startswith(f"{bad}:1:1:")


def test_schema_is_json_schema_of_the_map_format():
    result = run("schema")
    schema = json.loads(result.stdout)
    assert schema["title"] == "Hexboard map"
    assert {"name", "layout", "terrain", "figures"} <= set(schema["properties"])
    figure = schema["$defs"]["FigureSpec"]["properties"]
    assert {"st", "dx", "iq", "ma", "weapons", "ready", "armor", "shield", "size", "posture"} <= set(figure)


def test_replay_of_a_map_file_says_it_is_a_map_not_a_script():
    result = run("replay", "maps/arena.yaml")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "this is a map file, not a script" in result.stderr


def test_a_screenshot_too_small_or_into_a_missing_folder_is_refused(tmp_path):
    small = run("screenshot", "maps/arena.yaml", str(tmp_path / "a.png"), "--size", "10x10")
    missing = run("screenshot", "maps/arena.yaml", str(tmp_path / "no" / "a.png"))
    for result in (small, missing):
        assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "at least 640x400" in small.stderr and "does not exist" in missing.stderr


def test_without_a_display_the_board_says_so_instead_of_a_traceback(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(SDL_VIDEODRIVER="x11", HEXBOARD_DATA_DIR=str(tmp_path))
    result = subprocess.run([sys.executable, "main.py"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cannot open a window" in result.stderr


def opened_by(monkeypatch, *argv: str) -> dict:
    """What main() would open in the window: run() is replaced by a recorder."""
    import board.ui.app as app
    from board.cli import main

    seen = {}

    def record(game, title, **kwargs):
        seen.update(game=game, title=title, **kwargs)
        return 0

    monkeypatch.setattr(app, "run", record)
    assert main(list(argv)) == 0
    return seen


def test_a_map_path_as_the_first_argument_plays_it(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    seen = opened_by(monkeypatch, "maps/arena.yaml", "--ruleset", "dox", "--seed", "4")
    assert seen["game"].battle.ruleset == "dox" and seen["game"].battle.name == "The Arena"
    assert seen["game"].seed == "4"


def test_no_arguments_open_the_start_screen(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    seen = opened_by(monkeypatch)
    assert seen["game"] is None and seen["autosave"] is not None


def test_a_mistyped_command_is_still_a_usage_error_not_a_map():
    result = run("chek", "maps/arena.yaml")
    assert result.returncode == 2 and "invalid choice: 'chek'" in result.stderr
