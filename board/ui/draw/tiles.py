"""The static map layer: terrain, grid and labels drawn into cached tiles per zoom."""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from board.hexgrid import Hex, hex_corner_offset, hex_label, hex_to_pixel, layout_for
from board.maps import BattleMap
from board.ui import theme
from board.ui.draw.ground import ground_shade, scatter
from board.ui.draw.relief import wall_block, wall_outline, wall_shadows
from board.ui.draw.textures import bevel, grain, grained

TILE = 256
MAX_TILES = 160  # about 40 MB: four screens' worth at 1280x800


class MapTiles:
    """Draws the map in TILE-pixel squares of map space, cached until the zoom changes."""

    def __init__(self, battle: BattleMap):
        self.battle = battle
        self.size = 0.0  # the hex size the tiles are painted at (0: none yet)
        self.labels = True
        self.soft = 0  # the blur that softens where terrains meet, in pixels (0: none)
        self.tiles: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self.index: dict[tuple[int, int], list[Hex]] = {}

    def _prepare(self, size: float, labels: bool) -> None:
        if size == self.size and labels == self.labels:
            return
        self.size, self.labels = size, labels
        self.tiles.clear()
        self.index.clear()
        layout = layout_for(self.battle.layout, size, (0.0, 0.0))
        self.soft = min(8, int(size / 9)) if size >= 18 else 0
        # A hex reaches this far from its centre: a wall's top and shadow, and the blurred edge.
        reach = size * 1.35 + self.soft
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
            surface = self._paint(key)
            self.tiles[key] = surface
            if len(self.tiles) > MAX_TILES:  # a big map at close zoom: keep the tiles seen last
                self.tiles.popitem(last=False)
        return surface

    def _paint(self, key: tuple[int, int]) -> pygame.Surface:
        """One tile: flat ground, blurred where terrains meet, then its details, the walls'
        shadows, the grain, the edges and labels, and the walls standing up over them all. It is
        painted with a margin as wide as the blur, so the blur runs on across tile seams."""
        pad = self.soft
        surface = pygame.Surface((TILE + 2 * pad, TILE + 2 * pad))
        surface.fill(theme.BACKGROUND)
        layout = layout_for(self.battle.layout, self.size, (pad - key[0] * TILE, pad - key[1] * TILE))
        offsets = [hex_corner_offset(layout, i) for i in range(6)]  # the same for every hex
        # Each hex: itself, its centre and its corners.
        shapes: list[tuple[Hex, tuple[float, float], list[tuple[float, float]]]] = []
        walls: list[tuple[Hex, tuple[float, float], list[tuple[float, float]]]] = []
        for h in self.index.get(key, ()):
            cx, cy = hex_to_pixel(layout, h)
            shape = (h, (cx, cy), [(cx + dx, cy + dy) for dx, dy in offsets])
            (walls if self.battle.terrain_at(h).kind == "wall" else shapes).append(shape)
        for shape in shapes + walls:
            self._fill_hex(surface, *shape)
        if pad:  # soft transitions: ground shades, fire's glow, the dark at a wall's foot
            surface = pygame.transform.box_blur(surface, pad)
        for shape in shapes:
            self._hex_details(surface, layout, *shape)
        if walls:
            shadows = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            wall_shadows(shadows, [(c, k) for _, c, k in walls], self.size)
            surface.blit(shadows, (0, 0))
        # The grain tints the ground, baked once into the tile; edges and labels stay crisp.
        surface.blit(grain(TILE), (pad, pad), special_flags=pygame.BLEND_RGB_MULT)
        for shape in shapes:
            self._edge_hex(surface, *shape)
        for _, centre, corners in sorted(walls, key=lambda w: w[1][1]):  # the nearer in front
            wall_block(surface, centre, corners, self.size)
            if self.size >= 12:
                wall_outline(surface, centre, corners, self.size)
        tile = surface.subsurface((pad, pad, TILE, TILE)) if pad else surface
        return tile.convert() if pygame.display.get_surface() else tile.copy()

    def _fill_hex(self, surface: pygame.Surface, h: Hex, centre, corners) -> None:
        """The hex's flat ground: a wall's dark foot, open ground's shade, a fire's floor."""
        terrain = self.battle.terrain_at(h)
        if terrain.kind == "wall":
            pygame.draw.polygon(surface, theme.WALL, corners)
            return
        pygame.draw.polygon(surface, ground_shade(self.battle.name, h.q, h.r), corners)  # stable per map
        if terrain.kind == "fire":
            cx, cy = centre
            inner = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in corners]
            pygame.draw.polygon(surface, theme.COALS if terrain.stage == "coals" else theme.FLAMES, inner)

    def _hex_details(self, surface: pygame.Surface, layout, h: Hex, centre, corners) -> None:
        """Over the blurred ground: pebbles and tufts, or a fire's coals."""
        terrain = self.battle.terrain_at(h)
        if terrain.kind == "fire":
            self._draw_fire(surface, layout, h, terrain.stage)
        else:
            scatter(surface, self.battle.name, h.q, h.r, centre, self.size)

    def _edge_hex(self, surface: pygame.Surface, h: Hex, centre, corners) -> None:
        """Over the grain, for a hex that is not a wall: its soft inner shadow, the anti-aliased
        grid line, and the label."""
        size = self.size
        cx, cy = centre
        if size >= 20:  # lit and shaded edges: open ground sinks a little
            inset = [(x + (cx - x) * 0.05, y + (cy - y) * 0.05) for x, y in corners]
            bevel(surface, inset, theme.OPEN_ALT, max(1, int(size / 20)), raised=False)
        edge = theme.GRID
        if size >= 12:  # anti-aliased where it shows; a far view keeps the cheaper plain line
            pygame.draw.aalines(surface, edge, True, corners)
        else:
            pygame.draw.polygon(surface, edge, corners, 1)
        if self.labels and size >= 22 and self.battle.size is not None:
            text = theme.font_px(max(9, int(size / 3.6))).render(hex_label(h, self.battle.layout), True, theme.LABEL)
            surface.blit(text, text.get_rect(center=(cx, cy - size * 0.58)))

    def _draw_fire(self, surface, layout, h: Hex, stage: str | None) -> None:
        """Over the fire's glowing floor (its flames' tongues flicker over it: BoardRenderer):
        the embers of coals."""
        cx, cy = hex_to_pixel(layout, h)
        s = self.size
        if stage == "coals":
            for dx, dy in ((-0.3, 0.1), (0.25, -0.15), (0.05, 0.3), (-0.1, -0.3), (0.32, 0.25)):
                pygame.draw.circle(surface, (255, 140, 50), (cx + dx * s, cy + dy * s), max(1, s / 11))

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, size: float, origin: tuple[float, float], labels: bool = True
    ) -> None:
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
