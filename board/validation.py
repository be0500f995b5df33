"""Pydantic validation errors as Problems at the file, line and column of the bad value."""

from __future__ import annotations

from pydantic import ValidationError

from board.models import FigureBase, HexTerrain, MapFile, TeamSpec
from board.yamlio import Marks, Problem

_FIELD_NAMES = sorted({name for model in (MapFile, FigureBase, HexTerrain, TeamSpec) for name in model.model_fields})
_MISSING = object()
SHOWN_CHARS = 60  # of a bad value quoted in a problem


def _real_loc(loc: tuple, data) -> tuple:
    """An error location as keys of the data itself (pydantic turns keys into text and may
    add type tags such as "tuple[int, int]" for unions)."""
    out, current = [], data
    for index, part in enumerate(loc):
        if isinstance(current, dict):
            key = (
                part
                if part in current
                else next((k for k in current if str(k) == str(part) or repr(k) == part), _MISSING)
            )
            if key is not _MISSING:
                out.append(key)
                current = current[key]
                continue
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            out.append(part)
            current = current[part]
            continue
        if index == len(loc) - 1 or not (isinstance(part, str) and "[" in part):
            out.append(part)  # a missing or unknown key: name it as pydantic does
        current = None
    return tuple(out)


def pydantic_problems(error: ValidationError, marks: Marks, prefix=(), data=None, names=()) -> list[Problem]:
    """The error's complaints at their places; an unknown key is matched against the map's keys
    and names (a ruleset's sheet fields, say)."""
    problems = []
    for item in error.errors():
        loc = prefix + _real_loc(tuple(item["loc"]), data)
        where = _dotted(loc)
        kind = item["type"]
        if kind == "extra_forbidden":
            import difflib  # only for a misspelt key: not at start-up

            close = difflib.get_close_matches(str(loc[-1]), [*names, *_FIELD_NAMES], n=1)
            hint = f'; did you mean "{close[0]}"?' if close else ""
            message = f'unknown key "{loc[-1]}"{hint}'
        elif kind == "invalid_key":
            message = f'the key "{loc[-1]}" is not text: write it in quotes'
        elif kind == "missing":
            message = f'missing "{loc[-1]}"'
            loc = loc[:-1]
        else:
            text = item["msg"].removeprefix("Value error, ")
            text = text.replace("Input should be", "expected")
            got = item.get("input")
            shown = "" if "got" in text or isinstance(got, dict) else f", got {_short(got)}"
            message = f"{where}: {text}{shown}"
        problems.append(marks.problem(loc, message))
    return problems


def _short(value, chars: int = SHOWN_CHARS) -> str:
    """The value as a message quotes it: a long text cut with "…" (a problem is one line)."""
    if isinstance(value, str) and len(value) > chars:
        return repr(value[:chars]) + "…"
    return repr(value)


def _dotted(loc) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "map"
