"""Draw Hexboard's icon: assets/icons/hexboard.svg and the PNGs the icon theme wants, from one
geometry (a hex of green ground with a red and a blue token facing each other).

    python tools/make_icons.py      (run from the repository; pygame-ce draws the PNGs)
"""

from __future__ import annotations

import math
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256)
BOX = 256  # the drawing's own units

BACK, GROUND, EDGE = "#27313c", "#7a9a5a", "#e4e9cf"
TOKENS = (((86, 152), "#c8413b"), ((170, 104), "#3b6fc8"))  # centre, colour


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A flat-top hexagon's corners."""
    return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]


def notch(cx: float, cy: float, r: float, towards: tuple[float, float]) -> list[tuple[float, float]]:
    """The facing mark: a triangle at the token's edge, pointing at the other token."""
    angle = math.atan2(towards[1] - cy, towards[0] - cx)
    tip = (cx + 1.45 * r * math.cos(angle), cy + 1.45 * r * math.sin(angle))
    side = [(cx + r * math.cos(angle + d), cy + r * math.sin(angle + d)) for d in (-0.55, 0.55)]
    return [tip, *side]


def shapes():
    """The icon as (kind, points or box, fill, stroke, width), back to front."""
    out = [("rect", (12, 12, 232, 232), BACK, None, 0), ("poly", hexagon(128, 128, 104), GROUND, EDGE, 8)]
    for index, ((x, y), colour) in enumerate(TOKENS):
        other = TOKENS[1 - index][0]
        out.append(("poly", notch(x, y, 30, other), EDGE, None, 0))
        out.append(("circle", (x, y, 30), colour, EDGE, 6))
    return out


def svg() -> str:
    """The icon as SVG text."""
    body = []
    for kind, geo, fill, stroke, width in shapes():
        line = f' stroke="{stroke}" stroke-width="{width}" stroke-linejoin="miter"' if stroke else ""
        if kind == "rect":
            body.append(f'<rect x="{geo[0]}" y="{geo[1]}" width="{geo[2]}" height="{geo[3]}" rx="40" fill="{fill}"/>')
        elif kind == "poly":
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in geo)
            body.append(f'<polygon points="{points}" fill="{fill}"{line}/>')
        else:
            body.append(f'<circle cx="{geo[0]}" cy="{geo[1]}" r="{geo[2]}" fill="{fill}"{line}/>')
    inner = "\n  ".join(body)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{BOX}" height="{BOX}" '
        f'viewBox="0 0 {BOX} {BOX}">\n  <title>Hexboard</title>\n  {inner}\n</svg>\n'
    )


def png(size: int):
    """The icon drawn with pygame at 4x and scaled down smoothly (edges without jaggies)."""
    import pygame

    k = 4 * size / BOX
    big = pygame.Surface((4 * size, 4 * size), pygame.SRCALPHA)
    for kind, geo, fill, stroke, width in shapes():
        if kind == "rect":
            pygame.draw.rect(big, fill, [round(v * k) for v in geo], border_radius=round(40 * k))
        elif kind == "poly" and stroke:  # the hexagon: its stroke is a larger one behind it
            cx, cy = sum(x for x, _ in geo) / 6, sum(y for _, y in geo) / 6
            r = math.dist((cx, cy), geo[0])
            for colour, radius in ((stroke, r + width / 2), (fill, r - width / 2)):
                pygame.draw.polygon(big, colour, [(x * k, y * k) for x, y in hexagon(cx, cy, radius)])
        elif kind == "poly":
            pygame.draw.polygon(big, fill, [(x * k, y * k) for x, y in geo])
        else:
            centre, r = (geo[0] * k, geo[1] * k), geo[2] * k
            pygame.draw.circle(big, stroke, centre, r + width * k / 2)
            pygame.draw.circle(big, fill, centre, r - width * k / 2)
    return pygame.transform.smoothscale(big, (size, size))


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "hexboard.svg").write_text(svg(), encoding="utf-8")
    for size in SIZES:
        pygame.image.save(png(size), str(OUT / f"hexboard-{size}.png"))
    print(f"{OUT}: hexboard.svg and {len(SIZES)} PNGs")


if __name__ == "__main__":
    main()
