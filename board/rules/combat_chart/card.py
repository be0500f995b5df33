"""The figure card: a Combat Chart sheet as rows a player reads."""

from __future__ import annotations

from board.rules.base import listed


def card(state, name: str) -> list[tuple[str, str]]:
    """The sheet's rows: mind, body, hit points, magic, skill, gear, stance and effects."""
    f = state.figures[name]
    rows = [("Mind", str(f.mind)), ("Body", str(f.body)), ("HP", f"{f.hp} of {f.hp_max}"),
            ("Magic", f"{f.magic} of {f.magic_max}"), ("Skill", str(f.skill)), ("Move", str(f.move)),
            ("Ready", f.ready or "empty-handed"), ("Armor", f.armor or "none"),
            ("Shield", (f.shield + (" (on the arm)" if f.shield_on else " (slung)")) if f.shield else "none")]
    rows += listed("Carried", [w for w in f.weapons if w != f.ready]) + listed("Items", f.items)
    rows += listed("Spells", f.spells) + [("Posture", f.posture)]
    conditions = [f.status] if f.status != "ok" else []
    conditions += ["stunned"] * f.stunned + [f"bleeding ({len(f.bleeding)})"] * bool(f.bleeding)
    conditions += [f"{f.stance}ing" if f.stance else ""] + [e.name for e in f.effects]
    if any(conditions):
        rows.append(("Condition", ", ".join(c for c in conditions if c)))
    return rows
