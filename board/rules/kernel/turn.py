"""The initiative tie-break every ruleset's order uses."""

from __future__ import annotations

from collections.abc import Callable


def break_ties(keys: dict[str, list[int]], roll: Callable[[str], int], last: bool = False) -> list[str]:
    """The names by key, highest first (last=True: highest last). While keys tie, each tied name
    rolls again (its roll appended to its key), in the keys' order, until no two tie."""
    while True:
        groups: dict[tuple, list[str]] = {}
        for name, key in keys.items():
            groups.setdefault(tuple(key), []).append(name)
        tied = [names for names in groups.values() if len(names) > 1]
        if not tied:
            return sorted(keys, key=keys.__getitem__, reverse=not last)
        for names in tied:
            for name in names:
                keys[name].append(roll(name))
