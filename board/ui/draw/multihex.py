"""A multihex creature's token (issue 35): one body across its whole footprint, not a disc per
hex. The footprint's hexes are filled as one shape and its corners rounded (a blur and a
threshold), so a 3-, 4- or 7-hex beast reads as one piece that turns with its facing; its head
is lit, a bright edge and an arrow inside it show the way it faces, and its picture spans the
footprint, looking the way the creature faces."""

from __future__ import annotations

import math

import pygame

from board.hexgrid import hex_to_pixel, polygon_corners
from board.ui.draw.figure_art import icon, icon_name
from board.ui.draw.patterns import ink_for, pattern_over

# Icons drawn looking right (a head in profile): mirrored when the creature faces left.
PROFILE = {"dragon-head", "horse-head", "wolf-head"}
# Icons drawn looking up (a spider seen from above): turned to the facing.
TOP_DOWN = {"spider-alt"}
TILT = 35  # degrees at most that a profile leans up or down toward its facing


def mark_scale(cells: int) -> float:
    """How much larger a footprint's marks are than a one-hex token's."""
    return 1 + 0.45 * math.sqrt(cells - 1)


def head_index(points, facing: float) -> int:
    """The head: the cell furthest along the facing, the one nearest the middle on a tie."""
    ux, uy = math.cos(facing), math.sin(facing)
    return max(
        range(len(points)),
        key=lambda i: (round(points[i][0] * ux + points[i][1] * uy, 3), -abs(points[i][0] * uy - points[i][1] * ux)),
    )


def _level(shape: pygame.Surface, share: float) -> pygame.Mask:
    """Where the blurred footprint is at least this share solid."""
    return pygame.mask.from_surface(shape, round(255 * share))


def body_masks(layout, cells, size: float, dim: int) -> tuple[pygame.Mask, pygame.Mask]:
    """The footprint as one rounded shape: (outline, body); the body lies inside the outline,
    and both inside the footprint, so the body covers no neighbour's hex."""
    shape = pygame.Surface((dim, dim), pygame.SRCALPHA)
    for c in cells:
        pygame.draw.polygon(shape, (255, 255, 255, 255), polygon_corners(layout, c))
    # A straight edge blurred over 2R becomes a ramp: a threshold at t moves it in by (2t-1)R,
    # and corners come out round. The outline sits 0.05, the body 0.13 hex sizes inside.
    radius = max(1, round(size * 0.22))
    shape = pygame.transform.box_blur(shape, radius)
    return _level(shape, 0.62), _level(shape, 0.8)


def _head_light(dim: int, centre, size: float, body: pygame.Mask) -> pygame.Surface:
    """A soft light over the head, inside the body only."""
    glow = pygame.Surface((dim, dim), pygame.SRCALPHA)
    pygame.draw.circle(glow, (255, 255, 255, 90), centre, size * 0.75)
    glow = pygame.transform.box_blur(glow, max(1, round(size * 0.25)))
    glow.blit(
        body.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0)),
        (0, 0),
        special_flags=pygame.BLEND_RGBA_MIN,
    )
    return glow


def draw_body(surface, f, size: float, layout, cells, facing: float, base, dark, pattern=None):
    """A multihex token's body, its head lit and its facing marked; returns the text room at
    a height from the centre (the whole footprint's width there)."""
    dim = surface.get_width()
    points = [hex_to_pixel(layout, c) for c in cells]
    outline, body = body_masks(layout, cells, size, dim)
    surface.blit(outline.to_surface(setcolor=dark, unsetcolor=(0, 0, 0, 0)), (0, 0))
    surface.blit(body.to_surface(setcolor=base, unsetcolor=(0, 0, 0, 0)), (0, 0))
    facing_shown = f.status == "ok" and f.facing is not None
    head = head_index(points, facing)
    if facing_shown:
        surface.blit(_head_light(dim, points[head], size, body), (0, 0))
    if pattern:
        pattern_over(surface, pattern, ink_for(base), max(5, round(size / 3.5)))
    if facing_shown:
        _draw_front(surface, size, points[head], facing, dark, mark_scale(len(cells)))
    middle = dim / 2
    return lambda y: footprint_chord(points, size, middle, middle + y) - size * 0.3


def _draw_front(surface, size: float, head, facing: float, dark, scale: float) -> None:
    """A bright edge along the head's front and an arrow inside the head pointing out: both
    within the footprint, so the mark never lies over the figure in front."""
    width = max(2, int(size * scale / 10))
    steps = [facing + i * math.pi / 18 - math.pi / 3 for i in range(13)]
    reach = size * 0.74
    arc = [(head[0] + math.cos(t) * reach, head[1] + math.sin(t) * reach) for t in steps]
    pygame.draw.lines(surface, (255, 255, 255), False, arc, width)
    ux, uy = math.cos(facing), math.sin(facing)
    tip = (head[0] + ux * size * 0.62, head[1] + uy * size * 0.62)
    back = (head[0] + ux * size * 0.12, head[1] + uy * size * 0.12)
    half = size * 0.3
    wedge = [tip, (back[0] - uy * half, back[1] + ux * half), (back[0] + uy * half, back[1] - ux * half)]
    pygame.draw.polygon(surface, (255, 255, 255), wedge)
    pygame.draw.polygon(surface, dark, wedge, max(1, round(size / 24)))


def footprint_chord(points, size: float, cx: float, y: float) -> float:
    """The width around cx of a multihex footprint along the line at height y, centred on cx."""
    spans = []
    for px, py in points:
        dy = abs(y - py)
        if dy < size * 0.95:  # each hex as its circumcircle, a little shrunk: a fair outline
            half = math.sqrt((size * 0.95) ** 2 - dy * dy)
            spans.append((px - half, px + half))
    left = right = cx
    for lo, hi in sorted(spans) + sorted(spans, reverse=True):  # grow both ways over overlaps
        if lo <= right and hi >= left:
            left, right = min(left, lo), max(right, hi)
    return 2 * min(right - cx, cx - left)


def art_px(size: float, cells: int) -> int:
    """How large a footprint's picture is drawn: across most of its body."""
    return round(size * (1.0 + 0.6 * math.sqrt(cells - 1)))


def draw_art(surface: pygame.Surface, f, size: float, centre, facing: float, alpha: int) -> None:
    """The creature's picture across its footprint, looking the way it faces: a profile is
    mirrored to face left and leans toward the facing; a picture seen from above turns."""
    name = icon_name(f)
    picture = icon(name, max(4, art_px(size, f.size)))
    if picture is None:
        return
    degrees = math.degrees(facing)  # screen angles: 0 is right, 90 is down
    if name in TOP_DOWN:
        picture = pygame.transform.rotate(picture, -(degrees + 90))
    elif name in PROFILE:
        if math.cos(facing) < -1e-6:  # facing left: the profile mirrored, leaning from 180
            picture = pygame.transform.flip(picture, True, False)
            lean = 180 - degrees if degrees > 0 else -180 - degrees
        else:
            lean = -degrees
        picture = pygame.transform.rotate(picture, max(-TILT, min(TILT, lean)))
    picture = picture.copy()
    picture.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(picture, picture.get_rect(center=(round(centre[0]), round(centre[1]))))
