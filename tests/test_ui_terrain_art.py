"""Terrain art baked into the map tiles (issue 35): walls stand up with a lit top, darker
sides and a shadow beside them; where terrains meet the edge is soft, not a hard line."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from board.battle import BattleMap, Terrain
from board.hexgrid import Hex, hex_range, hex_to_pixel, layout_for
from board.ui.draw import palette
from board.ui.draw.relief import RISE
from board.ui.draw.tiles import MapTiles

SIZE = 40.0
ORIGIN = (300.0, 300.0)


def picture(terrain: dict, size: float = SIZE) -> pygame.Surface:
    """The map tiles of a radius-3 pointy map with this terrain, drawn at this hex size."""
    battle = BattleMap(
        name="Art",
        ruleset="melee",
        layout="pointy",
        cells=frozenset(hex_range(Hex(0, 0), 3)),
        terrain=terrain,
        figures=[],
        source=None,
    )
    surface = pygame.Surface((600, 600))
    MapTiles(battle).draw(surface, surface.get_rect(), size, ORIGIN, labels=False)
    return surface


def light(colour) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def at(h: Hex, dx: float, dy: float, size: float = SIZE) -> tuple[int, int]:
    """A point of a hex, offset from its centre in hex sizes."""
    x, y = hex_to_pixel(layout_for("pointy", size, ORIGIN), h)
    return round(x + dx * size), round(y + dy * size)


@pytest.fixture(params=["default", "colour-blind", "high-contrast"])
def each_palette(request):
    before = palette.current()
    palette.use(request.param)
    yield request.param
    palette.use(before)


def test_a_wall_has_a_lit_top_darker_sides_and_a_shadow_beside_it(each_palette):
    wall = Hex(0, 0)
    walled = picture({wall: Terrain("wall")})
    bare = picture({})
    top = walled.get_at(at(wall, 0, -RISE))
    side = walled.get_at(at(wall, 0, 0.93))  # the lowest side face, just above the base's corner
    assert light(top) > light(side)
    # Beside it, down and to the right, the open ground is darker than it is with no wall.
    beside = at(Hex(0, 1), -0.38, -0.64)  # just past their shared edge
    assert light(walled.get_at(beside)) < light(bare.get_at(beside)) - 5
    # And the wall stays unlike the open ground in every palette.
    assert abs(light(top) - light(bare.get_at(at(wall, 0, -RISE)))) > 60


def test_where_fire_meets_open_ground_the_edge_is_soft():
    fire, ground = Hex(0, 0), Hex(1, 0)
    surface = picture({fire: Terrain("fire", "flames")})
    # Along the line from the fire's centre to the open neighbour's, the red falls in several
    # steps, not in one jump at the fire's edge.
    (x0, y0), (x1, y1) = at(fire, 0, 0), at(ground, 0, 0)
    reds = [
        surface.get_at((round(x0 + (x1 - x0) * t / 40), round(y0 + (y1 - y0) * t / 40))).r
        - surface.get_at((round(x0 + (x1 - x0) * t / 40), round(y0 + (y1 - y0) * t / 40))).b
        for t in range(14, 30)
    ]
    steepest = max(a - b for a, b in zip(reds, reds[1:]))
    assert reds[0] - reds[-1] > 60 and steepest < (reds[0] - reds[-1]) / 2, reds


def test_at_a_far_zoom_there_is_no_blur_and_the_tiles_still_draw():
    surface = picture({Hex(0, 0): Terrain("wall"), Hex(1, 0): Terrain("fire", "coals")}, size=10)
    assert light(surface.get_at(at(Hex(0, 0), 0, 0, 10))) < 100
