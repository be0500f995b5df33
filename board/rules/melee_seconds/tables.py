"""The Melee Seconds catalogues (assets/tables/melee-seconds/*.yaml), loaded once."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from board.dice import Dice
from board.rules.kernel.names import TABLES as CATALOGUES
from board.yamlio import load_yaml_file

TABLES = CATALOGUES / "melee-seconds"


@dataclass(frozen=True)
class Weapon:
    """A weapon of the catalogue: melee reach or a ranged weapon's range, damage dice."""

    name: str
    damage: Dice
    reach: tuple[int, int] = (0, 0)  # (0, 0): no melee reach
    range: int = 0  # 0: not a ranged weapon
    reload: int = 0
    edged: bool = False
    two_handed: bool = False

    @property
    def ranged(self) -> bool:
        return self.range > 0


@dataclass(frozen=True)
class Location:
    """One row of the hit-location table."""

    low: int
    high: int
    name: str
    damage: int


@dataclass(frozen=True)
class Tables:
    """Every catalogue the ruleset reads."""

    weapons: dict[str, Weapon]
    armour: dict[str, int]
    shields: dict[str, int]
    actions: dict[str, dict[str, Any]]
    items: dict[str, dict[str, Any]]
    spells: dict[str, dict[str, Any]]
    procedure: dict[str, Any]
    locations: tuple[Location, ...]

    def dice(self, key: str) -> Dice:
        """The dice of a procedure step: attack, parry, hit_locations, checks."""
        return Dice.parse(self.procedure[key]["dice"])

    def location(self, roll: int) -> Location:
        """The hit location for a roll of the location dice."""
        for row in self.locations:
            if row.low <= roll <= row.high:
                return row
        raise ValueError(f"no hit location for a roll of {roll}")


def _weapon(name: str, data: dict) -> Weapon:
    return Weapon(name=name, damage=Dice.parse(str(data["damage"])),
                  reach=tuple(data.get("reach", (0, 0))), range=int(data.get("range", 0)),
                  reload=int(data.get("reload", 0)), edged=bool(data.get("edged", False)),
                  two_handed=bool(data.get("two_handed", False)))


@functools.lru_cache(maxsize=1)
def load() -> Tables:
    """Read the catalogues (cached: they are shared by every game)."""
    gear = load_yaml_file(TABLES / "weapons.yaml")
    extra = load_yaml_file(TABLES / "items.yaml")
    procedure = load_yaml_file(TABLES / "procedure.yaml")
    locations = tuple(Location(row["roll"][0], row["roll"][1], row["location"], row["damage"])
                      for row in procedure["hit_locations"]["table"])
    return Tables(
        weapons={name: _weapon(name, data) for name, data in gear["weapons"].items()},
        armour=dict(gear["armour"]), shields=dict(gear["shields"]),
        actions=load_yaml_file(TABLES / "actions.yaml"),
        items=dict(extra["items"]), spells=dict(extra["spells"]),
        procedure=procedure, locations=locations)


def known(kind: str, name: str, names) -> str:
    """A readable message for an unknown catalogue name."""
    return f'unknown {kind} "{name}"; expected one of: {", ".join(sorted(names))}'
