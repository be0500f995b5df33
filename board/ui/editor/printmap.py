"""A printable map: true-scale hexes on white paper, as a PNG that knows its DPI."""

from __future__ import annotations

import io
import math
import os
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import pygame

from board.footprints import footprint_cells
from board.hexgrid import DIRECTIONS, Hex, Layout, hex_label, hex_to_pixel, layout_for, polygon_corners
from board.maps import BattleMap
from board.ui import theme
from board.ui.draw.text_fit import shrink_to_fit

# The page, in inches: a margin all round, a header for the title, a footer for the scale bar.
MARGIN = 0.4
HEADER = 0.6
FOOTER = 0.6
MIN_WIDTH = 3.0  # room for the title and the scale bar under a tiny map
MAX_SIDE = 20000  # pixels: beyond this the page would not fit in memory comfortably

# Printer-friendly colours: light fills, dark lines, little ink.
PAPER = (255, 255, 255)
OPEN = (250, 248, 242)
GRID = (64, 64, 64)
LABEL = (110, 110, 110)
WALL = (196, 196, 196)
HATCH = (72, 72, 72)
FLAMES = (255, 186, 110)
FLAME_MARK = (232, 98, 28)
FLAME_CORE = (255, 224, 140)
FLAME_EDGE = (150, 52, 12)
COALS = (206, 122, 82)
EMBERS = (104, 36, 18)
INK = (40, 40, 40)
SCALE_BAR = (0, 0, 0)  # pure black is used for nothing else, so a test can find the bar

# A flame, symmetric about x = 0, height 1, tip up.
FLAME = [
    (0, -0.5),
    (0.1, -0.3),
    (0.22, -0.12),
    (0.28, 0.08),
    (0.25, 0.26),
    (0.15, 0.4),
    (0, 0.46),
    (-0.15, 0.4),
    (-0.25, 0.26),
    (-0.28, 0.08),
    (-0.22, -0.12),
    (-0.1, -0.3),
]


@dataclass(frozen=True)
class Page:
    """Where everything goes: the hex layout in page pixels and the page's size."""

    layout: Layout
    kind: str  # "flat" or "pointy"
    size: tuple[int, int]
    board: tuple[int, int, int, int]  # x, y, width, height of the map's hexes
    dpi: int
    hex_px: float  # flat-to-flat width of a hex, in pixels


def page_for(battle: BattleMap, hex_inches: float = 1.0, dpi: int = 300) -> Page:
    """The page geometry: hexes hex_inches across the flats at dpi."""
    hex_px = hex_inches * dpi
    radius = hex_px / math.sqrt(3)  # centre to corner; flat-to-flat is sqrt(3) radii
    probe = layout_for(battle.layout, radius)
    corners = [p for h in battle.cells for p in polygon_corners(probe, h)]
    left, right = min(x for x, _ in corners), max(x for x, _ in corners)
    top, bottom = min(y for _, y in corners), max(y for _, y in corners)
    board_w, board_h = right - left, bottom - top
    width = math.ceil(max(board_w + 2 * MARGIN * dpi, MIN_WIDTH * dpi))
    height = math.ceil(board_h + (2 * MARGIN + HEADER + FOOTER) * dpi)
    x0 = (width - board_w) / 2
    y0 = (MARGIN + HEADER) * dpi
    layout = layout_for(battle.layout, radius, (x0 - left, y0 - top))
    board = (round(x0), round(y0), round(board_w), round(board_h))
    return Page(layout, battle.layout, (width, height), board, dpi, hex_px)


