"""The hard level: the normal player's best few commands, each tried on copies of the game with
dice of the player's own (determinised rollouts), played on by the normal player for both
sides to the end of the turn and the other side's answer (or the depth or work cap, whichever
comes first), and judged by what each side has left (board.ai.material). Normal's own choice
stands unless another command does clearly better on the same dice.
"The normal player" below is the full judgement (scored with Style()): the normal *level* since
issue 39's fourth pass takes its place and target only roughly (board.ai.player.good_enough).

Why to the end of the turn (issue 39): rollouts of a fixed number of commands stopped, on the
arena, inside the movement phase (5 commands at the median, the work cap binding), where what
each side has left does not change; the candidates then looked alike (their means 0.22 apart
against 0.67 of noise per rollout) and hard played as normal in 23 positions of 24. A rollout
that stops wherever the turn ends also judges every candidate at the same point of the turn:
an attack now is weighed with the blows that answer it; the answer is waited for where the
command is the turn's last (combat-chart, usage-dice: the other side acts first next turn).

How the budget is spent (successive halving on common random numbers): in a first round every
candidate is tried on the same few dice streams, so that the difference between two commands is
theirs and not the luck of the dice; the better half (normal's choice always among them) is
tried again on fresh streams. The best of the others replaces normal's choice only when its
gain on the fresh streams, stream for stream, is more than the noise of those differences
(Budget.doubt standard errors) and than what the normal player's judgement held against it:
with 4 streams a rollout's noise decided many choices, and hard played worse than
normal as often as better (docs/performance.md). A first round in which every command comes out
the same everywhere (nothing won or lost before the rollouts stop) ends the search.

Copies of the game itself are made only while nothing is secret from the side: with a secret
plot in the game, applying a command could resolve it and tell the player what its side may not
know. Then each dice stream is played in a world of its own, the secrets drawn by the player
(board.ai.worlds); where they cannot be drawn, the normal player's choice stands."""

from __future__ import annotations

import random
from dataclasses import dataclass

from board.ai.material import material
from board.ai.ranking import Decision, own_commands, scored
from board.ai.scoring import Scored, Style, is_move
from board.ai.worlds import worlds


@dataclass(frozen=True)
class Budget:
    """How much the hard level looks into: rounds of rollouts over the normal player's best few
    commands, each round on dice streams of its own, the better half going on to the next."""

    candidates: int = 4  # the normal player's best commands that are looked into
    samples: int = 4  # dice streams a round tries each command on (the same for every command)
    rounds: int = 2  # after each round the better half (normal's choice always) is tried again
    # At most this many commands played on after each, by both sides: 30 commands on 6 streams
    # took melee-seconds' p95 to 1.2 s CPU, 12 on 4 streams to 505 ms, 10 to 494 (the limit is
    # 500, measured under load); 8 keeps a margin.
    depth: int = 8
    work: int = 2400  # legal commands looked at in all rollouts together (cost, not time:
    # a decision must not depend on how busy the machine is)
    moves: int = 8  # move commands a rollout's player weighs per command, picked at random
    clear: float = 8.0  # a lead in score this large needs no looking into
    # Normal's choice gives way only to a command that did better on the same dice by this many
    # standard errors of the differences: a gain inside the dice's noise is no gain.
    doubt: float = 1.0
    # The normal player's score, against one figure's worth: at 0.03 hard's choices won 22% of
    # combat-chart's games against normal, at 0.3 48% (20 games each, docs/performance.md).
    prior: float = 0.3
    turns: int = 1  # play on until this many turns have ended (0: depth commands only)
    # ... and the other side has given this many commands: the last to act in a turn
    # (combat-chart: one figure after another) is judged with the blows that answer it.
    answers: int = 1


BUDGET = Budget()


