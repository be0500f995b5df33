"""What the board and a replay read of a usage-dice fight: the tokens, the items on the ground and
the snapshot."""

from __future__ import annotations

from typing import Any

from board.rules.kernel.glyphs import glyph
from board.rules.kernel.sheets import fields_of
from board.rules.kernel.rules import lying
from board.rules.usage_dice.state import Figure, UDState


def ground_items(state: UDState) -> dict:
    """The dropped weapons on each hex, by name."""
    return lying(state.items, lambda item: item.name)


def shown(state: UDState, f: Figure) -> dict[str, Any]:
    """A figure's token: Power as its meter, wounds then usage dice as its caption."""
    # Wounds first: the token shows them at a glance (issue 18), then the usage dice.
    wounds = [f"{len(f.wounds)} wound{'s' * (len(f.wounds) > 1)}"] if f.wounds else []
    gear = wounds + [i.label for i in f.weapons + f.armor]
    return dict(
        posture="prone" if f.prone else "standing",
        meter=(f.power, f.full_power),
        meter_label="Power",
        caption=" · ".join(gear),
        engaged_with=tuple(o.name for o in state.enemies_adjacent(f)) if f.up else (),
        glyph=glyph(next((w.name for w in f.weapons if w.name != "Unarmed"), None)),
    )


def snapshot(state: UDState) -> dict[str, Any]:
    """The fight as JSON: the turn, each figure's dice, gear, wounds and turn, the dropped items."""
    figures = {}
    for f in state.figures.values():
        figures[f.name] = {
            **fields_of(f, "hex status team power grace fatigue"),
            "weapons": {w.name: w.die for w in f.weapons},
            "armor": {a.name: a.die for a in f.armor},
            "loaded": {w.name: w.loaded for w in f.ranged},
            **fields_of(f, "wounds prone moved acted done"),
            "engaged": bool(state.enemies_adjacent(f)) if f.up else False,
        }
    items = {f"{h.q},{h.r}": [i.label for i in pile] for h, pile in state.items.items()}
    return {
        "turn": state.turn,
        "phase": state.phase,
        "side": state.side,
        "winner": state.winner,
        "figures": figures,
        "items": items,
    }
