"""Undo and redo from checkpoints: the same state, events and dice as replaying from the start,
for every ruleset, across checkpoint boundaries."""

import random
from pathlib import Path

import pytest

from board.game import CHECKPOINT_EVERY, Game
from board.maps import load_map

ROOT = Path(__file__).resolve().parents[1]
MAPS = ("arena", "combat-chart-skirmish", "dox-skirmish", "melee-seconds-skirmish", "usage-dice-skirmish")
LENGTH = 2 * CHECKPOINT_EVERY + 7  # crosses two checkpoints


def played(name: str, seed: int = 5) -> Game:
    """A random legal game of LENGTH commands (fewer if it ends first)."""
    rng = random.Random(seed)
    game = Game(load_map(ROOT / "maps" / f"{name}.yaml"), seed=seed)
    while len(game.history) < LENGTH:
        legal = game.ruleset.legal_commands(game.state)
        if not legal:
            break
        assert game.submit(rng.choice(legal)).accepted
    return game


def replayed(game: Game, count: int) -> Game:
    """A fresh game given the first count commands of game."""
    fresh = Game(game.battle, game.options, game.seed)
    for command in game.history[:count]:
        assert fresh.submit(command).accepted
    return fresh


def kinds(game: Game) -> list:
    return [(e.kind, e.text, e.figure) for e in game.events]


@pytest.mark.parametrize("name", MAPS)
def test_undo_from_a_checkpoint_equals_replaying_from_the_start(name):
    game = played(name)
    full = len(game.history)
    assert full > CHECKPOINT_EVERY, "the game should cross a checkpoint"
    for count in range(full - 1, -1, -1):
        assert game.undo()
        if count % 9 == 0 or count % CHECKPOINT_EVERY in (0, 1, CHECKPOINT_EVERY - 1):
            fresh = replayed(game, count)
            assert game.snapshot() == fresh.snapshot(), f"after undoing to {count} commands"
            assert kinds(game) == kinds(fresh)
    assert game.undo() is False


@pytest.mark.parametrize("name", MAPS)
def test_redo_after_undoing_past_checkpoints_rolls_the_same_dice(name):
    game = played(name)
    full = len(game.history)
    before = game.snapshot()
    events = kinds(game)
    for _ in range(CHECKPOINT_EVERY + 3):  # back past a checkpoint
        game.undo()
    while game.undone:
        assert game.redo().accepted
    assert len(game.history) == full
    assert game.snapshot() == before and kinds(game) == events


def test_a_new_line_of_play_after_undo_gets_its_own_checkpoints():
    game = played("arena")
    for _ in range(CHECKPOINT_EVERY + 1):
        game.undo()
    rng = random.Random(99)
    for _ in range(CHECKPOINT_EVERY + 4):  # a different game from here, past the next checkpoint
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
    game.undo()
    game.undo()
    assert game.snapshot() == replayed(game, len(game.history)).snapshot()
