"""The player's settings, remembered in the data folder (settings.json): the palette, the UI
scale, the language, the true scale's hex size and the screen's calibrated DPI.

The file is the player's own, but it is read as untrusted: a file too large, not JSON, not an
object, or with a value not among those allowed is ignored (the default is used), never a
traceback."""

from __future__ import annotations

import json
from typing import Any

from board.i18n import LANGUAGES
from board.saves import data_dir, write_atomically
from board.ui.draw.palette import NAMES
from board.ui.ui_scale import DEFAULT, LEAST, MOST

FILE = "settings.json"
MAX_BYTES = 16 * 1024  # a settings file is a few dozen bytes: anything larger is not ours
ALLOWED = {
    "palette": NAMES,
    "language": tuple(LANGUAGES),
    "ui_scale": tuple(str(p) for p in range(LEAST, MOST + 1)),
}  # percent
# Numbers and their ranges (JSON's NaN and Infinity, and true/false, are not numbers here).
NUMBERS = {"hex_inches": (0.25, 6.0), "dpi": (20.0, 1000.0)}


def allowed(key: str, value) -> bool:
    """True if the setting is one of ours and the value one it may take."""
    if key in NUMBERS:
        low, high = NUMBERS[key]
        return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high
    return key in ALLOWED and isinstance(value, str) and value in ALLOWED[key]


def load() -> dict[str, Any]:
    """The remembered settings that are valid; the others left out."""
    try:
        with open(data_dir() / FILE, "rb") as file:
            text = file.read(MAX_BYTES + 1)  # read no more than that, whatever the file is
        if len(text) > MAX_BYTES:
            return {}
        raw = json.loads(text.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return {}
    if not isinstance(raw, dict):
        return {}
    return {key: value for key, value in raw.items() if allowed(key, value)}


def save(**changes) -> str | None:
    """Remember these settings (with the others kept; None forgets one); the reason if they
    could not be written."""
    values = {**load(), **{k: v for k, v in changes.items() if allowed(k, v)}}
    values = {k: v for k, v in values.items() if changes.get(k, v) is not None}
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        write_atomically(data_dir() / FILE, json.dumps(values, indent=1) + "\n")
    except OSError as error:
        return error.strerror or str(error)
    return None


def remembered_ui_scale() -> int:
    """The UI scale chosen last on the start screen, in percent (the default if none)."""
    return int(load().get("ui_scale", DEFAULT))  # load() kept only "100" to "300"
