"""Random play: legal commands until the fight is over; every legal command is accepted and the
invariants hold after every step."""

import random

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command

MAPS = ["maps/dox-skirmish.yaml", "maps/arena.yaml", "maps/dungeon.yaml"]


def invariants(game):
    state = game.state
    cells = {}
    for f in state.figures.values():
        assert game.battle.passable(f.hex), f.name
        assert 0 <= f.fortune and 0 <= f.wounds
        if f.mount:
            assert state.figures[f.mount].hex == f.hex
        elif state.rider_of(f.name) is None and f.up:
            assert f.hex not in cells, (f.name, cells.get(f.hex))
            cells[f.hex] = f.name
    for h in state.holds:
        assert state.figures[h.grappler].up and state.figures[h.victim].up
    info = game.ruleset.turn_info(state)
    assert (info.active is None) == (info.phase == "over")


@pytest.mark.parametrize("path", MAPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_to_the_end(path, seed):
    game = Game(load_map(path, "dox"), {"mass_rule": seed == 2}, seed, "dox")
    rng = random.Random(seed)
    for _ in range(3000):
        if game.state.phase == "over":
            break
        commands = game.ruleset.legal_commands(game.state)
        assert commands, game.ruleset.turn_info(game.state)
        acts = [c for c in commands if c.do == "act" and c.action not in ("pass", "stay")]
        moves = [c for c in commands if c.do == "move" and c.action == "move"]
        pool = acts if acts and rng.random() < 0.8 else moves if moves and rng.random() < 0.7 else commands
        command = rng.choice(pool)
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
        invariants(game)
    assert game.state.phase == "over"


def test_every_menu_action_is_a_legal_command():
    game = Game(load_map("maps/dox-skirmish.yaml"), None, 5)
    name = game.state.active
    game.submit(Command(do="move", figure=name, action="stay"))
    for command in game.ruleset.legal_commands(game.state):
        assert game.check(command) is None
