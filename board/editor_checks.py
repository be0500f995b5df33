"""What the map editor says is wrong with a figure: pydantic's complaints in check's words, and
what its ruleset says of its sheet."""

from __future__ import annotations

from pydantic import ValidationError

from board.models import FigureBase
from board.rules.registry import get_ruleset


def readable(error: ValidationError) -> list[str]:
    """Pydantic's complaints as "field: what is wrong, got value" lines (as check words them)."""
    out = []
    for item in error.errors():
        where = ".".join(map(str, item["loc"]))
        if item["type"] == "missing":
            out.append(f'missing "{where}"')
            continue
        text = item["msg"].removeprefix("Value error, ").replace("Input should be", "expected")
        got = item.get("input")
        shown = (
            "x".join(map(str, got)) if item["loc"] == ("size",) and isinstance(got, tuple) else repr(got)
        )  # a size as the command line writes it: 0x0
        out.append(f"{where}: {text}" + ("" if isinstance(got, dict) else f", got {shown}"))
    return out


def sheet_problems(spec: FigureBase, ruleset: str) -> list[str]:
    """What the ruleset says of a sheet: what it allows but warns of (a weapon too heavy for the
    figure, say), then what it refuses."""
    return sheet_warnings(spec, ruleset) + sheet_refusals(spec, ruleset)


def sheet_warnings(spec: FigureBase, ruleset: str) -> list[str]:
    """What the ruleset allows in a sheet but says (Ruleset.sheet_warnings, if it has one)."""
    return list(get_ruleset(ruleset).sheet_warnings(spec))


def sheet_refusals(spec: FigureBase, ruleset: str) -> list[str]:
    """What the ruleset's check of a sheet refuses, as a map file would be refused."""
    out: list[str] = []
    get_ruleset(ruleset).check_figure(spec, lambda path, message: out.append(message))
    return out
