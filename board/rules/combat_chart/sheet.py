"""The combat-chart figure sheet (a map file's figure fields), its check against the catalogue,
its card, and the optional rules: one table, each a toggle."""

from __future__ import annotations

from functools import partial
from typing import Any

from pydantic import Field

from board.models import FigureBase, Posture
from board.rules.base import listed
from board.rules.combat_chart.tables import load
from board.rules.kernel.names import find_name, known
from board.rules.kernel.options import RuleOptions, toggle
from board.rules.kernel.ready import Ready, ready_weapon


class CCFigure(FigureBase):
    """A combat-chart figure; every field has a default, so any map plays under this ruleset."""

    mind: int = Field(5, ge=0, le=30, description="Mind: initiative, saving throws vs. magic, perception")
    body: int = Field(5, ge=0, le=30, description="Body: initiative, ties, saves vs. pain, knockout recovery")
    hp: int = Field(10, ge=1, le=999, description="health points (not tabled in the text: the map sets them)")
    move: int = Field(5, ge=0, le=50, description="movement allowance in hexes for a Move turn")
    skill: int = Field(0, ge=-12, le=12, description="skill bonus added to the Attack Rank")
    initiative_bonus: int = Field(0, ge=-20, le=20, description="other initiative modifiers")
    magic: int = Field(0, ge=0, le=99, description="base magic points (armor lowers them by its DV)")
    weapons: list[str] = Field(default_factory=list, description="carried weapons, names from the catalogue")
    ready: Ready = Field(None, description="the weapon in hand; defaults to the first weapon; none: empty-handed")
    armor: str | None = Field(None, description="armor from the catalogue")
    shield: str | None = Field(
        None, description="a shield from the catalogue, on the arm if the ready weapon allows it"
    )
    spells: list[str] = Field(default_factory=list, description="spells known, from the catalogue")
    items: list[str] = Field(default_factory=list, description="potions, scrolls, magic items (catalogue)")
    surprised: bool = Field(False, description="taken off-guard: -5 initiative in the first round")
    posture: Posture = Field("standing", description="standing, or fallen (must stand up)")


def check_figure(spec: CCFigure, problem) -> CCFigure:
    """Resolve catalogue names; problem(path, message) for every unknown one."""
    tables = load()

    def found(section: str, name: str, path: tuple) -> str | None:
        # "weapons" -> "unknown weapon ...", "armor" -> "unknown armor ..."
        return known(partial(find_name, table=getattr(tables, section), what=section.rstrip("s")), name, problem, path)

    def resolved(key: str) -> list[str]:
        names = [found(key, name, (key, i)) for i, name in enumerate(getattr(spec, key))]
        return [name for name in names if name]

    weapons = resolved("weapons")
    find = partial(find_name, table=tables.weapons, what="weapon")
    update: dict[str, Any] = {"weapons": weapons, "ready": ready_weapon(spec, weapons, find, problem, bare="Unarmed")}
    for key, section in (("armor", "armor"), ("shield", "shields")):
        name = getattr(spec, key)
        update[key] = name and found(section, name, (key,))
    update["spells"], update["items"] = resolved("spells"), resolved("items")
    return spec.model_copy(update=update)


def card(state, f) -> list[tuple[str, str]]:
    """The sheet's rows: mind, body, hit points, magic, skill, gear, stance and effects."""
    rows = [
        ("Mind", str(f.mind)),
        ("Body", str(f.body)),
        ("HP", f"{f.hp} of {f.hp_max}"),
        ("Magic", f"{f.magic} of {f.magic_max}"),
        ("Skill", str(f.skill)),
        ("Move", str(f.move)),
        ("Ready", f.ready or "empty-handed"),
        ("Armor", f.armor or "none"),
        ("Shield", (f.shield + (" (on the arm)" if f.shield_on else " (slung)")) if f.shield else "none"),
    ]
    rows += listed("Carried", [w for w in f.weapons if w != f.ready]) + listed("Items", f.items)
    rows += listed("Spells", f.spells) + [("Posture", f.posture)]
    conditions = [f.status] if f.status != "ok" else []
    conditions += ["stunned"] * f.stunned + [f"bleeding ({len(f.bleeding)})"] * bool(f.bleeding)
    conditions += [f"{f.stance}ing" if f.stance else ""] + [e.name for e in f.effects]
    if any(conditions):
        rows.append(("Condition", ", ".join(c for c in conditions if c)))
    return rows


class Options(RuleOptions):
    """Optional rules; every one is off unless a map, script or player turns it on."""

    delay: bool = toggle(
        "Optional Rule: a figure may delay its action and take its turn last; "
        "several delayers go in reverse tie-break order (higher Body last)"
    )
    armor_absorbs: bool = toggle(
        "Optional Rule: missing the target number by 3 or less means the armor absorbed the blow"
    )
    armor_damage: bool = toggle(
        "Optional Rule (with armor_absorbs): armor that absorbs a blow "
        "takes a little damage; deflecting more than its defense value "
        "means repairs before the next combat"
    )
    perception_vs_surprise: bool = toggle("The GM allows a Perception check (3d6 at or under Mind) to avoid surprise")
