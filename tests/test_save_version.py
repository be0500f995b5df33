"""A save names the Hexboard version that wrote it; saves without it (older ones) still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.resources import version
from board.saves import load_game
from board.script import game_to_yaml, parse_script
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]
OLD_SAVE = ROOT / "tests" / "scripts" / "arena_opening.yaml"


def test_a_save_names_the_version_that_wrote_it_and_reads_back(tmp_path):
    game = Game(load_map(ROOT / "maps" / "arena.yaml"), seed=3)
    text = game_to_yaml(game)
    assert text.splitlines()[:2] == ["hexboard: 1", f"written_by: Hexboard {version()}"]
    script = parse_script(text, "save.yaml", tmp_path)
    assert script.source.written_by == f"Hexboard {version()}"


def test_a_save_without_the_version_still_loads():
    assert "written_by" not in OLD_SAVE.read_text()
    game = load_game(OLD_SAVE)
    assert game.history


def test_a_version_that_is_not_text_is_refused_at_its_line(tmp_path):
    text = game_to_yaml(Game(load_map(ROOT / "maps" / "arena.yaml"), seed=3))
    bad = text.replace(f"written_by: Hexboard {version()}", "written_by: [1, 2]")
    with pytest.raises(InputError) as raised:
        parse_script(bad, "save.yaml", tmp_path)
    assert raised.value.problems[0].line == 2
