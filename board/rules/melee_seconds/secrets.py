"""What one side cannot see of the Melee, and what it could be: the secret General Plots of its
opponents (2.2, 2.4) as far as their Initiative and their revealed plots tell, for a player that
has to guess them (the computer's determinised search, board/ai/worlds.py)."""

from __future__ import annotations

from dataclasses import dataclass

from board.rules.melee_seconds.params import General
from board.rules.melee_seconds.plots import kind
from board.rules.melee_seconds.state import Fighter, MSState
from board.rules.melee_seconds.turns import GENERALS, first_seconds, hidden


@dataclass(frozen=True)
class Unseen:
    """What a side does not see now: each opponent's secret General Plot with the plots it may
    be (general_plot params, as stated), and the opponents whose plot for this second was stated
    in secret (not guessed here)."""

    generals: dict[str, tuple[dict, ...]]
    plots: tuple[str, ...]
    stated_by: str = "general_plot"  # the action that states a General Plot, with those params


def unseen(state: MSState, team: str) -> Unseen:
    """What `team` cannot see, read only through what it can: the turn order, the Initiative
    rolled (an announced roll, 2.4), a broken Full Defensive (announced), the plots of the
    seconds already run this round (revealed at each second's end) and which plots were stated
    anew ("has plotted second N") rather than run on."""
    generals, plots = {}, []
    for name in state.order:
        f = state.figures[name]
        if f.team == team:
            continue
        if name in state.hidden and f.general is not None:
            generals[name] = possible_generals(state, f)
        if plot_secret(state, f):
            plots.append(name)
    return Unseen(generals, tuple(plots))


def plot_secret(state: MSState, f: Fighter) -> bool:
    """The figure's plot for this second was stated in secret: its opponents know only that it
    plotted. A plot running on by itself (5.7) is no secret: it was revealed when it began."""
    return f.plot is not None and hidden(state, f) and not f.plot.auto


def possible_generals(state: MSState, f: Fighter) -> tuple[dict, ...]:
    """The General Plots the figure may have stated this round, as others can tell."""
    if f.general == "full_defensive" and not f.full_defensive:
        return ({"plot": "full_defensive"},)  # its breaking was announced (4.2, 4.3)
    out = []
    for key, (_, parts, rolls) in GENERALS.items():
        if key == "full_defensive" and state.turn == 1:
            continue  # 3.2: all roll in the first round (its weapon then is not known now)
        reserved = range(f.sheet.amr + 1) if key == "fighting_magic" and f.sheet.spells else (0,)
        for spells in reserved:
            dice = f.sheet.amr - spells if rolls or state.turn == 1 else 0
            if len(f.rolled) == dice and _fits(state, parts, f) and _reacted(state, f, key):
                out.append({"plot": key, **({"spells": spells} if spells else {})})
    return tuple(out)


def _fits(state: MSState, parts: set[str], f: Fighter) -> bool:
    """Every plot revealed this round was consistent with a General Plot of these parts (2.3):
    it had one of the parts each plot needs (plots.kind)."""
    needs = (kind(state, plotted).parts for _, plotted in f.plots.values())
    return all(parts & need for need in needs if need)


def _reacted(state: MSState, f: Fighter, key: str) -> bool:
    """The seconds already run in which the figure did, or did not, plot agree with the key: in
    the first round a thief plots before its first Initiative second, others do not."""
    start = first_seconds(f, key)[0] if state.turn == 1 else 1
    return not f.up or all((s in f.plots) == (s >= start) for s in range(1, state.second))


def with_generals(state: MSState, chosen: dict[str, dict]) -> MSState:
    """A copy of the state in which these figures stated these General Plots (still secret)."""
    world = state.clone()
    for name, params in chosen.items():
        f, general = world.figures[name], General.model_validate(params)
        f.general, f.spells_reserved = general.plot, general.spells
        f.full_defensive = f.general == "full_defensive" and not f.rolled
        if state.turn == 1:
            f.reacts_at, f.positioning_until = first_seconds(f, f.general)
    return world
