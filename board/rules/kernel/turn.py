"""Where a game stands: the typed turn info every ruleset reports and the board reads, and the
initiative tie-break."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class TurnInfo:
    """For the banner, the menu and every player (person, computer or remote).

    phase is the ruleset's own step ("movement", "combat", "plot", ...), "over" once the fight is
    decided; the board shows the actions whose ActionInfo.phase equals it."""

    turn: int
    phase: str
    active: str | None = None  # the figure whose actions the menu shows now
    order: tuple[str, ...] = ()  # the figures in acting order, as the banner lists them
    winner: str | None = None  # the winning team once over (None: a draw or not over)
    phase_label: str = ""  # the banner's words for the phase ("" : the board words it)
    queue: tuple[str, ...] = ()  # figures still to act this phase (the banner dims the others)
    team: str | None = None  # the side to act now (None: over, or the active figure's team)
    timeline: dict[str, Any] | None = None  # second-by-second plots (see docs/rulesets.md)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def but(self, **changes) -> TurnInfo:
        """A copy with some fields changed."""
        return replace(self, **changes)


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

