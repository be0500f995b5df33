"""The dox figure sheet (traits, gear, mount), the gear catalogue it names, and the settings: the
undefined trait roll, the optional mass rule and GM-style choices."""

from __future__ import annotations

from functools import cache
from typing import Literal
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field, field_validator

from board.dice import Dice, DiceError
from board.models import FigureBase
from board.rules.kernel.names import TABLES, find_name, known
from board.rules.kernel.options import RuleOptions, toggle
from board.yamlio import load_yaml_file

Report = Callable[[tuple, str], None]
CATALOGUE = TABLES / "dox" / "gear.yaml"
# "horses can move twice as fast as human beings": the default Move of each kind of figure.
KIND_MOVE = {"person": 1, "animal": 1, "horse": 2}


class Weapon(BaseModel):
    """A catalogue weapon (see assets/tables/dox/gear.yaml for what each field means)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    damage: int
    size: Literal["natural", "small", "large"] = "large"
    reach: int = 1
    range: int = 0
    thrown: bool = False
    missile: bool = False
    parry: bool = False
    strength: bool = True
    offense: Literal["warrior", "marksman"] = "warrior"
    area: int | None = None
    breaks: bool = False

    @property
    def close(self) -> bool:
        """Usable in close combat (a squeeze, or a restrained victim's strike)."""
        return self.size in ("natural", "small")


class Catalogue(BaseModel):
    """The whole gear catalogue, names as written in the file."""

    weapons: dict[str, Weapon]
    armor: dict[str, int]  # name -> Protection
    shields: dict[str, int]  # name -> Protection, added to the armor's

    def weapon(self, name: str) -> Weapon:
        """The weapon of that name (any case); KeyError names the known ones."""
        return self.weapons[find_name(name, self.weapons, "weapon")]

    def protection(self, armor: str | None, shield: str | None) -> int:
        """Protection of worn armor and a carried shield."""
        total = self.armor[find_name(armor, self.armor, "armor")] if armor else 0
        if shield:
            total += self.shields[find_name(shield, self.shields, "shield")]
        return total


@cache
def catalogue() -> Catalogue:
    """The gear catalogue, loaded once."""
    data = load_yaml_file(CATALOGUE)
    weapons = {name: Weapon(name=name, **row) for name, row in data["weapons"].items()}
    return Catalogue(weapons=weapons, armor=data["armor"], shields=data["shields"])


def _rating(default: int, what: str, upto: int = 12):
    return Field(default, ge=0, le=upto, description=what)


class DoxFigure(FigureBase):
    """A dox figure sheet: trait ratings (a trait roll is the trait dice + the rating), gear,
    Fortune and wounds. Every field has a default, so any map plays under dox."""

    strength: int = _rating(2, "Strength rating: adds to damage; grapples, escapes, squeezes")
    warrior: int = _rating(2, "Warrior rating: melee and thrown Offense, grapple rolls")
    athlete: int = _rating(2, "Athlete rating: leaping out of an area attack, escapes, initiative")
    marksman: int = _rating(0, "Marksman rating: Offense with bows and other missile weapons")
    rider: int = _rating(0, "Rider rating: keeping the seat when hit; Defense when mounted")
    ranger: int = _rating(0, "Ranger rating: making trained animals obey in combat")
    dodge: int | None = Field(None, ge=0, le=12, description="Dodge rating (default: Athlete)")
    parry: int | None = Field(None, ge=0, le=12, description="Parry rating (default: Warrior)")
    fortune: int = _rating(0, "Fortune points, burned one for one to negate wounds", 50)
    max_wounds: int = Field(10, ge=1, le=99, description="wounds that take the figure out of the fight")
    weapon: str = Field("Fist", description="the weapon in hand (gear catalogue)")
    gear: list[str] = Field(default_factory=list, description="other weapons carried (gear catalogue)")
    armor: str | None = Field(None, description="armor from the gear catalogue (its Protection)")
    shield: str | None = Field(None, description="a shield from the gear catalogue: parries missiles too")
    mass: int = Field(200, ge=1, le=100000, description="weight in pounds (grappling, the mass rule)")
    kind: Literal["person", "horse", "animal"] = Field(
        "person", description="person, horse or animal: a horse moves twice as far and can be ridden"
    )
    move: int | None = Field(
        None, ge=0, le=40, description="hexes a round (default: the move option, twice that for a horse)"
    )
    mount: str | None = Field(None, description="the figure this one rides (it starts on the mount's hex)")
    unaware: bool = Field(False, description="ambushed: no Dodge or Parry until its first turn")
    trained_by: str | None = Field(
        None, description="an animal: the Ranger who trained it (it obeys their commands on a Ranger roll)"
    )
    war_trained: bool = Field(
        False, description="an animal specifically trained for fighting (a bonus to its Ranger's roll)"
    )
    posture: Literal["standing", "prone"] = Field("standing", description="standing or prone")


def check_figure(spec: DoxFigure, problem: Report) -> DoxFigure:
    """Report gear the catalogue does not know; return the spec with catalogue spellings."""
    gear = catalogue()

    def spelled(path: tuple, name: str, table, what: str) -> str:  # an unknown name reported, kept as written
        return known(lambda n: find_name(n, table, what), name, problem, path) or name

    update = {
        "weapon": spelled(("weapon",), spec.weapon, gear.weapons, "weapon"),
        "gear": [spelled(("gear", i), n, gear.weapons, "weapon") for i, n in enumerate(spec.gear)],
    }
    for key, table in (("armor", gear.armor), ("shield", gear.shields)):
        if getattr(spec, key) is not None:
            update[key] = spelled((key,), getattr(spec, key), table, key)
    if spec.mount is not None and spec.mount == spec.name:
        problem(("mount",), f"{spec.name} cannot ride itself")
    if spec.trained_by is not None and spec.kind == "person":
        problem(("trained_by",), "only a horse or an animal is trained by a Ranger (kind: animal)")
    if spec.mount is not None and spec.kind == "horse":
        problem(("mount",), "a horse carries riders; it does not ride")
    return spec.model_copy(update=update)


class Options(RuleOptions):
    """Every setting of the dox ruleset; the defaults are the readings in docs/rules-notes.md."""

    model_config = ConfigDict(frozen=True)

    trait_dice: str = Field(
        "2d6",
        description="a trait roll is these dice plus the trait's rating. The text never "
        "defines the roll; 2d6 averages 7, so challenge 6 is an ordinary task "
        "and 'Offense plus 7' is the grappler's average roll",
    )
    defense_base: int = Field(
        6,
        ge=0,
        le=20,
        description="Defense = this + the Dodge, Parry (or Rider, Strength) rating. "
        "A surprised victim has no Dodge or Parry: their Defense is this "
        "alone, the text's 'challenge level of 6'",
    )
    mass_rule: bool = toggle(
        "Optional rule: +3 to grappling rolls per doubling of mass, +1 or +2 "
        "halfway to the next; masses add for a group pin"
    )
    parry_style: Literal["plain", "gritty", "cinematic"] = Field(
        "plain",
        description="plain: missiles are parried only with a shield; gritty: also -2 to "
        "parry a large weapon with a small one; cinematic: any parrying weapon "
        "blocks missiles, +2 for the small-against-large foolishness",
    )
    range_step: int = Field(
        2, ge=0, le=10, description="the ranged challenge: this much per range band beyond the first"
    )
    human_move: int = Field(5, ge=1, le=20, description="hexes a person moves in a round (a horse: twice)")
    floor_bonus: int = Field(2, ge=1, le=3, description="slamming into the floor: +1 wood .. +3 stone")
    wall_bonus: int = Field(3, ge=1, le=3, description="slamming into a wall hex: +1 .. +3")
    corner_bonus: int = Field(3, ge=0, le=6, description="a sharp corner: 'an extra +3 on top of this'")
    rider_defense_penalty: int = Field(
        0, ge=0, le=6, description="penalty to a rider using Rider as Defense (the animal's temper)"
    )
    assist_range: int = Field(
        2, ge=1, le=6, description="an assisted block reaches a friend this many hexes away ('a few steps')"
    )
    ranger_roll: bool = toggle(
        "a trained animal obeys a command in combat only on a Ranger roll "
        "('it may be necessary to roll Ranger'); off: the GM waives the roll",
        True,
    )
    obey_challenge: int = Field(
        6, ge=0, le=30, description="the Ranger roll's challenge (an ordinary task: 'in most cases')"
    )
    war_training_bonus: int = Field(
        3,
        ge=0,
        le=10,
        description="Ranger roll bonus for an animal trained for fighting "
        "('It helps if the animal has been specifically trained')",
    )
    carry_penalty: int = Field(
        2,
        ge=0,
        le=6,
        description="a grappler's penalty to trait rolls other than the grapple's "
        "own while the victim's weight is on them",
    )

    @field_validator("trait_dice")
    @classmethod
    def _dice(cls, value: str) -> str:
        try:
            dice = Dice.parse(value)
        except DiceError as error:
            raise ValueError(str(error)) from None
        if dice.count == 0:
            raise ValueError("a trait roll needs dice, e.g. 2d6")
        return str(dice)

    @property
    def dice(self) -> Dice:
        """The trait roll's dice."""
        return Dice.parse(self.trait_dice)
