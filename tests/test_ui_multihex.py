"""Multihex creatures and nameplates (issue 35): a 2-, 3-, 4- or 7-hex creature is drawn as one
body across its footprint, turning with its facing, its head marked and its picture looking
its way; every token's nameplate shows its whole name and a meter bar at the default zoom."""

import math
from dataclasses import replace

import pygame
import pytest

from board.footprints import footprint_cells, footprint_neighbors
from board.game import Game
from board.hexgrid import DIRECTIONS, Hex, hex_to_pixel, layout_for
from board.maps import load_map
from board.ui.draw import figure_art, multihex, nameplate, tokens
from tests.ui_driver import ROOT, Driver

SIZE = 40.0
MAPS = sorted((ROOT / "maps").glob("*.yaml"))


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield


def creature(size: int, facing: int):
    smaug = Game(load_map(ROOT / "maps" / "outdoor.yaml"), seed=1).tokens()["Smaug the Lesser"]
    return replace(smaug, size=size, facing=facing)


def masks_about_origin(size: int, facing: int, kind: str = "pointy"):
    """The body's masks on a surface centred on the anchor hex, and that layout."""
    dim = int(SIZE * 10)
    layout = layout_for(kind, SIZE, (dim / 2, dim / 2))
    return multihex.body_masks(layout, footprint_cells(size, Hex(0, 0), facing), SIZE, dim), layout


@pytest.mark.parametrize("kind", ["pointy", "flat"])
@pytest.mark.parametrize("size", [2, 3, 4, 7])
def test_a_multihex_body_is_one_piece_over_its_footprint_and_turns_with_it(size, kind):
    for facing in range(6):
        (outline, body), layout = masks_about_origin(size, facing, kind)
        cells = footprint_cells(size, Hex(0, 0), facing)
        assert len(body.connected_components()) == 1  # one body, not a disc per hex
        for c in cells:  # over every hex it covers, and across the edges between them
            assert body.get_at([round(v) for v in hex_to_pixel(layout, c)])
            for d in DIRECTIONS:
                n = Hex(c.q + d.q, c.r + d.r)
                if n in cells:
                    a, b = hex_to_pixel(layout, c), hex_to_pixel(layout, n)
                    assert body.get_at((round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))), (facing, c, n)
        for n in footprint_neighbors(size, Hex(0, 0), facing):  # and over no neighbour's hex
            x, y = hex_to_pixel(layout, n)
            assert not outline.get_at((round(x), round(y)))
        assert body.count() < outline.count()  # an outline rims the body


@pytest.mark.parametrize("size", [2, 3, 4, 7])
def test_the_body_keeps_off_where_a_neighbours_token_stands(size):
    """A one-hex token reaches 0.8 hex sizes from its centre: the body's outline stays out."""
    (outline, _), layout = masks_about_origin(size, 0)
    for n in footprint_neighbors(size, Hex(0, 0), 0):
        token = pygame.Surface(outline.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(token, (255, 255, 255, 255), hex_to_pixel(layout, n), SIZE * 0.8)
        assert not outline.overlap(pygame.mask.from_surface(token), (0, 0)), n


@pytest.mark.parametrize("facing", range(6))
def test_the_head_of_a_multihex_creature_is_marked_on_the_side_it_faces(facing):
    f = creature(4, facing)
    dim = int(SIZE * 8)
    layout = layout_for("pointy", SIZE, (dim / 2, dim / 2))
    surface = pygame.Surface((dim, dim), pygame.SRCALPHA)
    cells = footprint_cells(4, Hex(0, 0), facing)
    fx, fy = hex_to_pixel(layout_for("pointy", SIZE), DIRECTIONS[facing])
    multihex.draw_body(surface, f, SIZE, layout, cells, math.atan2(fy, fx), (142, 68, 173), (70, 30, 90))
    # The arrow lies inside the head hex (the anchor: furthest along the facing), pointing out.
    head = hex_to_pixel(layout, cells[0])
    along = pygame.math.Vector2(fx, fy).normalize() * SIZE * 0.45
    assert surface.get_at((round(head[0] + along.x), round(head[1] + along.y)))[:3] == (255, 255, 255)
    # The hex behind the head carries no such mark.
    tail = hex_to_pixel(layout, cells[2])
    assert surface.get_at((round(tail[0] - along.x), round(tail[1] - along.y)))[:3] != (255, 255, 255)


def test_a_profile_picture_looks_the_way_the_creature_faces():
    f = creature(7, 0)
    assert figure_art.icon_name(f) in multihex.PROFILE
    right, left = (pygame.Surface((200, 200), pygame.SRCALPHA) for _ in range(2))
    multihex.draw_art(right, f, SIZE, (100, 100), 0.0, 255)
    multihex.draw_art(left, f, SIZE, (100, 100), math.pi, 255)
    mirrored = pygame.mask.from_surface(pygame.transform.flip(right, True, False))
    seen_left, seen_right = pygame.mask.from_surface(left), pygame.mask.from_surface(right)
    # The same picture mirrored (to a pixel of rounding), not the same picture.
    assert max(mirrored.overlap_area(seen_left, (dx, 0)) for dx in (-1, 0, 1)) > 0.97 * seen_left.count()
    assert seen_right.overlap_area(seen_left, (0, 0)) < 0.9 * seen_left.count()


def test_a_multihex_token_carries_no_disc_outline_inside_its_body():
    """Between two of its hexes the token is the body's colour, not a dark per-hex rim."""
    f = creature(7, 0)
    surface = tokens.draw_token(f, SIZE, (142, 68, 173), "pointy")
    centre = pygame.math.Vector2(surface.get_size()) / 2
    probe = layout_for("pointy", SIZE)
    for d in DIRECTIONS[1:3]:  # two edges above the middle, away from the plate and the head
        x, y = hex_to_pixel(probe, d)
        seam = surface.get_at((round(centre.x + x / 2), round(centre.y + y / 2)))
        assert seam.a == 255 and sum(seam[:3]) > sum((70, 30, 90)) + 60, seam


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_nameplate_shows_the_whole_name_and_a_meter_bar_at_the_default_zoom(path, monkeypatch):
    plates = {}
    original = tokens.draw_nameplate

    def recording(surface, f, *args, **kw):
        plates[f.name] = plate = original(surface, f, *args, **kw)
        return plate

    monkeypatch.setattr(tokens, "draw_nameplate", recording)
    driver = Driver(str(path))
    names = set(driver.game.tokens())
    assert set(plates) == names
    size, tokens_ = driver.scene.camera.size, driver.game.tokens()
    for name, plate in plates.items():
        assert plate.text == name and plate.px >= nameplate.SMALLEST, (name, plate)
        assert plate.bar is not None and plate.bar.width >= size * 0.55
        assert plate.rect.collidepoint(plate.name.center) and plate.rect.contains(plate.bar)
        if tokens_[name].size == 1:  # the plates of two neighbours in a row (1.73 sizes apart) keep a gap
            assert plate.rect.width < 3**0.5 * size - 1, (name, plate.rect.width, size)
