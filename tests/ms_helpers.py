"""Set-up for the Melee Seconds tests: figures, tiny inline maps and plot shortcuts (the command
shortcuts are in tests/helpers.py)."""

from __future__ import annotations

from typing import Any

from board.game import Game, Outcome
from helpers import act, hex_game, ok


def fighter(name: str, team: str, at, facing: int = 0, **fields: Any) -> dict:
    """A figure as a melee-seconds map file writes it."""
    return {"name": name, "team": team, "at": list(at), "facing": facing, **fields}


def new_game(*figures: dict, options: dict | None = None, seed: int | str = 0, radius: int = 7, walls=()) -> Game:
    """A game on a small hexagonal map."""
    return hex_game(*figures, ruleset="melee-seconds", options=options, seed=seed, radius=radius, walls=walls)


def general(game: Game, name: str, plot: str = "fighting", dice=None, **params: Any) -> Outcome:
    """State a General Plot (with forced Initiative dice)."""
    return ok(game, do="act", figure=name, action="general_plot", params={"plot": plot, **params}, dice=dice)


def nothing_until(game: Game, second: int, round_: int | None = None) -> None:
    """Everyone does nothing until the given second (of the given round) is being plotted."""
    round_ = game.state.turn if round_ is None else round_
    for _ in range(200):
        s = game.state
        if s.phase == "plot" and s.second == second and s.turn == round_:
            return
        assert s.phase == "plot", f"phase {s.phase}"
        act(game, s.active, "nothing")
    raise AssertionError("never reached the second")


def caster_plotted(plot: str, written: bool) -> Game:
    """M (a caster) has plotted this second, in secret when plots are written; B is to plot."""
    g = new_game(
        fighter("M", "Red", (0, 0), spells=["Firebolt"]),
        fighter("B", "Blue", (1, 0), facing=3, amr=1),
        options={"written_plots": written},
    )
    general(g, "M", "fighting_magic", dice=[1, 2])
    general(g, "B", dice=[1])
    if plot == "cast":
        act(g, "M", "cast", target="B", params={"spell": "Firebolt"})
    else:
        act(g, "M", "nothing")
    assert g.state.active == "B"
    return g
