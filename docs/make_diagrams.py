"""Draw the pictures for docs/coordinates.md into docs/img/.

Run from anywhere: `python docs/make_diagrams.py [OUTPUT_DIR]`. Needs
pygame-ce; draws headless. Everything is computed by board.hexgrid and
board.footprints, so the pictures show what the code does.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

BACKGROUND = (250, 250, 247)
GRID = (190, 190, 185)
EMPTY = (255, 255, 255)
CELL = (52, 101, 164)
ANCHOR = (20, 45, 90)
THREAT = (244, 170, 150)
REAR = (196, 190, 235)
INK = (30, 30, 30)
FAINT = (120, 120, 120)
ON_CELL = (255, 255, 255)


def _font(size: int, bold: bool = False):
    """Return a legible font: DejaVu Sans if the system has it, else pygame's."""
    import pygame

    path = pygame.font.match_font("dejavusans", bold=bold)
    return pygame.font.Font(path, size) if path else pygame.font.Font(None, int(size * 1.3))


def _text(surface, font, text, center, color=INK):
    """Blit text centred on a point."""
    image = font.render(text, True, color)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def _hexagon(surface, layout, h, fill, outline=GRID, width=1):
    """Fill and outline one hex."""
    import pygame

    from board.hexgrid import polygon_corners

    corners = polygon_corners(layout, h)
    pygame.draw.polygon(surface, fill, corners)
    pygame.draw.polygon(surface, outline, corners, width)


def _arrow(surface, start, end, color, width=4):
    """Draw a line from start to end with a triangular head at end."""
    import pygame

    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    head = min(12.0, length * 0.45)
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, color, start, base, width)
    left = (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55)
    right = (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)
    pygame.draw.polygon(surface, color, [end, left, right])


def _offset_text(d) -> str:
    return f"({d.q:+d}, {d.r:+d})".replace("+0", "0")


def draw_directions(path: Path) -> None:
    """Draw the six direction numbers around a hex, pointy-top and flat-top."""
    import pygame

    from board.hexgrid import DIRECTIONS, ORIGIN, hex_to_pixel, layout_for

    size, panel_w, panel_h, top = 62, 460, 440, 56
    surface = pygame.Surface((panel_w * 2, panel_h + top))
    surface.fill(BACKGROUND)
    title, number, small = _font(22, bold=True), _font(30, bold=True), _font(14)
    for i, kind in enumerate(("pointy", "flat")):
        center = (panel_w * i + panel_w / 2, top + panel_h / 2)
        layout = layout_for(kind, size, center)
        _text(surface, title, f"{kind}-top", (center[0], top / 2 + 6))
        _hexagon(surface, layout, ORIGIN, CELL, ANCHOR, 2)
        _text(surface, small, "q, r", (center[0], center[1] - 10), ON_CELL)
        _text(surface, small, "(0, 0)", (center[0], center[1] + 10), ON_CELL)
        for d, step in enumerate(DIRECTIONS):
            _hexagon(surface, layout, step, EMPTY, GRID, 2)
            x, y = hex_to_pixel(layout, step)
            _text(surface, number, str(d), (x, y - 12))
            _text(surface, small, _offset_text(step), (x, y + 16), FAINT)
            # Arrow from the centre hex's edge toward the neighbour.
            ex, ey = hex_to_pixel(layout, (step.q * 0.72, step.r * 0.72))
            sx, sy = hex_to_pixel(layout, (step.q * 0.3, step.r * 0.3))
            _arrow(surface, (sx, sy), (ex, ey), ANCHOR, 3)
        if i:
            pygame.draw.line(surface, GRID, (panel_w, top), (panel_w, top + panel_h - 20), 1)
    pygame.image.save(surface, str(path))


