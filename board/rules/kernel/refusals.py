"""Refusing a command in one line: a plan states what must hold, and the reason a player reads if not."""

from __future__ import annotations

from typing import TypeVar

from board.rules.base import Refusal

T = TypeVar("T")


def need(ok: object, reason: str) -> None:
    """Refuse with the reason unless ok."""
    if not ok:
        raise Refusal(reason)


def given(value: T | None, reason: str) -> T:
    """The value; refuse with the reason if there is none (need() for a value that may be None)."""
    if value is None:
        raise Refusal(reason)
    return value
