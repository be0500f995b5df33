"""The Melee Seconds catalogues (assets/tables/melee-seconds/*.yaml, loaded once), the figure
sheet checked against them, its card, and the optional rules."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from board.dice import Dice
from board.models import FigureBase
from board.rules.base import listed
from board.rules.kernel.names import TABLES as CATALOGUES, unknown
from board.rules.kernel.options import RuleOptions, toggle
from board.rules.kernel.ready import Ready, ready_weapon
from board.yamlio import load_yaml_file
from board.words import hexes

TABLES = CATALOGUES / "melee-seconds"
Report = Callable[[tuple, str], None]


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
    """A row of weapons.yaml: its fields as they are, but the damage dice parsed and the reach a pair."""
    return Weapon(
        name, **{**data, "damage": Dice.parse(str(data["damage"])), "reach": tuple(data.get("reach", (0, 0)))}
    )


@functools.lru_cache(maxsize=1)
def load() -> Tables:
    """Read the catalogues (cached: they are shared by every game)."""
    gear = load_yaml_file(TABLES / "weapons.yaml")
    extra = load_yaml_file(TABLES / "items.yaml")
    procedure = load_yaml_file(TABLES / "procedure.yaml")
    locations = tuple(
        Location(row["roll"][0], row["roll"][1], row["location"], row["damage"])
        for row in procedure["hit_locations"]["table"]
    )
    return Tables(
        weapons={name: _weapon(name, data) for name, data in gear["weapons"].items()},
        armour=dict(gear["armour"]),
        shields=dict(gear["shields"]),
        actions=load_yaml_file(TABLES / "actions.yaml"),
        items=dict(extra["items"]),
        spells=dict(extra["spells"]),
        procedure=procedure,
        locations=locations,
    )


Characteristic = Annotated[int, Field(ge=1, le=30)]  # a characteristic: ST or CO


class MSFigureSpec(FigureBase):
    """A combatant's sheet: AMR, characteristics, combat scores and gear (every field has a default)."""

    amr: int = Field(
        2, ge=1, le=12, description="Attacks per Melee Round: Initiative dice rolled (3.5's table rolls seven)"
    )
    st: Characteristic = Field(12, description="Strength, for ST checks (kicking doors, 7.11)")
    co: Characteristic = Field(12, description="Constitution, for CO checks (Full Defensive, 4.5)")
    hits: int = Field(12, ge=1, le=99, description="damage taken before falling unconscious")
    attack: int = Field(11, ge=0, le=30, description="attack score: hits on 1d20 at or under it")
    parry: int = Field(9, ge=0, le=30, description="parry score: parries on 1d20 at or under it")
    speed: int = Field(2, ge=0, le=10, description="hexes moved in one second")
    weapons: list[str] = Field(default_factory=lambda: ["Sword"], description="names from weapons.yaml")
    ready: Ready = Field(None, description="the weapon in hand; default the first; none: empty")
    off_hand: str | None = Field(
        None, description="a second one-handed melee weapon carried in the shield hand (5.2): no shield ready with it"
    )
    loaded: bool = Field(True, description="a ranged weapon in hand starts loaded (7.4)")
    armour: str | None = Field(None, description="armour from weapons.yaml (Leather, Mail, Plate)")
    shield: str | None = Field(None, description="a shield from weapons.yaml")
    shield_ready: bool = Field(True, description="the shield is carried ready (7.5)")
    items: list[str] = Field(default_factory=list, description="items from items.yaml, carried")
    backpack: list[str] = Field(default_factory=list, description="items in the backpack (7.2)")
    potion_in_hand: bool = Field(False, description="an uncorked potion in the shield hand (7.8)")
    spells: list[str] = Field(default_factory=list, description="spells from items.yaml")
    chaos_master: bool = Field(
        False, description="a Chaos Master: Use Chaos is always available (5.1.10); its effect is the GM's"
    )
    secret: bool = Field(False, description="others are unaware of it: its plots are secret (2.2.2)")


class Options(RuleOptions):
    """The optional rules of Melee Seconds, each a toggle (all off by default)."""

    written_plots: bool = toggle(
        "2.2.1/5.5.1: the GM requires simultaneous written plots: every plot is hidden until the second resolves"
    )
    formal_duel: bool = toggle(
        "3.3: a Valdrean Formal Duel: in the first Melee Round one Initiative die of each combatant is set to 1"
    )


def check_figure(spec: MSFigureSpec, problem: Report) -> MSFigureSpec:
    """Report unknown catalogue names; return the spec with `ready` resolved ("" empty-handed)."""
    tables = load()
    catalogues = (
        ("weapons", tables.weapons, "weapon"),
        ("armour", tables.armour, "armour"),
        ("shield", tables.shields, "shield"),
        ("items", tables.items, "item"),
        ("backpack", tables.items, "item"),
        ("spells", tables.spells, "spell"),
    )
    for key, names, kind in catalogues:
        value = getattr(spec, key)  # a list of names, or one name (armour, shield) or None
        many = isinstance(value, list)
        for i, name in enumerate(value if many else [] if value is None else [value]):
            if name not in names:
                problem((key, i) if many else (key,), unknown(kind, name, sorted(names)))
    carried = [w for w in spec.weapons if w in tables.weapons]
    ready = ready_weapon(spec, carried, lambda name: name, problem)  # not a catalogue's name: not carried
    w = tables.weapons.get(ready) if ready else None
    if w is not None and (w.two_handed or w.ranged) and spec.shield and spec.shield_ready:
        # 7.5: "Shields cannot be held ready whilst using a Ranged Weapon"
        problem(
            ("shield_ready",),
            f'"{ready}" is {"a ranged weapon" if w.ranged else "two-handed"}: '
            "the shield cannot be ready (shield_ready: false)",
        )
    off = spec.off_hand
    if off is not None:
        o = tables.weapons.get(off)
        if o is None or carried.count(off) < (2 if off == ready else 1):  # None: not a weapon, so not carried
            problem(
                ("off_hand",),
                f'{spec.name} holds "{off}" in the off hand but does not carry '
                f"it besides the ready weapon; carried: {', '.join(carried) or 'nothing'}",
            )
            off = None
        elif o.ranged or o.two_handed or (w is not None and w.two_handed):
            problem(("off_hand",), f'"{off}" in the off hand needs two one-handed melee weapons')
            off = None
        elif spec.shield and spec.shield_ready:
            problem(("off_hand",), f'the shield hand holds "{off}": the shield cannot be ready (shield_ready: false)')
            off = None
    return spec.model_copy(update={"ready": ready, "off_hand": off})


def card(state, f) -> list[tuple[str, str]]:
    """The sheet's rows: AMR, characteristics, scores, hits left, gear and defence."""
    s = f.sheet
    ready = f.ready or "empty-handed"
    rows = [
        ("AMR", str(s.amr)),
        ("ST / CO", f"{s.st} / {s.co}"),
        ("Hits", f"{s.hits - f.damage} of {s.hits}"),
        ("Attack / Parry", f"{s.attack} / {s.parry}"),
        ("Speed", f"{hexes(s.speed)} a second"),
        ("Ready", ready + ("" if f.loaded or not f.ready else " (unloaded)")),
        ("Armour", s.armour or "none"),
        ("Shield", (f.shield + ("" if f.shield_ready else " (slung)")) if f.shield else "none"),
    ]
    rows += listed("Carried", [w for w in f.weapons if w != f.ready]) + listed("Items", f.items)
    rows += listed("Spells", s.spells)
    if f.full_defensive:
        rows.append(("Defence", "Full Defensive"))
    if f.status != "ok":
        rows.append(("Status", f.status))
    return rows
