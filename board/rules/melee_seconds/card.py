"""The figure card: a Melee Seconds sheet as rows a player reads."""

from __future__ import annotations

from board.rules.base import listed


def card(state, name: str) -> list[tuple[str, str]]:
    """The sheet's rows: AMR, characteristics, scores, hits left, gear and defence."""
    f = state.figures[name]
    s = f.sheet
    ready = f.ready or "empty-handed"
    rows = [("AMR", str(s.amr)), ("ST / CO", f"{s.st} / {s.co}"),
            ("Hits", f"{s.hits - f.damage} of {s.hits}"),
            ("Attack / Parry", f"{s.attack} / {s.parry}"), ("Speed", f"{s.speed} hexes a second"),
            ("Ready", ready + ("" if f.loaded or not f.ready else " (unloaded)")),
            ("Armour", s.armour or "none"),
            ("Shield", (f.shield + ("" if f.shield_ready else " (slung)")) if f.shield else "none")]
    rows += listed("Carried", [w for w in f.weapons if w != f.ready]) + listed("Items", f.items)
    rows += listed("Spells", s.spells)
    if f.full_defensive:
        rows.append(("Defence", "Full Defensive"))
    if f.status != "ok":
        rows.append(("Status", f.status))
    return rows
