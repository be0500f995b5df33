"""A ruleset's figure made from its sheet (the fields they share copied, its hex read from `at`),
and read back into a snapshot."""

from __future__ import annotations

from typing import Any, TypeVar

from board.hexgrid import Hex
from board.models import FigureBase
from board.rules.reports import Token

F = TypeVar("F")


def from_sheet(cls: type[F], spec: FigureBase, **fields: Any) -> F:
    """A fresh figure of dataclass `cls`: each of its fields that the sheet also has (a list
    copied, the figure's own to change), its hex the sheet's `at`, then `fields` over them."""
    shared = type(spec).model_fields
    sheet = {k: getattr(spec, k) for k in cls.__dataclass_fields__ if k in shared}  # type: ignore[attr-defined]
    sheet = {k: list(v) if isinstance(v, list) else v for k, v in sheet.items()}
    return cls(**{**sheet, "hex": Hex(*spec.at), **fields})


def fields_of(f: Any, names: str) -> dict[str, Any]:
    """The figure's fields of these names (spaced), as a snapshot shows them: a list, a tuple or a
    hex as a new list, anything else as it is."""
    return {k: list(v) if isinstance(v, (list, tuple)) else v for k in names.split() for v in (getattr(f, k),)}


def token_of(f: Any, **shown: Any) -> Token:
    """The figure's token: its name, team, hexes (one, without a footprint) and status, and what
    the ruleset shows of it (facing, meter, caption...)."""
    cells, size = tuple(getattr(f, "cells", (f.hex,))), getattr(f, "size", 1)
    return Token(name=f.name, team=f.team, hex=f.hex, cells=cells, size=size, status=f.status, **shown)
