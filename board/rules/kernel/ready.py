"""The weapon a figure sheet holds ready (its `ready` field), read the same way in every ruleset
that has one: none named, the first carried; "none" or empty, empty-handed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BeforeValidator

from board.rules.kernel.names import known


def _none_word(value: Any) -> Any:
    # "ready: none" reads better in a hand-written file than "ready: ''".
    return "" if value is None or str(value).strip().lower() == "none" else value


# A sheet's `ready` field: a weapon's name, "" for empty hands (written none or null), or None
# (not given: the first weapon carried).
Ready = Annotated[str | None, BeforeValidator(_none_word)]


def ready_weapon(spec, carried: list[str], find: Callable[[str], str], problem, bare: str = "") -> str:
    """The sheet's ready weapon by its table name (find: a name's, UnknownName if none):
    the first carried when none is named; "" for empty hands, an unknown name, or a weapon
    it does not carry (both reported to problem(path, message)), unless it is `bare`."""
    if spec.ready is None:
        return carried[0] if carried else ""
    name = known(find, spec.ready, problem, ("ready",)) if spec.ready else None
    if name and name not in carried and name != bare:
        carries = ", ".join(carried) or "nothing"
        problem(("ready",), f'{spec.name} readies "{spec.ready}" but does not carry it; carried: {carries}')
        return ""
    return name or ""
