"""Helpers for the rulesets' figure cards (Ruleset.card): rows in words."""

from __future__ import annotations


def listed(label: str, names) -> list[tuple[str, str]]:
    """One row naming the things, comma-separated; no row when there are none."""
    names = [str(n) for n in names]
    return [(label, ", ".join(names))] if names else []
