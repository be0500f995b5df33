"""Warrior & Wizard's tables (weapons, armor, encumbrance, spells) from assets/tables/ as typed rows."""

# No `from __future__ import annotations` here: pydantic would compile and evaluate each
# field's annotation from its text when the models are made (issue 17, the headless start).

from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict
from pydantic import Field, field_validator, model_validator

from board.dice import Dice, DiceError
from board.rules.kernel.names import TABLES, find_name
from board.rules.warrior_wizard.spec import FigureSpec
from board.yamlio import load_yaml_file


Length = Literal["short", "medium", "long"]
ArmorKind = Literal["body", "shield", "backpack", "parry"]


class Weapon(BaseModel):
    """One row of the Weapons Table, with what the engine reads from its notes."""

    model_config = ConfigDict(frozen=True)

    name: str
    category: str
    damage_text: str
    dice: Dice | None  # None: damage by Strength or not defined by the text
    strength_damage: bool = False  # "Damage based on STR" (Cestus)
    st_min: int | None = None
    lengths: tuple[Length, ...]  # () for a weapon that cannot strike in melee
    throwable: bool = False
    missile: bool = False
    two_handed: bool = False
    burning: bool = False
    notes: str
    boosts: str | None = None  # the weapon it adds `boost` damage to when thrown (Spear Thrower)
    boost: int = 0
    alternate: str | None = None  # another row it may strike as ("Pike (as Spear)")

    @property
    def melee(self) -> bool:  # whether the weapon can strike in melee at all
        return bool(self.lengths)

    @property
    def ranged(self) -> bool:  # whether the weapon attacks at range (thrown or missile)
        return self.throwable or self.missile

    @property
    def small(self) -> bool:  # a small HTH weapon: a Short one (reading in docs/rules-notes.md)
        return self.lengths == ("short",)

    @property
    def pole_arm(self) -> bool:  # whether the Pole Arms rules (charge, set vs charge) apply
        return self.category == "Pole Arms"

    @property
    def reach(self) -> int:
        """How many hexes away the weapon strikes in melee (0: not a melee weapon)."""
        if "long" in self.lengths:
            return 2
        return 1 if self.lengths else 0


def _int_cell(cell: str) -> int | None:
    """A numeric table cell ("-0", "12"); None for "-", "" and words."""
    try:
        return int(cell)
    except ValueError:
        return None


class Armor(BaseModel):
    """One row of the Armor table."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: ArmorKind
    defense: int
    # "-1 or -2" for a backpack: -1 (reading in docs/rules-notes.md)
    dex_penalty: Annotated[int, BeforeValidator(lambda cell: -1 if _int_cell(cell) is None else _int_cell(cell))]
    # None: "Contents" (a backpack weighs what it holds)
    weight_kg: Annotated[float | None, BeforeValidator(_int_cell)]
    movement_penalty: Annotated[int, BeforeValidator(lambda cell: _int_cell(cell) or 0)]  # "-": none
    notes: str


class EncumbranceRow(BaseModel):
    """One row of the Encumbrance table: loads up to `upto` x STR kg."""

    model_config = ConfigDict(frozen=True)

    text: tuple[str, str]
    upto: float | None
    movement: int | None  # None: maximum lift, one hex on a 4d6 ST check
    dex: int


def _weapon(category: str, row: list[str], play: dict) -> Weapon:
    name, damage, st_min, length, notes = row
    extra = play.get(name, {})
    try:
        dice = Dice.parse(damage.split(" or ")[0])
    except DiceError:
        dice = None
    strength = extra.get("dice") == "strength"
    if "dice" in extra and not strength:
        dice = Dice.parse(extra["dice"])
    low_notes = notes.lower()
    throwable = extra.get("throwable", "thrown" in low_notes)
    return Weapon(
        name=name,
        category=category,
        damage_text=damage,
        dice=dice,
        strength_damage=strength,
        st_min=_int_cell(st_min),
        lengths=tuple(part.lower() for part in extra.get("length", length).split("/") if part),
        throwable=throwable,
        missile=extra.get("missile", category == "Missile Weapons" and not throwable),
        two_handed="2-handed" in low_notes or "2 handed" in low_notes or "(2-hand)" in name,
        notes=notes,
        alternate=f"{name} (as {extra['as']})" if "as" in extra else None,
        **{key: extra[key] for key in ("burning", "boosts", "boost") if key in extra},  # else the row's defaults
    )


def _alternate_rows(weapons: dict[str, Weapon], play: dict) -> dict[str, Weapon]:
    """Rows for weapons used as another ("Pike: 2d6+1 or as Spear"): the other row's damage and
    Strength minimum, under the first weapon's name, held as the first weapon is."""
    out = {}
    for weapon in weapons.values():
        if weapon.alternate:
            other = weapons[play[weapon.name]["as"]]
            out[weapon.alternate] = other.model_copy(
                update={
                    "name": weapon.alternate,
                    "throwable": False,
                    "two_handed": weapon.two_handed,
                    "notes": f"{weapon.name} used as a {other.name}",
                }
            )
    return out


def _shield_rows(armor_rows: list) -> dict[str, Weapon]:
    """Shields that strike: "Spiked Buckler ... 1d6-2 damage if used as a weapon." Read as a
    Short weapon (a small HTH weapon, like a fist) with no Strength minimum."""
    out = {}
    for name, _, _, _, _, notes in armor_rows:
        if "damage if used as a weapon" in notes:
            damage = notes.split(" damage")[0]
            out[name] = Weapon(
                name=name,
                category="Shields",
                damage_text=damage,
                dice=Dice.parse(damage),
                lengths=("short",),
                notes=notes,
            )
    return out


