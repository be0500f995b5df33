"""The settings each Melee Seconds command takes (board.rules.kernel.params)."""

from __future__ import annotations


from pydantic import Field

from board.rules.kernel.gm import GM_PARAMS
from board.rules.kernel.params import Params


class Plot(Params):
    """Any Specific Plot: the responses it carries (Shield a Successful Attack, 5.3; on Full
    Defensive, Parry it, 4.4)."""

    shield: bool = True
    fd_parry: bool = True


class Attack(Plot):
    """An attack or a charge: the weapon (5.2), thievish (5.1.5), forward after a blow."""

    weapon: str | None = None
    thievish: bool = False
    forward: bool = False


class Ranged(Plot):
    """A ranged attack: the weapon (5.2)."""

    weapon: str | None = None


class Cast(Plot):
    """A spell: which (the first known if none is named)."""

    spell: str | None = None


ACTIVITY_CHARS = 40  # the longest name of a Thievish Activity (5.1.7)


class Thievish(Plot):
    """5.1.7 "[Name of] Thievish Activity for [n] seconds": a name the log shows, so text, on
    one line and short."""

    hints = {
        "seconds": "seconds must be 1 to 12",
        "activity": f"activity must be a name of 1 to {ACTIVITY_CHARS} characters on one line",
    }
    seconds: int = Field(1, ge=1, le=12)
    activity: str = Field("activity", min_length=1, max_length=ACTIVITY_CHARS)


class Action(Plot):
    """A section 7 action: the item it uses or takes, if it asks for one."""

    item: str | None = None


class KickDoor(Action):
    """7: kicking a door: which, its level (d4 if none is given), lock and magic."""

    hints = {"door_level": "door_level must be a whole number 0-20 (or left out: d4)"}
    door: str = "door"
    door_level: int | None = Field(None, ge=0, le=20)
    lock: int = 0
    magic: int = 0


class General(Params):
    """A General Plot, and the spells reserved (Fighting + Magic-Using, 3.7)."""

    plot: str | None = None
    spells: int = 0


class Reflex(Params):
    """5.4: a Reflex Spell: which (the first known if none is named)."""

    spell: str | None = None


class Chaos(Params):
    """5.1.10 Use Chaos: its effect, in words (the GM resolves it)."""

    effect: str = ""


# Any other action's settings (the actions name theirs: plots.py KINDS, actions.py) and the GM's.
PARAMS: dict[tuple[str, str | None], type[Params]] = {**GM_PARAMS, ("act", "*"): Action}
