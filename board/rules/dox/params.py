"""The settings each Dox command takes (board.rules.kernel.params)."""

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
    """A slam or a throw: what the victim lands on (surface_bonus refuses an unknown one)."""

    surface: str = "floor"


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


PARAMS: dict[tuple[str, str | None], type[Params]] = {
    **GM_PARAMS, ("act", "strike"): Strike, ("act", "disarm"): Strike, ("act", "slam"): Surface,
    ("act", "throw"): Surface, ("act", "retrieve"): Retrieve, ("act", "command"): Order,
    ("act", "burn_fortune"): Fortune, ("gm", "obey"): Order}

# (do, action) -> the command fields the action takes beside its settings (kernel/fields.py);
# any other action takes only its figure.
TAKES: Takes = {
    **gm_takes(turns=False), ("move", "*"): "figure path to", ("act", "ready"): "figure weapon",
    **{("act", a): "figure target" for a in ("strike", "disarm", "grapple", "grab_disarm", "guard",
                                             "mount", "command")},
    **{("act", a): "figure to" for a in ("area_attack", "throw", "dismount")}}
