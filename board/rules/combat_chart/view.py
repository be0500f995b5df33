"""The fight as the board and a replay read it: each figure's token, and the snapshot."""

from __future__ import annotations

from typing import Any

from board.rules.combat_chart.state import CCState, Fig, attack_rank, defense_rank, initiative, total
from board.rules.kernel.glyphs import glyph
from board.rules.kernel.sheets import fields_of


def shown(state: CCState, f: Fig) -> dict[str, Any]:
    """A figure's token: its health as the meter, the weapon in hand, stance and stun as its caption."""
    words = [f.ready or "unarmed"] + ([f.stance] if f.stance else []) + (["stunned"] if f.stunned else [])
    return dict(
        posture=f.posture,
        meter=(max(f.hp, 0), f.hp_max),
        meter_label="HP",
        caption=", ".join(words),
        glyph=glyph(f.ready, caster=bool(f.spells), big=f.size >= 3),
    )


def snapshot(state: CCState) -> dict[str, Any]:
    """Where the fight stands, as JSON: the round, the order, the winner and every figure."""
    figures = {}
    for f in state.figures.values():
        figures[f.name] = {
            **fields_of(f, "hex status hp hp_max"),
            "initiative": initiative(state, f),
            "attack_rank": total(attack_rank(state, f, None)),
            "defense_rank": total(defense_rank(state, f)),
            **fields_of(f, "posture ready shield_on stance stunned magic"),
            "bleeding": sum(w[1] for w in f.bleeding),
            "effects": [e.name for e in f.effects],
            **fields_of(f, "weapons armor_needs_repair"),
        }
    return {
        "turn": state.turn,
        "phase": state.phase,
        "order": list(state.order),
        "winner": state.winner,
        "figures": figures,
    }