def deepen(game, team: str, ranked: list[Scored], rng, ai_seed, budget: Budget | None = None) -> Decision:
    """The normal choice unless rollouts show another of the top-ranked commands clearly better
    on the same dice; the normal choice when no search is needed or allowed."""
    budget = budget or BUDGET
    best = ranked[0]
    # A command far behind the best on the normal player's own judgement is not looked into:
    # a few lucky rollouts once had the hard level wait with a 62-78% attack on offer (issue 39).
    top = [c for c in distinct(ranked, budget.candidates) if best.score - c.score <= budget.clear]
    if len(top) < 2 or best.score - top[1].score > budget.clear:
        return Decision(best.command, best.reason)
    sampled = worlds(game, team, rng, budget.samples * budget.rounds)
    if sampled is None:
        return Decision(best.command, best.reason)
    seeds = [f"{ai_seed}:{len(game.history)}:{sample}:{rng.random()}" for sample in range(len(sampled))]
    values, alive = trials(game, team, [c.command for c in top], list(zip(sampled, seeds)), budget)
    challenger = max(alive[1:], key=lambda i: _mean(values[i]))
    # Judged on the streams after the round that picked it: the best of several on the same
    # streams looks better there than it is (the winner's curse). The normal player's own
    # judgement counts too: what a gain must make up for.
    fresh = budget.samples if budget.rounds > 1 else 0
    handicap = budget.prior * (best.score - top[challenger].score)
    if not clearly_better([v - handicap for v in values[challenger][fresh:]], values[0][fresh:], budget.doubt):
        return Decision(best.command, best.reason)
    pick = top[challenger]
    return Decision(pick.command, pick.reason + " (thought it through)")


def trials(game, team: str, commands: list, streams: list, budget: Budget) -> tuple[list[list[float]], list[int]]:
    """Each command's rollout values, stream by stream, and the commands still in the running at
    the end (the first always): every command is tried on the same dice streams;
    after each round the better half (the first command, normal's choice, always) goes on to
    the next round's streams (successive halving). A first round in which every command comes
    out the same on every stream ends the search: the rollouts cannot tell them apart."""
    values: list[list[float]] = [[] for _ in commands]
    alive = list(range(len(commands)))
    planned = budget.samples * sum(max(2, len(commands) // 2**r) if r else len(commands) for r in range(budget.rounds))
    share = budget.work // max(1, planned)
    odds: dict = {}
    for round_ in range(budget.rounds):
        for world, seed in streams[round_ * budget.samples : (round_ + 1) * budget.samples]:
            for i in alive:
                values[i].append(
                    _rollout(world.clone(seed=seed), team, commands[i], odds, budget, share, random.Random(seed))
                )
        if round_ == 0 and all(v == values[0] for v in values):
            break
        if round_ + 1 < budget.rounds:
            keep = max(2, len(alive) // 2)
            alive = [0] + sorted(alive[1:], key=lambda i: _mean(values[i]), reverse=True)[: keep - 1]
    return values, alive


def clearly_better(challenger: list[float], baseline: list[float], doubt: float) -> bool:
    """True when the challenger did better than the baseline on the streams both were tried on
    (paired: the same dice), by more than doubt standard errors of the differences."""
    diffs = [a - b for a, b in zip(challenger, baseline)]
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    spread = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
    return mean > 0 and mean > doubt * spread / len(diffs) ** 0.5


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("-inf")


def distinct(ranked: list[Scored], count: int) -> list[Scored]:
    """The best commands that are different plans: the same action on the same target for the
    same reason (a move one hex further the same way) is looked into once."""
    out, seen = [], set()
    for candidate in ranked:
        command = candidate.command
        plan = (command.figure, command.action or command.do, command.target, candidate.reason.translate(DIGITS))
        if plan not in seen:
            seen.add(plan)
            out.append(candidate)
            if len(out) == count:
                break
    return out


DIGITS = str.maketrans("", "", "0123456789.%")


def _rollout(copy, team: str, command, odds: dict, budget: Budget, share: int, rng) -> float:
    """The side's standing after the command and more by the normal player (each weighing all its
    commands but a sample of its moves), until the turn ends, or depth or its share of the work
    is spent."""
    start = copy.turn().turn
    copy.apply(command)
    answers = 0
    for _ in range(budget.depth):
        if copy.is_terminal() or share <= 0:
            break
        mover = copy.current_player()
        if budget.turns and copy.turn().turn >= start + budget.turns and answers >= budget.answers:
            break
        answers += mover != team
        legal = own_commands(copy, mover)
        share -= len(legal)
        if len(legal) > 1:
            legal = _sample_moves(legal, budget.moves, rng)
            copy.apply(max(scored(copy, mover, legal, Style(), odds), key=lambda s: s.score).command)
        else:
            copy.apply(legal[0])
    return material(copy, team)


def _sample_moves(legal: list, count: int, rng) -> list:
    """Every command that is not a move, and at most count of the moves."""
    moves = [c for c in legal if is_move(c)]
    if len(moves) <= count:
        return legal
    kept = set(map(id, rng.sample(moves, count)))
    return [c for c in legal if not is_move(c) or id(c) in kept]
