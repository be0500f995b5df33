"""The figure card: a Warrior & Wizard sheet as rows a player reads."""

from __future__ import annotations

from board.rules.base import listed
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import adj_dx, movement, weapon


def _arm(state: WWState, name: str | None) -> str:
    """A weapon with its damage, e.g. "Broadsword (2d6)"."""
    row = weapon(state, name)
    return f"{name} ({row.damage_text})" if row else "empty-handed"


def card(state: WWState, name: str) -> list[tuple[str, str]]:
    """The sheet's rows: strength, dexterity, movement, armor, weapons, posture, spells."""
    f: FigureState = state.figures[name]
    rows = [("ST", f"{f.effective_st} of {f.st}" if f.damage else str(f.st)),
            ("DX", f"{adj_dx(state, f)} adjusted (of {f.dx})"), ("IQ", str(f.iq)),
            ("MA", f"{movement(state, f)} (of {f.ma})"),
            ("Armor", f.armor or "none"),
            ("Shield", (f.shield + ("" if f.shield_ready else " (slung)")) if f.shield else "none"),
            ("Ready", _arm(state, f.ready))]
    if f.off_hand:
        rows.append(("Off hand", _arm(state, f.off_hand)))
    rows += listed("Carried", [_arm(state, w) for w in f.weapons if w not in (f.ready, f.off_hand)])
    rows.append(("Posture", f.posture))
    if f.status != "ok":
        rows.append(("Status", f.status))
    if f.on_fire:
        rows.append(("On fire", f.on_fire))
    return rows + listed("Spells", f.spells)


# The token's glyph by the Weapons Table's category of the weapon in hand.
GLYPHS = {"Knives": "knife", "Swords": "blade", "Axe/Mace/Hammer": "axe", "Pole Arms": "polearm",
          "Missile Weapons": "bow"}


def glyph_of(state: WWState, f: FigureState) -> str:
    """The token's glyph: a beast, magic (an unarmed caster) or the kind of weapon in hand."""
    if f.size >= 3:
        return "beast"
    row = weapon(state, f.ready)
    if f.spells and (row is None or "staff" in row.name.casefold()):
        return "magic"
    return GLYPHS.get(row.category, "") if row else ""
