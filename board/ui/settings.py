"""The player's settings, remembered in the data folder (settings.json): the palette and the UI scale.

The file is the player's own, but it is read as untrusted: a file too large, not JSON, not an
object, or with a value not among those allowed is ignored (the default is used), never a
traceback."""

from __future__ import annotations

import json

from board.saves import data_dir, write_atomically
from board.ui.palette import NAMES
from board.ui.ui_scale import DEFAULT, LEAST, MOST

FILE = "settings.json"
MAX_BYTES = 16 * 1024  # a settings file is a few dozen bytes: anything larger is not ours
ALLOWED = {"palette": NAMES, "ui_scale": tuple(str(p) for p in range(LEAST, MOST + 1))}  # percent


def load() -> dict[str, str]:
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
    return {key: value for key, value in raw.items()
            if key in ALLOWED and isinstance(value, str) and value in ALLOWED[key]}


def save(**changes: str) -> str | None:
    """Remember these settings (with the others kept); the reason if they could not be written."""
    values = {**load(), **{k: v for k, v in changes.items() if k in ALLOWED and v in ALLOWED[k]}}
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        write_atomically(data_dir() / FILE, json.dumps(values, indent=1) + "\n")
    except OSError as error:
        return error.strerror or str(error)
    return None


def remembered_ui_scale() -> int:
    """The UI scale chosen last on the start screen, in percent (the default if none)."""
    return int(load().get("ui_scale", DEFAULT))  # load() kept only "100" to "300"
