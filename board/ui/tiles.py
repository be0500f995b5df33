"""The static map layer: terrain, grid and labels drawn into cached tiles per zoom."""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from board.hexgrid import Hex, hex_corner_offset, hex_label, hex_to_pixel, layout_for, polygon_corners
from board.maps import BattleMap
from board.ui import theme
from board.ui.ground import ground_shade, scatter
from board.ui.textures import bevel, grain, grained

TILE = 256
MAX_TILES = 160  # about 40 MB: four screens' worth at 1280x800


class MapTiles:
    """Draws the map in TILE-pixel squares of map space, cached until the zoom changes."""

    def __init__(self, battle: BattleMap):
        self.battle = battle
        self.size = None
        self.labels = True
        self.tiles: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self.index: dict[tuple[int, int], list[Hex]] = {}

    def _prepare(self, size: float, labels: bool) -> None:
        if size == self.size and labels == self.labels:
            return
        self.size, self.labels = size, labels
        self.tiles.clear()
        self.index.clear()
        layout = layout_for(self.battle.layout, size, (0.0, 0.0))
        reach = size * 1.05  # a hex reaches this far from its centre
        for h in self.battle.cells:
            x, y = hex_to_pixel(layout, h)
            for tx in range(math.floor((x - reach) / TILE), math.floor((x + reach) / TILE) + 1):
                for ty in range(math.floor((y - reach) / TILE), math.floor((y + reach) / TILE) + 1):
                    self.index.setdefault((tx, ty), []).append(h)

    def _tile(self, key: tuple[int, int]) -> pygame.Surface:
        surface = self.tiles.get(key)
        if surface is not None:
            self.tiles.move_to_end(key)
        else:
            surface = pygame.Surface((TILE, TILE)).convert() if pygame.display.get_surface() \
                else pygame.Surface((TILE, TILE))
            surface.fill(theme.BACKGROUND)
            layout = layout_for(self.battle.layout, self.size, (-key[0] * TILE, -key[1] * TILE))
            offsets = [hex_corner_offset(layout, i) for i in range(6)]  # the same for every hex
            shapes = []
            for h in self.index.get(key, ()):
                cx, cy = hex_to_pixel(layout, h)
                shapes.append((h, (cx, cy), [(cx + dx, cy + dy) for dx, dy in offsets]))
            for shape in shapes:
                self._fill_hex(surface, layout, *shape)
            # The grain tints the ground, baked once into the tile; edges and labels stay crisp.
            surface.blit(grain(TILE), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            for shape in shapes:
                self._edge_hex(surface, *shape)
            self.tiles[key] = surface
            if len(self.tiles) > MAX_TILES:  # a big map at close zoom: keep the tiles seen last
                self.tiles.popitem(last=False)
        return surface

    def _fill_hex(self, surface: pygame.Surface, layout, h: Hex, centre, corners) -> None:
        """The hex's ground: its fill, and the fire in it."""
        terrain = self.battle.terrain_at(h)
        if terrain.kind == "wall":
            pygame.draw.polygon(surface, theme.WALL, corners)
            return
        name = self.battle.name
        pygame.draw.polygon(surface, ground_shade(name, h.q, h.r), corners)  # varied, stable per map
        if terrain.kind != "fire":
            scatter(surface, name, h.q, h.r, centre, self.size)
        if terrain.kind == "fire":
            self._draw_fire(surface, layout, h, terrain.stage)

    def _edge_hex(self, surface: pygame.Surface, h: Hex, centre, corners) -> None:
        """Over the grain: a wall's lit and shaded edges, an open hex's soft inner shadow, the
        anti-aliased grid line, and the label."""
        size = self.size
        cx, cy = centre
        wall = self.battle.terrain_at(h).kind == "wall"
        if size >= (12 if wall else 20):  # lit and shaded edges: a wall stands up, open ground sinks
            k = 0.06 if wall else 0.05
            inset = [(x + (cx - x) * k, y + (cy - y) * k) for x, y in corners]
            bevel(surface, inset, theme.WALL if wall else theme.OPEN_ALT,
                  max(1, int(size / (10 if wall else 20))), raised=wall)
        edge = theme.WALL_EDGE if wall else theme.GRID
        if size >= 12:  # anti-aliased where it shows; a far view keeps the cheaper plain line
            pygame.draw.aalines(surface, edge, True, corners)
        else:
            pygame.draw.polygon(surface, edge, corners, 1)
        if not wall and self.labels and size >= 22 and self.battle.size is not None:
            text = theme.font(max(9, int(size / 3.6))).render(hex_label(h, self.battle.layout), True,
                                                              theme.LABEL)
            surface.blit(text, text.get_rect(center=(cx, cy - size * 0.58)))

    def _draw_fire(self, surface, layout, h: Hex, stage: str | None) -> None:
        """The fire's glowing floor (flames' tongues flicker over it: BoardRenderer), or coals."""
        cx, cy = hex_to_pixel(layout, h)
        s = self.size
        inner = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in polygon_corners(layout, h)]
        pygame.draw.polygon(surface, theme.COALS if stage == "coals" else theme.FLAMES, inner)
        if stage == "coals":
            for dx, dy in ((-0.3, 0.1), (0.25, -0.15), (0.05, 0.3), (-0.1, -0.3), (0.32, 0.25)):
                pygame.draw.circle(surface, (255, 140, 50), (cx + dx * s, cy + dy * s), max(1, s / 11))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: float,
             origin: tuple[float, float], labels: bool = True) -> None:
        """Blit the tiles covering rect, for a camera of this size and origin."""
        self._prepare(size, labels)
        ox, oy = origin
        first_x = math.floor((rect.left - ox) / TILE)
        first_y = math.floor((rect.top - oy) / TILE)
        last_x = math.floor((rect.right - ox) / TILE)
        last_y = math.floor((rect.bottom - oy) / TILE)
        blits = []
        clip = surface.get_clip()
        surface.set_clip(rect)
        for tx in range(first_x, last_x + 1):
            for ty in range(first_y, last_y + 1):
                at = (round(ox + tx * TILE), round(oy + ty * TILE))
                if (tx, ty) in self.index:
                    blits.append((self._tile((tx, ty)), at))
                else:  # no hex there: background only (a tile is opaque, so not under tiles)
                    surface.fill(grained(theme.BACKGROUND, TILE), (*at, TILE, TILE))
        surface.fblits(blits)
        surface.set_clip(clip)
