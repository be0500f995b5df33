"""Hex-grid geometry: axial coordinates, layouts, offsets, labels, lines.

After Red Blob Games' hexagon guide (redblobgames.com/grids/hexagons): small
pure functions on value types. A Hex never knows about pixels; only a Layout
turns hexes into points. Footprints and facing live in board.footprints.

Conventions: axial Hex(q, r) with s = -q - r. Direction numbers 0-5 are, in
order, (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1), and are taken mod 6.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple
from collections.abc import Sequence

__all__ = [
    "Hex",
    "ORIGIN",
    "DIRECTIONS",
    "hex_add",
    "hex_subtract",
    "hex_scale",
    "hex_direction",
    "hex_neighbor",
    "hex_neighbors",
    "hex_length",
    "hex_distance",
    "direction_between",
    "hex_range",
    "hex_ring",
    "hex_spiral",
    "hex_rotate_left",
    "hex_rotate_right",
    "hex_rotate",
    "hex_reflect_q",
    "hex_reflect_r",
    "hex_reflect_s",
    "hex_round",
    "hex_lerp",
    "hex_linedraw",
    "hex_linedraw_both",
    "Orientation",
    "POINTY",
    "FLAT",
    "Layout",
    "layout_for",
    "hex_to_pixel",
    "pixel_to_hex_fractional",
    "pixel_to_hex",
    "hex_corner_offset",
    "polygon_corners",
    "KINDS",
    "to_offset",
    "from_offset",
    "hex_label",
    "parse_label",
]

Point = tuple[float, float]


class Hex(NamedTuple):
    """An axial hex coordinate; the third cube coordinate is s = -q - r."""

    # NamedTuple: hashable, tuple-comparable, Hex(*[q, r]) works. Note that
    # `+` is tuple concatenation, so arithmetic goes through hex_add & co.
    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, -q - r."""
        return -self.q - self.r


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


# --- Arithmetic, neighbours, distance ---------------------------------------


def hex_add(a: Hex, b: Hex) -> Hex:
    """Return a + b."""
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    """Return a - b."""
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    """Return a scaled by the integer k."""
    return Hex(a.q * k, a.r * k)


def hex_direction(direction: int) -> Hex:
    """Return the unit vector of a direction number (mod 6)."""
    return DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    """Return the neighbour of h in a direction (mod 6)."""
    return hex_add(h, hex_direction(direction))


# Hex(q, r) without NamedTuple's Python-level __new__: the rules ask for neighbours and
# distances many thousands of times a second.
_new_tuple = tuple.__new__


def hex_neighbors(h: Hex) -> list[Hex]:
    """Return the six neighbours of h in direction order 0-5."""
    q, r = h
    return [
        _new_tuple(Hex, (q + 1, r)),
        _new_tuple(Hex, (q + 1, r - 1)),
        _new_tuple(Hex, (q, r - 1)),
        _new_tuple(Hex, (q - 1, r)),
        _new_tuple(Hex, (q - 1, r + 1)),
        _new_tuple(Hex, (q, r + 1)),
    ]


