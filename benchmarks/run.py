"""python -m benchmarks: run every row, print the table, optionally write JSON."""

from __future__ import annotations

import argparse
import os
import sys
import time

# Samples per row: a full run takes about a minute; --quick only shows the harness works.
FULL = dict(
    floor=1000,
    arena=500,
    pan=300,
    zoom=100,
    first=5,
    reach=200,
    predict=500,
    games=8,
    starts=7,
    helps=10,
    loads=20,
    memory_runs=3,
    pans=30,
    notches=24,
    command_frames=20,
    figures=1000,
    commands=10_000,
    autosaves=200,
    undos=50,
    history_loads=5,
    headless=10,
    net_requests=200,
    net_per_client=500,
    net_round_trips=300,
    net_warmup=30,
)
QUICK = dict(
    floor=20,
    arena=5,
    pan=5,
    zoom=4,
    first=1,
    reach=3,
    predict=3,
    games=1,
    starts=1,
    helps=1,
    loads=2,
    memory_runs=1,
    pans=2,
    notches=2,
    command_frames=2,
    figures=100,
    commands=200,
    autosaves=3,
    undos=3,
    history_loads=1,
    headless=1,
    net_requests=5,
    net_per_client=3,
    net_round_trips=5,
    net_warmup=2,
)
FRAME_ROWS = ("arena_frame", "arena_frame_rebuild", "big_pan", "big_zoom", "big_first_frame", "command_frame_1000")
ARENA_FLOOR_TARGET = 12.0
GROUPS = ("frames", "engine", "history", "startup", "memory", "network")  # for --only


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=(
            "Hexboard's benchmarks: median and 95th percentile of each row against its target, "
            "frame rows also as a multiple of the floor (one full-window blit) measured first."
        ),
    )
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the harness, not the speed")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time in-process rows by wall time (default) or by CPU time, steadier "
        "on a busy machine (start-up rows: the CPU time of the child process)",
    )
    parser.add_argument(
        "--only",
        metavar="GROUP",
        action="append",
        choices=GROUPS,
        help="run only this group of rows (repeatable): " + ", ".join(GROUPS) + "; frames include the floor",
    )
    return parser.parse_args(argv)


def rows(counts: dict, say, only=GROUPS) -> list:
    """Every row of the groups asked for, the floor first; say(result) is called as each is done."""
    # Imported here, after main() has chosen the video driver.
    from benchmarks import engine, frames, history, network, process

    out = []

    def add(*results) -> None:
        for result in results:
            out.append(result)
            say(result)

    if "frames" in only:
        screen = frames.open_display()
        add(frames.floor(screen, counts["floor"]))
        add(frames.arena_frame(screen, counts["arena"]))
        add(frames.arena_frame_rebuild(screen, counts["arena"]))
        battle = frames.big_battle()
        add(frames.big_pan(screen, battle, counts["pan"]))
        add(frames.big_zoom(screen, battle, counts["zoom"]))
        add(frames.big_first_frame(screen, battle, counts["first"]))
        add(frames.command_frame(screen, counts["command_frames"], counts["figures"]))
    if "engine" in only:
        add(engine.reach(counts["reach"]))
        add(*engine.predict(counts["predict"]))
        add(*engine.play(counts["games"]))
        add(engine.map_load(counts["loads"]))
    if "history" in only:
        add(*history.rows(counts["commands"], counts))
    if "startup" in only:
        add(process.first_frame(counts["starts"]))
        add(process.help_text(counts["helps"]))
        add(process.headless_start(counts["headless"]))
    if "memory" in only:
        add(process.memory(counts["memory_runs"], counts["pans"], counts["notches"]))
    if "network" in only:
        add(network.latency(counts["net_requests"]))
        add(network.eight_clients(counts["net_per_client"]))
        for players in (2, 8):
            add(network.round_trip(players, counts["net_round_trips"], counts["net_warmup"]))
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from benchmarks.report import table, write_json
    from benchmarks.timing import use_clock

    use_clock(args.clock)
    started, load = time.perf_counter(), os.getloadavg()[0]
    floor: list[float] = []

    def say(result) -> None:
        if result.key == "floor":
            floor.append(result.median)
            result.floor_ratio = 1.0
        elif result.key in FRAME_ROWS and floor:
            result.floor_ratio = result.median / floor[0]
            if result.key == "arena_frame":
                result.floor_target = ARENA_FLOOR_TARGET
        print(f"  {result.key}: done", file=sys.stderr, flush=True)

    results = rows(QUICK if args.quick else FULL, say, args.only or GROUPS)
    seconds, loads = time.perf_counter() - started, (load, os.getloadavg()[0])
    print(table(results))
    # Other work on the machine slows every row: the load average says how busy it was.
    kind = "Quick run (tiny counts, figures not meaningful)" if args.quick else "Full run"
    print(
        f"\n{kind}: {seconds:.0f} s on {os.cpu_count()} CPUs, {args.clock} clock; "
        f"load average {loads[0]:.2f} at the start, {loads[1]:.2f} at the end"
    )
    if max(loads) > 0.5 * (os.cpu_count() or 1):
        print(
            "The machine was busy: the figures are slower than on an idle machine"
            + (" (try --clock cpu)." if args.clock == "wall" else ".")
        )
    if args.json:
        write_json(args.json, results, args.quick, seconds, loads, args.clock)
    return 0
