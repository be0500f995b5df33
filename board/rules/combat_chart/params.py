"""The settings each combat-chart command takes (board.rules.kernel.params); the turn's choices name
theirs in their Actions (acts.py)."""

from __future__ import annotations

from pydantic import Field

from board.rules.kernel.gm import GM_PARAMS
from board.rules.kernel.params import Params


class Attack(Params):
    """An attack: aimed (a melee weapon's careful blow) or not."""

    aim: bool = False


class Maneuver(Attack):
    """A combat maneuver: which (the first of the table if none is named)."""

    maneuver: str | None = None


class Cast(Params):
    """A spell from memory: which (the first that can aim at the target if none is named)."""

    spell: str | None = None


class UseItem(Params):
    """A scroll or an item: which (as for a spell)."""

    item: str | None = None


class Drink(Params):
    """A potion: which."""

    item: str


class Short(Params):
    """A short action: which, and the weapon it handles."""

    short: str
    weapon: str | None = None


class Situation(Params):
    """GM: the situation's modifiers to a figure's attack and defence values."""

    hints = {"av": "params av and dv: whole numbers from -12 to 12"}
    hints["dv"] = hints["av"]
    av: int = Field(0, ge=-12, le=12)
    dv: int = Field(0, ge=-12, le=12)


PARAMS: dict[tuple[str, str | None], type[Params]] = {**GM_PARAMS, ("gm", "situation"): Situation}
