"""The scripted "pushy" player of the benchmarks (benchmarks/engine.pushy_choice), through the
game interface so that it plays every rule system: attack when an attack is on offer, else
mostly close in on the nearest enemy, else anything legal."""

from __future__ import annotations

import random

from board.ai.view import SideView, gap
from board.hexgrid import Hex
from board.rules.base import Command


def pushy_choice(game, legal: list[Command], rng: random.Random) -> Command:
    """An attack at random if any; else (4 times in 5) the move that ends nearest an enemy."""
    attacks = [c for c in legal if c.target and game.predict(c) is not None]
    if attacks:
        return rng.choice(attacks)
    moves = [c for c in legal if c.path or (c.do == "act" and isinstance(c.to, (tuple, list)))]
    if moves and rng.random() < 0.8:
        view = SideView.of(game, game.current_player())

        def nearest(c: Command) -> int:
            spot = c.path[-1] if c.path else c.to
            if spot is None or isinstance(spot, str):  # a printed label: the moves above end on pairs
                return 0
            end = Hex(*spot)
            return min((gap([end], e) for e in view.enemies), default=0)

        return min(moves, key=lambda c: (nearest(c), rng.random()))
    return rng.choice(legal)
