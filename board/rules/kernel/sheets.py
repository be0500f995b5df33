"""A ruleset's figure made from its sheet: the fields they share copied, its hex read from `at`."""

from __future__ import annotations

from typing import Any, TypeVar

from board.hexgrid import Hex
from board.models import FigureBase

F = TypeVar("F")


def from_sheet(cls: type[F], spec: FigureBase, **fields: Any) -> F:
    """A fresh figure of dataclass `cls`: each of its fields that the sheet also has (a list
    copied, the figure's own to change), its hex the sheet's `at`, then `fields` over them."""
    shared = type(spec).model_fields
    sheet = {k: getattr(spec, k) for k in cls.__dataclass_fields__ if k in shared}  # type: ignore[attr-defined]
    sheet = {k: list(v) if isinstance(v, list) else v for k, v in sheet.items()}
    return cls(**{**sheet, "hex": Hex(*spec.at), **fields})
