"""What the board shows of a Melee: the banner's phase, the tokens, the snapshot and the odds of
an attack plot, as each side may see them (secret plots, 2.2)."""

from __future__ import annotations

from typing import Any

from board.rules.kernel.glyphs import glyph
from board.rules.kernel.sheets import fields_of
from board.rules.reports import Prediction
from board.rules.melee_seconds import reach, secrets
from board.rules.melee_seconds.procedure import Strike, predict
from board.rules.melee_seconds.state import Fighter, MSState, Plot
from board.rules.melee_seconds.turns import hidden, shown_general

ATTACKS = ("attack", "charge", "ranged")  # the plots with odds


def phase_label(state: MSState) -> str:
    return {
        "general": f"Round {state.turn}: General Plots",
        "over": "Melee over",
        "plot": f"Round {state.turn}, second {state.second}: Specific Plots",
    }[state.phase]


def shown(state: MSState, f: Fighter) -> dict[str, Any]:
    caption = f.ready or "empty-handed"
    if f.full_defensive and f.name not in state.hidden:
        caption += " | Full Def."
    if f.entangled:
        caption += " | tangled"
    return dict(
        facing=f.facing,
        posture="standing" if f.up else "fallen",
        meter=(max(0, f.left), f.sheet.hits),
        meter_label="Hits",
        caption=caption,
        glyph=glyph(f.ready, bool(f.sheet.spells), f.size >= 3),
    )


def odds(state: MSState, p: Plot) -> Prediction:
    """The odds of an attack plot. They are for the attacker's side: an enemy's secret plot (a
    spell) must not show; and exact for this strike: later seconds' plots are not foreseen."""
    f, t = state.figures[p.by], state.figures[p.aimed_at]
    seen = f.team == t.team or not secrets.plot_secret(state, t)
    return predict(
        state, Strike(f.name, t.name, reach.zone(t, p.to or f.hex), p.kind == "ranged", p.params.weapon, seen)
    )


def snapshot(state: MSState) -> dict[str, Any]:
    figures = {}
    for f in state.figures.values():
        figures[f.name] = {
            **fields_of(f, "hex facing status damage"),
            "hits_left": f.left,
            **fields_of(f, "ready off_hand"),
            "general": shown_general(state, f),
            "full_defensive": f.full_defensive and f.name not in state.hidden,
            **fields_of(f, "initiative lost amr_used"),
            "plot": None if f.plot is None else ("?" if hidden(state, f) else f.plot.text),
            "ongoing": f.ongoing.label if f.ongoing else None,
            **fields_of(f, "loaded shields_used entangled"),
        }
    return {"turn": state.turn, "second": state.second, "phase": state.phase, "figures": figures}
