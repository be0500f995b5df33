"""The hard level while an opponent's plot is secret (board/ai/worlds.py, melee_seconds/secrets.py):
it searches in worlds where the secret is guessed from what its side sees, never from the truth."""

import random
from pathlib import Path

import pytest

from board.ai import search
from board.ai.player import choose
from board.ai.worlds import worlds
from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.rules.melee_seconds.secrets import unseen
from tests.helpers import act
from tests.ms_helpers import fighter, general as state_general, new_game

ROOT = Path(__file__).resolve().parents[1]
ROLLING = ["fighting", "fighting_thieving", "fighting_magic", "thieving_magic", "other"]


def skirmish(seed=3, options=None) -> Game:
    return Game(load_map(ROOT / "maps" / "melee-seconds-skirmish.yaml"), options, seed=seed)


def before_fenns_general_plot(round_: int = 2, seed: int = 3) -> Game:
    """The skirmish (normal against normal) when Fenn, the secret figure, is to state his General
    Plot; everyone else has stated theirs."""
    game = skirmish(seed)
    while not (game.state.phase == "general" and game.state.active == "Fenn" and game.state.turn == round_):
        game.apply(choose(game, "normal", ai_seed=1).command)
    return game


def general(plot: str) -> Command:
    return Command(do="act", figure="Fenn", action="general_plot", params={"plot": plot})


def test_a_secret_general_plot_may_be_any_that_its_initiative_roll_allows():
    game = before_fenns_general_plot()
    game.apply(general("fighting"))
    seen = unseen(game.state, "Wardens")
    assert [p["plot"] for p in seen.generals["Fenn"]] == ROLLING  # he rolled: not Full Defensive
    assert seen.plots == ()
    assert unseen(game.state, "Raiders").generals == {}  # his own side knows it


def test_a_revealed_attack_leaves_only_general_plots_with_fighting():
    game = before_fenns_general_plot(seed=6)  # a game in which Fenn attacks in round 2
    game.apply(general("fighting"))
    while "attack" not in (k for _, k in game.state.figures["Fenn"].plots.values()):
        assert game.state.turn == 2, "Fenn never attacked in round 2"
        game.apply(choose(game, "hint", ai_seed=1).command)
    options = unseen(game.state, "Wardens").generals["Fenn"]
    assert [p["plot"] for p in options] == ["fighting", "fighting_thieving", "fighting_magic"]


@pytest.mark.parametrize("written", [False, True])
def test_the_real_secret_general_plot_is_never_ruled_out(written):
    """Careless players (whims: any legal plot) through a whole game: at every command, each
    secret General Plot is among those the other side cannot rule out."""
    game = skirmish(seed=4, options={"written_plots": written})
    for _ in range(600):
        if game.is_terminal():
            break
        for team in ("Wardens", "Raiders"):
            for name, options in unseen(game.state, team).generals.items():
                f = game.state.figures[name]
                real = {"plot": f.general, **({"spells": f.spells_reserved} if f.spells_reserved else {})}
                assert real in options, (len(game.history), name, options)
        game.apply(choose(game, "easy", ai_seed=2).command)


def test_hard_searches_in_a_secret_round_and_its_choice_does_not_depend_on_the_secret(monkeypatch):
    """Fenn states Fighting in one copy and Other actions in the other (the same Initiative roll):
    the Wardens' hard player looks ahead in worlds it guessed (Fenn's General Plot in each
    rollout: the same in both copies, not always the true one) and plots the same."""
    rollouts = []
    real = search._rollout
    monkeypatch.setattr(
        search, "_rollout", lambda copy, *args: rollouts.append(copy.state.figures["Fenn"].general) or real(copy, *args)
    )
    game = before_fenns_general_plot()
    branches = [game.clone(), game.clone()]
    for branch, plot in zip(branches, ("fighting", "other")):
        assert branch.apply(general(plot)).accepted
    guessed = []
    while branches[0].current_player() == "Wardens":
        assert branches[0].snapshot() == branches[1].snapshot()  # what the Wardens see
        worlds_seen = []
        for branch in branches:
            rollouts.clear()
            worlds_seen.append((choose(branch, "hard", ai_seed=4), list(rollouts)))
        assert worlds_seen[0] == worlds_seen[1]
        guessed += worlds_seen[0][1]
        for branch in branches:
            assert branch.apply(worlds_seen[0][0].command).accepted
    assert guessed and set(guessed) != {"fighting"}


def test_the_guessed_worlds_come_from_the_players_own_dice_not_the_game():
    game = before_fenns_general_plot()
    game.apply(general("fighting"))
    drawn = [[w.state.figures["Fenn"].general for w in worlds(game, "Wardens", random.Random(s), 8)] for s in (1, 1, 2)]
    assert drawn[0] == drawn[1]  # the same dice, the same guesses
    assert all(set(d) <= set(ROLLING) for d in drawn)
    assert game.state.figures["Fenn"].general == "fighting"  # the game itself is untouched


def test_a_plot_stated_in_secret_is_unseen_but_one_running_on_by_itself_is_not():
    """5.7: a plot that covers several seconds runs on unless changed; the other side saw it
    revealed when it began, and sees that nothing new was plotted."""
    g = new_game(fighter("A", "Red", (0, 0), secret=True), fighter("B", "Blue", (3, 0), facing=3))
    state_general(g, "A", "thieving", dice=[1, 2])
    state_general(g, "B", dice=[1, 2])
    act(g, "A", "thievish", params={"seconds": 2, "activity": "activity"})
    assert unseen(g.state, "Blue").plots == ("A",)  # stated this second, in secret
    act(g, "B", "nothing")
    assert g.state.second == 2 and g.state.active == "B"
    seen = unseen(g.state, "Blue")
    assert seen.plots == ()
    assert [p["plot"] for p in seen.generals["A"]] == ["fighting_thieving", "thieving", "thieving_magic"]
