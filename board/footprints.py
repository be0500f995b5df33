"""Facing and multihex footprints: which hexes a figure covers and threatens.

A figure faces one of the six hex sides (a direction number, mod 6). A
footprint is a size, an anchor hex and a facing; its cells are fixed base
offsets for facing 0, rotated about the anchor by `facing` steps.
"""

from __future__ import annotations

import math
from functools import lru_cache, cache

from board.hexgrid import DIRECTIONS, ORIGIN, Hex, hex_neighbors, hex_rotate

__all__ = [
    "FOOTPRINT_SIZES",
    "ZONES",
    "footprint_cells",
    "footprint_centroid",
    "footprint_neighbors",
    "relative_zone",
    "threat_zone",
    "rear_hexes",
]

FOOTPRINT_SIZES = (1, 2, 3, 4, 7)

ZONES = ("inside", "front", "side", "rear")

# Base offsets for facing 0, anchor first.
_BASE: dict[int, tuple[Hex, ...]] = {
    1: (ORIGIN,),
    # A head with the body directly behind it.
    2: (ORIGIN, DIRECTIONS[3]),
    # A triangle can't be symmetric about a hex side; this one puts the
    # anchor and DIRECTIONS[5] forward, DIRECTIONS[4] behind them.
    3: (ORIGIN, DIRECTIONS[5], DIRECTIONS[4]),
    # Head in front, two wings and a tail behind: symmetric about the facing.
    4: (ORIGIN, DIRECTIONS[2], DIRECTIONS[3], DIRECTIONS[4]),
    # The megahex: the anchor and its six neighbours.
    7: (ORIGIN,) + DIRECTIONS,
}

# Angles exactly at 90 or 150 degrees are "side"; this keeps float error from
# flipping a boundary hex (the megahex has hexes at exactly 150 degrees).
_TOLERANCE = 1e-9
_COS_90 = 0.0
_COS_150 = -math.sqrt(3.0) / 2.0


def _cartesian(h: Hex) -> tuple[float, float]:
    # Pointy-top unit-size pixels. Only angles matter here, and any fixed
    # linear basis gives the same angles up to the map's orientation.
    return (math.sqrt(3.0) * (h.q + h.r / 2.0), 1.5 * h.r)


def footprint_cells(size: int, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    """Return the hexes a figure covers, anchor first."""
    if size == 1:  # most figures: asked for many thousands of times a second
        return (anchor if type(anchor) is Hex else Hex(*anchor),)
    q, r = anchor
    return tuple(Hex(q + dq, r + dr) for dq, dr in _cells_at_origin(size, facing % 6))


# Footprint geometry only depends on (size, facing) up to translation, so it
# is worked out once at the origin and moved to the anchor: the rules ask for
# threat zones thousands of times a second.
@cache
def _cells_at_origin(size: int, facing: int) -> tuple[Hex, ...]:
    try:
        base = _BASE[size]
    except (KeyError, TypeError):
        raise ValueError(f"footprint size must be one of {FOOTPRINT_SIZES}, not {size!r}") from None
    return tuple(hex_rotate(offset, facing) for offset in base)


def footprint_centroid(size: int, anchor: Hex, facing: int) -> tuple[float, float]:
    """Return the mean cell centre in the unit pointy-top cartesian basis."""
    points = [_cartesian(h) for h in footprint_cells(size, anchor, facing)]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def footprint_neighbors(size: int, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    """Return the hexes adjacent to the footprint that it does not cover."""
    cells = footprint_cells(size, anchor, facing)
    seen = set(cells)
    result = []
    for cell in cells:
        for n in hex_neighbors(cell):
            if n not in seen:
                seen.add(n)
                result.append(n)
    return tuple(result)


def _bearing(size: int, anchor: Hex, facing: int, h: Hex) -> tuple[float, float, float]:
    """Return (cos, signed angle, distance) of h seen from the centroid."""
    cx, cy = footprint_centroid(size, anchor, facing)
    hx, hy = _cartesian(h)
    vx, vy = hx - cx, hy - cy
    fx, fy = _cartesian(DIRECTIONS[facing % 6])
    norm = math.hypot(vx, vy) * math.hypot(fx, fy)
    dot = vx * fx + vy * fy
    # In this basis increasing direction numbers turn with negative cross
    # product; flip it so positive angles mean "to the figure's left".
    left = -(fx * vy - fy * vx)
    # No footprint has a non-cell hex at its centroid; guard the division anyway.
    return (dot / norm if norm else 0.0, math.atan2(left, dot), math.hypot(vx, vy))


def relative_zone(size: int, anchor: Hex, facing: int, h: Hex) -> str:
    """Return where h lies for the figure: inside, front, side or rear."""
    return _zone_at_origin(size, facing % 6, h[0] - anchor[0], h[1] - anchor[1])


@lru_cache(maxsize=65536)
def _zone_at_origin(size: int, facing: int, dq: int, dr: int) -> str:
    h = Hex(dq, dr)
    if h in _cells_at_origin(size, facing):
        return "inside"
    cos_alpha = _bearing(size, ORIGIN, facing, h)[0]
    if cos_alpha > _COS_90 + _TOLERANCE:
        return "front"
    if cos_alpha < _COS_150 - _TOLERANCE:
        return "rear"
    return "side"


@cache
def _adjacent_at_origin(size: int, facing: int, zone: str) -> tuple[Hex, ...]:
    hexes = [h for h in footprint_neighbors(size, ORIGIN, facing) if relative_zone(size, ORIGIN, facing, h) == zone]
    # Right to left as the figure sees them, so the order turns with it.
    hexes.sort(key=lambda h: _bearing(size, ORIGIN, facing, h)[1:])
    return tuple(hexes)


def _adjacent_in_zone(size: int, anchor: Hex, facing: int, zone: str) -> tuple[Hex, ...]:
    q, r = anchor
    return tuple(Hex(q + dq, r + dr) for dq, dr in _adjacent_at_origin(size, facing % 6, zone))


def threat_zone(size: int, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    """Return the adjacent hexes in front of the figure, right to left."""
    return _adjacent_in_zone(size, anchor, facing, "front")


def rear_hexes(size: int, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    """Return the adjacent hexes behind the figure."""
    return _adjacent_in_zone(size, anchor, facing, "rear")
