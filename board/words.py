"""Counts in a player's words: "1 hex", "2 hexes" (issue 35: "1 hexes from the enemy")."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """n and the noun, singular for exactly one: plural(1, "hex", "hexes") == "1 hex"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def hexes(n: int) -> str:
    """A distance in hexes: "1 hex", "3 hexes"."""
    return plural(n, "hex", "hexes")
