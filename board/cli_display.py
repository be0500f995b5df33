"""The board's display options on the command line: the palette, the true scale (hexes at a
physical size) and the UI scale, each checked by argparse and read with the remembered
settings (board/ui/settings.py), pygame loaded only when the board opens."""

from __future__ import annotations

import argparse
import math
import sys

from board.i18n import N_

# The palettes (board/ui/draw/palette.py's NAMES; named here so --help needs no pygame).
PALETTES = ("default", "colour-blind", "high-contrast")


def use_palette(name: str | None) -> None:
    """The palette asked for on the command line (this run only), else the one remembered."""
    from board.ui import settings
    from board.ui.draw import palette

    palette.use(name or settings.load().get("palette", palette.DEFAULT))


# The true scale's hex sizes (board/ui/settings.py's NUMBERS; here so --help needs no pygame).
HEX_INCHES = (0.25, 6.0)


def hex_inches(text: str) -> float:
    """--hex-inches: a size in inches across the flats, or 0/off (true scale off)."""
    if text.strip().lower() in ("0", "off"):
        return 0.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not HEX_INCHES[0] <= value <= HEX_INCHES[1]:  # NaN is refused here too
        raise argparse.ArgumentTypeError(
            f"expected inches from {HEX_INCHES[0]:g} to {HEX_INCHES[1]:g} (or off), got {text!r}"
        )
    return value


def use_true_scale(inches: float | None) -> None:
    """The hex size asked for on the command line (remembered; 0 forgets it), else the one
    remembered; an unwritable data folder is told, and the size is used this run all the same."""
    from board.ui import settings
    from board.ui.draw import true_scale

    if inches is not None:
        problem = settings.save(hex_inches=inches or None)
        if problem:
            print(f"--hex-inches is used but not remembered: {problem}", file=sys.stderr)
    true_scale.use(settings.load().get("hex_inches") if inches is None else (inches or None))


def ui_scale_percent(text: str) -> int:
    """--ui-scale's value: a percentage from 100 to 300 (argparse says why another is refused)."""
    from board.ui.ui_scale import parse

    try:
        return parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def use_ui_scale(percent: int | None) -> None:
    """The UI scale asked for on the command line (this run only), else the one remembered."""
    from board.ui import settings, ui_scale

    ui_scale.use(percent or settings.remembered_ui_scale())


UI_SCALE_HELP = N_(
    "the size of text, panels and buttons in percent, 100 to 300 (such as 200 for a TV "
    "across the table); for this run only (default: the one chosen last on the start screen)"
)
