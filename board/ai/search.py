"""The hard level: the normal player's best few commands, each tried on copies of the game with
dice of the player's own (determinised rollouts), played on by the normal player for both
sides to the end of the turn (or the depth or work cap, whichever comes first); the one that
leaves the side best off on average (board.ai.material) wins.

Why to the end of the turn (issue 39): rollouts of a fixed number of commands stopped, on the
arena, inside the movement phase (5 commands at the median, the work cap binding), where what
each side has left does not change; the candidates then looked alike (their means 0.22 apart
against 0.67 of noise per rollout) and hard played as normal in 23 positions of 24. A rollout
that stops wherever the turn ends also judges every candidate at the same point of the turn:
an attack now is weighed with the blows that answer it. The caps still stop most arena
rollouts first: the 500 ms limit on melee-seconds (the costliest rollout commands) allows no
more, and no gain over normal was measured (docs/performance.md).

Every candidate is tried on the same few dice streams (common random numbers), so that the
comparison between two commands is not drowned by the luck of the dice.

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
    """How much the hard level looks into: candidates x samples rollouts of depth commands."""

    candidates: int = 3  # the normal player's best commands that are looked into
    samples: int = 4  # dice streams each is tried on (the same streams for every candidate)
    # At most this many commands played on after each, by both sides: 30 commands on 6 streams
    # took melee-seconds' p95 to 1.2 s CPU, 12 on 4 streams to 505 ms, 10 to 494 (the limit is
    # 500, measured under load); 8 keeps a margin.
    depth: int = 8
    work: int = 2400  # legal commands looked at in all rollouts together (cost, not time:
    # a decision must not depend on how busy the machine is)
    moves: int = 8  # move commands a rollout's player weighs per command, picked at random
    clear: float = 8.0  # a lead in score this large needs no looking into
    prior: float = 0.03  # the normal player's score, against one figure's worth
    turns: int = 1  # play on until this many turns have ended (0: depth commands only)


BUDGET = Budget()


def deepen(game, team: str, ranked: list[Scored], rng, ai_seed, budget: Budget | None = None) -> Decision:
    """The best of the top-ranked commands after rollouts; the normal choice when none is
    needed or allowed."""
    budget = budget or BUDGET
    best = ranked[0]
    # A command far behind the best on the normal player's own judgement is not looked into:
    # a few lucky rollouts once had the hard level wait with a 62-78% attack on offer (issue 39).
    top = [c for c in distinct(ranked, budget.candidates) if best.score - c.score <= budget.clear]
    if len(top) < 2 or best.score - top[1].score > budget.clear:
        return Decision(best.command, best.reason)
    sampled = worlds(game, team, rng, budget.samples)
    if sampled is None:
        return Decision(best.command, best.reason)
    seeds = [f"{ai_seed}:{len(game.history)}:{sample}:{rng.random()}" for sample in range(budget.samples)]
    odds: dict = {}
    values = []
    share = budget.work // (len(top) * len(seeds))
    for candidate in top:
        total = sum(_rollout(world.clone(seed=seed), team, candidate.command, odds, budget, share,
                             random.Random(seed)) for world, seed in zip(sampled, seeds))
        values.append(total / len(seeds) + budget.prior * candidate.score)
    chosen = max(range(len(top)), key=lambda i: values[i])
    pick = top[chosen]
    note = "" if chosen == 0 else " (thought it through)"
    return Decision(pick.command, pick.reason + note)


def distinct(ranked: list[Scored], count: int) -> list[Scored]:
    """The best commands that are different plans: the same action on the same target for the
    same reason (a move one hex further the same way) is looked into once."""
    out, seen = [], set()
    for candidate in ranked:
        command = candidate.command
        plan = (command.figure, command.action or command.do, command.target,
                candidate.reason.translate(DIGITS))
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
    for _ in range(budget.depth):
        if copy.is_terminal() or share <= 0:
            break
        if budget.turns and copy.turn().turn >= start + budget.turns:
            break
        mover = copy.current_player()
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
