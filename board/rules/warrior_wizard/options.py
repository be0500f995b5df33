"""The optional rules of Warrior & Wizard: one table, each a toggle."""

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """Optional rules; every one is off unless a map, script or player turns it on."""

    model_config = ConfigDict(extra="forbid")

    advanced_initiative: bool = Field(
        False, description="Optional Advanced Initiative: everyone makes a DEX check; order by margin")
    nonlethal_damage: bool = Field(
        False, description="Optional Nonlethal Damage Rule: lethal and nonlethal damage, breathers, "
                           "recovery while unconscious")
    movement_rule: bool = Field(
        False, description="Optional Movement Rule: -1 Movement per 2 damage; armor and encumbrance "
                           "movement losses accumulate")
    breather: bool = Field(
        False, description="Take a breather (Optional): recover 1d6 nonlethal damage; needs "
                           "nonlethal_damage")
