"""`hexboard FILE` (the desktop's "open with", %f) opens what the file is: a map, a saved game or
script, or a hexagonal Tiled map."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from test_cli import opened_by

from board.opening import is_saved_game

ROOT = Path(__file__).resolve().parents[1]
SAVE = ROOT / "tests" / "scripts" / "arena_opening.yaml"
TMX = ROOT / "tests" / "data" / "tiled_sample.tmx"


def test_a_saved_game_as_the_file_opens_it_where_it_stands(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    seen = opened_by(monkeypatch, str(SAVE))
    assert seen["game"].history, "the save's commands are applied"
    assert seen["game"].battle.name == "The Arena"


def test_a_tiled_map_as_the_file_plays_it_converted(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    seen = opened_by(monkeypatch, str(TMX))
    assert seen["game"].battle.cells and not seen["game"].history


def test_a_tiled_map_renders_headless_too(tmp_path):
    out = tmp_path / "tiled.png"
    result = subprocess.run(
        [sys.executable, "main.py", "screenshot", str(TMX), str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_a_broken_tiled_map_is_refused_with_its_line_not_a_traceback(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text('<?xml version="1.0"?>\n<map orientation="orthogonal" width="2" height="2"/>\n')
    result = subprocess.run(
        [sys.executable, "main.py", "screenshot", str(broken), str(tmp_path / "a.png")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert str(broken) in result.stderr


def test_maps_are_not_taken_for_saves_nor_saves_for_maps(tmp_path):
    assert not [p for p in (ROOT / "maps").glob("*.yaml") if is_saved_game(p)]
    assert [p for p in (ROOT / "tests" / "scripts").glob("*.yaml") if not is_saved_game(p)] == []
    fifo = tmp_path / "pipe.yaml"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        assert not is_saved_game(fifo), "a pipe is not read (it would block)"
    shutil.copy(SAVE, tmp_path / "renamed.tmx.yaml")
    assert is_saved_game(tmp_path / "renamed.tmx.yaml")
