"""The benchmark harness runs and reports every row (python -m benchmarks --quick); speed is not checked."""

import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ROWS = (
    "floor",
    "arena_frame",
    "arena_frame_rebuild",
    "big_pan",
    "big_zoom",
    "big_first_frame",
    "command_frame_1000",
    "reach",
    "predict",
    "predict_cached",
    "submit_rate",
    "games_rate",
    "map_load",
    "startup_first_frame",
    "startup_help",
    "memory",
    "autosave_10k",
    "undo_10k",
    "load_10k",
    "headless_start",
    "net_latency",
    "net_8_clients",
    "net_round_trip_2",
    "net_round_trip_8",
)


def test_quick_run_reports_every_row_with_numbers(tmp_path):
    out = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--json", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    rows = {row["key"]: row for row in data["rows"]}
    assert set(rows) == set(ROWS)
    for key, row in rows.items():
        for figure in ("median", "p95"):
            assert isinstance(row[figure], (int, float)) and math.isfinite(row[figure]), (key, figure)
        assert row["samples"] >= 1
        assert row["name"] in result.stdout, f"{key} is missing from the printed table"
    assert data["floor_ms"] == rows["floor"]["median"]
    assert rows["arena_frame"]["floor_ratio"] is not None


def test_only_runs_the_rows_of_the_groups_asked_for(tmp_path):
    out = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--only", "startup", "--json", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    keys = {row["key"] for row in json.loads(out.read_text(encoding="utf-8"))["rows"]}
    assert keys == {"startup_first_frame", "startup_help", "headless_start"}
