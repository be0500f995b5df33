"""True scale: hexes drawn at a physical size (so miniatures stand on a TV lying flat), from
the screen's DPI as SDL reports it, else as the player calibrated it (board/ui/calibrate.py).

A hex's size is measured across the flats: the distance between two opposite sides, as the
hexes of a printed battle mat are ("1-inch hexes"). A hex of camera size s (centre to corner)
is sqrt(3) * s across the flats."""

from __future__ import annotations

import ctypes
import ctypes.util
import math
from pathlib import Path

import pygame

from board.ui import settings

MM_PER_INCH = 25.4
CARD_MM = 85.6  # the long side of a bank card (ISO/IEC 7810 ID-1), the calibration's yardstick
DPI_RANGE = settings.NUMBERS["dpi"]
INCHES_RANGE = settings.NUMBERS["hex_inches"]
SDL_INIT_VIDEO = 0x20

_inches: list[float | None] = [None]  # the hex size asked for in this run (None: true scale off)
_measured: list[float | None] = [None]  # the DPI calibrated in this run


def use(inches: float | None) -> None:
    """Draw hexes this many inches across the flats from now on (None: fit the map instead)."""
    _inches[0] = inches


def inches() -> float | None:
    """The hex size asked for, in inches across the flats; None if true scale is off."""
    return _inches[0]


def measured(dpi: float | None) -> None:
    """The DPI the player calibrated in this run (it is also remembered, where it can be)."""
    _measured[0] = dpi


def hex_size(inches_across: float, dpi: float) -> float:
    """The camera size (centre to corner, in pixels) of a hex this many inches across the flats."""
    return inches_across * dpi / math.sqrt(3)


def screen_dpi() -> tuple[float, str] | None:
    """The screen's pixels per inch and where it came from: the player's calibration (measured,
    so it wins), else SDL's report of the display; None if neither is known."""
    calibrated = _measured[0] or settings.load().get("dpi")
    if isinstance(calibrated, float | int):
        return float(calibrated), "calibrated"
    reported = sdl_dpi()
    return (reported, "reported by the display") if reported is not None else None


def camera_size() -> float | None:
    """The camera size that draws hexes at the true scale asked for; None if off or unknown."""
    if not _inches[0]:
        return None
    dpi = screen_dpi()
    return hex_size(_inches[0], dpi[0]) if dpi else None


def needs_calibration() -> bool:
    """True scale is asked for but the screen's DPI is not known: the calibration screen first."""
    return _inches[0] is not None and screen_dpi() is None


def sdl_dpi(display: int = 0) -> float | None:
    """The horizontal DPI SDL reports for a display, if it reports one in a plausible range.

    pygame-ce has no call for SDL_GetDisplayDPI, so it is asked of the SDL library pygame loaded
    (the same library: SDL_WasInit must see the video pygame started). Many drivers (the dummy
    one, most X11 setups without a physical size) report nothing: None."""
    library = _pygame_sdl()
    if library is None:
        return None
    try:
        if not library.SDL_WasInit(SDL_INIT_VIDEO):
            return None  # another copy of SDL than pygame's: it knows no display
        get = library.SDL_GetDisplayDPI
        get.argtypes = [ctypes.c_int] + [ctypes.POINTER(ctypes.c_float)] * 3
        get.restype = ctypes.c_int
        diagonal, horizontal, vertical = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
        if get(display, ctypes.byref(diagonal), ctypes.byref(horizontal), ctypes.byref(vertical)) != 0:
            return None
    except (AttributeError, OSError):
        return None
    value = float(horizontal.value)
    return value if math.isfinite(value) and DPI_RANGE[0] <= value <= DPI_RANGE[1] else None


def _pygame_sdl():
    """The SDL2 library beside pygame (its wheel's copy), else the system's; None if not found."""
    base = Path(pygame.__file__).resolve().parent
    found = [
        p
        for folder in (base, base / ".dylibs", base.parent / "pygame_ce.libs")
        for pattern in ("SDL2.dll", "libSDL2-2*.so*", "libSDL2-2*.dylib", "libSDL2.so*")
        for p in sorted(folder.glob(pattern))
    ]
    name = str(found[0]) if found else ctypes.util.find_library("SDL2")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None
