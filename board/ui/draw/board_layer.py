"""The board layer under the tokens: the map's tiles with the threat zones, reach and must-stop
hexes stamped on them, kept between frames and painted again only where something changed (a
pan by whole pixels scrolls it and paints the strips it uncovered)."""

from __future__ import annotations

import pygame

from board.hexgrid import Hex
from board.ui import theme
from board.ui.draw.camera import Camera
from board.ui.draw.overlays import Overlays
from board.ui.draw.patterns import dotted_stamp, outlined_stamp
from board.ui.draw.stamps import stamp, threat_stamp, uncovered
from board.ui.draw.tiles import MapTiles


def stamp_offset(camera: Camera, h: Hex) -> tuple[float, float]:
    """The top left of a hex's stamp, from the camera's origin."""
    x, y = camera.offset(h)
    return x - camera.size * 1.1, y - camera.size * 1.1


class BoardLayer:
    """One map's board layer and the hex stamps it is painted with, cached on what they depend on."""

    def __init__(self, battle, team_colours: dict[str, tuple[int, int, int]]):
        self.battle = battle
        self.tiles = MapTiles(battle)
        self.team_colours = team_colours
        self.stamps: dict[tuple, pygame.Surface] = {}
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None  # what the surface shows: (what it depends on, the origin)
        self.overlay_stamps: tuple = (None, [])  # (kind, hex size) -> footprint centres from the origin

    # --- stamps --------------------------------------------------------------------------

    def stamp(self, size: float, rgba) -> pygame.Surface:
        key = (round(size, 2), rgba)
        if key not in self.stamps:
            self.stamps[key] = stamp(size, self.battle.layout, rgba)
        return self.stamps[key]

    def threat_stamp(self, size: float, colour) -> pygame.Surface:
        key = (round(size, 2), "threat", colour)
        if key not in self.stamps:
            self.stamps[key] = threat_stamp(size, self.battle.layout, colour)
        return self.stamps[key]

    def mark_stamp(self, size: float, kind: str) -> pygame.Surface:
        """A reach ("reach") or must-stop ("stop") hex: outlined dark or dotted where patterns
        are on, else a flat stamp of its colour."""
        colour = theme.REACH if kind == "reach" else theme.REACH_STOP
        if not theme.PATTERNS:
            return self.stamp(size, colour)
        key = (round(size, 2), kind, colour)
        if key not in self.stamps:
            make = outlined_stamp if kind == "reach" else dotted_stamp
            self.stamps[key] = make(size, self.battle.layout, colour)
        return self.stamps[key]

    # --- the layer -----------------------------------------------------------------------

    def for_frame(
        self,
        rect: pygame.Rect,
        camera: Camera,
        ov: Overlays,
        figures,
        state_key,
        backdrop: pygame.Surface | None = None,
    ) -> pygame.Surface:
        """Map tiles with threat zones, reach and engagement links, rebuilt only on change
        (a pan by whole pixels scrolls it and paints the strips uncovered); drawn into the
        backdrop's part under rect if there is one, else into its own surface."""
        what = (backdrop, tuple(rect), camera.size, ov.key(), state_key)
        if self.surface is not None and self.key == (what, camera.origin):
            return self.surface
        local = Camera(camera.kind, camera.size, (camera.origin[0] - rect.x, camera.origin[1] - rect.y))
        shift = self._pan_since_last(what, camera.origin, rect)
        layer = self.surface
        if shift is not None and layer is not None:
            layer.scroll(*shift)
            for strip in uncovered(layer.get_rect(), *shift):
                self._paint(layer, strip, local, ov, figures)
        else:
            if backdrop is not None:
                layer = backdrop.subsurface(rect)
            elif layer is None or layer.get_parent() is not None or layer.get_size() != rect.size:
                layer = pygame.Surface(rect.size)
                if pygame.display.get_surface():
                    layer = layer.convert()
            self._paint(layer, layer.get_rect(), local, ov, figures)
        self.surface, self.key = layer, (what, camera.origin)
        return layer

    def _pan_since_last(self, what, origin, rect: pygame.Rect) -> tuple[int, int] | None:
        """The whole-pixel pan since the layer was drawn, if nothing else changed."""
        if self.surface is None or self.key is None or self.key[0] != what:
            return None
        dx, dy = origin[0] - self.key[1][0], origin[1] - self.key[1][1]
        if dx != int(dx) or dy != int(dy) or abs(dx) >= rect.width // 2 or abs(dy) >= rect.height // 2:
            return None
        return int(dx), int(dy)

    def _paint(self, layer: pygame.Surface, area: pygame.Rect, local: Camera, ov: Overlays, figures) -> None:
        """Paint part of the layer: the tiles, then the overlays' stamps."""
        self.tiles.draw(layer, area, local.size, local.origin, ov.labels)
        ox, oy = local.origin
        layer.set_clip(area)
        layer.fblits(
            [(stamp, (round(x + ox), round(y + oy))) for stamp, x, y in self._overlay_stamps(local, ov, figures)]
        )
        layer.set_clip(None)

    def _overlay_stamps(self, camera: Camera, ov: Overlays, figures) -> list:
        """The threat zone, reach and stop stamps, each with its top left from the origin
        (worked out once for the strips a pan uncovers)."""
        size = camera.size
        key = (size, ov.key(), tuple(sorted((n, self._team_colour(figures, n)) for n in ov.threat)))
        if self.overlay_stamps[0] == key:
            return self.overlay_stamps[1]
        stamps = []
        for name, hexes in ov.threat.items():
            threat = self.threat_stamp(size, self._team_colour(figures, name))
            stamps += [(threat, *stamp_offset(camera, h)) for h in hexes]
        reach, stop = self.mark_stamp(size, "reach"), self.mark_stamp(size, "stop")
        stamps += [(stop if h in ov.stops else reach, *stamp_offset(camera, h)) for h in ov.reach]
        self.overlay_stamps = (key, stamps)
        return stamps

    def _team_colour(self, figures, name: str) -> tuple[int, int, int]:
        f = figures.get(name)
        return self.team_colours.get(f.team, theme.TEAM_COLOURS[-1]) if f else theme.TEAM_COLOURS[-1]
