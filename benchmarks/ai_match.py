"""python -m benchmarks.ai_match: the computer player's match results and decision times on
each rule system's sample skirmish (issue 20's figures). Long: run on demand, not in the tests.

Per ruleset: computer (normal) against random and against pushy, computer:hard against
computer:easy; the first player is named for the map's first team, and in the second half of
the games the players swap teams (main.py match's default --swap teams; --swap places keeps the
teams and exchanges their starting places, the reading before 2026-11-24).

--ladder (issue 39): the levels against each other, easy < normal < hard, each over both sides
(the players swap teams half way), and each map's side balance: normal against normal with no
swap, the first team's share of the games. Every share comes with its 95% (Wilson) interval."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAPS = {
    "warrior-wizard": "arena.yaml",
    "combat-chart": "combat-chart-skirmish.yaml",
    "dox": "dox-skirmish.yaml",
    "melee-seconds": "melee-seconds-skirmish.yaml",
    "usage-dice": "usage-dice-skirmish.yaml",
}
PAIRINGS = (
    ("computer:normal", "random", 0.9),
    ("computer:normal", "pushy", 0.7),
    ("computer:hard", "computer:easy", 0.6),
    ("computer:normal", "computer:easy", 0.65),
    ("computer:hard", "computer:normal", 0.65),
    ("computer:normal", "computer:normal", 0.4),
)  # 5: side balance, 40-60%, swap none
LADDER = "3,4,5"
BALANCE = 5


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a share of wins (Wilson's score interval; a draw counts half)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def measure(
    ruleset: str,
    pairing: tuple[str, str, float],
    games: int,
    seed,
    max_turns: int,
    clock: str = "wall",
    swap: str = "teams",
    jobs: int = 1,
) -> dict:
    """One pairing on one ruleset's map: the match summary, the first player's share of wins."""
    from board.ai.match import play_match, spread, summary
    from board.sides import teams
    from board.maps import load_map

    battle = load_map(ROOT / "maps" / MAPS[ruleset])
    first, second, target = pairing
    started = time.perf_counter()
    timer = time.process_time if clock == "cpu" else time.perf_counter
    results = play_match(battle, [first, second], games, seed, max_turns, clock=timer, swap=swap, jobs=jobs)
    figures = summary(teams(battle), results)
    team = next(iter(figures["wins"]))
    # Each computer player's own decisions too: pooled, a fast easy player hides a slow hard one.
    figures["decision_ms_by_player"] = {
        kind: spread(t for r in results for t in r.by_kind.get(kind, ()))
        for kind in dict.fromkeys((first, second))
        if kind.startswith("computer")
    }
    points = figures["wins"][team] + 0.5 * figures["draws"]
    figures.update(
        ruleset=ruleset,
        players=f"{first},{second}",
        target=target,
        share=points / max(1, figures["games"]),
        interval=[round(x, 3) for x in wilson(points, figures["games"])],
        seconds=round(time.perf_counter() - started, 1),
        clock=clock,
        swap=swap,
    )
    return figures


def line(row: dict) -> str:
    balance = row["players"] == ",".join(PAIRINGS[BALANCE][:2])
    met = (
        "yes"
        if (row["target"] <= row["share"] <= 1 - row["target"] if balance else row["share"] >= row["target"])
        else "NO"
    )
    low, high = row.get("interval", (0.0, 1.0))
    times = row["decision_ms"]
    own = "; ".join(
        f"{kind} {t['median']:.1f} / {t['p95']:.1f}" for kind, t in row.get("decision_ms_by_player", {}).items()
    )
    goal = f"{row['target']:.0%}-{1 - row['target']:.0%} first team" if balance else f"{row['target']:.0%}"
    return (
        f"{row['ruleset']:15} {row['players']:32} {row['share']:5.0%} [{low:.0%}, {high:.0%}] "
        f"(target {goal}, "
        f"{met:3}) draws {row['draws']:2} turns {row['turns_median']:5} "
        f"decisions {times['median']:7.1f} ms median {times['p95']:7.1f} ms p95 ({row['clock']}; "
        f"each player's median / p95: {own})  {row['seconds']} s, swap {row['swap']}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_match", description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default=1)
    parser.add_argument("--max-turns", type=int, default=50)
    parser.add_argument("--rulesets", default=",".join(MAPS), help="comma-separated ruleset ids")
    parser.add_argument(
        "--pairings",
        default="0,1,2",
        help="which pairings, by index (0: normal "
        "vs random, 1: normal vs pushy, 2: hard vs easy, 3: normal vs easy, "
        "4: hard vs normal, 5: normal vs normal, the side balance)",
    )
    parser.add_argument("--ladder", action="store_true", help=f"the level ladder and side balance: --pairings {LADDER}")
    parser.add_argument(
        "--swap",
        choices=("teams", "places", "none"),
        default="teams",
        help="how the second half swaps sides (main.py match --swap)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="games played at once, in worker processes (the same results; "
        "time decisions with --clock cpu then, as the workers share the CPUs)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time decisions by wall time (default) or by CPU time, steadier on a busy machine",
    )
    args = parser.parse_args(argv)
    rows = []
    load = os.getloadavg()[0]
    pairings = LADDER if args.ladder else args.pairings
    for ruleset in args.rulesets.split(","):
        for index in (int(i) for i in pairings.split(",")):
            # The side balance keeps the teams: the first team's share, not a player's.
            swap = "none" if index == BALANCE else args.swap
            rows.append(
                measure(ruleset, PAIRINGS[index], args.games, args.seed, args.max_turns, args.clock, swap, args.jobs)
            )
            print(line(rows[-1]), flush=True)
    print(
        f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end, "
        f"{os.cpu_count()} CPUs (a busy machine slows the decision times)",
        file=sys.stderr,
    )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
