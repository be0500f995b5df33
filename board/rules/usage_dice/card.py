"""The figure card: a Usage Dice sheet as rows a player reads."""

from __future__ import annotations


def _gear(items) -> str:
    return ", ".join(f"{i.name} d{i.die}" + ("" if i.loaded else " (unloaded)") for i in items) or "none"


def card(state, name: str) -> list[tuple[str, str]]:
    """The sheet's rows: power, grace, speed, fatigue, gear with its usage dice, stance, wounds."""
    f = state.figures[name]
    rows = [("Power", f"d{f.power}" + ("" if f.power == f.full_power else f" (of d{f.full_power})")),
            ("Grace", str(f.grace)), ("Speed", str(f.speed)),
            ("Fatigue", f"{f.fatigue} of {f.fatigue_limit}"),
            ("Weapons", _gear(f.weapons)), ("Armor", _gear(f.armor)),
            ("Stance", ", ".join([f.defence] + ["dodge"] * f.dodge + ["sunder"] * f.sunder)),
            ("Posture", "prone" if f.prone else "standing"),
            ("Wounds", ", ".join(f.wounds) or "none")]
    if f.status != "ok":
        rows.append(("Status", f.status))
    return rows
