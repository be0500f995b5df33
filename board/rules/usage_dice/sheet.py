"""The usage-dice figure sheet, its check against the catalogue, its card and the optional rules."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from board.models import FigureBase
from board.rules.kernel.options import RuleOptions, toggle
from board.rules.usage_dice.gear import parse_item


RULESET_ID = "usage-dice"
AbilityDie = Literal[2, 4, 6, 8, 10, 12, 20]


class UDFigure(FigureBase):
    """A figure under the usage-dice rules: ability dice, gear with usage dice, stances."""

    power: AbilityDie = Field(6, description="Power die (strength, health): d2-d20; wounds step it down")
    grace: AbilityDie = Field(6, description="Grace die (agility, aim): d2-d20")
    weapons: list[str] = Field(
        default_factory=lambda: ["Sword"],
        description='weapons from the catalogue, "Name" or "Name dN" (the current usage die); '
        "two melee weapons = dual wielding",
    )
    armor: list[str] = Field(
        default_factory=list,
        description='armor, helmet and shield from the catalogue, "Name" or "Name dN"; all are rolled',
    )
    speed: int = Field(5, ge=0, le=30, description="hexes a figure may move (an invented default)")
    fatigue: int = Field(0, ge=0, le=20, description="fatigue already on the sheet")
    fatigue_limit: int = Field(3, ge=0, le=20, description="most fatigue a figure can take (nimble dodge); invented")
    defence: Literal["riposte", "defend"] = Field(
        "riposte", description="Defend yourself: riposte with weapon dice or defend with armor dice"
    )
    dodge: bool = Field(True, description="take fatigue to cut damage when lightly armored (nimble dodge)")
    sunder: bool = Field(True, description="sunder a borne shield to cancel damage past armor")
    prone: bool = Field(False, description="lying down (tripped): standing up takes the move")


class Options(RuleOptions):
    """The optional rules of the usage-dice ruleset; each one a toggle."""

    surprised: bool = toggle("The players' side is surprised: the other side acts first (No Initiative)")
    player_facing: bool = toggle(
        "Defend yourself: when the GM's side attacks, the defending "
        "figure tests (weapon dice to riposte, armor dice to defend) "
        "instead of the attacker",
        True,
    )
    setback_wear: bool = toggle("Wear & Tear: a setback (best die 4-5) steps the tester's weapon down", True)
    critical_wear: bool = toggle("Wear & Tear: multiple successes (two dice 6+) step the foe's armor down", True)
    lone_item_wear: bool = toggle(
        "A 1 on a lone weapon or armor die steps it down too (the text "
        "says so only for dual wielders and the heavily clad)"
    )


def check_figure(spec: UDFigure, problem) -> UDFigure:
    """Report unknown gear names and dice; return the sheet with names as the catalogue spells them."""
    fixed = {}
    for key in ("weapons", "armor"):
        names = []
        for index, text in enumerate(getattr(spec, key)):
            try:
                item = parse_item(text, key)
            except (KeyError, ValueError) as error:
                problem((key, index), str(error.args[0]))
                continue
            if key == "armor" and item.kind not in ("light", "heavy", "helmet", "shield"):
                problem((key, index), f'"{item.name}" is not armor')
                continue
            names.append(item.label)
        fixed[key] = names
    melee = [t for t in fixed["weapons"] if parse_item(t, "weapons").kind == "melee"]
    if len(melee) > 2:
        problem(("weapons",), f"{spec.name} wields {len(melee)} melee weapons; two hands hold two at most")
    if spec.fatigue > spec.fatigue_limit:
        problem(("fatigue",), f"fatigue {spec.fatigue} is over the limit {spec.fatigue_limit}")
    return spec.model_copy(update=fixed)


def _gear(items) -> str:
    return ", ".join(f"{i.name} d{i.die}" + ("" if i.loaded else " (unloaded)") for i in items) or "none"


def card(state, f) -> list[tuple[str, str]]:
    """The sheet's rows: power, grace, speed, fatigue, gear with its usage dice, stance, wounds."""
    rows = [
        ("Power", f"d{f.power}" + ("" if f.power == f.full_power else f" (of d{f.full_power})")),
        ("Grace", str(f.grace)),
        ("Speed", str(f.speed)),
        ("Fatigue", f"{f.fatigue} of {f.fatigue_limit}"),
        ("Weapons", _gear(f.weapons)),
        ("Armor", _gear(f.armor)),
        ("Stance", ", ".join([f.defence] + ["dodge"] * f.dodge + ["sunder"] * f.sunder)),
        ("Posture", "prone" if f.prone else "standing"),
        ("Wounds", ", ".join(f.wounds) or "none"),
    ]
    if f.status != "ok":
        rows.append(("Status", f.status))
    return rows
