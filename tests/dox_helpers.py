"""Set-up for the dox tests: figures, tiny inline maps, a fixed turn order and moves (the
command shortcuts are in tests/helpers.py).

Unless a test says otherwise the trait roll is 2d6 + rating and Defense is 6 + rating.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import helpers
from board.game import Game, Outcome
from board.maps import parse_map
from board.rules.dox.turns import begin
from helpers import ok

battle_text = partial(helpers.battle_text, ruleset="dox")  # a map file's text


def fig(name: str, team: str, at, **fields: Any) -> dict:
    """A dox figure as a map file writes it."""
    return {"name": name, "team": team, "at": list(at), **fields}


def new_game(
    *figures: dict, order=None, options: dict | None = None, radius: int = 6, walls=(), seed: int | str = 0
) -> Game:
    """A game on a tiny map; `order` fixes this round's initiative order (first one active)."""
    game = Game(parse_map(battle_text(*figures, radius=radius, walls=walls)), options, seed)
    if order is not None:
        set_order(game, *order)
    return game


def set_order(game: Game, *names: str) -> None:
    """Test set-up: this round's order is `names`, and the first one's turn begins."""
    state = game.state
    state.order, state.queue = list(names), list(names)
    unaware = {spec.name: spec.unaware for spec in game.battle.figures}
    for f in state.figures.values():
        f.moved = f.acted = False
        f.unaware = unaware.get(f.name, f.unaware)  # the set-up round may have begun someone else
    begin(state)


def move(game: Game, name: str, *path, dice=None) -> Outcome:
    """A move along axial hexes (none: stay)."""
    if not path:
        return ok(game, do="move", figure=name, action="stay", dice=dice)
    return ok(game, do="move", figure=name, action="move", path=tuple(tuple(h) for h in path), dice=dice)
