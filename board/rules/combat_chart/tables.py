"""The combat chart, the critical tables and the catalogue, loaded from assets/tables/combat-chart/."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from board.dice import Dice
from board.rules.kernel.names import TABLES
from board.yamlio import load_yaml_file

FOLDER = TABLES / "combat-chart"
CH, CM = "*CH", "*CM"
RANKS = 13  # Attack and Defense Ranks 0-12


@dataclass(frozen=True)
class Weapon:
    """A weapon of the catalogue."""

    name: str
    av: int
    damage: Dice
    hands: int
    kind: str  # melee | bow | crossbow
    reach: int = 1
    range: int = 0
    reload: bool = False

    @property
    def missile(self) -> bool:
        return self.kind in ("bow", "crossbow")

    @property
    def bars_shield(self) -> bool:
        """ "Shields cannot be used at the same time as bows, crossbows, or 2-handed weapons.\""""
        return self.missile or self.hands >= 2


@dataclass(frozen=True)
class Spell:
    """A spell: an enhancement of a friendly figure, or a magical attack."""

    name: str
    cost: int
    range: int
    kind: str  # enhance | attack
    av: int = 0
    dv: int = 0
    initiative: int = 0
    rounds: int | None = None
    effect: str | None = None  # knockout | stun (attacks)


@dataclass(frozen=True)
class Tables:
    """Everything the ruleset reads from data."""

    chart: dict[int, tuple]  # defense rank -> target numbers by attack rank
    crits: dict[str, dict[int, dict]]
    weapons: dict[str, Weapon]
    armor: dict[str, dict]
    shields: dict[str, dict]
    spells: dict[str, Spell]
    maneuvers: dict[str, dict]
    items: dict[str, dict]
    rolls: dict[str, dict]
    modifiers: dict[str, int]


def target_number(tables: Tables, attack_rank: int, defense_rank: int) -> int | str:
    """The chart's cell; ranks outside 0-12 are read at the chart's edge."""
    a = min(max(attack_rank, 0), RANKS - 1)
    d = min(max(defense_rank, 0), RANKS - 1)
    return tables.chart[d][a]


@cache
def load() -> Tables:
    """Read and type the ruleset's tables (once)."""
    chart = load_yaml_file(FOLDER / "chart.yaml")["rows"]
    crits = load_yaml_file(FOLDER / "crits.yaml")
    doc = load_yaml_file(FOLDER / "catalogue.yaml")
    return Tables(
        chart={int(d): tuple(row) for d, row in chart.items()},
        crits={name: {int(k): v for k, v in t.items()} for name, t in crits.items()},
        weapons={name: Weapon(name, **{**w, "damage": Dice.parse(w["damage"])}) for name, w in doc["weapons"].items()},
        spells={name: Spell(name=name, **s) for name, s in doc["spells"].items()},
        **{key: doc[key] for key in ("armor", "shields", "maneuvers", "items", "rolls", "modifiers")},
    )
