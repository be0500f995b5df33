"""Tiled's hexagonal grid: its pixels, its offset cells, and Hexboard's axial hexes for them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from board.hexgrid import Hex, hex_add


@dataclass(frozen=True)
class Stagger:
    """A hexagonal Tiled map's grid: which axis is staggered, which index, tile size in px."""

    axis: str  # "x": columns staggered (flat-top hexes); "y": rows (pointy-top)
    index: str  # "odd" or "even": which columns (rows) are shifted down (right)
    tile_w: int = 32
    tile_h: int = 28
    side: int = 16  # hexsidelength

    @property
    def layout(self) -> str:
        """Hexboard's layout for this grid."""
        return "flat" if self.axis == "x" else "pointy"

    def _shifted(self, i: int) -> bool:
        return bool((i & 1) ^ (self.index == "even"))

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Pixel centre of a cell, as Tiled's HexagonalRenderer places it."""
        w, h = self.tile_w & ~1, self.tile_h & ~1  # Tiled renders with even sizes
        if self.axis == "x":
            column_width = (w - self.side) // 2 + self.side
            x, y = col * column_width, row * h + (h // 2 if self._shifted(col) else 0)
        else:
            row_height = (h - self.side) // 2 + self.side
            x, y = col * w + (w // 2 if self._shifted(row) else 0), row * row_height
        return x + w / 2, y + h / 2

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The (col, row) whose centre is nearest a pixel, as Tiled picks it (maybe off the map)."""
        w, h = self.tile_w & ~1, self.tile_h & ~1
        if self.axis == "x":
            col0, row0 = math.floor(x / ((w + self.side) / 2)), math.floor(y / h)
        else:
            col0, row0 = math.floor(x / w), math.floor(y / ((h + self.side) / 2))
        candidates = [(c, r) for c in range(col0 - 2, col0 + 3) for r in range(row0 - 2, row0 + 3)]
        return min(candidates, key=lambda cell: math.dist(self.centre(*cell), (x, y)))

    def tiled_axial(self, col: int, row: int) -> Hex:
        """Axial coordinates of a Tiled cell (odd-q/even-q or odd-r/even-r offsets)."""
        if self.axis == "x":
            parity = col & 1
            return Hex(col, row - (col + parity) // 2 if self.index == "even" else row - (col - parity) // 2)
        parity = row & 1
        return Hex(col - (row + parity) // 2 if self.index == "even" else col - (row - parity) // 2, row)

    @property
    def pad(self) -> Hex:
        """The shift that puts an even map onto Hexboard's odd offsets, behind a wall border.

        An even-q rectangle is no odd-q rectangle: one column to the right it is, so an even
        map gains a wall column on the left (even-r: a wall row on top)."""
        if self.index == "odd":
            return Hex(0, 0)
        return Hex(1, 0) if self.axis == "x" else Hex(0, 1)

    def hexboard_hex(self, col: int, row: int) -> Hex:
        """The Hexboard hex of a Tiled cell."""
        return hex_add(self.tiled_axial(col, row), self.pad)


@dataclass(frozen=True)
class Grid:
    """The Tiled cells imported: a rectangle from `origin` (an infinite map: its used bounds)."""

    stagger: Stagger  # as Tiled draws the map
    origin: tuple[int, int]
    width: int
    height: int

    @cached_property
    def local(self) -> Stagger:
        """The stagger counted from the origin: an odd origin column (row) swaps odd and even."""
        shift = self.origin[0] if self.stagger.axis == "x" else self.origin[1]
        index = self.stagger.index if shift % 2 == 0 else {"odd": "even", "even": "odd"}[self.stagger.index]
        return Stagger(self.stagger.axis, index, self.stagger.tile_w, self.stagger.tile_h, self.stagger.side)

    @property
    def size(self) -> tuple[int, int]:
        """Columns and rows of the Hexboard rectangle: one more for an even stagger's edge."""
        pad = self.local.pad
        return self.width + pad.q, self.height + pad.r

    def cells(self):
        """Every Tiled cell of the grid, row by row."""
        ox, oy = self.origin
        return ((ox + c, oy + r) for r in range(self.height) for c in range(self.width))

    def contains(self, cell: tuple[int, int]) -> bool:
        return 0 <= cell[0] - self.origin[0] < self.width and 0 <= cell[1] - self.origin[1] < self.height

    def hex(self, cell: tuple[int, int]) -> Hex:
        """The Hexboard hex of a Tiled cell."""
        return self.local.hexboard_hex(cell[0] - self.origin[0], cell[1] - self.origin[1])

    def tiled_cell(self, col: int, row: int) -> tuple[int, int]:
        """The Tiled cell at a Hexboard offset (col, row): the pad is the only change of offsets."""
        pad = self.local.pad
        return col - pad.q + self.origin[0], row - pad.r + self.origin[1]
