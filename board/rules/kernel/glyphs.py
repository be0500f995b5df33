"""What a token shows at a glance (Token.glyph), read from a weapon's name, for the rulesets whose
tables give no weapon kind. The board draws: blade, knife, axe, polearm, bow, magic, beast."""

from __future__ import annotations

# Tried in order: a Shortsword is a blade, a Crossbow a bow, a Greataxe an axe.
WORDS = (
    ("beast", ("claw", "hoof", "hooves", "bite", "talon", "fang")),
    ("knife", ("dagger", "knife", "dirk")),
    ("bow", ("bow", "sling", "pistol", "musket", "javelin", "bomb", "oil pot", "catapult")),
    ("polearm", ("spear", "pike", "halberd", "lance", "polearm", "staff")),
    ("axe", ("axe", "mace", "club", "hammer", "flail")),
    ("blade", ("sword", "sabre", "rapier", "blade", "scimitar")),
)


def glyph(weapon: str | None, caster: bool = False, big: bool = False) -> str:
    """The glyph of a figure wielding `weapon`: a beast when big, magic for a caster with no
    weapon or a staff, else the weapon's kind ("" when its name says nothing)."""
    name = (weapon or "").casefold()
    if big:
        return "beast"
    if caster and (not name or "staff" in name or name == "unarmed"):
        return "magic"
    return next((kind for kind, words in WORDS if any(w in name for w in words)), "")
