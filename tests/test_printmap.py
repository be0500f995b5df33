"""The printable map: hexes at true scale, and a PNG that tells the printer its DPI."""

import math
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

from board.hexgrid import Hex, hex_to_pixel
from board.maps import load_map, parse_map
from board.ui.editor import printmap

ROOT = Path(__file__).resolve().parents[1]
SQRT3 = math.sqrt(3)


def small_map(layout="flat", hexes="", figures=""):
    return parse_map(f"name: Small\nlayout: {layout}\nsize: [3, 3]\nhexes: [{hexes}]\nfigures: [{figures}]\n")


def chunks(png: bytes):
    """A PNG's chunks as (type, data, crc), in order."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, found = 8, []
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        found.append(
            (
                png[at + 4 : at + 8],
                png[at + 8 : at + 8 + length],
                struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0],
            )
        )
        at += 12 + length
    return found


def test_a_flat_top_3x3_page_is_the_maps_extent_plus_the_margins():
    # Hexes 1 inch across the flats at 100 dpi: corner radius R = 100 / sqrt(3) px.
    # Three flat-top columns span 2R + 2 * 1.5R = 5R; three rows and the half-hex drop of
    # the odd column span 3.5 * sqrt(3) R = 350 px.
    r = 100 / SQRT3
    page = printmap.page_for(small_map(), 1.0, 100)
    assert page.board[2:] == (round(5 * r), 350)
    margins_w = 2 * printmap.MARGIN * 100
    margins_h = (2 * printmap.MARGIN + printmap.HEADER + printmap.FOOTER) * 100
    assert page.size == (math.ceil(5 * r + margins_w), math.ceil(350 + margins_h))
    assert printmap.render(small_map(), 1.0, 100).get_size() == page.size


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_adjacent_hex_centres_are_one_hex_width_apart(layout):
    page = printmap.page_for(small_map(layout), 1.0, 100)
    for d in range(6):
        neighbour = [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)][d]
        a = hex_to_pixel(page.layout, Hex(1, 1))
        b = hex_to_pixel(page.layout, Hex(1 + neighbour.q, 1 + neighbour.r))
        assert math.dist(a, b) == pytest.approx(100.0)
    wide = printmap.page_for(small_map(layout), 0.75, 200)
    assert math.dist(hex_to_pixel(wide.layout, Hex(0, 0)), hex_to_pixel(wide.layout, Hex(1, 0))) == pytest.approx(150.0)


def test_two_drawn_neighbour_hexes_sit_100_pixels_apart_on_the_page():
    battle = small_map(hexes="{at: [0, 0], terrain: fire}, {at: [1, 0], terrain: fire}")
    surface = printmap.render(battle, 1.0, 100, figures=False, labels=False)
    mask = pygame.mask.from_threshold(surface, printmap.FLAMES, (1, 1, 1, 255))
    blobs = sorted(
        (m for m in mask.connected_components() if m.count() > 500), key=lambda m: m.get_bounding_rects()[0].x
    )
    assert len(blobs) == 2
    # Both fills are the same shape, so their centroids are one hex step apart.
    assert math.dist(blobs[0].centroid(), blobs[1].centroid()) == pytest.approx(100, abs=1.5)


def test_the_scale_bar_is_one_inch_long():
    for dpi in (100, 300):
        surface = printmap.render(small_map(), 1.0, dpi)
        mask = pygame.mask.from_threshold(surface, printmap.SCALE_BAR, (1, 1, 1, 255))
        rect = mask.get_bounding_rects()[0]
        assert rect.width == dpi


def test_the_png_records_its_dpi_in_a_phys_chunk_after_ihdr(tmp_path):
    out = tmp_path / "map.png"
    width, height = printmap.print_map(small_map(), out, 1.0, 150)
    found = chunks(out.read_bytes())
    assert [kind for kind, _, _ in found[:2]] == [b"IHDR", b"pHYs"]
    assert [kind for kind, _, _ in found].count(b"pHYs") == 1
    assert struct.unpack(">II", found[0][1][:8]) == (width, height)
    kind, data, crc = found[1]
    assert data == struct.pack(">IIB", 5906, 5906, 1)  # round(150 / 0.0254) pixels per metre
    assert crc == zlib.crc32(kind + data)
    assert pygame.image.load(str(out)).get_size() == (width, height)


def test_an_existing_phys_chunk_is_replaced_not_doubled():
    once = printmap.png_with_dpi(_png_bytes(), 300)
    twice = printmap.png_with_dpi(once, 72)
    phys = [data for kind, data, _ in chunks(twice) if kind == b"pHYs"]
    assert phys == [struct.pack(">IIB", 2835, 2835, 1)]


def _png_bytes() -> bytes:
    import io

    buffer = io.BytesIO()
    pygame.image.save(pygame.Surface((4, 3)), buffer, "x.png")
    return buffer.getvalue()


def test_no_figures_leaves_the_team_colours_off():
    battle = small_map(figures='{name: Ann, team: Red, at: "0202"}')
    red = (192, 57, 43)

    def red_pixels(**options):
        surface = printmap.render(battle, 1.0, 100, **options)
        return pygame.mask.from_threshold(surface, red, (1, 1, 1, 255)).count()

    assert red_pixels() > 100
    assert red_pixels(figures=False) == 0


def test_every_sample_map_renders_at_a_true_scale(tmp_path):
    for path in sorted((ROOT / "maps").glob("*.yaml")):
        battle = load_map(path)
        page = printmap.page_for(battle, 1.0, 100)
        out = tmp_path / (path.stem + ".png")
        assert printmap.print_map(battle, out, 1.0, 100) == page.size


def test_a_page_too_big_to_render_is_refused():
    big = parse_map("name: Big\nsize: [200, 200]\n")
    with pytest.raises(ValueError, match="lower --dpi"):
        printmap.render(big, 1.0, 300)


def run(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_importing_the_module_starts_nothing():
    code = "import pygame, board.ui.editor.printmap; print(pygame.font.get_init(), pygame.display.get_init())"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.split()[-2:] == ["False", "False"]


def test_the_print_map_command_writes_the_png_and_refuses_bad_maps(tmp_path):
    out = tmp_path / "dungeon.png"
    result = run("print-map", "maps/dungeon.yaml", str(out), "--dpi", "100", "--no-labels")
    assert result.returncode == 0, result.stderr
    assert out.exists() and "at 100 dpi" in result.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nsize: [3, 3]\nfigures:\n  - {name: A, at: [9, 9]}\n")
    result = run("print-map", str(bad), str(tmp_path / "bad.png"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{bad}:4:")
