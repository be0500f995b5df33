"""Set-up for the Warrior & Wizard tests: figures, tiny inline maps, moves and turn shortcuts
(the command shortcuts are in tests/helpers.py).

A one-hex figure facing f threatens directions f-1, f and f+1.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import helpers
from board.game import Game, Outcome
from board.hexgrid import Hex, hex_neighbor
from board.maps import parse_map
from helpers import act, action_info, ok

battle_text = partial(helpers.battle_text, radius=8)  # a map file's text (the default ruleset)


def figure(name: str, team: str, at, facing: int = 0, **fields: Any) -> dict:
    """A figure as a map file writes it (ST, DX, MA 10 unless given)."""
    return {"name": name, "team": team, "at": list(at), "facing": facing, **fields}


def new_game(*figures: dict, options: dict | None = None, seed: int | str = 0, radius: int = 8, walls=()) -> Game:
    """A game on a tiny inline map."""
    return Game(parse_map(battle_text(*figures, radius=radius, walls=walls)), options, seed)


def move(game: Game, name: str, *path, action: str | None = None, facing: int | None = None, dice=None) -> Outcome:
    """A movement command along a path of axial hexes (none: stand still)."""
    return ok(
        game,
        do="move",
        figure=name,
        action=action or (None if path else "stand_still"),
        path=tuple(tuple(h) for h in path) or None,
        facing=facing,
        dice=dice,
    )


def active(game: Game) -> str | None:
    """Who acts now."""
    return game.state.active


def phase(game: Game) -> str:
    """The phase now."""
    return game.state.phase


def stand_still_until(game: Game, name: str, phase_: str = "combat") -> None:
    """Every figure before `name` in game.state.queue stands still (movement) or does nothing
    (combat) until `name` is active in the given phase."""
    for _ in range(100):
        if game.state.phase == phase_ and game.state.active == name:
            return
        who = game.state.active
        assert who is not None, f"nobody is active ({game.state.phase}); {name} never came up"
        if game.state.phase == "movement":
            move(game, who)
        else:
            act(game, who, "pass")
    raise AssertionError(f"{name} never became active in the {phase_} phase")


def finish_turn(game: Game, dice=None) -> Outcome:
    """Everyone still to act stands still or does nothing, until the next turn begins.

    The last command (the one that ends the turn) carries the forced dice, so they are the
    first dice of the end of the turn and of the next turn's initiative.
    """
    turn = game.state.turn
    outcome = None
    while game.state.turn == turn and game.state.phase != "over":
        who = game.state.active
        last = game.state.phase == "combat" and len(game.state.queue) == 1
        if game.state.phase == "movement":
            outcome = move(game, who)
        else:
            outcome = act(game, who, "pass", dice=dice if last else None)
    return outcome


def farthest(game: Game, name: str, action_id: str) -> int:
    """The longest path the board offers for a movement action."""
    info = action_info(game, name, action_id)
    return max((len(p) for p in info.hexes.values()), default=0)


def line(start, direction: int, n: int) -> list[tuple[int, int]]:
    """n hexes in a straight line from start (excluded) in a direction."""
    out, h = [], Hex(*start)
    for _ in range(n):
        h = hex_neighbor(h, direction)
        out.append((h.q, h.r))
    return out
