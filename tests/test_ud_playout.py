"""Random play under usage-dice with its own invariants after every command (the contract every
ruleset keeps is tests/test_contract.py)."""

import random
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.usage_dice.gear import catalogue
from helpers import play_out

ROOT = Path(__file__).resolve().parents[1]
MAPS = [ROOT / "maps" / "usage-dice-skirmish.yaml", ROOT / "maps" / "arena.yaml"]


def ud_invariants(game: Game, command, outcome) -> None:
    """Usage dice stay on the ladder, Power within its full die, fatigue within its limit; only
    figures still up, of the side whose turn it is, are offered commands, and each passes the
    check (the legal list trusts the menu and does not plan them itself)."""
    for c in game.legal_actions():
        assert game.state.figures[c.figure].up and game.state.figures[c.figure].team == game.state.side
        assert game.check(c) is None, c
    ladder = catalogue().ladder
    for f in game.state.figures.values():
        assert f.power in ladder and f.power <= f.full_power
        assert all(i.die in ladder for i in f.weapons + f.armor)
        assert 0 <= f.fatigue <= max(f.fatigue_limit, 0)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_with_every_option_keeps_the_usage_dice_invariants(path, seed):
    options = {"surprised": seed == 2, "player_facing": seed != 3, "lone_item_wear": seed == 3}
    game = Game(load_map(path, "usage-dice"), options, seed=seed, ruleset="usage-dice")
    play_out(game, random.Random(seed), each=ud_invariants)
