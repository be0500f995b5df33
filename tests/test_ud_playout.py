"""Random play: random legal commands until the fight is over, with invariants after each."""

import random
from pathlib import Path

import pytest

from board.game import Game
from board.hexgrid import Hex, hex_distance
from board.maps import load_map
from board.rules.base import Command
from board.rules.usage_dice.gear import catalogue

ROOT = Path(__file__).resolve().parents[1]
MAPS = [ROOT / "maps" / "usage-dice-skirmish.yaml", ROOT / "maps" / "arena.yaml"]


def fingerprint(game):
    return game.snapshot(), game.ruleset.turn_info(game.state)


def _near_enemy(game, command):
    """Whether a move ends next to a standing enemy."""
    me = game.state.figures[command.figure]
    return any(o.team != me.team and o.up and hex_distance(o.hex, Hex(*command.to)) == 1
               for o in game.state.figures.values())


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_play_keeps_the_invariants(path, seed):
    rng = random.Random(seed)
    options = {"surprised": seed == 2, "player_facing": seed != 3, "lone_item_wear": seed == 3}
    game = Game(load_map(path, "usage-dice"), options, seed=seed, ruleset="usage-dice")
    steps = 0
    while game.state.phase != "over" and steps < 1500:
        names = list(game.state.figures)
        probe = Command(do="act", figure=rng.choice(names), action=rng.choice(["engage", "shoot", "shove"]),
                        target=rng.choice(names))
        before = fingerprint(game)
        if not game.submit(probe).accepted:
            assert fingerprint(game) == before  # a refusal changes nothing
        if game.state.phase == "over":
            break
        legal = game.ruleset.legal_commands(game.state)
        assert legal, f"nothing legal: {game.ruleset.turn_info(game.state)}"
        # Mostly fight when a fight is on offer, so that random play reaches the end.
        fights = [c for c in legal if c.target and c.action != "revive"]
        closing = [c for c in legal if c.to and _near_enemy(game, c)]
        pick = fights if fights and rng.random() < 0.8 else closing if closing and rng.random() < 0.7 else legal
        command = rng.choice(pick)
        actor = game.state.figures[command.figure]
        assert actor.up and actor.team == game.state.side
        outcome = game.submit(command)
        assert outcome.accepted, f"a legal command was refused: {command} -> {outcome.reason}"
        hexes = [f.hex for f in game.state.figures.values()]
        assert len(hexes) == len(set(hexes)), "two figures share a hex"
        for f in game.state.figures.values():
            assert game.state.battle.passable(f.hex)
            assert f.power in catalogue().ladder and f.power <= f.full_power
            assert all(i.die in catalogue().ladder for i in f.weapons + f.armor)
            assert 0 <= f.fatigue <= max(f.fatigue_limit, 0)
        info = game.ruleset.turn_info(game.state)
        assert (info.active is None) == (info.phase == "over")
        steps += 1
    assert game.state.phase == "over", "the fight never ended"
