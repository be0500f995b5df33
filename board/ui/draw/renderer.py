"""Draws the board: the map layer (board_layer.py), tokens, the path preview and the marks over
them. It only reads what the ruleset reports."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from board.footprints import footprint_cells
from board.hexgrid import Hex
from board.ui import theme
from board.ui.draw.board_layer import BoardLayer, stamp_offset
from board.ui.draw.camera import Camera
from board.ui.draw.overlays import Overlays
from board.ui.draw.palette import TEAM_MARKS
from board.ui.draw.patterns import dashed_line
from board.ui.draw.textures import flame_frame, flames
from board.ui.draw.ground_marks import draw_ground_marks
from board.ui.draw.tokens import SHARED_SCALE, ring_radius, shared_slots, token_and_plate
from board.ui.draw.wheel import draw_wheel

SETTLE = 0.15  # seconds after the last zoom step before the board is drawn sharp again


class BoardRenderer:
    """Map, overlays and tokens for one map; caches are keyed on what they depend on."""

    def __init__(self, battle, team_colours: dict[str, tuple[int, int, int]], team_marks: dict[str, int] | None = None):
        self.battle = battle
        self.board_layer = BoardLayer(battle, team_colours)
        self.team_colours = team_colours
        self.team_marks = team_marks or {}  # team -> its TEAM_MARKS row (a palette with patterns)
        self.tokens: dict[tuple, tuple[pygame.Surface, pygame.Rect | None]] = {}
        self.token_size: float | None = None
        self.shared: dict[str, tuple[float, float]] = {}  # figures sharing a hex: their offsets
        self.drawn: tuple[float, tuple[float, float]] | None = None  # (size, origin) last drawn sharp
        self.preview: tuple[pygame.Surface, float, tuple[float, float]] | None = None
        self.zoomed_at = 0.0
        self.zoom_version = -1  # the camera version the zoom timer last started at
        self.covered: list[pygame.Rect] = []  # drawn over the board by the scene after draw()
        self.centres: tuple = (None, {})
        # Burning hexes (a map's terrain does not change once loaded): their flames flicker.
        self.fires = tuple(h for h, stage in battle.fires.items() if stage != "coals")
        self.flame_frame = -1  # the flicker's picture last drawn

    @staticmethod
    def _stamp_pos(camera: Camera, h: Hex) -> tuple[int, int]:
        x, y = stamp_offset(camera, h)
        return round(x + camera.origin[0]), round(y + camera.origin[1])

    # --- cached pieces -------------------------------------------------------------------

    def token(self, f, size: float, colour, scale: float = 1.0) -> pygame.Surface:
        """The token of a figure at this zoom (scaled down in a shared hex)."""
        return self.token_plate(f, size, colour, scale)[0]

    def token_plate(self, f, size: float, colour, scale: float = 1.0) -> tuple[pygame.Surface, pygame.Rect | None]:
        """The token and where its nameplate lies on it, drawn once per look and facing."""
        if round(size, 2) != self.token_size:
            # Only the current zoom's tokens are kept: zooming through forty sizes must not
            # keep forty sets.
            self.tokens.clear()
            self.token_size = round(size, 2)
        key = (
            f.name,
            f.size,
            f.facing,
            f.posture,
            f.status,
            f.meter,
            f.meter_label,
            f.caption,
            f.on_fire,
            colour,
            f.glyph,
            f.icon,
            scale,
            f.team,
        )
        drawn = self.tokens.get(key)
        if drawn is None:
            mark = self.team_marks.get(f.team)
            pattern = TEAM_MARKS[mark][0] if mark is not None else None
            drawn = self.tokens[key] = token_and_plate(f, size * scale, colour, self.battle.layout, pattern)
        return drawn

    # --- a frame -------------------------------------------------------------------------

    def zooming(self, now: float) -> bool:
        """Whether the wheel is still turning (the sharp frame comes once it stops)."""
        return self.preview is not None and now - self.zoomed_at < SETTLE

    def _draw_preview(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        camera: Camera,
        preview: tuple[pygame.Surface, float, tuple[float, float]],
    ) -> None:
        """The last sharp frame, scaled to the new zoom: a zoom step costs one scaled blit."""
        image, size0, origin0 = preview
        k = camera.size / size0
        # A point at old local x lands at (new origin) + (x - old origin) * k.
        ox0, oy0 = origin0[0] - rect.x, origin0[1] - rect.y
        ox1, oy1 = camera.origin[0] - rect.x, camera.origin[1] - rect.y
        offset = (ox1 - ox0 * k, oy1 - oy0 * k)
        # Scale only the part of the old frame that still shows.
        src = pygame.Rect(
            math.floor(-offset[0] / k),
            math.floor(-offset[1] / k),
            math.ceil(rect.width / k) + 2,
            math.ceil(rect.height / k) + 2,
        )
        src = src.clip(image.get_rect())
        surface.fill(theme.BACKGROUND, rect)
        if src.width and src.height:
            part = pygame.transform.scale(
                image.subsurface(src), (max(1, round(src.width * k)), max(1, round(src.height * k)))
            )
            surface.blit(part, (rect.x + round(offset[0] + src.x * k), rect.y + round(offset[1] + src.y * k)))

    def _last_frame(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
        """The board as last drawn, with the panels the scene drew over it (self.covered: the
        figure card, tooltips) replaced by the map layer under them."""
        image = surface.subsurface(rect).copy()
        for area in self.covered:
            area = pygame.Rect(area).clip(rect).move(-rect.x, -rect.y)
            if area.width and area.height and self.board_layer.surface is not None:
                image.blit(self.board_layer.surface, area.topleft, area)
        return image

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        camera: Camera,
        figures,
        ov: Overlays,
        animator=None,
        now: float = 0.0,
        backdrop: pygame.Surface | None = None,
    ) -> None:
        """Draw the board area of one frame.

        A backdrop is a surface the size of `surface` that keeps its pixels between frames (the
        rest of it painted by the caller): the board layer is kept in it, and the whole of it is
        blitted first. One blit of the full width costs much less than two of part widths."""
        if self.drawn is not None and camera.size != self.drawn[0]:
            if self.preview is None:  # the zoom starts: the screen still shows the last sharp frame
                self.preview = (self._last_frame(surface, rect), *self.drawn)
            if camera.version != self.zoom_version:  # a new wheel step, not a frame of the same one
                self.zoomed_at, self.zoom_version = now, camera.version
        if self.preview is not None and now - self.zoomed_at < SETTLE:
            if backdrop is not None:
                surface.blit(backdrop, (0, 0))
            self._draw_preview(surface, rect, camera, self.preview)
            return
        self.preview = None
        self.drawn = (camera.size, camera.origin)
        state_key = tuple((f.hex, f.facing, f.posture, f.status) for f in figures.values())
        layer = self.board_layer.for_frame(rect, camera, ov, figures, state_key, backdrop)
        surface.blit(backdrop, (0, 0)) if backdrop is not None else surface.blit(layer, rect.topleft)
        self.shared = shared_slots(figures)
        clip = surface.get_clip()
        surface.set_clip(rect)
        if ov.hover is not None and ov.hover in self.battle.cells:
            surface.blit(self.board_layer.stamp(camera.size, theme.HOVER), self._stamp_pos(camera, ov.hover))
        self._draw_flames(surface, camera, now)
        self._draw_tokens(surface, camera, figures, ov, animator, now)
        draw_ground_marks(surface, camera, ov.ground)  # over a token standing on them: in sight
        self._draw_links(surface, camera, figures, ov)
        self._draw_path(surface, camera, ov)
        self._draw_fire_line(surface, camera, ov)
        if ov.ghost:
            self._draw_ghost(surface, camera, figures, ov.ghost)
        if ov.wheel is not None:
            draw_wheel(surface, camera, ov.wheel, ov.wheel_pick, ov.wheel_blocked)
        if animator is not None:
            for pos, text, colour, alpha in animator.floaters(now):
                label = theme.font_px(max(14, int(camera.size / 1.8)), True).render(text, True, colour)
                label.set_alpha(int(255 * alpha))
                surface.blit(label, label.get_rect(center=pos))
        surface.set_clip(clip)

    def flames_flicker(self, now: float) -> bool:
        """Whether the flames on the map show another picture now (the frame must be drawn)."""
        return bool(self.fires) and flame_frame(now) != self.flame_frame

    def _draw_flames(self, surface: pygame.Surface, camera: Camera, now: float) -> None:
        if not self.fires:
            return
        self.flame_frame = flame_frame(now)
        sprite = flames(camera.size, self.flame_frame)
        half = sprite.get_width() / 2
        surface.fblits([(sprite, (round(x - half), round(y - half))) for x, y in map(camera.to_screen, self.fires)])

    def _centre(self, camera: Camera, f) -> tuple[float, float]:
        """The centre of a figure's footprint on screen; its offset from the origin is kept
        per zoom, so a pan costs an addition per token."""
        if self.centres[0] != (camera.kind, camera.size) or len(self.centres[1]) > 4096:
            self.centres = ((camera.kind, camera.size), {})
        key = (f.size, f.hex, f.facing or 0)
        offset = self.centres[1].get(key)
        if offset is None:
            points = [camera.offset(c) for c in footprint_cells(*key)]
            offset = self.centres[1][key] = (
                sum(p[0] for p in points) / len(points),
                sum(p[1] for p in points) / len(points),
            )
        dx, dy = self.shared.get(f.name, (0.0, 0.0))  # its place in a shared hex (a brawl)
        return (offset[0] + camera.origin[0] + dx * camera.size, offset[1] + camera.origin[1] + dy * camera.size)

    def token_rects(self, camera: Camera, figures, within: pygame.Rect) -> dict[str, pygame.Rect]:
        """The box of each figure's token on screen (multihex: its whole footprint), for those
        in within: what a popup should not cover."""
        self.shared = shared_slots(figures)
        out = {}
        for f in figures.values():
            centre = self._centre(camera, f)
            if within.collidepoint(centre):
                radius = ring_radius(camera, f, centre, 0.9 * (SHARED_SCALE if f.name in self.shared else 1.0))
                out[f.name] = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
        return out

    def _draw_tokens(self, surface, camera, figures, ov: Overlays, animator, now) -> None:
        order = sorted(figures.values(), key=lambda f: (f.status != "dead", f.status == "ok"))
        view = surface.get_clip().inflate(camera.size * 4, camera.size * 4)
        actor = figures.get(ov.selected) if ov.targets else None
        allies = actor.team if actor is not None else None
        plates, rings = [], []  # laid after every token: over a neighbour's facing mark
        for f in order:
            centre = self._centre(camera, f)
            if not view.collidepoint(centre):
                continue  # off screen (a big map's army): no token to draw
            colour = self.team_colours.get(f.team, theme.TEAM_COLOURS[-1])
            scale = SHARED_SCALE if f.name in self.shared else 1.0
            token, plate = self.token_plate(f, camera.size, colour, scale)
            fx = animator.figure_fx(f.name, now) if animator else None
            moving = animator.position(f.name, now) if animator else None
            if moving is not None:
                anchor = camera.to_screen(f.hex)
                centre = (moving[0] + centre[0] - anchor[0], moving[1] + centre[1] - anchor[1])
            if fx is not None and (fx.tip or fx.alpha < 1 or fx.flash):
                token = token.copy()
                if fx.flash:
                    flash = pygame.Surface(token.get_size(), pygame.SRCALPHA)
                    flash.fill((255, 255, 255, int(170 * fx.flash)))
                    token.blit(flash, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
                if fx.tip:
                    token, plate = pygame.transform.rotate(token, -90 * fx.tip), None
                if fx.alpha < 1:
                    token.set_alpha(int(255 * fx.alpha))
            box = token.get_rect(center=(round(centre[0]), round(centre[1])))
            surface.blit(token, box)
            if plate is not None:
                plates.append((token, box.move(plate.topleft), plate))
            # Rings go over the token, outside its edge, so a footprint never hides them.
            if f.name in (ov.selected, ov.active):
                ring = theme.SELECT if f.name == ov.selected else (255, 255, 255)
                rings.append((ring, centre, ring_radius(camera, f, centre, 0.9 * scale), max(2, int(camera.size / 12))))
            if f.name in ov.targets:
                colour = theme.ALLY_TARGET if f.team == allies else theme.TARGET
                rings.append(
                    (colour, centre, ring_radius(camera, f, centre, 0.95 * scale), max(2, int(camera.size / 10)))
                )
        for token, at, plate in plates:
            surface.blit(token, at, plate)
        for colour, centre, radius, width in rings:
            pygame.draw.circle(surface, colour, centre, radius, width)

    def _draw_links(self, surface, camera, figures, ov: Overlays) -> None:
        width = max(2, int(camera.size / 10))
        for engager, engaged in ov.links:
            a, b = figures.get(engager), figures.get(engaged)
            if a is None or b is None or (a.name in self.shared and a.hex == b.hex):
                continue  # a brawl shows by the shared hex: no arrow between its halves
            start, end = self._centre(camera, a), self._centre(camera, b)
            dx, dy = end[0] - start[0], end[1] - start[1]
            length = math.hypot(dx, dy) or 1
            ux, uy = dx / length, dy / length
            # Between the token edges, so that adjacent figures show the link in the gap.
            tip = (end[0] - ux * camera.size * 0.7, end[1] - uy * camera.size * 0.7)
            tail = (start[0] + ux * camera.size * 0.62, start[1] + uy * camera.size * 0.62)
            pygame.draw.line(surface, theme.ENGAGE_LINK, tail, tip, width)
            head = camera.size * 0.22
            pygame.draw.polygon(
                surface,
                theme.ENGAGE_LINK,
                [
                    tip,
                    (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
                    (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6),
                ],
            )

    def _draw_path(self, surface, camera, ov: Overlays) -> None:
        if not ov.path or ov.path_start is None:
            return
        points = [camera.to_screen(ov.path_start)] + [camera.to_screen(h) for h in ov.path]
        width = max(2, int(camera.size / 9))
        pygame.draw.lines(surface, theme.PATH, False, points, width)
        for p in points[1:]:
            pygame.draw.circle(surface, theme.PATH, p, width * 1.2)
        end = points[-1]
        ink = (20, 20, 20) if sum(theme.PATH) > 380 else (255, 255, 255)  # dark on a light path
        label = theme.font_px(max(12, int(camera.size / 2.4)), True).render(str(len(ov.path)), True, ink)
        badge = label.get_rect(center=(end[0] + camera.size * 0.55, end[1] - camera.size * 0.55))
        pygame.draw.circle(surface, theme.PATH, badge.center, max(badge.width, badge.height) * 0.75)
        surface.blit(label, badge)
        if ov.path_stop is not None:
            x, y = camera.to_screen(ov.path_stop)
            pygame.draw.circle(surface, theme.REACH_STOP[:3], (x, y), camera.size * 0.8, width)
            text = theme.font_px(max(10, int(camera.size / 3)), True).render("STOP", True, theme.REACH_STOP[:3])
            surface.blit(text, text.get_rect(center=(x, y + camera.size * 0.95)))

    def _draw_fire_line(self, surface, camera, ov: Overlays) -> None:
        if len(ov.fire_line) < 2:
            return
        points = [camera.to_screen(h) for h in ov.fire_line]
        if theme.PATTERNS:  # dashed, where the path is solid: told apart without colour
            dashed_line(surface, theme.TARGET, points, max(2, int(camera.size / 10)), camera.size / 3)
        else:
            pygame.draw.lines(surface, theme.TARGET, False, points, max(2, int(camera.size / 12)))

    def _draw_ghost(self, surface, camera, figures, ghosted: tuple[str, Hex, int]) -> None:
        name, h, facing = ghosted
        f = figures[name]
        ghost = replace(
            f,
            hex=h,
            facing=facing if f.facing is not None else None,
            cells=tuple(footprint_cells(f.size, h, facing or 0)),
        )
        token = self.token(ghost, camera.size, self.team_colours.get(f.team, theme.TEAM_COLOURS[-1])).copy()
        token.set_alpha(170)
        surface.blit(token, token.get_rect(center=self._centre(camera, ghost)))
