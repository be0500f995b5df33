"""Shared set-up for the usage-dice tests: tiny hexagonal battles and command shortcuts.

Maps are hexagons of axial coordinates around [0, 0]. Direction d of [q, r] is: 0 (+1, 0),
1 (+1, -1), 2 (0, -1), 3 (-1, 0), 4 (-1, +1), 5 (0, +1). The first figure's team is the
players' side and acts first (unless the option `surprised` is on).
"""

from __future__ import annotations

from typing import Any

from board.game import Game, Outcome
from board.hexgrid import Hex, hex_range
from board.maps import BattleMap, Terrain
from board.rules.base import Command
from board.rules.usage_dice.sheet import UDFigure

RULESET = "usage-dice"


def figure(name: str, team: str, at, **fields: Any) -> UDFigure:
    """A usage-dice sheet (Power d6, Grace d6, a Sword d8, no armor unless given)."""
    return UDFigure.model_validate({"name": name, "team": team, "at": tuple(at), **fields})


def battle(*figures: UDFigure, radius: int = 6, walls=(), fire=()) -> BattleMap:
    """A hexagonal battle of this radius, with walls and fire at the given axial hexes."""
    terrain = {Hex(*w): Terrain("wall") for w in walls}
    terrain.update({Hex(*h): Terrain("fire", "flames") for h in fire})
    return BattleMap(name="Test", ruleset=RULESET, layout="flat",
                     cells=frozenset(hex_range(Hex(0, 0), radius)), terrain=terrain,
                     figures=list(figures), source=None)


def new_game(*figures: UDFigure, options: dict | None = None, seed: int | str = 0, **kw) -> Game:
    """A game on a tiny battle under the usage-dice rules."""
    return Game(battle(*figures, **kw), options, seed, RULESET)


def ok(game: Game, **command: Any) -> Outcome:
    """Submit a command that must be accepted."""
    if command.get("dice") is not None:
        command["dice"] = tuple(command["dice"])
    outcome = game.submit(Command(**command))
    assert outcome.accepted, outcome.reason
    return outcome


def refused(game: Game, **command: Any) -> str:
    """Submit a command that must be refused, leaving the state as it was; return the reason."""
    before, history = game.snapshot(), list(game.history)
    outcome = game.submit(Command(**command))
    assert not outcome.accepted, f"{Command(**command).short()} was accepted"
    assert game.snapshot() == before and game.history == history
    return outcome.reason


def act(game: Game, name: str, action: str, dice=None, **fields: Any) -> Outcome:
    """An act command that must be accepted."""
    return ok(game, do="act", figure=name, action=action, dice=dice, **fields)


def gm(game: Game, action: str, name: str | None = None, **fields: Any) -> Outcome:
    """A GM command that must be accepted."""
    return ok(game, do="gm", action=action, figure=name, **fields)


def fig(game: Game, name: str):
    """A figure's live state."""
    return game.state.figures[name]


def snap(game: Game, name: str) -> dict:
    """A figure as replay --json shows it."""
    return game.snapshot()["figures"][name]


def kinds(outcome: Outcome, kind: str) -> list:
    """The events of one kind in an outcome."""
    return [e for e in outcome.events if e.kind == kind]


def texts(outcome: Outcome) -> list[str]:
    return [e.text for e in outcome.events]


def info(game: Game, name: str, action: str):
    """The ActionInfo the board offers for that action, or None."""
    return next((i for i in game.ruleset.actions(game.state, name) if i.id == action), None)
