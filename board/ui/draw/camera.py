"""The camera: zoom and pan, turning hexes into screen pixels and back."""

from __future__ import annotations

from functools import lru_cache

from board.hexgrid import Hex, Layout, hex_to_pixel, layout_for, pixel_to_hex, polygon_corners
from board.ui import theme

MIN_SIZE, MAX_SIZE = 8.0, 96.0  # at a UI scale of 100%: the closest zoom grows with the scale


def _largest() -> float:
    """The closest zoom's hex size: a 4K TV at 300% comes as close as a laptop at 100%."""
    return MAX_SIZE * theme.SCALE


MAX_OFFSETS = 65536  # hexes remembered per zoom (a 100x100 map has 10,000)


@lru_cache(maxsize=4)
def _offsets(kind: str, size: float) -> dict:
    """The offsets of hexes at one zoom, filled as they are asked for (a few zooms kept)."""
    return {}


class Camera:
    """Where the map sits on screen: hex size in pixels and the pixel of hex (0, 0)."""

    def __init__(self, kind: str, size: float = 36.0, origin: tuple[float, float] = (0.0, 0.0)):
        self.kind = kind
        self.size = size
        self.origin = origin
        self.version = 0  # bumped on every change, for caches keyed on the view

    @property
    def layout(self) -> Layout:
        """The hex layout at this zoom and pan (made once per change of view)."""
        key = (self.size, self.origin)
        if getattr(self, "_layout_key", None) != key:
            self._layout, self._layout_key = layout_for(self.kind, self.size, self.origin), key
        return self._layout

    def to_screen(self, h) -> tuple[float, float]:
        """Pixel centre of a hex (or fractional hex) on screen."""
        return hex_to_pixel(self.layout, h)

    def offset(self, h: Hex) -> tuple[float, float]:
        """Where a whole hex's centre lies from the origin, at this zoom: a pan leaves it alone,
        so it is looked up, not worked out, while panning (to_screen() adds the origin)."""
        table = _offsets(self.kind, self.size)
        point = table.get(h)
        if point is None:
            if len(table) >= MAX_OFFSETS:
                table.clear()
            point = table[h] = hex_to_pixel(layout_for(self.kind, self.size, (0.0, 0.0)), h)
        return point

    def hex_centre(self, h: Hex) -> tuple[float, float]:
        """to_screen() of a whole hex, from offset()."""
        x, y = self.offset(h)
        return x + self.origin[0], y + self.origin[1]

    def to_hex(self, p: tuple[float, float]) -> Hex:
        """The hex under a screen pixel."""
        return pixel_to_hex(self.layout, p)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six screen corners of a hex."""
        return polygon_corners(self.layout, h)

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by a pixel offset."""
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self.version += 1

    def zoom_at(self, factor: float, at: tuple[float, float]) -> None:
        """Zoom by factor, keeping the point under `at` still."""
        # A true scale larger than the closest zoom may be left by zooming out, and come back to it.
        new = max(MIN_SIZE, min(max(_largest(), self.size), self.size * factor))
        scale = new / self.size
        ox, oy = self.origin
        self.origin = (at[0] - (at[0] - ox) * scale, at[1] - (at[1] - oy) * scale)
        self.size = new
        self.version += 1

    def fit(self, cells, rect, size: float | None = None) -> None:
        """Zoom and pan so every cell shows inside rect (x, y, w, h), centred; with a size (the
        true scale's), at that size, centred."""
        cells = list(cells)
        probe = layout_for(self.kind, 1.0, (0.0, 0.0))
        points = [p for h in cells for p in polygon_corners(probe, h)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        x, y, w, h = rect
        if size is None:
            size = max(MIN_SIZE, min(_largest(), 0.94 * min(w / width, h / height)))
        self.size = size
        self.origin = (x + w / 2 - size * (min(xs) + max(xs)) / 2, y + h / 2 - size * (min(ys) + max(ys)) / 2)
        self.version += 1
