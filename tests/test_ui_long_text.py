"""Text of any length is drawn in time linear in its length: a word too long for a line is
broken a line at a time, a name too long for its place is cut with "…" where it is drawn,
and input files refuse names longer than the documented limit at their line."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from board import models
from board.game import Game
from board.maps import parse_map
from board.ui import theme
from board.ui.editor import printmap
from board.ui.app import render_png
from board.ui.draw.text_fit import fit, wrap
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]
ARENA = (ROOT / "maps" / "arena.yaml").read_text(encoding="utf-8")


class Reading:
    """Every character a font was asked to measure or draw, and the longest text drawn."""

    def __init__(self):
        self.measured = 0
        self.longest_drawn = ""


class CountingFont:
    """A font that tells Reading what it was given, then does as the real one does."""

    def __init__(self, font: pygame.font.Font, reading: Reading):
        self._font, self._reading = font, reading

    def __getattr__(self, name):
        return getattr(self._font, name)

    def size(self, text):
        self._reading.measured += len(text)
        return self._font.size(text)

    def metrics(self, text):
        self._reading.measured += len(text)
        return self._font.metrics(text)

    def render(self, text, *args):
        if len(text) > len(self._reading.longest_drawn):
            self._reading.longest_drawn = text
        if len(text) > 2_000:  # never draw it: the board it guards would take a gigabyte
            raise AssertionError(f"asked to draw {len(text)} characters at once")
        return self._font.render(text, *args)


@pytest.fixture
def reading(monkeypatch) -> Reading:
    """Every font the board asks theme for counts what it reads."""
    seen, real = Reading(), theme.font

    def counting(size: int, bold: bool = False):
        return CountingFont(real(size, bold), seen)

    monkeypatch.setattr(theme, "font", counting)
    pygame.display.init()
    pygame.font.init()
    return seen


@pytest.mark.parametrize("length", [2_000, 20_000])
def test_a_long_word_is_wrapped_reading_each_character_a_bounded_number_of_times(reading, length):
    lines = wrap("x" * length + " and more", theme.font(15), 300)
    assert "".join(lines[:-1]) + lines[-1].split()[0] == "x" * length
    assert all(theme.font(15).size(line)[0] <= 300 for line in lines)
    assert reading.measured <= 12 * length, "wrapping must cost a constant per character"


def test_fit_cuts_a_million_characters_with_an_ellipsis_reading_only_a_line_of_them(reading):
    shown = fit("M" * 1_000_000, theme.font(17, True), 300)
    assert shown.endswith("…") and shown.startswith("MMM")
    assert theme.font(17, True).size(shown)[0] <= 300
    assert reading.measured < 5_000


def long_named_game(monkeypatch, map_name: str, figure_name: str) -> Game:
    """The arena with names longer than a map file may give (as a future source might)."""
    monkeypatch.setattr(models, "MAX_NAME", 10**7, raising=False)
    text = ARENA.replace("name: The Arena", f"name: {map_name}").replace("Aldric", figure_name)
    return Game(parse_map(text, "long.yaml"), seed=1)


def test_a_million_character_map_name_and_a_long_figure_name_are_cut_where_drawn(reading, monkeypatch, tmp_path):
    game = long_named_game(monkeypatch, "M" * 1_000_000, "A" * 10_000)
    out = tmp_path / "shot.png"
    render_png(game, game.battle.name, str(out))
    assert out.stat().st_size > 0
    assert len(reading.longest_drawn) < 400, "every text on screen is cut to its place"
    assert reading.measured <= 20 * 10_000 + 200_000, "the million-character name is never read whole"


def test_print_map_cuts_a_long_figure_name_and_map_name(reading, monkeypatch):
    game = long_named_game(monkeypatch, "M" * 100_000, "A" * 10_000)
    page = printmap.render(game.battle, dpi=100)
    assert page.get_width() > 0
    assert len(reading.longest_drawn) < 1_000
    assert reading.measured <= 200_000


def test_a_name_longer_than_the_limit_is_refused_at_its_line():
    assert models.MAX_NAME == 64, "docs/maps.md gives the limit: change both together"
    with pytest.raises(InputError) as refused:
        parse_map(ARENA.replace("Aldric", "A" * 65), "long.yaml")
    problem = refused.value.problems[0]
    assert str(problem).startswith("long.yaml:22:11: figures[0].name: a name may be at most 64 characters")
    parse_map(ARENA.replace("Aldric", "A" * 64), "fits.yaml")  # the limit itself is allowed


def test_a_million_character_map_name_is_refused_in_one_short_line(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(ARENA.replace("name: The Arena", "name: " + "M" * 1_000_000), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "main.py", "screenshot", str(path), str(tmp_path / "x.png")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}:4:7: name: a name may be at most 64 characters")
    assert len(result.stderr) < 300 and "Traceback" not in result.stderr
