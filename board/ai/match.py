"""Headless matches between players (main.py match): who wins, in how many turns, how fast."""

from __future__ import annotations

import statistics
import time
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
    figures = [s.model_copy(update={"at": place[id(s)].at, "facing": place[id(s)].facing})
               for s in battle.figures]
    return replace(battle, figures=figures)


def play_game(battle, kinds: dict[str, str], seed, ai_seed, max_turns: int,
              max_commands: int = 20_000, clock=time.perf_counter) -> GameResult:
    """One game to its end or the turn cap; decision times of the computer players (by wall
    time, or by the process's CPU time with clock=time.process_time: steadier on a busy machine)."""
    from board.game import Game

    game = Game(battle, seed=seed)
    times: list[float] = []
    for _ in range(max_commands):
        if game.is_terminal() or game.turn().turn > max_turns:
            break
        kind = kinds[game.current_player()]
        started = clock()
        command = decide(game, kind, f"{ai_seed}:{game.current_player()}")
        if kind.startswith("computer"):
            times.append((clock() - started) * 1000)
        outcome = game.apply(command)
        if not outcome.accepted:
            raise RuntimeError(f"{kind} gave a refused command {command.short()}: {outcome.reason}")
    return GameResult(game.winner(), game.turn().turn, times)


def run_match(battle, players: list[str], games: int, seed, max_turns: int,
              progress=None, clock=time.perf_counter) -> dict:
    """Play games between the players (in the order of the map's teams); the summary."""
    sides = teams(battle)
    if len(players) != len(sides):
        raise ValueError(f"the map has {len(sides)} teams ({', '.join(sides)}): "
                         f"give as many players, not {len(players)}")
    kinds = dict(zip(sides, players))
    other = swapped(battle)
    results = []
    for index in range(games):
        # The second half of the games starts each side where the other started.
        where = other if other is not None and index >= (games + 1) // 2 else battle
        results.append(play_game(where, kinds, f"{seed}:{index}", f"ai:{seed}:{index}", max_turns,
                                 clock=clock))
        if progress:
            progress(index, results[-1])
    return summary(sides, results)


def summary(sides: list[str], results: list[GameResult]) -> dict:
    """The match in figures, as --json prints it."""
    wins = {team: sum(r.winner == team for r in results) for team in sides}
    times = sorted(t for r in results for t in r.decisions_ms)
    return {
        "games": len(results),
        "wins": wins,
        "draws": sum(r.winner is None for r in results),
        "turns_median": statistics.median(r.turns for r in results) if results else 0,
        "decision_ms": {"median": round(statistics.median(times), 2) if times else 0.0,
                        "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2) if times else 0.0},
    }
