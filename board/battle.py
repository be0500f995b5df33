"""A validated map as the rules read it: hexes, terrain and figures (board/maps.py builds it).

Apart from the map files, so that a ruleset reads a map without importing what loads one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from board.footprints import footprint_cells
from board.hexgrid import Hex, hex_label, hex_neighbors
from board.models import MapFile


@dataclass(frozen=True)
class Terrain:
    """What is on a hex besides figures."""

    kind: str = "open"
    stage: str | None = None  # for fire: "flames" or "coals"

    @property
    def blocks(self) -> bool:
        """Walls block movement and standing."""
        return self.kind == "wall"


OPEN = Terrain()


@dataclass
class BattleMap:
    """A validated map: its hexes, terrain and the figures placed on it."""

    name: str
    ruleset: str  # the ruleset it is played with (the file's own, or the one asked for)
    layout: str
    cells: frozenset[Hex]
    terrain: dict[Hex, Terrain]  # only hexes that are not open
    figures: list  # the ruleset's figure sheets, `at` resolved to axial, names to its tables
    source: MapFile | None  # the file as read (None: a draft the editor draws)
    file: str = "<map>"
    size: tuple[int, int] | None = None
    teams: dict[str, str] = field(default_factory=dict)

    @property
    def read(self) -> MapFile:
        """The map file as read (a draft the editor draws was never read: asking is a fault)."""
        if self.source is None:
            raise ValueError(f"map {self.name!r} is a draft the editor draws: it was read from no file")
        return self.source

    def terrain_at(self, h: Hex) -> Terrain:
        """The terrain of a hex (open when nothing is recorded)."""
        return self.terrain.get(h, OPEN)

    @cached_property
    def cell_at(self) -> dict[tuple[int, int], Hex]:
        """Each hex of the map by its (q, r): a command's pair read as the map's own Hex in one
        lookup (a Hex equals the plain pair it holds)."""
        return {h: h for h in self.cells}

    @cached_property
    def fires(self) -> dict[Hex, str | None]:
        """Each burning hex and its stage ("coals", or the flames' None): most maps have none."""
        return {h: t.stage for h, t in self.terrain.items() if t.kind == "fire"}

    @cached_property
    def ways(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each passable hex's passable neighbours, in direction order: what a search for
        reachable hexes walks (worked out once: a map does not change once loaded)."""
        return {h: tuple(n for n in hex_neighbors(h) if self.passable(n)) for h in self.cells if self.passable(h)}

    def passable(self, h: Hex) -> bool:
        """Whether a figure may stand on h: on the map and not a wall."""
        return h in self.cells and not self.terrain_at(h).blocks

    def why_not_stand(self, size: int, anchor: Hex, facing: int, occupied: Mapping[Hex, str]) -> str | None:
        """Why a figure of size cannot stand at anchor with that facing (a cell off the map, on
        a wall, or in occupied: hex -> the figure there), or None when every cell is free."""
        for c in footprint_cells(size, anchor, facing):
            if c not in self.cells:
                return f"{self.label(c)} is off the map" if self.size else "that is off the map"
            if self.terrain_at(c).blocks:
                return f"{self.label(c)} is a wall"
            if c in occupied:
                return f"{occupied[c]} is in the way at {self.label(c)}"
        return None

    def label(self, h: Hex) -> str:
        """The printed-map label of a hex, or its axial coordinates off a rectangle."""
        if self.size is None or h not in self.cells:
            return f"[{h.q}, {h.r}]"
        return hex_label(h, self.layout)
