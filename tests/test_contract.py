"""The command contract, once for every registered ruleset, over random play.

After every accepted command every cell of every figure is on an open hex of the map and no two
figures share a cell; a refused command leaves the state as it was; `Game.check` never raises and
agrees with `submit`, reason for reason; a setting an action does not take is refused by name.
Random games mix legal commands (`legal_commands`) with damaged ones and GM placements.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.rules.registry import ruleset_ids

ROOT = Path(__file__).resolve().parents[1]
OUTDOOR = ROOT / "maps" / "outdoor.yaml"  # a 7-hex dragon and a 3-hex spider among walls


def own_map(ruleset: str) -> Path:
    """The ruleset's own sample map."""
    path = ROOT / "maps" / f"{ruleset}-skirmish.yaml"
    return path if path.exists() else ROOT / "maps" / "arena.yaml"


def assert_figures_stand_apart_on_open_hexes(game: Game, after: Command) -> None:
    """Every cell of every figure on the map, off walls, and no cell shared."""
    snapshot = game.snapshot()["figures"]
    riders = {name for name, f in snapshot.items() if f.get("mount")}  # dox: on its horse's hex
    owner: dict = {}
    for name, token in game.tokens().items():
        if name in riders or token.shares_hex:  # W&W: a hand-to-hand brawl shares a hex
            continue
        for cell in token.cells:
            where = f"{name}'s cell {game.battle.label(cell)} after {after.short()} {after}"
            assert cell in game.battle.cells, f"{where} is off the map"
            assert game.battle.passable(cell), f"{where} is a wall"
            assert cell not in owner, f"{where} is also {owner[cell]}'s"
            owner[cell] = name


def state_text(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True, default=str)


def damaged(rng: random.Random, game: Game, legal: list[Command]) -> Command:
    """A command a careless script or a fuzzer might send: a legal one with one setting changed,
    or a GM placement of a random figure at a random hex and facing."""
    names = sorted(game.tokens())
    cells = sorted(game.battle.cells)
    spot = rng.choice(cells)
    if rng.random() < 0.3:
        facing = rng.randrange(6) if game.ruleset.facing else None
        return Command(do="gm", action="place", figure=rng.choice(names),
                       to=(spot.q + rng.choice((0, 0, 0, 9)), spot.r), facing=facing)
    command = rng.choice(legal)
    change = rng.choice(["target", "to", "facing", "path", "params", "dice", "action", "figure"])
    value = {
        "target": rng.choice(names + ["nobody", ""]),
        "to": rng.choice([(spot.q, spot.r), (99, 99), "abcd", "0505"]),
        "facing": rng.randrange(6),
        "path": rng.choice([((spot.q, spot.r),), tuple(reversed(command.path or ())), ()]),
        "params": rng.choice([{"lapse": 3}, {"amount": -1}, {"no_such_setting": 1},
                              {**command.params, "shield": "yes"}]),
        "dice": tuple(rng.choice((-1, 0, 1, 6, 7, 100)) for _ in range(rng.randrange(1, 5))),
        "action": rng.choice([c.action for c in legal if c.action] + ["fly"]),
        "figure": rng.choice(names),
    }[change]
    return command.model_copy(update={change: value})


def play(ruleset: str, map_path: Path, seed: int, steps: int, careless: float = 0.4) -> int:
    """Random play with invariants checked after every step, a careless share of the commands
    damaged; returns the commands accepted."""
    rng = random.Random(seed)
    game = Game(load_map(map_path, ruleset), seed=seed)
    accepted = 0
    for _ in range(steps):
        if game.ruleset.turn_info(game.state).phase == "over":
            break
        legal = game.ruleset.legal_commands(game.state)
        assert legal, "no legal command while the game goes on"
        command = damaged(rng, game, legal) if rng.random() < careless else rng.choice(legal)
        before, version = state_text(game), game.version
        reason = game.check(command)
        outcome = game.submit(command)
        assert outcome.reason == reason, f"check said {reason!r}, submit {outcome.reason!r}: {command}"
        if command in legal:
            assert outcome.accepted, f"legal_commands offered {command}, refused: {outcome.reason}"
        if outcome.accepted:
            accepted += 1
            assert_figures_stand_apart_on_open_hexes(game, command)
        else:
            assert game.version == version and state_text(game) == before, \
                f"a refused command changed the state: {command}"
    return accepted


