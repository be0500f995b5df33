"""Shared set-up for the Melee Seconds tests: tiny inline maps and command shortcuts.

Maps are hexagons of axial coordinates around [0, 0]. Direction d of [q, r] is
0 (+1, 0), 1 (+1, -1), 2 (0, -1), 3 (-1, 0), 4 (-1, +1), 5 (0, +1).
"""

from __future__ import annotations

from typing import Any

from board.game import Game, Outcome
from board.maps import parse_map
from board.rules.base import Command
from board.yamlio import dump_yaml


def fighter(name: str, team: str, at, facing: int = 0, **fields: Any) -> dict:
    """A figure as a melee-seconds map file writes it."""
    return {"name": name, "team": team, "at": list(at), "facing": facing, **fields}


def new_game(*figures: dict, options: dict | None = None, seed: int | str = 0, radius: int = 7,
             walls=()) -> Game:
    """A game on a small hexagonal map."""
    data = {"name": "Test", "ruleset": "melee-seconds", "radius": radius, "figures": list(figures)}
    if walls:
        data["hexes"] = [{"at": list(w), "terrain": "wall"} for w in walls]
    return Game(parse_map(dump_yaml(data)), options, seed)


def ok(game: Game, **command: Any) -> Outcome:
    outcome = game.submit(Command(**command))
    assert outcome.accepted, outcome.reason
    return outcome


def refused(game: Game, **command: Any) -> str:
    """A command that must be refused, leaving the state unchanged; the reason."""
    before, info = game.snapshot(), game.ruleset.turn_info(game.state)
    outcome = game.submit(Command(**command))
    assert not outcome.accepted, f"{Command(**command).short()} was accepted"
    assert game.snapshot() == before and game.ruleset.turn_info(game.state) == info
    return outcome.reason


def general(game: Game, name: str, plot: str = "fighting", dice=None, **params: Any) -> Outcome:
    """State a General Plot (with forced Initiative dice)."""
    return ok(game, do="act", figure=name, action="general_plot", params={"plot": plot, **params},
              dice=tuple(dice) if dice else None)


def act(game: Game, name: str, action: str, dice=None, **fields: Any) -> Outcome:
    """A Specific Plot (or other act) that must be accepted."""
    return ok(game, do="act", figure=name, action=action, dice=tuple(dice) if dice else None,
              **fields)


def fig(game: Game, name: str):
    return game.state.figures[name]


def kinds(outcome: Outcome) -> list[str]:
    return [e.kind for e in outcome.events]


def texts(outcome: Outcome, kind: str | None = None) -> list[str]:
    return [e.text for e in outcome.events if kind is None or e.kind == kind]


def nothing_until(game: Game, second: int, round_: int | None = None) -> None:
    """Everyone does nothing until the given second (of the given round) is being plotted."""
    round_ = game.state.round if round_ is None else round_
    for _ in range(200):
        s = game.state
        if s.phase == "plot" and s.second == second and s.round == round_:
            return
        assert s.phase == "plot", f"phase {s.phase}"
        act(game, s.active, "nothing")
    raise AssertionError("never reached the second")


def offered(game: Game, name: str) -> dict:
    """The enabled actions offered to the figure now, id -> ActionInfo."""
    return {i.id: i for i in game.ruleset.actions(game.state, name) if i.enabled}
