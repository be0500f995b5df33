"""Screenshots: every sample map, and the example fight, look as their stored references do.

Each board is rendered by the `screenshot` command, as a user runs it, and compared with
tests/screens/<name>.png. Two pixels "differ" when any channel differs by more than 24;
a screenshot passes when under 1% of all pixels differ and no 40x40 block has more than
20% differing (so one missing token, a few hundred pixels, still fails).

To accept a changed look: REGENERATE_SCREENS=1 python -m pytest tests/test_ui_screens.py
rewrites the references from the current board. Look at every image before keeping it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCREENS = Path(__file__).resolve().parent / "screens"
SIZE = (1280, 800)
CHANNEL, BLOCK = 24, 40
MAX_DIFFERING, MAX_BLOCK = 0.01, 0.20

SCRIPT = ["--script", "tests/scripts/example_fight.yaml"]
CASES = {path.stem: [str(path.relative_to(ROOT))] for path in sorted((ROOT / "maps").glob("*.yaml"))}
CASES["example_fight"] = ["maps/arena.yaml", *SCRIPT]
ONE_STEP = """\
map: {map}
seed: 0
commands:
  - {{do: move, figure: Eamon, action: step, to: "1206", facing: 3}}
"""


def differences(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """(fraction of pixels that differ, the largest such fraction in any BLOCK square)."""
    if a.get_size() != b.get_size():
        return 1.0, 1.0
    mask = pygame.Surface(a.get_size())
    mask.fill((0, 0, 0))
    same = pygame.transform.threshold(
        mask, a, None, (CHANNEL, CHANNEL, CHANNEL, 255), (255, 255, 255), 1, b
    )  # pixels of a outside the threshold of b's turn white
    w, h = a.get_size()
    worst = (
        max(
            pygame.transform.average_color(mask, pygame.Rect(x, y, BLOCK, BLOCK).clip(mask.get_rect()))[0]
            for x in range(0, w, BLOCK)
            for y in range(0, h, BLOCK)
        )
        / 255
    )
    return 1 - same / (w * h), worst


def looks_the_same(a: pygame.Surface, b: pygame.Surface) -> bool:
    overall, block = differences(a, b)
    return overall < MAX_DIFFERING and block <= MAX_BLOCK


def load(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[str, tuple[Path, subprocess.CompletedProcess]]:
    """Every case rendered by `main.py screenshot`, the processes run side by side."""
    out = tmp_path_factory.mktemp("screens")
    step = out / "one_step.yaml"  # the arena one step on: a wrong arena to compare with
    step.write_text(ONE_STEP.format(map=ROOT / "maps" / "arena.yaml"), encoding="utf-8")
    wrong = {"arena_one_step": ["maps/arena.yaml", "--script", str(step)]}
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    procs = {}
    for name, args in {**CASES, **wrong}.items():
        command = [
            sys.executable,
            "main.py",
            "screenshot",
            *args,
            str(out / f"{name}.png"),
            "--size",
            "x".join(map(str, SIZE)),
        ]
        procs[name] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    results = {}
    for name, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=60)
        results[name] = (out / f"{name}.png", subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr))
    return results


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_board_looks_as_its_reference_screenshot(rendered, name):
    png, result = rendered[name]
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{png}: 1280x800"), result.stdout
    reference = SCREENS / f"{name}.png"
    if os.environ.get("REGENERATE_SCREENS"):
        SCREENS.mkdir(exist_ok=True)
        shutil.copyfile(png, reference)
        pytest.skip(f"rewrote {reference.relative_to(ROOT)}: look at it before keeping it")
    assert reference.exists(), f"no {reference.relative_to(ROOT)}: run with REGENERATE_SCREENS=1"
    got, want = load(png), load(reference)
    overall, block = differences(got, want)
    assert overall < MAX_DIFFERING and block <= MAX_BLOCK, (
        f"{name}: {overall:.2%} of pixels differ, up to {block:.0%} of a {BLOCK}px block; the new screenshot is {png}"
    )


def test_the_example_fight_screenshot_shows_the_fight_after_its_script(rendered):
    png, result = rendered["example_fight"]
    assert "turn 3, 17 commands applied" in result.stdout
    assert not looks_the_same(load(png), load(SCREENS / "arena.png"))


def test_a_wrong_screenshot_fails_the_comparison(rendered):
    arena = load(SCREENS / "arena.png")
    assert looks_the_same(arena, arena.copy())
    brighter = arena.copy()
    brighter.fill((12, 12, 12), special_flags=pygame.BLEND_RGB_ADD)
    assert looks_the_same(arena, brighter), "a small shade everywhere is within the tolerance"
    assert not looks_the_same(arena, load(SCREENS / "dungeon.png"))
    stepped, result = rendered["arena_one_step"]
    assert "1 command applied" in result.stdout, result.stdout + result.stderr
    assert not looks_the_same(arena, load(stepped)), "Eamon one hex further on"
    shifted = pygame.Surface(arena.get_size())
    shifted.blit(arena, (4, 0))
    assert not looks_the_same(arena, shifted)
    one_token_gone = arena.copy()
    assert any(arena.get_at((x, y))[:3] == (192, 57, 43) for x in range(238, 286) for y in range(288, 336)), (
        "Aldric's token is here"
    )
    one_token_gone.fill((196, 186, 160), pygame.Rect(238, 288, 48, 48))  # painted over
    overall, block = differences(arena, one_token_gone)
    assert overall < MAX_DIFFERING and block > MAX_BLOCK, "a local change fails by its block"
    assert not looks_the_same(arena, one_token_gone)
    assert not looks_the_same(arena, pygame.transform.scale(arena, (1280, 720)))


RENDER_TWICE = """
from board.game import Game
from board.maps import load_map
from board.ui.app import render_png
game = Game(load_map("maps/arena.yaml"))
render_png(game, "The Arena", {first!r})
render_png(game, "The Arena", {second!r})
"""


def test_render_png_can_render_twice_in_one_process(tmp_path):
    # render_png ends with pygame.quit(); fonts theme.font cached before it must not be reused.
    code = RENDER_TWICE.format(first=str(tmp_path / "1.png"), second=str(tmp_path / "2.png"))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert looks_the_same(load(tmp_path / "1.png"), load(tmp_path / "2.png"))


def test_a_script_screenshot_is_titled_with_the_scripts_own_map(rendered):
    title = pygame.Rect(0, 0, 110, 44)  # the map's name, at the left of the banner
    example, arena = load(rendered["example_fight"][0]), load(SCREENS / "arena.png")
    assert not looks_the_same(example.subsurface(title), arena.subsurface(title))
