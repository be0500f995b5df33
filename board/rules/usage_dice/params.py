"""The settings each usage-dice command takes (board.rules.kernel.params)."""

from __future__ import annotations

from typing import Literal

from board.rules.kernel.fields import Takes
from board.rules.kernel.gm import GM_PARAMS, gm_takes
from board.rules.kernel.params import Params


class Test(Params):
    """A test against a target: the ability tested, and the GM's help or hindrance."""

    hints = {
        "ability": 'params.ability must be "power" or "grace"',
        "edge": 'params.edge must be "help" or "hindrance"',
    }
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

    hints = {
        key: 'give params.defence ("riposte" or "defend"), params.dodge or params.sunder (true or false)'
        for key in ("defence", "dodge", "sunder")
    }
    defence: Literal["riposte", "defend"] | None = None
    dodge: bool | None = None
    sunder: bool | None = None


class Gear(Params):
    """GM: an item's usage die."""

    item: str | None = None
    die: int | None = None


# The GM's settings; the actions' are named in their spec (usage_dice/__init__.py).
PARAMS: dict[tuple[str, str | None], type[Params]] = {**GM_PARAMS, ("gm", "gear"): Gear}

# The command fields a `move` command takes (kernel/fields.py); the actions' are in their spec.
TAKES: Takes = {**gm_takes(turns=False), ("move", "*"): "figure path to"}
