"""What a command's params may hold: values a save writes and reads back as they were."""

from __future__ import annotations

import math

# No action's settings nest more than a few levels (a GM's added figure: figure, weapons, one
# weapon); far deeper ones are an attack on the serializer (pydantic stops at 255 levels).
MAX_DEPTH = 16


def params_problem(params: dict) -> str | None:
    """Why these params could not be saved and read back the same, or None if they can.

    A save and its journal are JSON: a value they cannot write (a date, a set), one written as
    something else (infinity and NaN become null, a number key becomes text) or nested past
    what the writer takes would make the game unsaveable, or replay otherwise than it played."""
    stack = [(params, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"the command's settings nest deeper than {MAX_DEPTH} levels"
        if isinstance(value, dict):
            if not all(isinstance(key, str) for key in value):
                return "the command's settings have a key that is not text"
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, float):
            if not math.isfinite(value):
                return f"the command's settings hold {value}, which a save cannot keep"
        elif value is not None and not isinstance(value, (str, int)):  # bool is an int
            return f"the command's settings hold a {type(value).__name__}, which a save cannot keep"
    return None
