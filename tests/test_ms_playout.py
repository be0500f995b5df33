"""Random play under Melee Seconds with its own invariants after every command (the contract
every ruleset keeps is tests/test_contract.py)."""

import random
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from helpers import play_out

MAP = Path(__file__).resolve().parents[1] / "maps" / "melee-seconds-skirmish.yaml"


def ms_invariants(game: Game):
    """A check after each command: the second on the timeline within the round, Initiative
    seconds within 1-6, no more shields than the armor allows, damage never healed but by a
    healing event."""
    seen = {}

    def each(game, command, outcome):
        assert 0 <= game.turn().timeline["second"] <= 6
        for f in game.state.figures.values():
            assert set(f.initiative) <= set(range(1, 7))
            assert f.shields_used <= f.sheet.amr
        healed = {e.figure for e in outcome.events if e.kind in ("heals", "action")}
        for name, damage in seen.items():
            if name not in healed:
                assert game.state.figures[name].damage >= damage
        seen.update({n: f.damage for n, f in game.state.figures.items()})

    seen.update({n: f.damage for n, f in game.state.figures.items()})
    return each


@pytest.mark.parametrize("seed, written", [(1, False), (2, True), (3, False)])
def test_random_play_with_spoken_or_written_plots_keeps_the_melee_seconds_invariants(seed, written):
    game = Game(load_map(MAP), {"written_plots": written}, seed=seed)
    assert play_out(game, random.Random(seed), each=ms_invariants(game)) > 30
    assert game.state.winner


def test_hidden_plots_never_show_in_turn_info_before_resolution():
    game = Game(load_map(MAP), {"written_plots": True}, seed=4)
    rng = random.Random(4)
    for _ in range(200):
        if game.state.phase == "over":
            break
        command = rng.choice(game.legal_actions())
        game.submit(command)
        if game.state.phase == "plot":
            for row in game.turn().timeline["rows"]:
                current = row["plots"].get(str(game.state.second))
                assert current in (None, "?", "not yet reacting")
