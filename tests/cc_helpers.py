"""Set-up for the combat-chart tests: figures, tiny inline maps and turn shortcuts (the command
shortcuts are in tests/helpers.py).

Figures default to Mind 5, Body 5, 10 HP, Move 5; attribute rolls are 3d6 at or under.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from board.dice import ChainedDice, ScriptedDice, SeededDice
from board.game import Game, Outcome
from board.maps import parse_map
import helpers
from helpers import act

RULESET = "combat-chart"
battle_text = partial(helpers.battle_text, ruleset=RULESET)  # a map file's text


def figure(name: str, team: str, at, **fields: Any) -> dict:
    """A figure as a map file writes it."""
    return {"name": name, "team": team, "at": list(at), **fields}


def new_game(
    *figures: dict, options: dict | None = None, seed: int | str = 0, radius: int = 6, walls=(), dice=None
) -> Game:
    """A game on a tiny inline map; `dice` forces the set-up dice (initiative ties, perception)."""
    battle = parse_map(battle_text(*figures, radius=radius, walls=walls))
    game = Game(battle, options, seed)
    if dice is not None:
        game.state, game.start_events = game.ruleset.setup(
            battle, game.options, ChainedDice(ScriptedDice(dice), SeededDice("x"))
        )
        game.events = list(game.start_events)
    return game


def pass_until(game: Game, name: str) -> None:
    """Everyone before `name` does nothing until it is `name`'s turn."""
    for _ in range(50):
        if game.state.active == name:
            return
        act(game, game.state.active, "pass")
    raise AssertionError(f"{name} never came up")


def finish_round(game: Game, dice=None) -> Outcome:
    """Everyone left does nothing; the last pass carries `dice` (end of round, next initiative)."""
    start, outcome = game.state.turn, None
    while game.state.turn == start and game.state.phase != "over":
        last = len(game.state.queue) == 1 and not game.state.delayers
        outcome = act(game, game.state.active, "pass", dice=dice if last else None)
    return outcome
