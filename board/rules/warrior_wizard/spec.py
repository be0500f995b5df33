"""What a map file writes for Warrior & Wizard: the figure sheet (beside name and at), and the
optional rules, one table, each a toggle."""

# No `from __future__ import annotations` here: pydantic would compile and evaluate each
# field's annotation from its text when the models are made (issue 17, the headless start).

from pydantic import Field

from board.models import FigureBase, Posture, no_items
from board.rules.kernel.options import RuleOptions, toggle
from board.rules.kernel.ready import Ready


class FigureSpec(FigureBase):
    """A Warrior & Wizard figure sheet; every field but name and at has a default."""

    st: int = Field(10, ge=1, le=99, description="Strength")
    dx: int = Field(10, ge=1, le=99, description="Dexterity")
    iq: int = Field(10, ge=1, le=99, description="Intelligence")
    ma: int = Field(10, ge=0, le=99, description="Movement allowance in hexes")
    weapons: list[str] = Field(default_factory=no_items, description="names from the Weapons Table")
    ready: Ready = Field(
        None, description="the weapon in hand; defaults to the first weapon; null or none: empty-handed"
    )
    off_hand: str | None = Field(
        None, description="a Dagger or Main-Gauche held in the left hand to parry (one of weapons)"
    )
    armor: str | None = Field(None, description="body armor from the Armor table")
    shield: str | None = Field(None, description="a shield from the Armor table")
    shield_slung: bool = Field(False, description="shield slung on the back rather than ready")
    backpack: bool = Field(False, description="wears a Full Backpack")
    gear_kg: float = Field(0, ge=0, description="other carried weight, for encumbrance")
    skills: list[str] = Field(default_factory=no_items)
    spells: list[str] = Field(default_factory=no_items, description="names from the spell catalogue")
    posture: Posture = "standing"


class Options(RuleOptions):
    """Optional rules; every one is off unless a map, script or player turns it on."""

    advanced_initiative: bool = toggle("Optional Advanced Initiative: everyone makes a DEX check; order by margin")
    nonlethal_damage: bool = toggle(
        "Optional Nonlethal Damage Rule: lethal and nonlethal damage, breathers, recovery while unconscious"
    )
    movement_rule: bool = toggle(
        "Optional Movement Rule: -1 Movement per 2 damage; armor and encumbrance movement losses accumulate"
    )
    breather: bool = toggle("Take a breather (Optional): recover 1d6 nonlethal damage; needs nonlethal_damage")
