"""Headless matches between players (main.py match): who wins, in how many turns, how fast."""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field, replace

from board.ai.player import choose, own_commands, parse_kind, random_choice, rng_for
from board.ai.pushy import pushy_choice
from board.sides import teams

PLAYER_KINDS = ("computer", "computer:easy", "computer:normal", "computer:hard", "random", "pushy")


@dataclass
class GameResult:
    """One finished (or capped) game."""

    winner: str | None
    turns: int
    decisions_ms: list[float] = field(default_factory=list)  # the computer players' decisions
    by_kind: dict[str, list[float]] = field(default_factory=dict)  # the same, by player kind
    players_swapped: bool = False  # each player had the other's team (a match's second half)


def decide(game, kind: str, ai_seed):
    """The command a player of this kind gives now (random and pushy: their own dice too)."""
    if kind == "pushy":
        rng = rng_for(game, ai_seed, "pushy")
        return pushy_choice(game, own_commands(game, game.current_player()), rng)
    who, level = parse_kind(kind)
    if who == "random":
        return random_choice(game, ai_seed).command
    return choose(game, level, ai_seed).command


def swapped(battle):
    """The map with the two teams' starting places exchanged, or None if the map does not
    allow it (not two teams of as many figures of the same sizes)."""
    sides = teams(battle)
    if len(sides) != 2:
        return None
    first = [s for s in battle.figures if s.team == sides[0]]
    second = [s for s in battle.figures if s.team == sides[1]]
    if len(first) != len(second) or any(a.size != b.size for a, b in zip(first, second)):
        return None
    place = {id(a): b for a, b in zip(first, second)} | {id(b): a for a, b in zip(first, second)}
    figures = [s.model_copy(update={"at": place[id(s)].at, "facing": place[id(s)].facing}) for s in battle.figures]
    return replace(battle, figures=figures)


def play_game(
    battle, kinds: dict[str, str], seed, ai_seed, max_turns: int, max_commands: int = 20_000, clock=time.perf_counter
) -> GameResult:
    """One game to its end or the turn cap; decision times of the computer players (by wall
    time, or by the process's CPU time with clock=time.process_time: steadier on a busy machine)."""
    from board.game import Game

    game = Game(battle, seed=seed)
    by_kind: dict[str, list[float]] = {}
    for _ in range(max_commands):
        if game.is_terminal() or game.turn().turn > max_turns:
            break
        player = game.current_player()
        if player is None:  # the fight goes on with nobody to act: a ruleset's fault, said plainly
            raise RuntimeError(f"nobody is to act at turn {game.turn().turn} of {battle.name}")
        kind = kinds[player]
        started = clock()
        command = decide(game, kind, f"{ai_seed}:{player}")
        if kind.startswith("computer"):
            by_kind.setdefault(kind, []).append((clock() - started) * 1000)
        outcome = game.apply(command)
        if not outcome.accepted:
            raise RuntimeError(f"{kind} gave a refused command {command.short()}: {outcome.reason}")
    # Stopped at the cap, the game stands at the start of turn max_turns + 1: none of it played.
    times = [t for kind_times in by_kind.values() for t in kind_times]
    return GameResult(game.winner(), min(game.turn().turn, max_turns), times, by_kind)


SWAPS = ("teams", "places", "none")


def run_match(
    battle,
    players: list[str],
    games: int,
    seed,
    max_turns: int,
    progress=None,
    clock=time.perf_counter,
    swap: str = "teams",
) -> dict:
    """Play games between the players (in the order of the map's teams); the summary."""
    results = play_match(battle, players, games, seed, max_turns, progress, clock, swap)
    return summary(teams(battle), results)


def play_match(
    battle,
    players: list[str],
    games: int,
    seed,
    max_turns: int,
    progress=None,
    clock=time.perf_counter,
    swap: str = "teams",
    jobs: int = 1,
) -> list[GameResult]:
    """Play games between the players (in the order of the map's teams); each game's result.

    The second half of the games swaps sides (issue 20: "halves of the games swap which side
    starts where"). swap="teams" (the default): the players change teams, so each plays both
    forces from both starting places; the sample maps' teams differ in figures, and swapping
    only the places would leave the stronger force with one player all match long.
    swap="places": the teams keep their players and exchange starting places (when both have
    as many figures of the same sizes). "none": no swap. Either way a win counts for the player,
    under the team it was named for. jobs > 1 plays that many games at once, in worker
    processes: the same results, sooner on a machine with as many cores."""
    sides = teams(battle)
    if len(sides) < 2:
        found = f"only the team {sides[0]}" if sides else "no figures"
        raise ValueError(f"a match needs a map with two teams or more; this one has {found}")
    if len(players) != len(sides):
        raise ValueError(
            f"the map has {len(sides)} teams ({', '.join(sides)}): give as many players, not {len(players)}"
        )
    if swap not in SWAPS:
        raise ValueError(f"unknown swap {swap!r}: expected one of {', '.join(SWAPS)}")
    other = swapped(battle) if swap == "places" else None
    plays = []
    for index in range(games):
        second = index >= (games + 1) // 2
        turned = swap == "teams" and second and len(sides) == 2
        kinds = dict(zip(sides, players[::-1] if turned else players))
        where = other if other is not None and second else battle
        plays.append((where, kinds, f"{seed}:{index}", f"ai:{seed}:{index}", max_turns, clock, turned))
    results = []
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None  # each game has its own seeds
    with pool or nullcontext():
        for index, result in enumerate((pool.map if pool else map)(_play, plays)):
            results.append(result)
            if progress:
                progress(index, result)
    return results


def _play(play: tuple) -> GameResult:
    """One game of a match, as play_match lists it (a top-level function: a worker runs it)."""
    where, kinds, seed, ai_seed, max_turns, clock, turned = play
    result = play_game(where, kinds, seed, ai_seed, max_turns, clock=clock)
    return replace(result, players_swapped=turned)


def credited(sides: list[str], result: GameResult) -> str | None:
    """The team a game's winner was named for in --players (its own, or the other one's when
    the players had swapped teams)."""
    if not result.players_swapped or result.winner is None:
        return result.winner
    return sides[1 - sides.index(result.winner)]


def summary(sides: list[str], results: list[GameResult]) -> dict:
    """The match in figures, as --json prints it."""
    wins = {team: sum(credited(sides, r) == team for r in results) for team in sides}
    return {
        "games": len(results),
        "wins": wins,
        "draws": sum(r.winner is None for r in results),
        "turns_median": statistics.median(r.turns for r in results) if results else 0,
        "decision_ms": spread(t for r in results for t in r.decisions_ms),
    }


def spread(times) -> dict:
    """The median and 95th percentile of decision times, in ms (0 when there are none)."""
    times = sorted(times)
    if not times:
        return {"median": 0.0, "p95": 0.0}
    return {
        "median": round(statistics.median(times), 2),
        "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2),
    }
