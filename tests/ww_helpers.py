"""Shared set-up for the Warrior & Wizard tests: tiny inline maps and command shortcuts.

Maps are hexagons of axial coordinates around [0, 0], so a figure's `at` is its axial
[q, r]. Direction d of [q, r] is DIRECTIONS[d]: 0 (+1, 0), 1 (+1, -1), 2 (0, -1),
3 (-1, 0), 4 (-1, +1), 5 (0, +1); a one-hex figure facing f threatens directions
f-1, f and f+1.
"""

from __future__ import annotations

from typing import Any

from board.game import Game, Outcome
from board.hexgrid import Hex, hex_neighbor
from board.maps import parse_map
from board.rules.base import Command
from board.yamlio import dump_yaml


def figure(name: str, team: str, at, facing: int = 0, **fields: Any) -> dict:
    """A figure as a map file writes it (ST, DX, MA 10 unless given)."""
    return {"name": name, "team": team, "at": list(at), "facing": facing, **fields}


def battle_text(*figures: dict, radius: int = 8, walls=()) -> str:
    """A hexagonal map of this radius with walls at the given axial hexes."""
    data = {"name": "Test", "radius": radius, "figures": list(figures)}
    if walls:
        data["hexes"] = [{"at": list(w), "terrain": "wall"} for w in walls]
    return dump_yaml(data)


def new_game(*figures: dict, options: dict | None = None, seed: int | str = 0, radius: int = 8,
             walls=()) -> Game:
    """A game on a tiny inline map."""
    return Game(parse_map(battle_text(*figures, radius=radius, walls=walls)), options, seed)


def submit(game: Game, **command: Any) -> Outcome:
    """Submit a command given as keywords (do, figure, action, path, to, ...)."""
    return game.submit(Command(**command))


def ok(game: Game, **command: Any) -> Outcome:
    """Submit a command that must be accepted."""
    outcome = submit(game, **command)
    assert outcome.accepted, outcome.reason
    return outcome


def refused(game: Game, **command: Any) -> str:
    """Submit a command that must be refused, leaving the state as it was; return the reason."""
    before, history = game.snapshot(), list(game.history)
    turn = game.ruleset.turn_info(game.state)
    outcome = submit(game, **command)
    assert not outcome.accepted, f"{Command(**command).short()} was accepted"
    assert game.snapshot() == before and game.history == history
    assert game.ruleset.turn_info(game.state) == turn
    assert outcome.events[0].kind == "rejected"
    return outcome.reason


def move(game: Game, name: str, *path, action: str | None = None, facing: int | None = None,
         dice=None) -> Outcome:
    """A movement command along a path of axial hexes (none: stand still)."""
    return ok(game, do="move", figure=name, action=action or (None if path else "stand_still"),
              path=tuple(tuple(h) for h in path) or None, facing=facing,
              dice=tuple(dice) if dice else None)


def act(game: Game, name: str, action: str, dice=None, **fields: Any) -> Outcome:
    """A combat action that must be accepted."""
    return ok(game, do="act", figure=name, action=action,
              dice=tuple(dice) if dice else None, **fields)


def gm(game: Game, action: str, name: str | None = None, **fields: Any) -> Outcome:
    """A GM command that must be accepted."""
    return ok(game, do="gm", action=action, figure=name, **fields)


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


def snap(game: Game, name: str) -> dict:
    """A figure as replay --json shows it."""
    return game.snapshot()["figures"][name]


def events_of(outcome: Outcome, kind: str) -> list:
    """The events of one kind in an outcome."""
    return [e for e in outcome.events if e.kind == kind]


def only(outcome: Outcome, kind: str):
    """The one event of that kind."""
    found = events_of(outcome, kind)
    assert len(found) == 1, [e.text for e in outcome.events]
    return found[0]


def action_info(game: Game, name: str, action_id: str):
    """The ActionInfo the board offers for that action, or None if it is not offered."""
    for info in game.ruleset.actions(game.state, name):
        if info.id == action_id:
            return info
    return None


def offered(game: Game, name: str) -> set[str]:
    """Ids of the actions offered and enabled for the figure now."""
    return {i.id for i in game.ruleset.actions(game.state, name) if i.enabled}


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