class RuleTables(BaseModel):
    """Every table of one ruleset, looked up by name."""

    model_config = ConfigDict(frozen=True)

    weapons: dict[str, Weapon]
    armor: dict[str, Armor]
    armor_aliases: dict[str, str]
    encumbrance: tuple[EncumbranceRow, ...]

    def weapon(self, name: str) -> Weapon:
        """The weapon of that name (case-insensitive); KeyError with a suggestion."""
        found = self.weapons.get(name)  # the exact name first: the engine asks thousands of times
        return found if found is not None else self.weapons[find_name(name, self.weapons, "weapon", listed=False)]

    def armor_piece(self, name: str) -> Armor:
        """The armor, shield or backpack of that name or alias."""
        found = self.armor.get(name)
        if found is not None:
            return found
        return self.armor[find_name(name, self.armor, "armor", self.armor_aliases, listed=False)]

    def encumbrance_row(self, load_kg: float, st: int) -> EncumbranceRow:
        """The row for carrying load_kg at Strength st."""
        for row in self.encumbrance:
            if row.upto is not None and load_kg <= row.upto * st:
                return row
        return self.encumbrance[-1]


@cache
def load_tables(ruleset: str = "warrior-wizard") -> RuleTables:
    """Load and type the tables of a ruleset from assets/tables/RULESET/."""
    folder = TABLES / ruleset
    weapons_doc = load_yaml_file(folder / "weapons.yaml")
    play = weapons_doc.get("play", {})
    weapons = {
        row[0]: _weapon(category, row, play) for category, rows in weapons_doc["categories"].items() for row in rows
    }
    weapons.update(_alternate_rows(weapons, play))
    armor_doc = load_yaml_file(folder / "armor.yaml")
    weapons.update(_shield_rows(armor_doc["rows"]))
    kind_of = {name: kind for kind, names in armor_doc["kinds"].items() for name in names}
    rows = [dict(zip(armor_doc["columns"], row)) for row in armor_doc["rows"]]  # the cells read by Armor
    armor = {row["name"]: Armor(**row, kind=kind_of[row["name"]]) for row in rows}
    enc = load_yaml_file(folder / "encumbrance.yaml")["rows"]
    return RuleTables(
        weapons=weapons,
        armor=armor,
        armor_aliases=armor_doc.get("aliases", {}),
        encumbrance=tuple(EncumbranceRow(**row) for row in enc),
    )


# --- The spell catalogue -----------------------------------------------------------------
# The rule text mentions spells ("Move one hex and cast", "A thrown spell is treated
# identically", "Spell Upkeep") but lists none: spells.yaml is GM data with a few samples.

SpellKind = Literal["thrown", "condition", "heal", "illusion"]
_FROM_CASTER = ("at", "team", "facing")  # an illusion takes these from its caster


class Spell(BaseModel):
    """One catalogue entry: ST cost, upkeep, and the effect (damage dice or a condition)."""

    # Built when the catalogue is first read (a figure with spells), not at import.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str
    cost: int = Field(ge=0, description="ST spent to cast")
    upkeep: int = Field(0, ge=0, description="ST spent each later turn to keep it; 0: lasts")
    kind: SpellKind
    dice: Dice | None = Field(None, description="thrown: damage; heal: points healed")
    burning: bool = False
    condition: str | None = Field(None, description='condition: the effect name ("blur")')
    figure: FigureSpec | None = Field(None, description="illusion: the figure it copies")
    notes: str = ""

    @field_validator("dice", mode="before")
    @classmethod
    def _dice_text(cls, value):
        return Dice.parse(str(value)) if isinstance(value, (str, int)) else value

    @field_validator("figure", mode="before")
    @classmethod
    def _template(cls, value):
        if isinstance(value, dict):
            taken = [key for key in _FROM_CASTER if key in value]
            if taken:
                raise ValueError(f"an illusion takes {', '.join(taken)} from its caster")
            value = {**value, "at": (0, 0)}
        return value

    @model_validator(mode="after")
    def _effect_fits_kind(self):
        needs = {"thrown": "dice", "heal": "dice", "condition": "condition", "illusion": "figure"}
        if getattr(self, needs[self.kind]) is None:
            raise ValueError(f'a {self.kind} spell needs "{needs[self.kind]}"')
        return self


class SpellCatalogue(BaseModel):
    """Every spell a figure may know, by name."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    spells: dict[str, Spell]

    def spell(self, name: str) -> Spell:
        """The spell of that name (case-insensitive); UnknownName with a suggestion."""
        return self.spells[find_name(name, self.spells, "spell", listed=False)]


@cache
def load_spells(ruleset: str = "warrior-wizard") -> SpellCatalogue:
    """Load the spell catalogue of a ruleset; illusion templates must name table gear."""
    doc = load_yaml_file(TABLES / ruleset / "spells.yaml")
    spells = {entry["name"]: Spell.model_validate(entry) for entry in doc["spells"]}
    tables = load_tables(ruleset)
    for spell in spells.values():
        if spell.figure is not None:
            for name in spell.figure.weapons:
                tables.weapon(name)
            for piece in (spell.figure.armor, spell.figure.shield):
                if piece:
                    tables.armor_piece(piece)
    return SpellCatalogue(spells=spells)
