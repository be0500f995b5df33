"""The hard level: the normal player's best few commands, each tried on copies of the game with
dice of the player's own (determinised rollouts), played on a few commands by the normal
player for both sides; the one that leaves the side strongest wins.

Copies are made only while nothing is secret: with a secret plot in the game, applying a
command could resolve it and tell the player what its side may not know."""

from __future__ import annotations

from board.ai.ranking import Decision, own_commands, scored
from board.ai.scoring import Scored, Style
from board.ai.view import SideView, secrets_pending

CANDIDATES = 3  # the normal player's best commands that are looked into
SAMPLES = 2  # dice drawn for each
DEPTH = 2  # commands played on after each
CLEAR = 6.0  # a lead in score this large needs no looking into
WORTH = 12.0  # one figure's standing (1 + its meter share) against score points


def deepen(game, team: str, ranked: list[Scored], rng, ai_seed):
    """The best of the top-ranked commands after rollouts; the normal choice when none is
    needed or allowed."""
    best = ranked[0]
    top = ranked[:CANDIDATES]
    # Only dice decide between moves within a few commands: without an attack among the
    # candidates a rollout would only repeat the scores.
    if len(top) < 2 or best.score - top[1].score > CLEAR or not any(s.attack for s in top) \
            or secrets_pending(game):
        return Decision(best.command, best.reason)
    start = SideView.of(game, team).strength()
    values, odds = [], {}
    for index, candidate in enumerate(top):
        total = 0.0
        for sample in range(SAMPLES):
            copy = game.clone(seed=f"{ai_seed}:{len(game.history)}:{index}:{sample}:{rng.random()}")
            total += _rollout(copy, team, candidate.command, odds) - start
        values.append(WORTH * total / SAMPLES + candidate.score)
    chosen = max(range(len(top)), key=lambda i: values[i])
    pick = top[chosen]
    note = "" if chosen == 0 else " (thought it through)"
    return Decision(pick.command, pick.reason + note)


def _rollout(copy, team: str, command, odds: dict) -> float:
    """The side's standing after the command and a few more by the normal player."""
    copy.apply(command)
    for _ in range(DEPTH):
        if copy.is_terminal():
            break
        mover = copy.current_player()
        legal = own_commands(copy, mover)
        choice = max(scored(copy, mover, legal, Style(), odds), key=lambda s: s.score)
        copy.apply(choice.command)
    return SideView.of(copy, team).strength()
