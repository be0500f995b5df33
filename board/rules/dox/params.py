"""The settings each Dox command takes (board.rules.kernel.params); its actions name theirs
(actions.py), the GM's obey its own here."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from board.rules.kernel.fields import Takes
from board.rules.kernel.gm import GM_PARAMS, gm_takes
from board.rules.kernel.params import Params


class Strike(Params):
    """A strike: the surprise bonus taken, and damage held back ("the flat of a sword blade")."""

    hints = {"pull": "pull the blow by a whole number of points, 0 or more"}
    surprise_bonus: bool = False
    pull: int = Field(0, ge=0)


class Surface(Params):
    """A slam or a throw: what the victim lands on."""

    hints = {"surface": "params.surface must be floor, wall or corner"}
    surface: Literal["floor", "wall", "corner"] = "floor"


class Retrieve(Params):
    """Pick up: the item."""

    item: str | None = None


class Order(Params):
    """A Ranger's command to an animal: which animal (or the target), hold or attack whom."""

    hints = {"order": "params.order must be one of: attack, hold"}
    animal: str | None = None
    order: Literal["attack", "hold"] = "hold"
    foe: str | None = None


class Fortune(Params):
    """Burn Fortune: how many points."""

    hints = {"points": "burn a whole number of Fortune points, 0 or more"}
    points: int = Field(0, ge=0)


PARAMS: dict[tuple[str, str | None], type[Params]] = {**GM_PARAMS, ("gm", "obey"): Order}
# A move naming no action is a "move" (Dox.implied): it takes what a move takes.
TAKES: Takes = {**gm_takes(turns=False), ("move", None): "figure path to"}
