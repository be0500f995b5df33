"""The figure card: a Dox sheet as rows a player reads."""

from __future__ import annotations

from board.rules.base import listed


def card(state, name: str) -> list[tuple[str, str]]:
    """The sheet's rows: strength, the four dox, defences, fortune, wounds and gear."""
    f = state.figures[name]
    weapon = state.weapon(f)
    rows = [("Kind", f.kind), ("Strength", str(f.strength)),
            ("Dox", f"Warrior {f.warrior}, Athlete {f.athlete}, Marksman {f.marksman}, Rider {f.rider}"),
            ("Defence", f"Dodge {f.dodge}, Parry {f.parry}"), ("Fortune", str(f.fortune)),
            ("Wounds", f"{f.wounds} of {f.max_wounds}"),
            ("Weapon", f"{f.weapon} (damage {weapon.damage:+d})"),
            ("Armor", f.armor or "none"), ("Shield", f.shield or "none"), ("Move", str(f.move))]
    rows += listed("Carried", [g for g in f.gear if g != f.weapon]) + listed("Riding", [f.mount] if f.mount else [])
    rows.append(("Posture", f.posture))
    if f.status != "ok":
        rows.append(("Status", f.status))
    return rows