def hex_length(h: Hex) -> int:
    """Return the distance from the origin to h."""
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    """Return the number of steps between a and b."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_DIRECTION_OF: dict[tuple[int, int], int] = {d: i for i, d in enumerate(DIRECTIONS)}


def direction_between(a: Hex, b: Hex) -> int | None:
    """Return d with b == hex_neighbor(a, d), or None if not adjacent."""
    return _DIRECTION_OF.get((b[0] - a[0], b[1] - a[1]))


# --- Areas -----------------------------------------------------------------
# A negative radius has no hexes, so these return [] rather than raising.


def hex_range(center: Hex, n: int) -> list[Hex]:
    """Return all hexes within distance n of center."""
    results = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            results.append(Hex(center.q + dq, center.r + dr))
    return results


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """Return the hexes at exactly distance radius; radius 0 gives [center]."""
    if radius < 0:
        return []
    if radius == 0:
        return [center]
    # Start at corner 4 so that walking directions 0..5 in turn closes the ring.
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    results = []
    for d in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, d)
    return results


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """Return center, then ring 1, ring 2, ... up to radius."""
    results: list[Hex] = []
    for k in range(radius + 1):
        results.extend(hex_ring(center, k))
    return results


# --- Rotation and reflection -----------------------------------------------


def hex_rotate_left(h: Hex) -> Hex:
    """Rotate 60 degrees about the origin, mapping DIRECTIONS[d] to [d+1]."""
    return Hex(-h.s, -h.q)


def hex_rotate_right(h: Hex) -> Hex:
    """Rotate 60 degrees about the origin, mapping DIRECTIONS[d] to [d-1]."""
    return Hex(-h.r, -h.s)


def hex_rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """Rotate h about center by steps (positive = left = increasing d)."""
    v = hex_subtract(h, center)
    for _ in range(steps % 6):
        v = hex_rotate_left(v)
    return hex_add(center, v)


def hex_reflect_q(h: Hex, center: Hex = ORIGIN) -> Hex:
    """Reflect across the q axis through center (keep q, swap r and s)."""
    v = hex_subtract(h, center)
    return hex_add(center, Hex(v.q, v.s))


def hex_reflect_r(h: Hex, center: Hex = ORIGIN) -> Hex:
    """Reflect across the r axis through center (keep r, swap q and s)."""
    v = hex_subtract(h, center)
    return hex_add(center, Hex(v.s, v.r))


def hex_reflect_s(h: Hex, center: Hex = ORIGIN) -> Hex:
    """Reflect across the s axis through center (keep s, swap q and r)."""
    v = hex_subtract(h, center)
    return hex_add(center, Hex(v.r, v.q))


# --- Fractional hexes, rounding, lines --------------------------------------


def hex_round(q: float, r: float) -> Hex:
    """Round a fractional axial coordinate to the hex containing it."""
    s = -q - r
    qi, ri, si = round(q), round(r), round(s)
    dq, dr, ds = abs(qi - q), abs(ri - r), abs(si - s)
    # Rounding each coordinate alone can break q + r + s = 0; recompute the
    # one that moved furthest from the others.
    if dq > dr and dq > ds:
        qi = -ri - si
    elif dr > ds:
        ri = -qi - si
    return Hex(int(qi), int(ri))


def hex_lerp(a: Sequence[float], b: Sequence[float], t: float) -> tuple[float, float]:
    """Return the fractional hex (q, r) a fraction t of the way from a to b."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


_LINE_EPSILON = 1e-6


