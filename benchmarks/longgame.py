"""A long game for the history rows: thousands of legal commands on the arena, made quickly."""

from __future__ import annotations

import random

from benchmarks.frames import ARENA
from board.game import Game
from board.maps import load_map
from board.rules.base import Command

ATTACKS = ("attack", "charge_attack", "shoot", "attack_hth", "cast")
HARMFUL = ATTACKS + ("strike_disengaging",)  # what a peaceful player leaves alone


def calm_choice(game: Game, rng: random.Random, names=None, peaceful: bool = False) -> Command | None:
    """A random legal command of any figure that may act (of `names`, if given), attacking
    seldom, so the fight lasts: one random action, then one of its commands, kept if the game
    would accept it; None if none of those figures may act. A peaceful player attacks only when
    nothing else is on offer, so that no side is knocked out of a game that must go on.

    Cheaper than choosing from legal_commands(), which plans every candidate."""
    state, rules = game.state, game.ruleset
    offered = [(name, info) for name in (names or state.figures) for info in rules.actions(state, name) if info.enabled]
    if not offered:
        return None
    if peaceful:
        offered = [(name, info) for name, info in offered if info.id not in HARMFUL] or offered
    while True:
        name, info = rng.choice(offered)
        if info.id in ATTACKS and rng.random() < 0.9:
            continue
        commands = rules.concrete(state, name, info)
        if commands:
            command = rng.choice(commands)
            if game.check(command) is None:
                return command


def long_game(commands: int, seed: int = 0) -> Game:
    """The arena after `commands` calm random commands (seed 0 lasts past 10,000)."""
    rng = random.Random(seed)
    game = Game(load_map(ARENA), seed=seed)
    while len(game.history) < commands:
        if game.state.phase == "over":
            raise RuntimeError(f"the calm game ended after {len(game.history)} commands")
        game.submit(calm_choice(game, rng))
    return game
