"""The settings each usage-dice command takes (board.rules.kernel.params)."""

from __future__ import annotations

from typing import Literal

from board.rules.kernel.fields import Takes
from board.rules.kernel.gm import GM_PARAMS, gm_takes
from board.rules.kernel.params import Params


class Test(Params):
    """A test against a target: the ability tested, and the GM's help or hindrance."""

    hints = {"ability": 'params.ability must be "power" or "grace"',
             "edge": 'params.edge must be "help" or "hindrance"'}
    ability: Literal["power", "grace"] | None = None
    edge: Literal["help", "hindrance"] | None = None


class Attack(Test):
    """An attack or a stunt: also how the target defends ("Referees should forewarn")."""

    hints = {**Test.hints, "defence": 'params.defence must be "riposte" or "defend"'}
    defence: Literal["riposte", "defend"] | None = None


class PickUp(Params):
    """Pick up: the item (or the command's weapon)."""

    item: str | None = None


class Stance(Params):
    """A stance: any of its parts."""

    hints = {key: 'give params.defence ("riposte" or "defend"), params.dodge or params.sunder '
             "(true or false)" for key in ("defence", "dodge", "sunder")}
    defence: Literal["riposte", "defend"] | None = None
    dodge: bool | None = None
    sunder: bool | None = None


class Gear(Params):
    """GM: an item's usage die."""

    item: str | None = None
    die: int | None = None


PARAMS: dict[tuple[str, str | None], type[Params]] = {
    **GM_PARAMS, **{("act", a): Attack for a in ("engage", "shoot", "shove", "trip", "disarm",
                                                 "sunder_armor")},
    ("act", "revive"): Test, ("act", "pick_up"): PickUp, ("act", "stance"): Stance,
    ("gm", "gear"): Gear}

# (do, action) -> the command fields the action takes beside its settings (kernel/fields.py);
# any other action takes only its figure.
TAKES: Takes = {
    **gm_takes(turns=False), ("move", "*"): "figure path to", ("act", "move"): "figure path to",
    ("act", "dash"): "figure path to", ("act", "shoot"): "figure target weapon",
    ("act", "pick_up"): "figure weapon",
    **{("act", a): "figure target" for a in ("engage", "shove", "trip", "disarm", "sunder_armor",
                                             "revive")}}
