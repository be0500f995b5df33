"""Shared set-up for the dox tests: tiny inline maps, a fixed turn order and command shortcuts.

Maps are hexagons of axial coordinates around [0, 0]; a figure's `at` is its axial [q, r].
Neighbours of [q, r]: [q+1, r], [q+1, r-1], [q, r-1], [q-1, r], [q-1, r+1], [q, r+1].
Unless a test says otherwise the trait roll is 2d6 + rating and Defense is 6 + rating.
"""

from __future__ import annotations

from typing import Any

from board.game import Game, Outcome
from board.maps import parse_map
from board.rules.base import Command
from board.rules.dox.turns import begin
from board.yamlio import dump_yaml


def fig(name: str, team: str, at, **fields: Any) -> dict:
    """A dox figure as a map file writes it."""
    return {"name": name, "team": team, "at": list(at), **fields}


def battle_text(*figures: dict, radius: int = 6, walls=()) -> str:
    """A hexagonal dox map with walls at the given axial hexes."""
    data = {"name": "Test", "ruleset": "dox", "radius": radius, "figures": list(figures)}
    if walls:
        data["hexes"] = [{"at": list(w), "terrain": "wall"} for w in walls]
    return dump_yaml(data)


def new_game(*figures: dict, order=None, options: dict | None = None, radius: int = 6,
             walls=(), seed: int | str = 0) -> Game:
    """A game on a tiny map; `order` fixes this round's initiative order (first one active)."""
    game = Game(parse_map(battle_text(*figures, radius=radius, walls=walls)), options, seed)
    if order is not None:
        set_order(game, *order)
    return game


def set_order(game: Game, *names: str) -> None:
    """Test set-up: this round's order is `names`, and the first one's turn begins."""
    state = game.state
    state.order, state.index = list(names), 0
    unaware = {spec.name: spec.unaware for spec in game.battle.figures}
    for f in state.figures.values():
        f.moved = f.acted = False
        f.unaware = unaware.get(f.name, f.unaware)  # the set-up round may have begun someone else
    begin(state)


def submit(game: Game, **command: Any) -> Outcome:
    """Submit a command given as keywords."""
    if "dice" in command and command["dice"] is not None:
        command["dice"] = tuple(command["dice"])
    return game.submit(Command(**command))


def ok(game: Game, **command: Any) -> Outcome:
    """A command that must be accepted."""
    outcome = submit(game, **command)
    assert outcome.accepted, outcome.reason
    return outcome


def refused(game: Game, **command: Any) -> str:
    """A command that must be refused, leaving the state as it was; returns the reason."""
    before = game.snapshot()
    outcome = submit(game, **command)
    assert not outcome.accepted, f"{Command(**command).short()} was accepted"
    assert game.snapshot() == before
    return outcome.reason


def act(game: Game, name: str, action: str, dice=None, **fields: Any) -> Outcome:
    """An action that must be accepted."""
    return ok(game, do="act", figure=name, action=action, dice=dice, **fields)


def move(game: Game, name: str, *path, dice=None) -> Outcome:
    """A move along axial hexes (none: stay)."""
    if not path:
        return ok(game, do="move", figure=name, action="stay", dice=dice)
    return ok(game, do="move", figure=name, action="move", path=tuple(tuple(h) for h in path), dice=dice)


def gm(game: Game, action: str, name: str | None = None, **fields: Any) -> Outcome:
    """A GM command that must be accepted."""
    return ok(game, do="gm", action=action, figure=name, **fields)


def snap(game: Game, name: str) -> dict:
    """One figure as replay --json shows it."""
    return game.snapshot()["figures"][name]


def of_kind(outcome: Outcome, kind: str) -> list:
    """The events of one kind."""
    return [e for e in outcome.events if e.kind == kind]


def attack_event(outcome: Outcome):
    """The one attack event."""
    found = of_kind(outcome, "attack")
    assert len(found) == 1, [e.text for e in outcome.events]
    return found[0]


def offered(game: Game, name: str) -> set[str]:
    """Ids of the enabled actions for the figure now."""
    return {i.id for i in game.ruleset.actions(game.state, name) if i.enabled}


def info(game: Game, name: str, action: str):
    """The ActionInfo for an action, or None."""
    return next((i for i in game.ruleset.actions(game.state, name) if i.id == action), None)
