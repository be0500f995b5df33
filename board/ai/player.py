"""The computer player at three levels, and the random player, behind one choose() call."""

from __future__ import annotations

from board.ai.ranking import Decision, own_commands, rng_for, scored
from board.ai.scoring import Scored, Style
from board.ai.search import deepen
from board.rules.base import Command

LEVELS = ("easy", "normal", "hard")
# Easy is a beginner's opponent: three commands in four are whims, the rest a wandering judgement
# (at 0.25 and 2.0 it won as often as normal on the dox and melee-seconds skirmishes; at a whim
# half the time normal won only 54% of 40 usage-dice games against it, at three in four 88%).
WHIM = 0.75  # how often easy just does something legal
NOISE = 6.0  # how far easy's judgement wanders (score points)
# Normal is a casual player (issue 39): it decides what to do as hard does (which action, which
# stroke, which weapon), but where to go, which way to face and whom to strike only roughly: any
# of those within GOOD_ENOUGH score points of its best will do, drawn with its own dice. Without
# it normal was hard's judgement, and hard's search alone won no more than half its games.
GOOD_ENOUGH = 6.0
KINDS = ("computer", "computer:easy", "computer:normal", "computer:hard", "random")


def parse_kind(kind: str) -> tuple[str, str]:
    """("computer", level) or ("random", "") from "computer", "computer:hard" or "random"."""
    if kind not in KINDS:
        raise ValueError(f"unknown player {kind!r}: expected one of {', '.join(KINDS)}")
    if kind == "random":
        return "random", ""
    return "computer", kind.partition(":")[2] or "normal"


def choose(game, level: str = "normal", ai_seed: int | str = 0) -> Decision:
    """The computer's command for the side to act now, and why; level "hint" is the best by
    hard's judgement without its search (what the hint key shows a person)."""
    team = game.current_player()
    legal = own_commands(game, team)
    if not legal:
        raise ValueError("the computer was asked to play a game with nothing left to do")
    rng = rng_for(game, ai_seed, team or "")
    if len(legal) == 1:
        return Decision(legal[0], "has only this to do")
    if level == "easy":
        return _easy(game, team, legal, rng)
    ranked = sorted(scored(game, team, legal, Style()), key=lambda s: s.score + rng.random() * 0.05, reverse=True)
    if level == "hard":
        return deepen(game, team, ranked, rng, ai_seed)
    if level == "hint":
        return Decision(ranked[0].command, ranked[0].reason)
    pick = good_enough(ranked, rng)
    return Decision(pick.command, pick.reason)


def good_enough(ranked: list[Scored], rng) -> Scored:
    """The best command's action, done at any place, facing or target that looks about as good
    (within GOOD_ENOUGH score points)."""
    best = ranked[0]
    return rng.choice([s for s in ranked if best.score - s.score < GOOD_ENOUGH and same_act(s.command, best.command)])


def same_act(one: Command, other: Command) -> bool:
    """The same figure doing the same action with the same settings (where and at whom aside)."""
    return (one.figure, one.do, one.action, one.weapon, one.params) == (
        other.figure,
        other.do,
        other.action,
        other.weapon,
        other.params,
    )


def _easy(game, team, legal, rng) -> Decision:
    """Careless: blind to facing and danger, and now and then just does something."""
    if rng.random() < WHIM:
        return Decision(rng.choice(legal), "does something on a whim")
    style = Style(caution=0.0, facing=False)
    best = max(scored(game, team, legal, style), key=lambda s: s.score + rng.random() * NOISE)
    return Decision(best.command, best.reason)


def random_choice(game, ai_seed: int | str = 0) -> Decision:
    """Uniform over the legal commands."""
    legal = own_commands(game, game.current_player())
    return Decision(rng_for(game, ai_seed, "random").choice(legal), "picks at random")
