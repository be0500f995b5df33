"""Random play under dox with its own invariants after every command (the contract every ruleset
keeps is tests/test_contract.py)."""

import random

import pytest

from board.game import Game
from board.maps import load_map
from helpers import play_out

MAPS = ["maps/dox-skirmish.yaml", "maps/arena.yaml", "maps/dungeon.yaml"]


def dox_invariants(game: Game, command, outcome) -> None:
    """Fortune and wounds never below 0, a rider on his mount's hex, a hold only between two
    figures still up."""
    state = game.state
    for f in state.figures.values():
        assert f.fortune >= 0 and f.wounds >= 0
        if f.mount:
            assert state.figures[f.mount].hex == f.hex
    for h in state.holds:
        assert state.figures[h.grappler].up and state.figures[h.victim].up


@pytest.mark.parametrize("path", MAPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_with_and_without_the_mass_rule_keeps_the_dox_invariants(path, seed):
    game = Game(load_map(path, "dox"), {"mass_rule": seed == 2}, seed, "dox")
    # In the dungeon's one-hex corridors the fallen (who block the way in dox) can wall the last
    # two fighters apart for good: there the test plays 1,000 commands, ended or not.
    dungeon = "dungeon" in path
    play_out(game, random.Random(seed), each=dox_invariants, limit=1000 if dungeon else 3000, must_end=not dungeon)
