"""Random play under Melee Seconds with its own invariants after every command (the contract
every ruleset keeps is tests/test_contract.py)."""

import random
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.kernel.rules import concrete
from helpers import play_out
from ms_helpers import fighter, new_game

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


@pytest.mark.parametrize("seed", [5, 6])
def test_the_legal_general_plots_are_every_offered_choice_the_rules_accept_in_menu_order(seed):
    """The legal list takes the General Plot's choices as offered, asking only the first of the
    rules (the action is trusted): it must hold exactly the choices check accepts, in order,
    also for a Chaos Master stating out of turn (5.1.10) and a caster's reserved spells."""
    game = new_game(
        fighter("M", "Red", (0, 0), chaos_master=True, amr=2, spells=["Firebolt", "Spark"]),
        fighter("A", "Red", (1, 0), shield="Shield"),
        fighter("B", "Blue", (3, 0), facing=3, chaos_master=True, amr=1, spells=["Spark"]),
        fighter("C", "Blue", (3, -1), facing=3),
        seed=seed,
    )
    rules, rng, seen = game.ruleset, random.Random(seed), 0
    for _ in range(300):
        if game.is_terminal():
            break
        legal = [c for c in game.legal_actions() if c.action == "general_plot"]
        offered = [
            c
            for name in rules.actors(game.state)
            for info in game.actions(name)
            if info.enabled and info.id == "general_plot"
            for c in concrete(name, info)
        ]
        assert legal == [c for c in offered if rules.legal(game.state, c)]
        seen += len({c.figure for c in legal}) > 1
        game.submit(rng.choice(game.legal_actions()))
    assert seen  # a Chaos Master's General Plots were listed beside those of the figure to state
