"""The results as a text table and as JSON."""

from __future__ import annotations

import json
import os
import platform
import sys

from benchmarks.timing import Result

COLUMNS = ("row", "median", "p95", "target", "x floor", "pass/miss")


def number(value: float, unit: str) -> str:
    """A figure with its unit, to about three significant digits."""
    if unit == "/s":
        return f"{value:,.0f}/s" if value >= 100 else f"{value:.2f}/s"
    digits = 3 if value < 1 else 2 if value < 10 else 1 if value < 100 else 0
    return f"{value:.{digits}f} {unit}"


def target_text(result: Result) -> str:
    parts = []
    if result.target is not None:
        parts.append(("≥ " if result.higher_is_better else "≤ ") + number(result.target, result.unit))
    if result.floor_target is not None:
        parts.append(f"≤ {result.floor_target:g}x floor")
    return ", ".join(parts) or "-"


def verdict(result: Result) -> str:
    return {True: "pass", False: "MISS", None: "-"}[result.passed]


def table(results: list[Result]) -> str:
    """A plain-text table, one line a row, with the notes underneath."""
    rows = [COLUMNS] + [
        (
            r.name,
            number(r.median, r.unit),
            number(r.p95, r.unit),
            target_text(r),
            f"{r.floor_ratio:.1f}x" if r.floor_ratio is not None else "",
            verdict(r),
        )
        for r in results
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    right = (False, True, True, False, True, False)

    def line(row) -> str:
        cells = [cell.rjust(w) if r else cell.ljust(w) for cell, w, r in zip(row, widths, right)]
        return "  ".join(cells).rstrip()

    out = [line(rows[0]), "  ".join("-" * w for w in widths)] + [line(row) for row in rows[1:]]
    notes = [f"  {r.name}: {r.note}" for r in results if r.note]
    return "\n".join(out + (["", "Notes:"] + notes if notes else []))


def machine() -> dict:
    """Where the figures were taken."""
    import pygame

    return {
        "python": sys.version.split()[0],
        "pygame": pygame.version.ver,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "video_driver": os.environ.get("SDL_VIDEODRIVER"),
    }


def write_json(
    path: str, results: list[Result], quick: bool, seconds: float, load: tuple[float, float], clock: str = "wall"
) -> None:
    floor = next((r.median for r in results if r.key == "floor"), None)
    data = {
        "quick": quick,
        "clock": clock,
        "seconds": round(seconds, 1),
        "floor_ms": floor,
        "machine": {**machine(), "load_start": load[0], "load_end": load[1]},
        "rows": [r.as_json() for r in results],
    }
    with open(path, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=2)
        out.write("\n")
