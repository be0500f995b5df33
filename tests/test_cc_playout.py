"""Random play: legal commands until the fight is over; every one is accepted; invariants hold."""

from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command

ROOT = Path(__file__).resolve().parents[1]
MAPS = [("combat-chart-skirmish.yaml", None), ("arena.yaml", "combat-chart"), ("dungeon.yaml", "combat-chart")]


def _invariants(game: Game) -> None:
    state = game.state
    cells = [c for f in state.figures.values() for c in f.cells]
    assert len(cells) == len(set(cells)), "two figures on one hex"
    assert all(state.battle.passable(c) for c in cells)
    for f in state.figures.values():
        assert f.hp <= f.hp_max and f.magic >= 0
        assert (f.hp > 0) or f.status in ("unconscious", "dead")
    info = game.ruleset.turn_info(state)
    if info.phase == "over":
        assert info.active is None
    else:
        assert state.figures[info.active].up
        assert game.ruleset.legal_commands(state), "no legal command while the fight goes on"
        for action in game.ruleset.actions(state, info.active):  # what the board offers works
            if action.enabled and action.targets:
                command = Command(do="act", figure=info.active, action=action.id, target=action.targets[0])
                assert game.check(command) is None, (action.id, game.check(command))
    game.snapshot()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("map_name,ruleset", MAPS)
def test_random_play_runs_to_the_end(map_name, ruleset, seed):
    import random
    rng = random.Random(seed)
    options = {"delay": seed % 2 == 0, "armor_absorbs": seed % 3 == 0, "armor_damage": seed % 3 == 0,
               "perception_vs_surprise": seed % 2 == 1}
    game = Game(load_map(ROOT / "maps" / map_name, ruleset), options, seed)
    for _ in range(3000):
        _invariants(game)
        if game.state.phase == "over":
            break
        commands = game.ruleset.legal_commands(game.state)
        # Favour fighting so fights end: attacks and spells when offered.
        fights = [c for c in commands if c.action in ("attack", "maneuver", "cast", "use_item")]
        pool = fights if fights and rng.random() < 0.7 else commands
        command = rng.choice(pool)
        prediction = game.predict(command)
        if command.action in ("attack", "maneuver"):
            assert prediction is not None and 0 <= prediction.hit <= 1
        outcome = game.submit(command)
        assert outcome.accepted, f"{command.short()}: {outcome.reason}"
    assert game.state.phase == "over"


def test_undo_and_replay_reproduce_the_game():
    game = Game(load_map(ROOT / "maps" / "combat-chart-skirmish.yaml"), {}, 3)
    for _ in range(30):
        if game.state.phase == "over":
            break
        game.submit(game.ruleset.legal_commands(game.state)[-1])
    before = game.snapshot()
    last = game.history[-1]
    assert game.undo() and game.redo().accepted
    assert game.snapshot() == before and game.history[-1] == last


def test_commands_for_another_phase_or_figure_are_refused_not_crashing():
    game = Game(load_map(ROOT / "maps" / "combat-chart-skirmish.yaml"), {}, 3)
    for command in (Command(do="move", figure="Brann", to=(3, 3)), Command(do="act", figure="Nobody"),
                    Command(do="act", figure=game.state.active, action="fly"),
                    Command(do="act", figure=game.state.active, action="move", to="9999"),
                    Command(do="act", figure=game.state.active, action="attack", target="Nobody"),
                    Command(do="gm", action="damage", figure="Brann", params={"amount": "x"})):
        assert not game.submit(command).accepted
