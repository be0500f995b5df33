"""Tiled import: hexagonal .tmx maps become Hexboard maps, hexes and figures where Tiled drew them."""

import base64
import gzip
import math
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.hexgrid import Hex, hex_distance
from board.maps import load_map
from board.tiled import ImportOptions, Stagger, convert
from board.tiled.terrain import parse_mapping
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SAMPLE = DATA / "tiled_sample.tmx"
EVEN = DATA / "tiled_even_pointy.tmx"
SAMPLE_CSV = """
2,2,2,2,2,2,2,2,
2,1,1,1,1,1,1,2,
2,1,1,3,4,1,1,2,
2,1,1,2147483650,268435458,1,1,2,
2,1,1,1,1,1,1,2,
2,2,2,2,2,2,2,2
"""
STAGGERS = [
    Stagger("x", "odd", 32, 28, 16),
    Stagger("x", "even", 32, 28, 16),
    Stagger("y", "odd", 28, 32, 16),
    Stagger("y", "even", 28, 32, 16),
]


# Axial coordinates of a Tiled cell, written out from the offset-coordinate formulas
# (Red Blob Games, "offset coordinates"), independently of board/tiled/.
def odd_q(col, row):
    return Hex(col, row - (col - (col & 1)) // 2)


def even_r(col, row):
    return Hex(col - (row + (row & 1)) // 2, row)


def tiled_centre(stagger, col, row):
    """Where Tiled draws a cell's centre: its HexagonalRenderer's tileToScreenCoords + half a tile."""
    w, h, side = stagger.tile_w, stagger.tile_h, stagger.side
    shifted = (col if stagger.axis == "x" else row) % 2 == (1 if stagger.index == "odd" else 0)
    if stagger.axis == "x":
        x, y = col * (w + side) // 2, row * h + (h // 2) * shifted
    else:
        x, y = col * w + (w // 2) * shifted, row * (h + side) // 2
    return x + w / 2, y + h / 2


def copy_sample(tmp_path, old="", new="", name="tiled_sample.tmx"):
    """The sample (and its tileset) in tmp_path, with one piece of text replaced."""
    for extra in ("hexes_flat.tsx", "hexes_flat.png"):
        shutil.copy(DATA / extra, tmp_path / extra)
    text = SAMPLE.read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


def line_of(path, needle):
    """The 1-based line of the first line containing needle."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def refusal(path):
    with pytest.raises(InputError) as caught:
        convert(path)
    return [str(p) for p in caught.value.problems]


# --- The two samples ---------------------------------------------------------


def test_odd_columns_of_a_flat_top_sample_keep_their_axial_hexes_and_labels():
    battle = convert(SAMPLE).battle
    assert (battle.layout, battle.size, battle.name) == ("flat", (8, 6), "Tiled Sample")
    fire = {h: t.stage for h, t in battle.terrain.items() if t.kind == "fire"}
    assert fire == {odd_q(3, 2): "flames", odd_q(4, 2): "coals"} == {Hex(3, 1): "flames", Hex(4, 0): "coals"}
    walls = {h for h, t in battle.terrain.items() if t.kind == "wall"}
    border = {odd_q(c, r) for c in range(8) for r in range(6) if c in (0, 7) or r in (0, 5)}
    assert walls == border | {odd_q(3, 3), odd_q(4, 3)}  # the last two carry flip flags
    at = {f.name: Hex(*f.at) for f in battle.figures}
    assert at == {"Ann": odd_q(2, 1), "Grik": odd_q(5, 3)} == {"Ann": Hex(2, 0), "Grik": Hex(5, 1)}
    ann = battle.figures[0]
    assert (ann.team, ann.st, ann.dx, ann.weapons, ann.armor) == ("Red", 12, 11, ["Broadsword", "Dagger"], "Leather")
    assert battle.figures[1].posture == "kneeling" and battle.figures[1].facing == 3


def test_an_odd_map_is_written_as_a_picture_with_labels():
    text = convert(SAMPLE).text
    assert "terrain: |\n  # # # # # # # #\n  # . . . . . . #\n  # . . ^ : . . #\n" in text
    assert "at: '0302'" in text and "at: '0604'" in text


def test_even_rows_of_a_pointy_top_sample_land_one_row_down_below_an_off_map_row():
    # Hexboard shifts odd rows; an even-r rectangle is an odd-r one moved one row down,
    # so the import adds a row that is not part of the map on top and moves every hex by (0, +1).
    battle = convert(EVEN).battle
    down = lambda h: Hex(h.q, h.r + 1)  # noqa: E731
    assert (battle.layout, battle.size) == ("pointy", (6, 6))
    assert {h: (t.kind, t.stage) for h, t in battle.terrain.items()} == {
        down(even_r(2, 0)): ("wall", None),
        down(even_r(0, 2)): ("wall", None),
        down(even_r(3, 4)): ("wall", None),
        down(even_r(4, 1)): ("fire", "flames"),
        down(even_r(5, 3)): ("fire", "coals"),
    }
    assert down(even_r(0, 2)) == Hex(-1, 3) and down(even_r(4, 1)) == Hex(3, 2)
    assert battle.cells == {down(even_r(c, r)) for c in range(6) for r in range(5)}
    # Vex is a point object, Moro a tile object whose anchor is its bottom-left corner.
    assert {f.name: Hex(*f.at) for f in battle.figures} == {"Vex": down(even_r(1, 1)), "Moro": down(even_r(4, 4))}
    assert {f.name: Hex(*f.at) for f in battle.figures} == {"Vex": Hex(0, 2), "Moro": Hex(2, 5)}


def test_an_even_map_is_written_as_a_picture_whose_first_row_is_off_the_map():
    text = convert(EVEN).text
    assert "terrain: |\n  - - - - - -\n  . . # . . .\n" in text and "\nhexes:" not in text
    assert "at: '0203'" in text and "at: '0506'" in text


def test_imported_maps_pass_check_from_the_command_line(tmp_path):
    for source in (SAMPLE, EVEN):
        out = tmp_path / (source.stem + ".yaml")
        result = run("import-tiled", str(source), str(out))
        assert result.returncode == 0, result.stderr
        assert load_map(out).figures
        check = run("check", str(out))
        assert check.returncode == 0 and ": ok: " in check.stdout


# --- Geometry: every stagger ---------------------------------------------------


@pytest.mark.parametrize("stagger", STAGGERS, ids=lambda s: f"{s.axis}-{s.index}")
def test_cells_tiled_draws_side_by_side_are_adjacent_hexes(stagger):
    cells = [(c, r) for c in range(6) for r in range(6)]
    step = min(math.dist(tiled_centre(stagger, *a), tiled_centre(stagger, *b)) for a in cells for b in cells if a != b)
    for a in cells:
        for b in cells:
            touching = a != b and math.dist(tiled_centre(stagger, *a), tiled_centre(stagger, *b)) < step * 1.3
            assert (hex_distance(stagger.hexboard_hex(*a), stagger.hexboard_hex(*b)) == 1) == touching


@pytest.mark.parametrize("stagger", STAGGERS, ids=lambda s: f"{s.axis}-{s.index}")
def test_the_conversion_is_the_textbook_offset_formula_plus_the_border_shift(stagger):
    for col in range(-3, 6):
        for row in range(-3, 6):
            if stagger.axis == "x":
                parity = (col + (col & 1)) if stagger.index == "even" else (col - (col & 1))
                expected, pad = Hex(col, row - parity // 2), Hex(1, 0)
            else:
                parity = (row + (row & 1)) if stagger.index == "even" else (row - (row & 1))
                expected, pad = Hex(col - parity // 2, row), Hex(0, 1)
            assert stagger.tiled_axial(col, row) == expected
            shift = pad if stagger.index == "even" else Hex(0, 0)
            assert stagger.hexboard_hex(col, row) == Hex(expected.q + shift.q, expected.r + shift.r)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(STAGGERS), st.integers(0, 40), st.integers(0, 40), st.floats(-0.4, 0.4), st.floats(-0.4, 0.4))
def test_an_object_stands_on_the_hex_drawn_under_it(stagger, col, row, fx, fy):
    x, y = tiled_centre(stagger, col, row)
    inner = min(stagger.tile_w, stagger.tile_h) / 2  # well inside the hex, whatever the stagger
    assert stagger.cell_at(x + fx * inner, y + fy * inner) == (col, row)


# --- Encodings and tilesets --------------------------------------------------


def gids_bytes():
    return struct.pack("<48I", *(int(n) for n in SAMPLE_CSV.replace("\n", "").split(",")))


@pytest.mark.parametrize("encoding", ["base64", "zlib", "gzip", "xml"])
def test_every_standard_library_layer_encoding_reads_the_same_map(tmp_path, encoding):
    if encoding == "xml":
        tiles = "".join(f'<tile gid="{n.strip()}"/>' for n in SAMPLE_CSV.replace("\n", "").split(","))
        data = f"<data>{tiles}</data>"
    else:
        squeeze = {"base64": bytes, "zlib": zlib.compress, "gzip": gzip.compress}[encoding]
        compression = "" if encoding == "base64" else f' compression="{encoding}"'
        payload = base64.b64encode(squeeze(gids_bytes())).decode()
        data = f'<data encoding="base64"{compression}>\n   {payload}\n  </data>'
    path = copy_sample(tmp_path, f'<data encoding="csv">{SAMPLE_CSV}</data>', data)
    assert convert(path).battle.terrain == convert(SAMPLE).battle.terrain


def test_zstd_compression_is_refused_at_the_data_line(tmp_path):
    payload = base64.b64encode(gids_bytes()).decode()
    path = copy_sample(
        tmp_path,
        f'<data encoding="csv">{SAMPLE_CSV}</data>',
        f'<data encoding="base64" compression="zstd">{payload}</data>',
    )
    (problem,) = refusal(path)
    assert problem.startswith(f"{path}:{line_of(path, '<data')}: ") and '"zstd" is not supported' in problem


def test_an_embedded_tileset_works_like_the_external_one(tmp_path):
    tsx = (DATA / "hexes_flat.tsx").read_text().split("\n", 1)[1]  # without the XML declaration
    embedded = tsx.replace("<tileset ", '<tileset firstgid="1" ', 1)
    path = copy_sample(tmp_path, '<tileset firstgid="1" source="hexes_flat.tsx"/>', embedded)
    (tmp_path / "hexes_flat.tsx").unlink()
    assert convert(path).battle.terrain == convert(SAMPLE).battle.terrain


# --- Refusals: FILE:LINE: message ---------------------------------------------


def test_a_map_that_is_not_hexagonal_is_refused(tmp_path):
    path = copy_sample(tmp_path, 'orientation="hexagonal"', 'orientation="orthogonal"')
    assert refusal(path) == [
        f'{path}:2: orientation "orthogonal": only hexagonal maps can be imported '
        "(Map > Map Properties > Orientation: Hexagonal)"
    ]


def test_a_missing_tileset_is_refused_at_its_reference(tmp_path):
    path = copy_sample(tmp_path)
    (tmp_path / "hexes_flat.tsx").unlink()
    (problem,) = refusal(path)
    assert problem.startswith(f"{path}:{line_of(path, '<tileset')}: ")
    assert 'tileset "hexes_flat.tsx" not found' in problem


def test_a_terrain_property_hexboard_does_not_know_is_reported_unmapped_until_mapped(tmp_path):
    path = copy_sample(tmp_path)
    tsx = tmp_path / "hexes_flat.tsx"
    tsx.write_text(tsx.read_text().replace('value="wall"', 'value="lava"'))
    imported = convert(path)
    assert '  property terrain: "lava": 26 cells, unmapped (26 left open)' in imported.report
    assert imported.report[-1].startswith("warning: 26 painted cells have no mapped value")
    assert not any(t.kind == "wall" for t in imported.battle.terrain.values())
    mapped = convert(path, ImportOptions(parse_mapping("lava=wall")))
    assert mapped.battle.terrain == convert(SAMPLE).battle.terrain
    assert '  property terrain: "lava": 26 cells -> wall' in mapped.report


def test_an_object_outside_the_map_is_refused_at_the_object(tmp_path):
    path = copy_sample(tmp_path, 'x="60" y="47"', 'x="400" y="47"')
    assert refusal(path) == [
        f'{path}:{line_of(path, "Ann")}: figure "Ann" at (400, 47) px is outside the map (8x6 hexes)'
    ]


def test_a_misspelt_figure_property_is_refused_with_a_suggestion(tmp_path):
    path = copy_sample(tmp_path, 'name="weapons" value="Broadsword', 'name="weapns" value="Broadsword')
    (problem,) = refusal(path)
    assert problem.startswith(f"{path}:{line_of(path, 'weapns')}: ") and 'did you mean "weapons"?' in problem


def test_what_check_refuses_is_reported_at_the_tiled_object_or_property(tmp_path):
    path = copy_sample(tmp_path, 'value="Broadsword, Dagger"', 'value="Brodsword, Dagger"')
    text = path.read_text().replace(
        'name="Grik" class="figure" x="126" y="102"', 'name="Grik" class="figure" x="10" y="10"'
    )
    path.write_text(text)
    problems = refusal(path)
    assert f'{path}:{line_of(path, "Brodsword")}: unknown weapon "Brodsword"; did you mean "Broadsword"?' in problems
    assert any(p.startswith(f"{path}:{line_of(path, 'Grik')}: ") and "wall" in p for p in problems)


def test_broken_xml_is_refused_with_its_line(tmp_path):
    path = copy_sample(tmp_path, "<point/>", "<point>")
    (problem,) = refusal(path)
    assert problem.startswith(f"{path}:") and "not a Tiled XML file" in problem


def run(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_command_prints_file_line_and_exits_1_without_a_traceback(tmp_path):
    path = copy_sample(tmp_path, 'orientation="hexagonal"', 'orientation="isometric"')
    result = run("import-tiled", str(path), str(tmp_path / "out.yaml"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f'{path}:2: orientation "isometric": only hexagonal maps')
    assert not (tmp_path / "out.yaml").exists()


def test_a_stage_on_anything_but_fire_is_refused_at_the_stage(tmp_path):
    path = copy_sample(tmp_path)
    tsx = tmp_path / "hexes_flat.tsx"
    tsx.write_text(
        tsx.read_text().replace(
            '<property name="terrain" value="wall"/>',
            '<property name="terrain" value="wall"/><property name="stage" value="coals"/>',
        )
    )
    line = line_of(tsx, 'value="wall"')
    assert refusal(path) == [f'{tsx}:{line}: stage "coals" on wall terrain: only fire has a stage']


def test_object_layers_inside_groups_are_read_and_tileset_collision_shapes_are_not(tmp_path):
    path = copy_sample(
        tmp_path,
        '<objectgroup id="2" name="Figures">',
        '<group id="3" name="Sides"><objectgroup id="2" name="Figures">',
    )
    path.write_text(path.read_text().replace("</objectgroup>", "</objectgroup></group>"))
    tsx = tmp_path / "hexes_flat.tsx"
    tsx.write_text(
        tsx.read_text().replace(
            '<tile id="0">',
            '<tile id="0"><objectgroup><object id="1" name="Ghost" x="0" y="0" width="99" '
            'height="99"><properties><property name="team" value="Red"/></properties>'
            "</object></objectgroup>",
        )
    )
    assert [f.name for f in convert(path).battle.figures] == ["Ann", "Grik"]


@pytest.mark.parametrize(
    "old, new, needle, message",
    [
        ('x="60" y="47"', 'x="sixty" y="47"', 'x="sixty"', "<object> needs a number x=\"...\", got 'sixty'"),
        (
            'width="20" height="20"',
            'width="20" height="wide"',
            'height="wide"',
            "<object> needs a number height=\"...\", got 'wide'",
        ),
        ("<point/>", '<polygon points="0,0 4,x"/>', "<polygon", "<polygon> points: expected \"x,y\" pairs, got '4,x'"),
        (
            'tilewidth="32" tileheight="28"',
            'tilewidth="0" tileheight="28"',
            "<map",
            "tiles of 0x28 px with sides of 16 px: expected tiles of at least 2x2 px and sides of 0 px or more",
        ),
        ('width="8" height="6" tilewidth', 'width="0" height="6" tilewidth', "<map", "a map of 0x6 tiles has no hexes"),
    ],
)
def test_a_broken_number_is_refused_at_its_line(tmp_path, old, new, needle, message):
    path = copy_sample(tmp_path, old, new)
    assert refusal(path) == [f"{path}:{line_of(path, needle)}: {message}"]
