"""Whole-process rows, run in child processes: start-up to the first frame, --help, a headless
start, peak memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time

from benchmarks.frames import ROOT
from benchmarks.timing import Result, clock_name, median, times_result

MARKER = "first-frame"

# `python main.py` exactly as a user runs it, except that the window closes after its first
# frame and says so on stdout right after the first flip.
FIRST_FRAME = f"""
import runpy, sys, time
import pygame
import board.ui.app as app
flip, run = pygame.display.flip, app.run
shown = []
def first_flip():
    flip()
    if not shown:
        shown.append(1)
        print({MARKER!r}, time.process_time(), flush=True)
pygame.display.flip = first_flip
app.run = lambda *args, **kwargs: run(*args, **{{**kwargs, "frames": 1}})
sys.argv = ["main.py"]
runpy.run_path("main.py", run_name="__main__")
"""

# The window on the big map as a player first uses it: pan with the mouse, wheel in to the
# closest zoom and back out (through the scene's own event handling), show every threat zone;
# then its own peak resident size, in KiB.
MEMORY = """
import resource, sys
import pygame
from benchmarks.bigmap import big_map_yaml
from board.game import Game
from board.maps import parse_map
from board.ui.play.scene import PlayScene
pans, notches = int(sys.argv[1]), int(sys.argv[2])
pygame.display.init()
pygame.font.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
battle = parse_map(big_map_yaml())
scene = PlayScene(Game(battle), (1280, 800), battle.name)
def frame():
    scene.update(0.0, 1 / 60)
    scene.draw(screen)
    pygame.display.flip()
def wheel(y):
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                    precise_y=float(y)))
frame()
centre = scene.board_rect.center
scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
for _ in range(pans):
    scene.camera.pan(5, 3)
    frame()
for y in [1] * notches + [-1] * notches:
    wheel(y)
    frame()
scene.controller.view.threat_mode = "all"
frame()
print("tokens", len(scene.renderer.tokens), "cached token surfaces; zoomed to", round(scene.camera.size))
# Linux keeps, in ru_maxrss, the peak of the memory a process had before exec: a child started
# by a big benchmark process would report its parent's size. VmHWM is this program's own peak.
try:
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("maxrss", peak)
"""


def child_env(data: str) -> dict[str, str]:
    """The environment of a child: the dummy video driver, and a scratch data folder so that
    no autosave of the user's is read or written."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", HEXBOARD_DATA_DIR=data)
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[name] = data
    # Like a user's run: Python reads and writes its cached bytecode (the untimed first run
    # writes it), whatever this process was told.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def first_frame_once(env: dict[str, str]) -> tuple[float, float]:
    """Seconds from before Popen to the child's marker line, printed after its first flip; and
    the CPU time the child had used by then."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", FIRST_FRAME],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen = None
    for line in child.stdout:
        if line.split()[:1] == [MARKER]:
            seen = time.perf_counter() - start, float(line.split()[1])
            break
    _, error = child.communicate(timeout=60)  # both pipes, so a chatty child cannot block
    if seen is None:
        raise RuntimeError(f"the window never showed its first frame:\n{error}")
    return seen


def child_rows(key: str, name: str, once, n: int, target: float, unit: str, note: str) -> Result:
    """A row of n runs of a child (after one untimed run that writes its bytecode), by wall
    time or, with --clock cpu, by the CPU time of the child."""
    with tempfile.TemporaryDirectory() as data:
        env = child_env(data)
        once(env)
        runs = [once(env) for _ in range(n)]
    cpu = clock_name() == "cpu"
    times = [run[1] if cpu else run[0] for run in runs]
    other = median([run[0] if cpu else run[1] for run in runs]) * (1000 if unit == "ms" else 1)
    return times_result(
        key,
        name,
        times,
        unit=unit,
        target=target,
        note=f"{note}; {'CPU time of the child' if cpu else 'wall time'} "
        f"({'wall' if cpu else 'CPU'}: {other:.3g} {unit})",
    )


def first_frame(n: int) -> Result:
    """python main.py (the start screen), from process start to the first frame shown."""
    return child_rows(
        "startup_first_frame",
        "Start-up: python main.py (start screen) to the first frame",
        first_frame_once,
        n,
        0.5,
        "s",
        "from before Popen to a line after the first flip",
    )


def help_once(env: dict[str, str]) -> tuple[float, float]:
    """Seconds for python main.py --help, start to exit; and the CPU time it used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "main.py", "--help"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def help_text(n: int) -> Result:
    """python main.py --help: what a user waits for before any window."""
    return child_rows("startup_help", "Start-up: python main.py --help", help_once, n, 0.15, "s", "start to exit")


# What a script or a test does first: import, load the arena, build a Game; timed inside the
# child from its first line, so the interpreter's own start is left out.
HEADLESS = """
import time
start, cpu = time.perf_counter(), time.process_time()
from board.game import Game
from board.maps import load_map
Game(load_map("maps/arena.yaml"))
print("headless", time.perf_counter() - start, time.process_time() - cpu)
"""


def headless_once(env: dict[str, str]) -> tuple[float, float]:
    result = subprocess.run(
        [sys.executable, "-c", HEADLESS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    lines = [line.split() for line in result.stdout.splitlines() if line.startswith("headless ")]
    if not lines:
        raise RuntimeError(f"the headless child failed:\n{result.stderr}")
    return float(lines[-1][1]), float(lines[-1][2])


def headless_start(n: int) -> Result:
    """Import, load the arena and build a Game, in a fresh process (bytecode cached)."""
    return child_rows(
        "headless_start",
        "Start-up, headless: import, load the arena, build a Game",
        headless_once,
        n,
        100.0,
        "ms",
        "from the child's first line (the interpreter's start left out)",
    )


def memory(runs: int, pans: int, notches: int) -> Result:
    """Peak resident size of the window on the big map, one child process per run."""
    peaks, note = [], ""
    with tempfile.TemporaryDirectory() as data:
        for _ in range(runs):
            result = subprocess.run(
                [sys.executable, "-c", MEMORY, str(pans), str(notches)],
                cwd=ROOT,
                env=child_env(data),
                capture_output=True,
                text=True,
                timeout=300,
            )
            lines = dict(
                line.split(" ", 1) for line in result.stdout.splitlines() if line.startswith(("maxrss ", "tokens "))
            )
            if "maxrss" not in lines:
                raise RuntimeError(f"the memory child failed:\n{result.stderr}")
            peaks.append(int(lines["maxrss"]) / 1024)
            note = f"{pans} pans, {notches} wheel notches in and out, all threat zones; {lines.get('tokens', '?')}"
    return times_result(
        "memory", "Peak resident size, the window on the big map", peaks, unit="MB", target=200.0, note=note
    )
