"""Shared set-up for the combat-chart tests: tiny inline maps and command shortcuts.

Maps are hexagons of axial coordinates around [0, 0]; a figure's `at` is its axial [q, r].
Figures default to Mind 5, Body 5, 10 HP, Move 5; attribute rolls are 3d6 at or under.
"""

from __future__ import annotations

from typing import Any

from board.game import Game, Outcome
from board.maps import parse_map
from board.rules.base import Command
from board.yamlio import dump_yaml

RULESET = "combat-chart"


def figure(name: str, team: str, at, **fields: Any) -> dict:
    """A figure as a map file writes it."""
    return {"name": name, "team": team, "at": list(at), **fields}


def battle_text(*figures: dict, radius: int = 6, walls=()) -> str:
    """A hexagonal combat-chart map with walls at the given axial hexes."""
    data = {"name": "Test", "ruleset": RULESET, "radius": radius, "figures": list(figures)}
    if walls:
        data["hexes"] = [{"at": list(w), "terrain": "wall"} for w in walls]
    return dump_yaml(data)


def new_game(*figures: dict, options: dict | None = None, seed: int | str = 0, radius: int = 6,
             walls=(), dice=None) -> Game:
    """A game on a tiny inline map; `dice` forces the set-up dice (initiative ties, perception)."""
    battle = parse_map(battle_text(*figures, radius=radius, walls=walls))
    game = Game(battle, options, seed)
    if dice is not None:
        from board.dice import ChainedDice, ScriptedDice, SeededDice
        game.state, game.start_events = game.ruleset.setup(
            battle, game.options, ChainedDice(ScriptedDice(dice), SeededDice("x")))
        game.events = list(game.start_events)
    return game


def submit(game: Game, **command: Any) -> Outcome:
    return game.submit(Command(**command))


def ok(game: Game, **command: Any) -> Outcome:
    """Submit a command that must be accepted."""
    outcome = submit(game, **command)
    assert outcome.accepted, outcome.reason
    return outcome


def refused(game: Game, **command: Any) -> str:
    """Submit a command that must be refused, leaving the state as it was; return the reason."""
    before, history = game.snapshot(), list(game.history)
    outcome = submit(game, **command)
    assert not outcome.accepted, f"{Command(**command).short()} was accepted"
    assert game.snapshot() == before and game.history == history
    return outcome.reason


def act(game: Game, name: str, action: str, dice=None, **fields: Any) -> Outcome:
    """A turn's choice that must be accepted."""
    return ok(game, do="act", figure=name, action=action, dice=tuple(dice) if dice else None, **fields)


def pass_until(game: Game, name: str) -> None:
    """Everyone before `name` does nothing until it is `name`'s turn."""
    for _ in range(50):
        if game.state.active == name:
            return
        act(game, game.state.active, "pass")
    raise AssertionError(f"{name} never came up")


def finish_round(game: Game, dice=None) -> Outcome:
    """Everyone left does nothing; the last pass carries `dice` (end of round, next initiative)."""
    start, outcome = game.state.round, None
    while game.state.round == start and game.state.phase != "over":
        last = len(game.state.queue) == 1 and not game.state.delayers
        outcome = act(game, game.state.active, "pass", dice=dice if last else None)
    return outcome


def fig(game: Game, name: str):
    """The figure's state."""
    return game.state.figures[name]


def kinds(outcome: Outcome, kind: str) -> list:
    """The events of one kind."""
    return [e for e in outcome.events if e.kind == kind]


def info(game: Game, name: str, action: str):
    """The ActionInfo offered for an action."""
    return next((i for i in game.ruleset.actions(game.state, name) if i.id == action), None)
