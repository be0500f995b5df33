"""A command's hex: the one reading of [q, r] pairs and printed "CCRR" labels for every ruleset."""

from __future__ import annotations

from board.hexgrid import Hex, parse_label
from board.rules.base import Refusal


def to_hex(state, value) -> Hex:
    """A command's position, [q, r] or a label of the map's printed grid ("0507"), as a Hex.

    state is any ruleset's state (its .battle is the map). Anything else, or a hex off the map,
    is refused with a reason a player reads: never a ValueError or TypeError."""
    battle = state.battle
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        h = battle.cell_at.get(value)  # the usual [q, r] of a checked command, on the map
        if h is not None:
            return h
        h = Hex(*value)
    elif isinstance(value, str):
        try:
            h = parse_label(value, battle.layout)
        except ValueError as error:
            raise Refusal(str(error)) from None
    elif (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        h = Hex(*value)
    else:
        raise Refusal(f'a hex is [q, r] or a label like "0507", not {value!r}')
    if h not in battle.cells:
        raise Refusal(f"{battle.label(h)} is off the map")
    return h