def render(
    battle: BattleMap, hex_inches: float = 1.0, dpi: int = 300, figures: bool = True, labels: bool = True
) -> pygame.Surface:
    """The printable page as a Surface (headless)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    theme.clear_fonts()  # fonts cached before a pygame.quit() elsewhere are dead
    page = page_for(battle, hex_inches, dpi)
    if max(page.size) > MAX_SIDE:
        raise ValueError(f"the page would be {page.size[0]}x{page.size[1]} pixels; lower --dpi or --hex-inches")
    surface = pygame.Surface(page.size)
    surface.fill(PAPER)
    cells = sorted(battle.cells)
    for h in cells:
        _terrain(surface, page, h, battle.terrain_at(h))
    line = 2 if dpi < 200 else 3
    for h in cells:
        # Rounded once, so the two hexes sharing an edge draw it on the same pixels.
        corners = [(round(x), round(y)) for x, y in polygon_corners(page.layout, h)]
        pygame.draw.polygon(surface, GRID, corners, line)
        for corner in corners:  # fill the notches thick outlines leave at the corners
            pygame.draw.circle(surface, GRID, corner, line / 2)
    if labels and battle.size is not None:
        for h in cells:
            _label(surface, page, battle, h)
    if figures:
        order: list[str] = []
        for spec in battle.figures:
            if spec.team not in order:
                order.append(spec.team)
        for spec in battle.figures:
            _figure(surface, page, spec, theme.team_colour(battle.teams, spec.team, order))
    _title(surface, page, battle, hex_inches)
    _scale_bar(surface, page)
    return surface


def _terrain(surface, page: Page, h: Hex, terrain) -> None:
    corners = polygon_corners(page.layout, h)
    cx, cy = hex_to_pixel(page.layout, h)
    s = page.hex_px
    if terrain.kind == "wall":
        pygame.draw.polygon(surface, WALL, corners)
        _hatch(surface, corners, spacing=s * 0.1, width=max(1, round(s * 0.025)))
    elif terrain.kind == "fire" and terrain.stage == "coals":
        pygame.draw.polygon(surface, COALS, corners)
        for dx, dy in (
            (-0.22, 0.12),
            (0.2, -0.06),
            (0.02, 0.26),
            (-0.06, -0.12),
            (0.26, 0.22),
            (-0.28, -0.04),
            (0.1, 0.06),
        ):
            pygame.draw.circle(surface, EMBERS, (cx + dx * s, cy + dy * s), s * 0.045)
        _flame(surface, (cx, cy + s * 0.02), s * 0.34, FLAME_MARK, EMBERS)
    elif terrain.kind == "fire":
        pygame.draw.polygon(surface, FLAMES, corners)
        _flame(surface, (cx, cy + s * 0.04), s * 0.56, FLAME_MARK, FLAME_EDGE)
        _flame(surface, (cx, cy + s * 0.14), s * 0.28, FLAME_CORE, None)
    else:
        pygame.draw.polygon(surface, OPEN, corners)


def _flame(surface, centre, height: float, fill, edge) -> None:
    points = [(centre[0] + x * height, centre[1] + y * height) for x, y in FLAME]
    pygame.draw.polygon(surface, fill, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, max(1, round(height / 28)))


def _hatch(surface, corners, spacing: float, width: int) -> None:
    """Diagonal lines clipped to a polygon, aligned to the page so neighbours' lines meet."""
    left, top = math.floor(min(x for x, _ in corners)), math.floor(min(y for _, y in corners))
    w = math.ceil(max(x for x, _ in corners)) - left + 1
    h = math.ceil(max(y for _, y in corners)) - top + 1
    lines = pygame.Surface((w, h), pygame.SRCALPHA)
    first = math.floor((left + top) / spacing)
    for k in range(first, math.ceil((left + top + w + h) / spacing) + 1):
        c = k * spacing - left - top  # the line x + y = c, in local coordinates
        pygame.draw.line(lines, HATCH, (c - h, h), (c, 0), width)
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, 255), [(x - left, y - top) for x, y in corners])
    lines.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(lines, (left, top))


def _label(surface, page: Page, battle: BattleMap, h: Hex) -> None:
    if battle.terrain_at(h).kind == "wall":
        return  # nobody stands there, and the hatching would drown the label
    text = theme.font_px(max(7, round(page.hex_px * 0.1))).render(hex_label(h, battle.layout), True, LABEL)
    cx, cy = hex_to_pixel(page.layout, h)
    # The top flat is half a hex up (flat-top); a pointy top narrows, so sit lower.
    top = cy - page.hex_px * (0.47 if page.kind == "flat" else 0.45)
    surface.blit(text, text.get_rect(midtop=(cx, top)))