def hex_linedraw(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """Return the hexes on the line from a to b, a and b included."""
    if nudge not in (1, -1):
        raise ValueError(f"nudge must be +1 or -1, not {nudge!r}")
    # Cube nudge (+e, +2e, -3e) keeps q + r + s = 0, so shifting q and r is
    # enough. It pushes samples off hex edges; the sign picks the side. It is
    # parallel to no edge (an edge runs along (1,1,-2), (1,-2,1) or (-2,1,1)),
    # so on every tie it, not floating-point noise, picks the side.
    e = _LINE_EPSILON * nudge
    start = (a.q + e, a.r + 2 * e)
    end = (b.q + e, b.r + 2 * e)
    n = hex_distance(a, b)
    step = 1.0 / max(n, 1)
    return [hex_round(*hex_lerp(start, end, step * i)) for i in range(n + 1)]


def hex_linedraw_both(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """Return the lines from a to b nudged +1 and -1 (they differ on edges)."""
    return hex_linedraw(a, b, 1), hex_linedraw(a, b, -1)


# --- Layouts: hexes to pixels and back --------------------------------------


class Orientation(NamedTuple):
    """Forward (f) and backward (b) 2x2 matrices, and the first corner angle."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in sixths of a turn


_SQRT3 = math.sqrt(3.0)

POINTY = Orientation(_SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
FLAT = Orientation(3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0)


class Layout(NamedTuple):
    """An orientation, a hex size (x, y radii) and the pixel of Hex(0, 0)."""

    orientation: Orientation
    size: Point
    origin: Point


KINDS = ("flat", "pointy")


def _check_kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"map kind must be 'flat' or 'pointy', not {kind!r}")
    return kind


def layout_for(kind: str, size: float | Point, origin: Point = (0.0, 0.0)) -> Layout:
    """Return the Layout for a map kind; a single number size means round hexes."""
    orientation = FLAT if _check_kind(kind) == "flat" else POINTY
    if isinstance(size, (int, float)):
        size = (float(size), float(size))
    return Layout(orientation, (float(size[0]), float(size[1])), (float(origin[0]), float(origin[1])))


def hex_to_pixel(layout: Layout, h: Sequence[float]) -> Point:
    """Return the pixel centre of a (possibly fractional) hex."""
    m = layout.orientation
    q, r = h[0], h[1]
    x = (m.f0 * q + m.f1 * r) * layout.size[0]
    y = (m.f2 * q + m.f3 * r) * layout.size[1]
    return (x + layout.origin[0], y + layout.origin[1])


def pixel_to_hex_fractional(layout: Layout, p: Point) -> tuple[float, float]:
    """Return the fractional axial (q, r) under a pixel."""
    m = layout.orientation
    x = (p[0] - layout.origin[0]) / layout.size[0]
    y = (p[1] - layout.origin[1]) / layout.size[1]
    return (m.b0 * x + m.b1 * y, m.b2 * x + m.b3 * y)


def pixel_to_hex(layout: Layout, p: Point) -> Hex:
    """Return the hex under a pixel."""
    return hex_round(*pixel_to_hex_fractional(layout, p))


def hex_corner_offset(layout: Layout, corner: int) -> Point:
    """Return corner (0-5) of a hex relative to its centre."""
    angle = 2.0 * math.pi * (layout.orientation.start_angle + corner) / 6.0
    return (layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle))


def polygon_corners(layout: Layout, h: Hex) -> list[Point]:
    """Return the six corner pixels of h."""
    cx, cy = hex_to_pixel(layout, h)
    return [(cx + dx, cy + dy) for dx, dy in (hex_corner_offset(layout, i) for i in range(6))]


# --- Offset coordinates and printed labels ----------------------------------
# Flat-top maps use odd-q (odd columns shoved down); pointy-top maps use
# odd-r (odd rows shoved right). `x & 1` is 1 for odd negatives too.


def to_offset(h: Hex, kind: str) -> tuple[int, int]:
    """Return the (col, row) offset coordinate of h on a map of this kind."""
    if _check_kind(kind) == "flat":
        return (h.q, h.r + (h.q - (h.q & 1)) // 2)
    return (h.q + (h.r - (h.r & 1)) // 2, h.r)


def from_offset(col: int, row: int, kind: str) -> Hex:
    """Return the hex at offset (col, row) on a map of this kind."""
    if _check_kind(kind) == "flat":
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col - (row - (row & 1)) // 2, row)


@lru_cache(maxsize=1 << 16)  # event texts name hexes on nearly every command
def hex_label(h: Hex, kind: str) -> str:
    """Return the printed label CCRR (1-based column, then row) of h."""
    col, row = to_offset(h, kind)
    c, r = col + 1, row + 1
    if c < 1 or r < 1:
        raise ValueError(f"{h} is off the map's top-left edge (offset {col}, {row}); labels start at 0101")
    if c > 999 or r > 999:
        raise ValueError(f"{h} is too far out for a label (offset {col}, {row})")
    width = 3 if c > 99 or r > 99 else 2
    return f"{c:0{width}d}{r:0{width}d}"


# Compass words for directions 0-5: on screen they go counter-clockwise (docs/coordinates.md).
_COMPASS = {"pointy": ("E", "NE", "NW", "W", "SW", "SE"), "flat": ("SE", "NE", "N", "NW", "SW", "S")}


def direction_name(direction: int, kind: str) -> str:
    """The compass word a player reads for a direction on a flat- or pointy-top map."""
    return _COMPASS[_check_kind(kind)][direction % 6]


def parse_label(label: str, kind: str) -> Hex:
    """Return the hex named by a 4- or 6-digit CCRR label."""
    text = label.strip() if isinstance(label, str) else label
    if not isinstance(text, str) or len(text) not in (4, 6) or not (text.isascii() and text.isdigit()):
        raise ValueError(f"hex label must be 4 or 6 digits (CCRR or CCCRRR), got {label!r}")
    half = len(text) // 2
    c, r = int(text[:half]), int(text[half:])
    if c < 1 or r < 1:
        raise ValueError(f"hex label {label!r}: column and row start at 1")
    return from_offset(c - 1, r - 1, kind)
