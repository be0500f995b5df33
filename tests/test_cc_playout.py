"""Random play under combat-chart with its own invariants after every command (the contract every
ruleset keeps is tests/test_contract.py)."""

import random
from dataclasses import replace
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.rules.combat_chart import CombatChart
from board.rules.combat_chart.acts import SPEC
from helpers import play_out

ROOT = Path(__file__).resolve().parents[1]
MAPS = [("combat-chart-skirmish.yaml", None), ("arena.yaml", "combat-chart"), ("dungeon.yaml", "combat-chart")]


def cc_invariants(game: Game, command: Command, outcome) -> None:
    """HP within its bounds, nobody at 0 HP or less still up, magic never below 0, the figure
    whose turn it is standing, and the odds of the next attack on offer a probability."""
    state = game.state
    for f in state.figures.values():
        assert f.hp <= f.hp_max and f.magic >= 0
        assert (f.hp > 0) or f.status in ("unconscious", "dead")
    if state.phase != "over":
        assert state.figures[state.active].up
        attack = next((c for c in game.legal_actions() if c.action in ("attack", "maneuver")), None)
        if attack is not None:
            prediction = game.predict(attack)
            assert prediction is not None and 0 <= prediction.hit <= 1


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("map_name,ruleset", MAPS)
def test_random_play_with_every_option_keeps_the_combat_chart_invariants(map_name, ruleset, seed):
    options = {
        "delay": seed % 2 == 0,
        "armor_absorbs": seed % 3 == 0,
        "armor_damage": seed % 3 == 0,
        "perception_vs_surprise": seed % 2 == 1,
    }
    game = Game(load_map(ROOT / "maps" / map_name, ruleset), options, seed)
    # The fallen block the way, and two of them can close the dungeon's two-hex corridor for
    # good: there the test plays 1,000 commands, ended or not.
    dungeon = map_name == "dungeon.yaml"
    play_out(game, random.Random(seed), each=cc_invariants, limit=1000 if dungeon else 3000, must_end=not dungeon)


def test_commands_for_another_phase_or_figure_are_refused_not_crashing():
    game = Game(load_map(ROOT / "maps" / "combat-chart-skirmish.yaml"), {}, 3)
    for command in (
        Command(do="move", figure="Brann", to=(3, 3)),
        Command(do="act", figure="Nobody"),
        Command(do="act", figure=game.state.active, action="fly"),
        Command(do="act", figure=game.state.active, action="move", to="9999"),
        Command(do="act", figure=game.state.active, action="attack", target="Nobody"),
        Command(do="gm", action="damage", figure="Brann", params={"amount": "x"}),
    ):
        assert not game.submit(command).accepted


class EveryCommandPlanned(CombatChart):
    """Combat chart with nothing taken as legal as offered: every command of the menu planned."""

    trusted_needs = frozenset()
    spec = tuple(replace(action, trusted=False) for action in SPEC)


@pytest.mark.parametrize("map_name,ruleset", MAPS)
def test_the_choices_listed_without_a_plan_are_exactly_those_their_plans_accept(map_name, ruleset):
    # legal_actions plans only spells: the attacks' targets, the choices, the reachable hexes and
    # the plain choices are offered only as their plans accept them (acts.py). Planning every one
    # must list the very same commands, in the same order (the computer breaks ties by it).
    every = EveryCommandPlanned()
    options = {"delay": True, "armor_absorbs": True, "armor_damage": True, "perception_vs_surprise": True}
    for seed in range(2):
        game, rng = Game(load_map(ROOT / "maps" / map_name, ruleset), options, seed), random.Random(seed)
        for _ in range(300):
            if game.is_terminal():
                break
            legal = game.legal_actions()
            assert legal == every.legal_commands(game.state)
            game.submit(rng.choice(legal))
