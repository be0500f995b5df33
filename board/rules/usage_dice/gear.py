"""The gear catalogue (assets/tables/usage-dice/gear.yaml), the usage-die ladder and items."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from board.rules.kernel.names import TABLES, find_name
from board.yamlio import load_yaml_file

CATALOGUE = TABLES / "usage-dice" / "gear.yaml"
RANGED_KINDS = ("ranged", "black_powder")

# "Spear" or "Spear d6": a catalogue name, then optionally its current usage die.
_ITEM_RE = re.compile(r"^\s*(.+?)(?:\s+[Uu]?[dD](\d+))?\s*$")


@dataclass(frozen=True)
class Catalogue:
    """The ladder and every weapon and piece of armor, by name."""

    ladder: tuple[int, ...]
    weapons: dict[str, Item]  # as new; parse_item hands out copies
    armor: dict[str, Item]
    hazards: dict[str, int]

    def find(self, name: str, table: str) -> Item:
        """The entry of that name (case-insensitive), or KeyError naming the known ones."""
        entries = self.weapons if table == "weapons" else self.armor
        return entries[find_name(name, entries, "weapon" if table == "weapons" else "armor piece")]


@cache
def catalogue() -> Catalogue:
    """Load the gear catalogue once."""
    doc = load_yaml_file(CATALOGUE)

    def table(key: str) -> dict[str, Item]:
        return {
            name: Item(name, int(row["die"]), row["kind"], int(row.get("range", 1)), bool(row.get("wears", True)))
            for name, row in doc[key].items()
        }

    return Catalogue(tuple(doc["ladder"]), table("weapons"), table("armor"), dict(doc["hazards"]))


def step_down(die: int, steps: int = 1) -> int | None:
    """The die `steps` places down the ladder; None when it falls off the end (broken)."""
    ladder = catalogue().ladder
    index = ladder.index(die) + steps if die in ladder else len(ladder) - 1 + steps
    return ladder[index] if index < len(ladder) else None


def step_up(die: int, steps: int = 1, top: int | None = None) -> int:
    """The die `steps` places up the ladder, no higher than top (or the ladder's best)."""
    ladder = catalogue().ladder
    index = max(0, (ladder.index(die) if die in ladder else len(ladder) - 1) - steps)
    best = ladder[index]
    return min(best, top) if top is not None else best


def hindered(die: int) -> int:
    """A die rolled at hindrance: one step down, never below the last step."""
    return step_down(die) or catalogue().ladder[-1]


@dataclass(slots=True)
class Item:
    """One carried weapon or worn piece of armor, with its current usage die."""

    name: str
    die: int
    kind: str
    range: int = 1
    wears: bool = True
    loaded: bool = True  # black powder: shot and not yet reloaded when False

    @property
    def ranged(self) -> bool:
        return self.kind in RANGED_KINDS

    @property
    def label(self) -> str:
        return f"{self.name} d{self.die}"

    def fire(self) -> None:
        """A shot: black powder must be reloaded before it shoots again."""
        if self.kind == "black_powder":
            self.loaded = False


def parse_item(text: str, table: str) -> Item:
    """An Item from "Spear" or "Spear d6"; KeyError/ValueError with a readable message."""
    match = _ITEM_RE.match(text or "")
    if not match:
        raise ValueError(f'expected a name such as "Spear" or "Spear d6", got "{text}"')
    entry = catalogue().find(match.group(1), table)
    die = int(match.group(2)) if match.group(2) else entry.die
    if die not in catalogue().ladder:
        raise ValueError(
            f'"{text}": d{die} is not a usage die; expected one of: ' + ", ".join(f"d{d}" for d in catalogue().ladder)
        )
    return replace(entry, die=die)
