"""The dox settings: the undefined trait roll, the optional mass rule and GM-style choices."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from board.dice import Dice, DiceError


class Options(BaseModel):
    """Every setting of the dox ruleset; the defaults are the readings in docs/rules-notes.md."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    trait_dice: str = Field(
        "2d6", description="a trait roll is these dice plus the trait's rating. The text never "
                           "defines the roll; 2d6 averages 7, so challenge 6 is an ordinary task "
                           "and 'Offense plus 7' is the grappler's average roll")
    defense_base: int = Field(
        6, ge=0, le=20, description="Defense = this + the Dodge, Parry (or Rider, Strength) rating. "
                                    "A surprised victim has no Dodge or Parry: his Defense is this "
                                    "alone, the text's 'challenge level of 6'")
    mass_rule: bool = Field(
        False, description="Optional rule: +3 to grappling rolls per doubling of mass, +1 or +2 "
                           "halfway to the next; masses add for a group pin")
    parry_style: Literal["plain", "gritty", "cinematic"] = Field(
        "plain", description="plain: missiles are parried only with a shield; gritty: also -2 to "
                             "parry a large weapon with a small one; cinematic: any parrying weapon "
                             "blocks missiles, +2 for the small-against-large foolishness")
    range_step: int = Field(
        2, ge=0, le=10, description="the ranged challenge: this much per range band beyond the first")
    human_move: int = Field(5, ge=1, le=20, description="hexes a person moves in a round (a horse: twice)")
    floor_bonus: int = Field(2, ge=1, le=3, description="slamming into the floor: +1 wood .. +3 stone")
    wall_bonus: int = Field(3, ge=1, le=3, description="slamming into a wall hex: +1 .. +3")
    corner_bonus: int = Field(3, ge=0, le=6, description="a sharp corner: 'an extra +3 on top of this'")
    rider_defense_penalty: int = Field(
        0, ge=0, le=6, description="penalty to a rider using Rider as Defense (the animal's temper)")
    assist_range: int = Field(2, ge=1, le=6, description="an assisted block reaches a friend this "
                                                          "many hexes away ('a few steps')")
    ranger_roll: bool = Field(
        True, description="a trained animal obeys a command in combat only on a Ranger roll "
                          "('it may be necessary to roll Ranger'); off: the GM waives the roll")
    obey_challenge: int = Field(6, ge=0, le=30, description="the Ranger roll's challenge (an "
                                                             "ordinary task: 'in most cases')")
    war_training_bonus: int = Field(
        3, ge=0, le=10, description="Ranger roll bonus for an animal trained for fighting "
                                    "('It helps if the animal has been specifically trained')")
    carry_penalty: int = Field(
        2, ge=0, le=6, description="a grappler's penalty to trait rolls other than the grapple's "
                                   "own while the victim's weight is on him")

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
