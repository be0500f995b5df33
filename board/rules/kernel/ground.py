"""What lies on the ground: a state's `items`, the things on each hex (board: Rules.ground_items)."""

from __future__ import annotations

from typing import Any

from board.hexgrid import Hex
from board.rules.base import Event
from board.rules.kernel.events import STATUS


def fall(state, at: Hex, item: Any, text: str = "", figure: str | None = None, /, **data: Any) -> list[Event]:
    """The item falls at the hex (a dropped weapon, one knocked away, one thrown) and, given
    text, the status event that says so (data: what it tells besides; the other arguments are
    positional only, so that an event may tell its "item" too)."""
    state.items.setdefault(at, []).append(item)
    return [Event(STATUS, text, figure, data)] if text else []
