"""Test shortcuts every ruleset's tests share: commands given as keywords, what a refusal must
leave alone, tiny hexagonal maps, the events and menu entries of an outcome, and random play.

Maps are hexagons of axial coordinates around [0, 0]; a figure's `at` is its axial [q, r].
Direction d of [q, r]: 0 (+1, 0), 1 (+1, -1), 2 (0, -1), 3 (-1, 0), 4 (-1, +1), 5 (0, +1).
Ruleset-specific builders (figure sheets, turn-order shortcuts) live in tests/XX_helpers.py.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from collections.abc import Callable

from board.game import Game, Outcome
from board.hexgrid import Hex
from board.maps import parse_map
from board.rules.base import Command, Event
from board.rules.reports import ActionInfo
from board.yamlio import dump_yaml

ROOT = Path(__file__).resolve().parents[1]


def sample_map(ruleset: str) -> Path:
    """The ruleset's own sample map: maps/ID-skirmish.yaml (Warrior & Wizard: the arena)."""
    path = ROOT / "maps" / f"{ruleset}-skirmish.yaml"
    return path if path.exists() else ROOT / "maps" / "arena.yaml"


# --- maps ---------------------------------------------------------------------------------


def battle_text(*figures: dict, ruleset: str | None = None, radius: int = 6, walls=()) -> str:
    """A hexagonal map file's text with walls at the given axial hexes (no ruleset: W&W's)."""
    data: dict[str, Any] = {"name": "Test", "radius": radius, "figures": list(figures)}
    if ruleset:
        data["ruleset"] = ruleset
    if walls:
        data["hexes"] = [{"at": list(w), "terrain": "wall"} for w in walls]
    return dump_yaml(data)


def hex_game(
    *figures: dict,
    ruleset: str | None = None,
    options: dict | None = None,
    seed: int | str = 0,
    radius: int = 6,
    walls=(),
) -> Game:
    """A game on a tiny inline hexagonal map."""
    return Game(parse_map(battle_text(*figures, ruleset=ruleset, radius=radius, walls=walls)), options, seed)


# --- commands -------------------------------------------------------------------------------


def command(**fields: Any) -> Command:
    """A Command from keywords; forced dice may be given as any sequence."""
    if fields.get("dice") is not None:
        fields["dice"] = tuple(fields["dice"])
    return Command(**fields)


def submit(game: Game, **fields: Any) -> Outcome:
    """Submit a command given as keywords (do, figure, action, path, to, ...)."""
    return game.submit(command(**fields))


def ok(game: Game, **fields: Any) -> Outcome:
    """Submit a command that must be accepted."""
    outcome = submit(game, **fields)
    assert outcome.accepted, outcome.reason
    return outcome


def refused(game: Game, **fields: Any) -> str:
    """Submit a command that must be refused, leaving the state, history and turn as they were;
    return the reason."""
    before = game.snapshot(), list(game.history), game.turn()
    outcome = submit(game, **fields)
    assert not outcome.accepted, f"{command(**fields).short()} was accepted"
    assert (game.snapshot(), game.history, game.turn()) == before
    assert [e.kind for e in outcome.events] == ["rejected"]
    return outcome.reason


def act(game: Game, name: str, action: str, dice=None, **fields: Any) -> Outcome:
    """An act command that must be accepted."""
    return ok(game, do="act", figure=name, action=action, dice=dice, **fields)


def gm(game: Game, action: str, name: str | None = None, **fields: Any) -> Outcome:
    """A GM command that must be accepted."""
    return ok(game, do="gm", action=action, figure=name, **fields)


# --- what came out ----------------------------------------------------------------------------


def fig(game: Game, name: str):
    """A figure's live state."""
    return game.state.figures[name]


def snap(game: Game, name: str) -> dict:
    """A figure as replay --json shows it."""
    return game.snapshot()["figures"][name]


def of_kind(outcome: Outcome, kind: str) -> list[Event]:
    """The events of one kind in an outcome."""
    return [e for e in outcome.events if e.kind == kind]


def only(outcome: Outcome, kind: str) -> Event:
    """The one event of that kind."""
    found = of_kind(outcome, kind)
    assert len(found) == 1, [e.text for e in outcome.events]
    return found[0]


def event_kinds(outcome: Outcome) -> list[str]:
    return [e.kind for e in outcome.events]


def texts(outcome: Outcome, kind: str | None = None) -> list[str]:
    return [e.text for e in outcome.events if kind is None or e.kind == kind]


def action_info(game: Game, name: str, action: str) -> ActionInfo | None:
    """The ActionInfo the board offers for that action, or None if it is not offered."""
    return next((i for i in game.actions(name) if i.id == action), None)


def offered(game: Game, name: str) -> dict[str, ActionInfo]:
    """The enabled actions offered to the figure now, id -> ActionInfo."""
    return {i.id: i for i in game.actions(name) if i.enabled}


# --- random play ----------------------------------------------------------------------------

Chooser = Callable[[Game, list[Command], random.Random], Command]


def end_hex(c: Command) -> Hex | None:
    """Where a move command ends, if it names a path or an axial destination."""
    if c.path:
        return Hex(*c.path[-1])
    return Hex(*c.to) if isinstance(c.to, tuple) else None


def walk_from(game: Game, starts, blocked=frozenset()) -> dict[Hex, int]:
    """Steps from the nearest start to every hex, walking around walls and the blocked hexes."""
    steps = {h: 0 for h in starts}
    frontier = list(steps)
    while frontier:
        reached = []
        for h in frontier:
            for n in game.battle.ways.get(h, ()):
                if n not in steps and n not in blocked:
                    steps[n] = steps[h] + 1
                    reached.append(n)
        frontier = reached
    return steps


def pushy(game: Game, legal: list[Command], rng: random.Random) -> Command:
    """A random player that mostly aims at enemies and walks toward them, so that fights end."""
    tokens = game.tokens()
    up = {n: t for n, t in tokens.items() if t.status == "ok"}  # not down, dead, fled...

    def hostile(c: Command) -> bool:
        return c.figure in tokens and c.target in up and up[c.target].team != tokens[c.figure].team

    attacks = [c for c in legal if hostile(c)]
    if attacks and rng.random() < 0.8:
        return rng.choice(attacks)
    moves = [c for c in legal if c.figure in tokens and end_hex(c) is not None]
    if moves and rng.random() < 0.8:
        team = tokens[moves[0].figure].team
        fallen = {c for n, t in tokens.items() if n not in up for c in t.cells}
        steps = walk_from(game, [n for t in up.values() if t.team != team for n in t.cells], fallen)
        return min(moves, key=lambda c: (steps.get(end_hex(c), 999), rng.random()))
    return rng.choice(legal)


def play_out(
    game: Game,
    rng: random.Random,
    each: Callable[[Game, Command, Outcome], None] | None = None,
    choose: Chooser = pushy,
    limit: int = 3000,
    must_end: bool = True,
) -> int:
    """Random legal play to the end (or `limit` commands, unless it must end): every legal
    command chosen must be accepted, and `each` checks whatever it checks after every one.
    Returns the commands played."""
    for step in range(limit):
        if game.is_terminal():
            return step
        legal = game.legal_actions()
        assert legal, f"no legal command while the fight goes on: {game.turn()}"
        chosen = choose(game, legal, rng)
        outcome = game.apply(chosen)
        assert outcome.accepted, f"a legal command was refused: {chosen} -> {outcome.reason}"
        if each:
            each(game, chosen, outcome)
    assert not must_end, f"the fight did not end in {limit} commands"
    return limit
