"""The combat-chart figure sheet (a map file's figure fields) and its check against the catalogue."""

from __future__ import annotations

from pydantic import Field, field_validator

from board.models import FigureBase, Posture
from board.rules.combat_chart.tables import load


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
    ready: str | None = Field(None, description="the weapon in hand; defaults to the first weapon; "
                                                "none: empty-handed")
    armor: str | None = Field(None, description="armor from the catalogue")
    shield: str | None = Field(None, description="a shield from the catalogue, on the arm if the "
                                                 "ready weapon allows it")
    spells: list[str] = Field(default_factory=list, description="spells known, from the catalogue")
    items: list[str] = Field(default_factory=list, description="potions, scrolls, magic items (catalogue)")
    surprised: bool = Field(False, description="taken off-guard: -5 initiative in the first round")
    posture: Posture = Field("standing", description="standing, or fallen (must stand up)")

    @field_validator("ready", mode="before")
    @classmethod
    def _none_word(cls, value):
        return "" if value is None or str(value).strip().lower() == "none" else value


def check_figure(spec: CCFigure, problem) -> CCFigure:
    """Resolve catalogue names; problem(path, message) for every unknown one."""
    tables = load()
    weapons = []
    for i, name in enumerate(spec.weapons):
        found = tables.find("weapons", name)
        if found is None:
            problem(("weapons", i), tables.expected("weapons", name))
        else:
            weapons.append(found)
    ready = spec.ready
    if ready:
        found = tables.find("weapons", ready)
        if found is None:
            problem(("ready",), tables.expected("weapons", ready))
            ready = ""
        elif found not in weapons and found != "Unarmed":
            problem(("ready",), f'{spec.name} readies "{ready}" but does not carry it; '
                                f"carried: {', '.join(weapons) or 'nothing'}")
            ready = ""
        else:
            ready = found
    elif ready is None:
        ready = weapons[0] if weapons else ""
    update = {"weapons": weapons, "ready": ready}
    for key, section in (("armor", "armor"), ("shield", "shields")):
        name = getattr(spec, key)
        if name:
            found = tables.find(section, name)
            if found is None:
                problem((key,), tables.expected(section, name))
            update[key] = found
    for key in ("spells", "items"):
        names = []
        for i, name in enumerate(getattr(spec, key)):
            found = tables.find(key, name)
            if found is None:
                problem((key, i), tables.expected(key, name))
            else:
                names.append(found)
        update[key] = names
    return spec.model_copy(update=update)
