"""The settings each Warrior & Wizard command takes (board.rules.kernel.params)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from board.rules.kernel.fields import Takes
from board.rules.kernel.gm import GM_PARAMS, gm_takes
from board.rules.kernel.params import Params


class Move(Params):
    """Any movement: the spells whose upkeep he lets lapse ("If he moves, but fails to announce
    he is performing upkeep, any spell that required upkeep to continue for this turn fails")."""

    hints = {"lapse": "params.lapse is a list of spell names"}
    lapse: list[str] = []


class Upkeep(Move):
    """Upkeep announced: the spells kept up (all that are due if none are named)."""

    hints = {**Move.hints, "spells": "params.spells is a list of spell names"}
    spells: list[str] | None = Field(None, min_length=1)


class Attack(Params):
    """An attack: a maneuver, a weapon other than the ready one, extra damage from Strength."""

    hints = {
        "maneuver": "unknown maneuver; expected one of: slam, shield_rush, throw",
        "extra_damage": "extra damage from Strength is a whole number, 0 or more",
    }
    maneuver: Literal["slam", "shield_rush", "throw"] | None = None
    strike_with: str | None = None
    extra_damage: int = Field(0, ge=0)


class Cast(Params):
    """Cast or disbelieve: the spell (optional when the figure knows only one)."""

    spell: str | None = None


class Drop(Params):
    """Half move and drop: to which posture."""

    hints = {"posture": 'drop to "prone" or "kneeling"'}
    posture: Literal["prone", "kneeling"] = "prone"


class DropPickUp(Params):
    """Stand still, drop and/or pick up weapons: their names."""

    hints = {"drop": "params.drop and params.pick_up are lists of weapon names"}
    hints["pick_up"] = hints["drop"]
    drop: list[str] = []
    pick_up: list[str] = []


class Posture(Params):
    """GM: the posture to set."""

    hints = {"posture": "params.posture must be standing, kneeling, prone or fallen"}
    posture: Literal["standing", "kneeling", "prone", "fallen"]


class Ignite(Params):
    """GM: set a figure on fire (to an extent, or out), or his ready weapon alight (or not)."""

    hints = {
        "weapon": "params.weapon is true (set their ready weapon or arrows alight) or false",
        "extent": "params.extent must be limb, half, whole or out",
    }
    weapon: bool | None = None
    extent: Literal["limb", "half", "whole", "out"] = "half"


# The settings and fields of the commands that are not an action's (each action names its own,
# actions.py): any move, and the GM's. (do, action) -> its model, or the fields it takes beside
# its settings (kernel/fields.py); any other command takes only its figure.
PARAMS: dict[tuple[str, str | None], type[Params]] = {
    **GM_PARAMS,
    ("move", "*"): Move,
    ("gm", "posture"): Posture,
    ("gm", "ignite"): Ignite,
}
TAKES: Takes = {**gm_takes(turns=True), ("move", "*"): "figure path to facing", ("gm", "chase"): "figure target"}
