"""Random legal play on the sample map: every legal command is accepted, invariants hold."""

import random
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command

MAP = Path(__file__).resolve().parents[1] / "maps" / "melee-seconds-skirmish.yaml"


@pytest.mark.parametrize("seed, written", [(1, False), (2, True), (3, False)])
def test_random_legal_play_keeps_the_invariants(seed, written):
    rng = random.Random(seed)
    game = Game(load_map(MAP), {"written_plots": written}, seed=seed)
    steps = 0
    while game.state.phase != "over" and steps < 3000:
        legal = game.ruleset.legal_commands(game.state)
        assert legal, f"no legal command in {game.state.phase}, second {game.state.second}"
        pushy = [c for c in legal if c.action in ("attack", "charge", "ranged")] or [
            c for c in legal if c.action in ("move", "general_plot", "reload")
            and c.params.get("plot") in (None, "fighting")]
        command = rng.choice(pushy if pushy and rng.random() < 0.9 else legal)
        before = {n: f.damage for n, f in game.state.figures.items()}
        outcome = game.submit(command)
        assert outcome.accepted, f"a legal command was refused: {command} -> {outcome.reason}"
        cells = [c for f in game.state.figures.values() for c in f.cells]
        assert len(cells) == len(set(cells)), "two figures share a hex"
        info = game.ruleset.turn_info(game.state)
        assert info.active is not None or info.phase == "over"
        assert 0 <= info.timeline["second"] <= 6
        for f in game.state.figures.values():
            assert set(f.initiative) <= set(range(1, 7))
            assert f.shields_used <= f.sheet.amr
        healed = {e.figure for e in outcome.events if e.kind in ("heals", "action")}
        for name, damage in before.items():
            if name not in healed:
                assert game.state.figures[name].damage >= damage
        if rng.random() < 0.1:  # an illegal command changes nothing
            snap = game.snapshot()
            game.submit(Command(do="act", figure=rng.choice(list(game.state.figures)),
                                action="attack", target=rng.choice(list(game.state.figures))))
            assert game.snapshot() == snap or game.history[-1].action == "attack"
        steps += 1
    assert steps > 30 and game.state.phase == "over" and game.state.winner


def test_hidden_plots_never_show_in_turn_info_before_resolution():
    game = Game(load_map(MAP), {"written_plots": True}, seed=4)
    rng = random.Random(4)
    for _ in range(200):
        if game.state.phase == "over":
            break
        command = rng.choice(game.ruleset.legal_commands(game.state))
        game.submit(command)
        if game.state.phase == "plot":
            for row in game.ruleset.turn_info(game.state).timeline["rows"]:
                current = row["plots"].get(str(game.state.second))
                assert current in (None, "?", "not yet reacting")
