"""Refusing a command in one line: a plan states what must hold, and the reason a player reads if
not; and asking why a check refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from board.rules.base import Refusal

T = TypeVar("T")


def need(ok: object, reason: str) -> None:
    """Refuse with the reason unless ok."""
    if not ok:
        raise Refusal(reason)


def refuse(why: str | None) -> None:
    """Refuse with the reason a check gave, if it gave one (None or "": no reason to refuse)."""
    if why:
        raise Refusal(why)


def given(value: T | None, reason: str) -> T:
    """The value; refuse with the reason if there is none (need() for a value that may be None)."""
    if value is None:
        raise Refusal(reason)
    return value


def refused(attempt: Callable[..., object], *args: Any) -> str | None:
    """Why attempt(*args) is refused (its Refusal's reason), or None if it is not."""
    try:
        attempt(*args)
    except Refusal as refusal:
        return refusal.reason
    return None
