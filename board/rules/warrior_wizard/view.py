"""What the board reads of a Warrior & Wizard fight: the tokens, the GM's keys and the snapshot
(replay --json's last line); and the fight set up from a map."""

from __future__ import annotations

from typing import Any, get_args

from board.dice import DiceSource
from board.models import Posture
from board.rules.base import Event
from board.rules.reports import GMKey, Token
from board.rules.kernel.sequence import open_fight
from board.rules.kernel.sheets import fields_of, token_of
from board.rules.warrior_wizard import sheet
from board.rules.warrior_wizard.engagement import all_engagers, shared_hexes, zone_of
from board.rules.warrior_wizard.spec import Options
from board.rules.warrior_wizard.state import WWState, figure_from_spec
from board.rules.warrior_wizard.stats import adj_dx
from board.rules.warrior_wizard.tables import load_tables
from board.rules.warrior_wizard.turns import TURNS


def setup(battle, options: Options, dice: DiceSource) -> tuple[WWState, list[Event]]:
    """The fight on the map: its figures, then the first turn (unless a side has won already)."""
    state = WWState(
        battle=battle,
        options=options,
        tables=load_tables(),
        figures={spec.name: figure_from_spec(spec) for spec in battle.figures},
    )
    return state, open_fight(state, dice, TURNS)


def tokens(state: WWState) -> dict[str, Token]:
    """Every figure as the board draws it."""
    out = {}
    shared = shared_hexes(state)
    engaged_by = all_engagers(state)
    for f in state.figures.values():  # all_engagers(): each list sorted
        out[f.name] = token_of(
            f,
            facing=f.facing,
            posture=f.posture,
            meter=(f.effective_st, f.st),
            meter_label="ST",
            caption=f.ready or "",
            on_fire=f.on_fire,
            threat_zone=frozenset(zone_of(f)),
            engaged_with=tuple(engaged_by[f.name]),
            shares_hex=f.size == 1 and f.hex in shared,
            glyph=sheet.glyph_of(state, f),
        )
    return out


def gm_keys(_rules=None) -> tuple:
    """The keys of W&W's own GM commands: posture, surprise, fire, chase."""
    return (
        GMKey("p", "posture", "P posture", "posture", "posture", get_args(Posture)),
        GMKey("s", "surprise", "S surprise"),
        GMKey("i", "ignite", "I fire", "extent", "on_fire", ("limb", "half", "whole", "out")),
        GMKey("c", "chase", "C chase", target=True),
    )


def snapshot(state: WWState) -> dict[str, Any]:
    """The state as JSON-ready data."""
    figures = {}
    engaged_by = all_engagers(state)
    for f in state.figures.values():
        by = engaged_by[f.name]  # sorted
        figures[f.name] = {
            **fields_of(f, "hex facing"),
            "st": f.effective_st,
            "adj_dx": adj_dx(state, f),
            **fields_of(f, "posture status"),
            "engaged": bool(by),
            "engaged_with": by,
            "threat_zone": [[h.q, h.r] for h in sorted(zone_of(f))],
        }
    return {"turn": state.turn, "phase": state.phase, "figures": figures}
