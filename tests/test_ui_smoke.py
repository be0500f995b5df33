"""A real window: the board opens on an X server (Xvfb), draws frames and closes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]

# app.run() draws only when something changes, so an idle board would never reach
# `frames`: a timer event every 40 ms stands in for a player's input.
PLAY = """
import pygame
from board.game import Game
from board.maps import load_map
from board.ui.app import run

pygame.init()
print("driver", pygame.display.get_driver(), flush=True)
pygame.time.set_timer(pygame.event.custom_type(), 40)
run(Game(load_map("maps/arena.yaml")), "The Arena", frames=5, screenshot={shot!r})
print("closed", flush=True)
"""


def free_display() -> int:
    for number in range(90, 200):
        if not (Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists()):
            return number
    raise RuntimeError("no free X display number in :90-:199")


def colours(surface: pygame.Surface, step: int = 7) -> int:
    """How many distinct colours a sample of every step-th pixel holds."""
    raw = pygame.image.tobytes(surface, "RGB")
    return len({raw[i : i + 3] for i in range(0, len(raw), 3 * step)})


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed: no X server to open a window on")
def test_the_board_opens_a_real_window_draws_and_closes(tmp_path):
    number = free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed test: a busy machine is slow
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            assert xvfb.poll() is None, "Xvfb exited at start"
            assert time.monotonic() < deadline, "Xvfb did not start within 60 s"
            time.sleep(0.05)
        shot = tmp_path / "window.png"
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=f":{number}", SDL_AUDIODRIVER="dummy")
        result = subprocess.run(
            [sys.executable, "-c", PLAY.format(shot=str(shot))],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=5)
    assert result.returncode == 0, result.stderr
    assert "driver x11" in result.stdout, "a real X11 window, not the dummy driver"
    assert "closed" in result.stdout
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    assert colours(image) > 50, "the window shows a board, not a blank screen"
