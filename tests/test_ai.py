"""The computer player (board/ai): legal commands only, in every rule system; blind to secret
plots and the dice; deterministic for its seed; saves and replays of its games are exact."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from board.ai.match import run_match
from board.ai.player import choose
from board.ai.ranking import own_commands
from board.ai.scoring import Style, is_move, score_move
from board.ai.view import SideView, plotted_in_secret, secrets_pending
from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.saves import load_game, save_game
from board.sides import computer_decision, players
from tests.ms_helpers import caster_plotted, fighter, general, new_game

ROOT = Path(__file__).resolve().parents[1]
MAPS = {
    "warrior-wizard": "arena",
    "combat-chart": "combat-chart-skirmish",
    "dox": "dox-skirmish",
    "melee-seconds": "melee-seconds-skirmish",
    "usage-dice": "usage-dice-skirmish",
}


def game_on(ruleset: str, seed=3, options=None) -> Game:
    return Game(load_map(ROOT / "maps" / f"{MAPS[ruleset]}.yaml"), options, seed=seed)


@pytest.mark.parametrize("ruleset", MAPS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_only_issues_legal_commands_of_its_own_side(ruleset, level):
    game = game_on(ruleset)
    for _ in range(15 if level != "hard" else 5):
        if game.is_terminal():
            break
        team = game.current_player()
        decision = choose(game, level, ai_seed=5)
        assert decision.command in game.legal_actions()
        assert game.tokens()[decision.command.figure].team == team
        assert decision.reason
        assert game.apply(decision.command).accepted


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_does_not_see_the_other_sides_secret_plot(level):
    """Melee Seconds with written plots: whatever the other side plotted in secret, the
    computer plots the same."""
    game = game_on("melee-seconds", seed=2, options={"written_plots": True})
    for _ in range(120):
        team = game.current_player()
        plots = [c for c in game.legal_actions() if game.tokens()[c.figure].team == team]
        branches = [game.clone(seed="same"), game.clone(seed="same")]
        for branch, plot in zip(branches, (plots[0], plots[-1])):
            branch.apply(plot)
        after = {b.current_player() for b in branches}
        if (
            len(plots) > 1
            and len(after) == 1
            and after != {team}
            and secrets_pending(branches[0])
            and branches[0].snapshot() == branches[1].snapshot()
        ):
            first, second = (choose(b, level, ai_seed=9) for b in branches)
            assert first == second
            return
        game.apply(choose(game, "normal", ai_seed=9).command)
    pytest.fail("no secret plot was followed by the other side's plot")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_same_seed_plays_the_same_game(level):
    def play(ai_seed):
        game = game_on("dox", seed=1)
        for _ in range(20 if level == "normal" else 12):
            if not game.is_terminal():
                game.apply(choose(game, level, ai_seed).command)
        return game.history

    assert play(1) == play(1)


def test_a_game_with_computer_sides_saves_reloads_and_plays_on_identically(tmp_path):
    game = game_on("warrior-wizard", seed=7)
    game.players, game.ai_seed = {"Red": "computer:normal", "Blue": "computer:easy"}, 11
    for _ in range(20):
        game.apply(computer_decision(game).command)
    assert not game.is_terminal(), "the saved game must have moves left to compare"
    path = tmp_path / "save.yaml"
    save_game(game, path)
    again = load_game(path)
    assert players(again) == players(game) and again.ai_seed == game.ai_seed
    assert again.snapshot() == game.snapshot()
    assert [e.text for e in again.events] == [e.text for e in game.events]
    for _ in range(10):
        if game.is_terminal():
            break
        mine, theirs = computer_decision(game), computer_decision(again)
        assert mine == theirs
        assert [e.text for e in game.apply(mine.command).events] == [e.text for e in again.apply(theirs.command).events]


def test_a_match_reports_wins_draws_turns_and_decision_times():
    battle = load_map(ROOT / "maps" / "dox-skirmish.yaml")
    figures = run_match(battle, ["computer", "random"], games=2, seed=1, max_turns=3)
    assert figures["games"] == 2 and set(figures["wins"]) == {"Red", "Blue"}
    assert sum(figures["wins"].values()) + figures["draws"] == 2
    assert figures["decision_ms"]["median"] <= figures["decision_ms"]["p95"]


def test_main_py_match_prints_one_json_object():
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "match",
            "maps/combat-chart-skirmish.yaml",
            "--players",
            "computer:easy,random",
            "--games",
            "1",
            "--max-turns",
            "2",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"games", "wins", "draws", "turns_median", "decision_ms"}
    assert set(data["decision_ms"]) == {"median", "p95"}


def test_an_unknown_player_is_refused_with_the_kinds_there_are():
    result = subprocess.run(
        [sys.executable, "main.py", "match", "maps/arena.yaml", "--players", "computer,genius"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "genius" in result.stderr and "computer:hard" in result.stderr


def test_the_match_benchmark_reports_a_row_against_its_target():
    from benchmarks.ai_match import PAIRINGS, line, measure

    row = measure("usage-dice", PAIRINGS[0], games=1, seed=1, max_turns=1, clock="cpu")
    assert row["target"] == 0.9 and 0.0 <= row["share"] <= 1.0 and row["clock"] == "cpu"
    assert "usage-dice" in line(row)


def test_the_match_benchmark_times_each_computer_player_on_its_own():
    """Hard's own decisions are what its 1 s target is about: pooled with easy's quick ones, a
    slow hard player would hide."""
    from benchmarks.ai_match import line, measure

    row = measure("dox", ("computer:easy", "computer:normal", 0.6), games=1, seed=1, max_turns=2, clock="cpu")
    own = row["decision_ms_by_player"]
    assert set(own) == {"computer:easy", "computer:normal"}
    pooled = row["decision_ms"]
    assert min(t["median"] for t in own.values()) <= pooled["median"] <= max(t["median"] for t in own.values())
    assert "computer:normal" in line(row)


def test_games_played_at_once_give_the_same_match_as_one_after_another():
    """A match's games have their own seeds: played in worker processes, each ends as it would
    played here, in the same order."""
    from board.ai.match import play_match

    battle = load_map(ROOT / "maps" / "usage-dice-skirmish.yaml")
    one, two = (play_match(battle, ["computer:easy", "random"], 4, 1, 3, jobs=jobs) for jobs in (1, 2))
    assert [(r.winner, r.turns, len(r.decisions_ms), r.players_swapped) for r in one] == [
        (r.winner, r.turns, len(r.decisions_ms), r.players_swapped) for r in two
    ]


def test_the_second_half_of_a_match_swaps_the_players_teams_and_credits_the_player():
    """Issue 20's halves that swap sides, read as the players changing teams (the sample maps'
    teams differ in figures): a win in a swapped game counts for the player, under the team it
    was named for."""
    from board.ai.match import GameResult, credited

    battle = load_map(ROOT / "maps" / "dox-skirmish.yaml")
    seen = []
    run_match(
        battle,
        ["computer", "random"],
        games=4,
        seed=1,
        max_turns=1,
        progress=lambda index, result: seen.append(result.players_swapped),
    )
    assert seen == [False, False, True, True]
    sides = ["Red", "Blue"]
    assert credited(sides, GameResult("Blue", 5, players_swapped=True)) == "Red"
    assert credited(sides, GameResult("Blue", 5)) == "Blue"
    assert credited(sides, GameResult(None, 51, players_swapped=True)) is None
    places = []
    run_match(
        battle,
        ["computer", "random"],
        games=2,
        seed=1,
        max_turns=1,
        swap="places",
        progress=lambda index, result: places.append(result.players_swapped),
    )
    assert places == [False, False]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_computer_does_not_learn_from_the_odds_that_an_enemy_secretly_plotted_a_spell(level):
    """Written plots: M plotted a spell (D 0 when it resolves) or nothing, in secret; B's computer
    sees the same board and must choose the same, for the same reason (its odds)."""
    first, second = (choose(caster_plotted(plot, written=True), level, ai_seed=1) for plot in ("cast", "nothing"))
    assert first == second


@pytest.mark.parametrize("ruleset", MAPS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_does_not_read_the_games_seed(ruleset, level):
    """The seed stays hidden from the computer: the same game with another seed (other dice to
    come) gets the same command, for the same reason."""
    game = game_on(ruleset)
    for _ in range(3):
        game.apply(choose(game, "normal", ai_seed=1).command)
    other = game.clone()
    other.seed = "another seed"
    assert choose(game, level, ai_seed=5) == choose(other, level, ai_seed=5)


@pytest.mark.parametrize(
    "map_name, args, message",
    [
        ("arena", ["--games", "0"], "--games: expected a whole number of 1 or more, not 0"),
        ("arena", ["--games", "-3"], "--games: expected a whole number of 1 or more, not -3"),
        ("arena", ["--max-turns", "0"], "--max-turns: expected a whole number of 1 or more, not 0"),
        ("one-team", [], "one-team.yaml: a match needs a map with two teams or more; this one has only the team Red"),
        ("missing", [], "missing.yaml:1:1: cannot read the file"),
    ],
)
def test_a_match_that_cannot_be_played_is_refused_with_a_message(map_name, args, message, tmp_path, capsys):
    from board.cli import main

    where = ROOT / "maps" / "arena.yaml" if map_name == "arena" else tmp_path / f"{map_name}.yaml"
    if map_name == "one-team":
        where.write_text((ROOT / "maps" / "arena.yaml").read_text().replace("team: Blue", "team: Red"))
    status = main(["match", str(where), "--players", "computer,random", *args])
    out, err = capsys.readouterr()
    assert status in (1, 2) and message in err and out == ""


def test_a_game_stopped_at_the_turn_cap_counts_the_turns_played():
    """--max-turns 2: a game still undecided after turn 2 is a draw after 2 turns (the third
    turn has begun, but nothing was played in it)."""
    from board.ai.match import play_game

    battle = load_map(ROOT / "maps" / "melee-seconds-skirmish.yaml")
    result = play_game(battle, {"Wardens": "random", "Raiders": "random"}, seed=1, ai_seed=1, max_turns=2)
    assert result.winner is None and result.turns == 2


@pytest.mark.parametrize("written", [True, False])
def test_a_plot_is_secret_to_the_others_only_while_written_plots_hide_it(written):
    """board.ai.view.plotted_in_secret, what the board's note on the computer's command reads:
    the first plot of a second is secret with written plots (2.2.1); the last is revealed at
    once, as the second resolves."""
    game = new_game(
        fighter("M", "Red", (0, 0), spells=["Firebolt"]),
        fighter("B", "Blue", (1, 0), facing=3, amr=1),
        options={"written_plots": written},
    )
    general(game, "M", "fighting_magic", dice=[1, 2])
    general(game, "B", dice=[1])
    cast = Command(do="act", figure="M", action="cast", target="B", params={"spell": "Firebolt"})
    assert plotted_in_secret(game, cast) is written
    game.apply(cast)
    assert not plotted_in_secret(game, Command(do="act", figure="B", action="nothing"))


def test_the_ladder_gives_each_share_its_95_percent_interval():
    """Issue 39: the level ladder and side balance "with 95% intervals" (Wilson's)."""
    from benchmarks.ai_match import wilson

    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_side_balance_row_meets_its_figure_between_40_and_60_percent():
    from benchmarks.ai_match import BALANCE, PAIRINGS, line

    row = {
        "ruleset": "dox",
        "players": ",".join(PAIRINGS[BALANCE][:2]),
        "target": 0.4,
        "share": 0.7,
        "interval": [0.5, 0.85],
        "draws": 0,
        "turns_median": 5,
        "seconds": 1.0,
        "clock": "cpu",
        "swap": "none",
        "decision_ms": {"median": 1.0, "p95": 2.0},
    }
    assert "NO" in line(row) and "[50%, 85%]" in line(row)
    assert "yes" in line({**row, "share": 0.5})


@pytest.mark.parametrize("ruleset", MAPS)
def test_a_moves_score_does_not_hang_on_the_moves_weighed_before_it_in_the_decision(ruleset):
    """What a decision works out once (SideView.once: a place, a facing, the enemies' worth) is
    what each move's score would be worked out alone: same score, same reason."""
    game = game_on(ruleset)
    for _ in range(12):  # towards contact, where the gaps, the gang-up and the facing count
        game.apply(choose(game, "normal").command)
    team = game.current_player()
    moves = [c for c in own_commands(game, team) if is_move(c) and c.figure in game.tokens()]
    assert moves  # W&W's share places (half and full moves, paths): the memo's key is tested too
    shared = SideView.of(game, team)
    for command in moves:
        assert score_move(shared, command, Style()) == score_move(SideView.of(game, team), command, Style())
