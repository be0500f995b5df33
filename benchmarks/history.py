"""History rows: the autosave, undo and loading a save, at 10,000 commands (fewer with --quick)."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from benchmarks.longgame import calm_choice, long_game
from benchmarks.timing import Result, median, sample, times_result
from board.game import Game
from board.saves import Autosaver, load_game, save_game


def autosave(game: Game, n: int) -> Result:
    """One command, then the autosave that follows it (only the autosave is timed)."""
    rng = random.Random(1)
    walls: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        saver = Autosaver(Path(folder))
        saver.save(game)  # the first save writes the whole game; then the journal takes over

        def command() -> None:
            game.submit(calm_choice(game, rng))

        def save() -> None:
            start = time.perf_counter()
            saver.save(game)
            walls.append(time.perf_counter() - start)

        times = sample(save, n, before=command)
        saver.close()
    for _ in range(n + 3):
        game.undo()  # back to where it was, for the rows after this one
    game.undone.clear()
    count = len(game.history)
    return times_result(
        "autosave_10k",
        f"Autosave after a command, {count:,} commands",
        times,
        target=5.0,
        note=f"wall median {median(walls) * 1000:.2f} ms (with the write forced to disk)",
    )


def undo(game: Game, n: int) -> Result:
    """Undo the last command (redo, untimed, puts it back before the next)."""
    redos: list[float] = []

    def redo() -> None:
        if game.undone:
            start = time.process_time()
            game.redo()
            redos.append(time.process_time() - start)

    count = len(game.history)
    times = sample(game.undo, n, before=redo)
    game.redo()
    return times_result(
        "undo_10k",
        f"Undo at {count:,} commands",
        times,
        target=20.0,
        note=f"redo median {median(redos) * 1000:.2f} ms (CPU)",
    )


def load(game: Game, n: int) -> Result:
    """load_game of the game saved: read, check and replay every command."""
    count = len(game.history)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        save_game(game, path)
        size = path.stat().st_size
        times = sample(lambda: load_game(path), n, warmup=1)
    return times_result(
        "load_10k", f"Load a save of {count:,} commands", times, unit="s", target=1.0, note=f"{size / 1e6:.1f} MB"
    )


def rows(commands: int, counts: dict) -> list[Result]:
    """The three rows on one long game (made untimed, by calm random play on the arena)."""
    game = long_game(commands)
    return [autosave(game, counts["autosaves"]), undo(game, counts["undos"]), load(game, counts["history_loads"])]
