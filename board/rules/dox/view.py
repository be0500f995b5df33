"""What the board, the figure card and replay --json read of a dox fight: tokens, card rows and
the snapshot."""

from __future__ import annotations

from typing import Any

from board.rules.base import listed
from board.rules.dox.state import DoxState, Fig
from board.rules.kernel.glyphs import glyph
from board.rules.kernel.sheets import fields_of


def shown(state: DoxState, f: Fig) -> dict[str, Any]:
    """A figure's token: its wounds left, what it holds and who holds it, its weapon's glyph."""
    caption = f.weapon
    if f.mount:
        caption += f", on {f.mount}"
    hold = state.hold_by(f.name)
    if hold:
        caption += f", holds {hold.victim} ({hold.dox})"
    return dict(
        posture=f.posture,
        meter=(max(0, f.max_wounds - f.wounds), f.max_wounds),
        meter_label="wounds left",
        caption=caption,
        engaged_with=tuple(h.grappler for h in state.holds_on(f.name)),
        glyph=glyph(f.weapon, big=f.kind != "person"),
    )


def card(state: DoxState, f: Fig) -> list[tuple[str, str]]:
    """The sheet's rows: strength, the four dox, defences, fortune, wounds and gear."""
    traits = f"Warrior {f.warrior}, Athlete {f.athlete}, Marksman {f.marksman}, Rider {f.rider}"
    rows = [
        ("Kind", f.kind),
        ("Strength", str(f.strength)),
        ("Dox", traits),
        ("Defence", f"Dodge {f.dodge}, Parry {f.parry}"),
        ("Fortune", str(f.fortune)),
        ("Wounds", f"{f.wounds} of {f.max_wounds}"),
        ("Weapon", f"{f.weapon} (damage {state.weapon(f).damage:+d})"),
        ("Armor", f.armor or "none"),
        ("Shield", f.shield or "none"),
        ("Move", str(f.move)),
    ]
    rows += listed("Carried", [g for g in f.gear if g != f.weapon])
    rows += listed("Riding", [f.mount] if f.mount else []) + [("Posture", f.posture)]
    return rows + ([("Status", f.status)] if f.status != "ok" else [])


def snapshot(state: DoxState) -> dict[str, Any]:
    """The fight as JSON-ready data (replay --json's last line)."""
    figures = {}
    for f in state.figures.values():
        hold = state.hold_by(f.name)
        figures[f.name] = {
            **fields_of(f, "hex status posture wounds max_wounds fortune weapon mount unaware"),
            "holds": [hold.victim, hold.dox] if hold else None,
            "held_by": sorted(h.grappler for h in state.holds_on(f.name)),
            **fields_of(f, "order"),  # None, or the obeyed command
        }
    items = {state.battle.label(h): list(v) for h, v in sorted(state.items.items())}
    return {"turn": state.turn, "phase": state.phase, "active": state.active, "figures": figures, "items": items}
