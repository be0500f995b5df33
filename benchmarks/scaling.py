"""python -m benchmarks.scaling: how the costs grow with the work (medians, CPU clock).

Reach against movement allowance, the frame after a command against the figures on the map,
and autosave, undo and load against the commands in a game. Slow (a few minutes): the long
games are played out first."""

from __future__ import annotations

import os
import sys

MA = (4, 8, 12, 16, 20, 24)
FIGURES = (10, 100, 200, 500, 1000)
COMMANDS = (100, 1000, 3000, 10_000)


def reach_rows() -> list[tuple]:
    from benchmarks import engine

    rows = []
    for ma in MA:
        result = engine.reach(100, ma)
        rows.append((ma, f"{result.median:.3f} ms", result.note.split(":")[1].split(",")[0].strip()))
    return rows


def frame_rows(screen) -> list[tuple]:
    from benchmarks import frames

    return [(n, f"{frames.command_frame(screen, 10, n).median:.1f} ms") for n in FIGURES]


def history_rows() -> list[tuple]:
    from benchmarks import history
    from benchmarks.longgame import long_game

    game = long_game(max(COMMANDS))
    rows = []
    for count in sorted(COMMANDS, reverse=True):  # undo takes the game back to each size
        while len(game.history) > count:
            game.undo()
        game.undone.clear()
        saved = history.autosave(game, 30)
        undone = history.undo(game, 20)
        loaded = history.load(game, 2 if count >= 3000 else 5)
        rows.append(
            (
                f"{count:,}",
                f"{saved.median:.3f} ms ({saved.note.split(' (')[0]})",
                f"{undone.median:.2f} ms",
                f"{loaded.median:.3f} s",
            )
        )
    return rows[::-1]


def show(title: str, head: tuple, rows: list[tuple]) -> None:
    print(f"\n{title}\n")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")


def main() -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from benchmarks import frames
    from benchmarks.timing import use_clock

    use_clock("cpu")
    show("Reach (every movement action, one figure on the big map)", ("MA", "median", "hexes"), reach_rows())
    show("Frame after a command", ("figures", "median"), frame_rows(frames.open_display()))
    show("History", ("commands", "autosave", "undo", "load"), history_rows())
    return 0


if __name__ == "__main__":
    sys.exit(main())