def draw_footprints(path: Path) -> None:
    """Draw every footprint size under every facing, with its zones tinted."""
    import pygame

    from board.footprints import FOOTPRINT_SIZES, footprint_cells, rear_hexes, threat_zone
    from board.hexgrid import ORIGIN, hex_direction, hex_range, hex_to_pixel, layout_for

    size = 24.0
    cell_w, cell_h = 5.6 * math.sqrt(3) * size, 9.4 * size
    left, top, legend_h = 150, 44, 46
    width = int(left + 6 * cell_w + 10)
    height = int(legend_h + top + len(FOOTPRINT_SIZES) * cell_h + 6)
    surface = pygame.Surface((width, height))
    surface.fill(BACKGROUND)
    header, label, small = _font(17, bold=True), _font(15), _font(11)

    # Legend.
    x = 16
    for colour, name in (
        (CELL, "figure"),
        (ANCHOR, "anchor (0, 0)"),
        (THREAT, "threat zone (front)"),
        (REAR, "rear"),
        (EMPTY, "side / elsewhere"),
    ):
        pygame.draw.rect(surface, colour, (x, 14, 22, 18))
        pygame.draw.rect(surface, GRID, (x, 14, 22, 18), 1)
        image = label.render(name, True, INK)
        surface.blit(image, (x + 30, 14))
        x += 30 + image.get_width() + 28
    _text(surface, label, "arrow = facing; numbers = axial q,r relative to the anchor", (x + 230, 23), FAINT)

    for col in range(6):
        _text(surface, header, f"facing {col}", (left + (col + 0.5) * cell_w, legend_h + top / 2))
    for row, fsize in enumerate(FOOTPRINT_SIZES):
        y0 = legend_h + top + row * cell_h
        _text(surface, header, f"size {fsize}", (left / 2, y0 + cell_h / 2 - 12))
        _text(surface, label, f"threat {len(threat_zone(fsize, ORIGIN, 0))}", (left / 2, y0 + cell_h / 2 + 12), FAINT)
        pygame.draw.line(surface, GRID, (8, y0), (width - 8, y0), 1)
        for facing in range(6):
            origin = (left + (facing + 0.5) * cell_w, y0 + cell_h / 2)
            layout = layout_for("pointy", size, origin)
            cells = footprint_cells(fsize, ORIGIN, facing)
            threat = set(threat_zone(fsize, ORIGIN, facing))
            rear = set(rear_hexes(fsize, ORIGIN, facing))
            for h in hex_range(ORIGIN, 2):
                fill = (
                    ANCHOR
                    if h == ORIGIN
                    else CELL
                    if h in cells
                    else THREAT
                    if h in threat
                    else REAR
                    if h in rear
                    else EMPTY
                )
                _hexagon(surface, layout, h, fill)
                if h != ORIGIN:  # the anchor carries the arrow instead
                    x, y = hex_to_pixel(layout, h)
                    colour = ON_CELL if h in cells else FAINT
                    _text(surface, small, f"{h.q},{h.r}", (x, y), colour)
            d = hex_direction(facing)
            start = hex_to_pixel(layout, (-d.q * 0.34, -d.r * 0.34))
            end = hex_to_pixel(layout, (d.q * 0.5, d.r * 0.5))  # the facing side
            _arrow(surface, start, end, (255, 214, 64), 4)
    pygame.image.save(surface, str(path))


def draw_labels(path: Path) -> None:
    """Draw a small rectangular map of each kind with its CCRR labels."""
    import pygame

    from board.hexgrid import from_offset, hex_label, hex_to_pixel, layout_for

    cols, rows, size = 5, 4, 34
    panel_w, panel_h, top = 420, 300, 70
    surface = pygame.Surface((panel_w * 2, panel_h + top))
    surface.fill(BACKGROUND)
    title, subtitle = _font(20, bold=True), _font(15)
    label, small = _font(15, bold=True), _font(11)
    for i, kind in enumerate(("flat", "pointy")):
        shove = "odd-q: odd columns shoved down" if kind == "flat" else "odd-r: odd rows shoved right"
        _text(surface, title, f"{kind}-top", (panel_w * i + panel_w / 2, 22))
        _text(surface, subtitle, shove, (panel_w * i + panel_w / 2, 48), FAINT)
        # Centre the map: its pixel extent depends on the orientation.
        span_x = (1.5 * (cols - 1) + 2) * size if kind == "flat" else math.sqrt(3) * (cols + 0.5) * size
        origin = (
            panel_w * i + (panel_w - span_x) / 2 + (size if kind == "flat" else math.sqrt(3) / 2 * size),
            top + 40,
        )
        layout = layout_for(kind, size, origin)
        for c in range(cols):
            for r in range(rows):
                h = from_offset(c, r, kind)
                _hexagon(surface, layout, h, EMPTY, GRID, 2)
                x, y = hex_to_pixel(layout, h)
                _text(surface, label, hex_label(h, kind), (x, y - 7))
                _text(surface, small, f"{h.q},{h.r}", (x, y + 10), FAINT)
    pygame.image.save(surface, str(path))


def main(argv: list[str] | None = None) -> int:
    """Write directions.png, footprints.png and labels.png."""
    args = sys.argv[1:] if argv is None else argv
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(REPO) not in sys.path:  # so `python docs/make_diagrams.py` finds board/
        sys.path.insert(0, str(REPO))
    import pygame

    out = Path(args[0]) if args else REPO / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    draw_directions(out / "directions.png")
    draw_footprints(out / "footprints.png")
    draw_labels(out / "labels.png")
    for name in ("directions.png", "footprints.png", "labels.png"):
        print(out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