@pytest.mark.parametrize("ruleset", ruleset_ids())
@pytest.mark.parametrize("map_path", [None, OUTDOOR], ids=["own map", "outdoor"])
def test_random_play_keeps_every_figure_on_open_hexes_apart_and_check_agrees_with_submit(
        ruleset, map_path):
    accepted = sum(play(ruleset, map_path or own_map(ruleset), seed, steps=70) for seed in range(3))
    assert accepted >= 30, "too few commands accepted to exercise the rules"


def test_legal_moves_of_multihex_figures_end_on_open_hexes_apart_under_melee_seconds():
    # The 3-hex spider turned onto a wall, off the map or onto the dragon as its move ended.
    for seed in range(4):
        play("melee-seconds", OUTDOOR, seed, steps=100, careless=0)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_places_a_multihex_figure_only_where_all_its_cells_are_free(ruleset):
    game = Game(load_map(OUTDOOR, ruleset))
    dragon = max(game.tokens().values(), key=lambda token: token.size)
    spots = sorted(game.battle.cells)[::3] + [h for h in game.battle.terrain][:20]
    placed = 0
    for h in spots:
        for facing in range(6) if game.ruleset.facing else (None,):
            command = Command(do="gm", action="place", figure=dragon.name, to=(h.q, h.r), facing=facing)
            if game.check(command) is None:
                placed += 1
                fresh = Game(load_map(OUTDOOR, ruleset))
                assert fresh.submit(command).accepted
                assert_figures_stand_apart_on_open_hexes(fresh, command)
    assert placed > 0


# --- the settings a command gives ------------------------------------------------------------

def first_legal(ruleset: str, wanted) -> tuple[Game, Command]:
    """A game under the ruleset and a legal command matching wanted, found by random play."""
    rng = random.Random(1)
    game = Game(load_map(own_map(ruleset), ruleset), seed=1)
    for _ in range(400):
        legal = game.ruleset.legal_commands(game.state)
        found = [c for c in legal if wanted(c)]
        if found:
            return game, found[0]
        game.submit(rng.choice(legal))
    pytest.fail(f"no legal command of the kind wanted under {ruleset}")


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_target_on_a_move_is_refused_by_name(ruleset):
    game, move = first_legal(ruleset, is_move)
    names = [n for n in game.tokens() if n != move.figure]
    reason = game.check(move.model_copy(update={"target": names[0]}))
    assert reason and "does not take target" in reason


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_destination_on_an_attack_is_refused_by_name(ruleset):
    game, attack = first_legal(ruleset, is_attack)
    far = sorted(game.battle.cells)[0]
    reason = game.check(attack.model_copy(update={"to": (far.q, far.r)}))
    assert reason and "does not take to" in reason


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_an_unknown_setting_in_params_is_refused_by_name(ruleset):
    game, command = first_legal(ruleset, lambda c: True)
    reason = game.check(command.model_copy(update={"params": {**command.params, "zzz": 1}}))
    assert reason and "params.zzz" in reason
    assert game.check(command) is None


# --- check never raises, and agrees with submit --------------------------------------------------

def is_move(c: Command) -> bool:
    return c.target is None and bool(c.path or c.to is not None)


def is_attack(c: Command) -> bool:
    return c.target is not None and c.to is None and not c.path


@pytest.mark.parametrize("ruleset, wanted, update", [
    ("usage-dice", is_move, {"to": "abcd", "path": None}),
    ("melee-seconds", is_move, {"to": "abcd", "path": None}),
    ("warrior-wizard", is_move, {"params": {"lapse": "Blur"}}),
    ("warrior-wizard", is_attack, {"dice": (9, 9, 9)}),
    ("combat-chart", is_attack, {"dice": (0, 0)}),
])
def test_check_returns_the_reason_submit_gives_instead_of_raising(ruleset, wanted, update):
    game, legal = first_legal(ruleset, wanted)
    bad = legal.model_copy(update=update)
    reason = game.check(bad)
    assert reason is not None
    assert game.submit(bad).reason == reason