def _figure(surface, page: Page, spec, colour) -> None:
    """An outlined circle (a multihex figure: outlined hexes), a facing wedge and the name."""
    cells = footprint_cells(spec.size, Hex(*spec.at), spec.facing)
    centres = [hex_to_pixel(page.layout, c) for c in cells]
    s = page.hex_px
    edge = max(2, round(s * 0.045))
    head = centres[0]
    fx, fy = hex_to_pixel(layout_for(page.kind, 1), DIRECTIONS[spec.facing])
    ux, uy = fx / math.hypot(fx, fy), fy / math.hypot(fx, fy)
    if spec.size == 1:
        reach, radius = s * 0.29, s * 0.29
    else:
        reach, radius = s * 0.3, None
        for c, (cx, cy) in zip(cells, centres):
            inner = [(cx + (x - cx) * 0.84, cy + (y - cy) * 0.84) for x, y in polygon_corners(page.layout, c)]
            pygame.draw.polygon(surface, PAPER, inner)
            pygame.draw.polygon(surface, colour, inner, edge)
    # Facing: a wedge pointing at the faced side of the head hex.
    tip = (head[0] + ux * (reach + s * 0.13), head[1] + uy * (reach + s * 0.13))
    base = (head[0] + ux * reach * 0.8, head[1] + uy * reach * 0.8)
    half = s * 0.1
    pygame.draw.polygon(
        surface, colour, [tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
    )
    if radius is not None:
        pygame.draw.circle(surface, PAPER, head, radius)
        pygame.draw.circle(surface, colour, head, radius, edge)
        name = _fitted(spec.name, round(s * 0.15), radius * 1.55)
        surface.blit(name, name.get_rect(center=head))
        return
    # The name sits at the footprint's centre, nudged back from the facing wedge.
    middle = (
        sum(x for x, _ in centres) / len(centres) - ux * s * 0.12,
        sum(y for _, y in centres) / len(centres) - uy * s * 0.12,
    )
    name = _fitted(spec.name, round(s * 0.17), s * 1.4)
    plate = name.get_rect(center=middle).inflate(s * 0.1, s * 0.02)
    pygame.draw.rect(surface, PAPER, plate, border_radius=round(s * 0.05))
    pygame.draw.rect(surface, colour, plate, max(1, edge // 2), border_radius=round(s * 0.05))
    surface.blit(name, name.get_rect(center=middle))


def _fitted(text: str, size: int, width: float) -> pygame.Surface:
    """The text in bold, shrunk (then cut with an ellipsis) to fit a width."""
    font, text = shrink_to_fit(text, width, size, 9, True, exact=True)
    return font.render(text, True, INK)


def _title(surface, page: Page, battle: BattleMap, hex_inches: float) -> None:
    dpi = page.dpi
    left = MARGIN * dpi
    room = page.size[0] - 2 * left
    title = _fitted(battle.name, round(dpi * 0.24), room)
    surface.blit(title, (left, MARGIN * dpi * 0.6))
    shape = f"{battle.size[0]} x {battle.size[1]} hexes" if battle.size else f"{len(battle.cells)} hexes"
    line = f"{battle.layout}-top, {shape}; hexes {hex_inches:g} in across the flats. Print at 100% ({dpi} dpi)."
    small = theme.font_px(max(8, round(dpi * 0.1))).render(line, True, LABEL)
    surface.blit(small, (left, MARGIN * dpi * 0.6 + title.get_height()))


def _scale_bar(surface, page: Page) -> None:
    """A bar exactly one inch long under the map, with ticks at each quarter."""
    dpi = page.dpi
    x = MARGIN * dpi
    y = page.board[1] + page.board[3] + FOOTER * dpi * 0.45
    height = max(4, round(dpi * 0.06))
    pygame.draw.rect(surface, SCALE_BAR, (round(x), round(y), dpi, height))
    tick = max(1, round(dpi / 150))
    for quarter in (1, 3):
        pygame.draw.rect(
            surface, PAPER, (round(x + quarter * dpi / 4), round(y) + tick, round(dpi / 4), height - 2 * tick)
        )
    text = theme.font_px(max(8, round(dpi * 0.1))).render("1 inch", True, INK)
    surface.blit(text, text.get_rect(midleft=(x + dpi + dpi * 0.08, y + height / 2)))


def png_with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk (pixels per metre) right after IHDR, replacing any other."""
    signature = b"\x89PNG\r\n\x1a\n"
    if not png.startswith(signature):
        raise ValueError("not a PNG")
    chunks, at = [], len(signature)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        chunks.append((kind, png[at : at + 12 + length]))
        at += 12 + length
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)  # unit 1: the metre
    phys = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    out = [signature]
    for kind, raw in chunks:
        if kind != b"pHYs":
            out.append(raw)
        if kind == b"IHDR":
            out.append(phys)
    return b"".join(out)


def print_map(
    battle: BattleMap,
    out: str | Path,
    hex_inches: float = 1.0,
    dpi: int = 300,
    figures: bool = True,
    labels: bool = True,
) -> tuple[int, int]:
    """Render the printable map to a PNG with its DPI recorded; return its size in pixels."""
    surface = render(battle, hex_inches, dpi, figures, labels)
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "map.png")
    Path(out).write_bytes(png_with_dpi(buffer.getvalue(), dpi))
    return surface.get_size()
