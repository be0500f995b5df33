"""Tiled maps as GMs make them: terrain from what tilesets carry, empty cells, hidden layers,
infinite maps and the summary that says what was found (board/tiled/terrain.py, board/tiled/importer.py)."""

import base64
import shlex
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from board.hexgrid import Hex, from_offset, hex_distance
from board.tiled import ImportOptions, convert
from board.tiled.terrain import parse_mapping
from board.tiled.grid import Stagger
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
ISLAND, WANG = DATA / "tiled_island.tmx", DATA / "tiled_wang.tmx"
FLAT_EVEN = Stagger("x", "even", 32, 28, 16)


def load(path, terrain=None, **options):
    return convert(path, ImportOptions(parse_mapping(terrain), **options))


def kinds(battle):
    """Every hex of the map: "#" wall, "^" fire, "." open."""
    return {h: {"wall": "#", "fire": "^"}.get(battle.terrain_at(h).kind, ".") for h in battle.cells}


def island_hex(col, row):
    """The Hexboard hex of a cell of the island (flat-top, even columns shifted)."""
    return FLAT_EVEN.hexboard_hex(col, row)


def write_map(tmp_path, body, width, height, stagger="x", index="odd", infinite=False, name="m.tmx"):
    """A map in Tiled's own shape using the biomes tileset (1 Grass, 2 Mountain, 3 Ocean...)."""
    shutil.copy(DATA / "biomes.tsx", tmp_path / "biomes.tsx")
    path = tmp_path / name
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="32" tileheight="28" infinite="{int(infinite)}" '
        f'hexsidelength="16" staggeraxis="{stagger}" staggerindex="{index}" nextlayerid="3" nextobjectid="3">\n'
        ' <tileset firstgid="1" source="biomes.tsx"/>\n' + body + "</map>\n"
    )
    return path


# --- Terrain from the tiles' class, properties, Wang sets, images and ids ----------------


def test_a_real_map_without_a_mapping_says_what_it_found_and_that_it_is_all_open():
    imported = load(ISLAND)
    assert set(kinds(imported.battle).values()) == {"."}
    report = "\n".join(imported.report)
    assert '  class "Grass": 15 cells, unmapped (15 left open)' in report
    assert '  property Biome: "Ocean": 2 cells, unmapped (2 left open)' in report
    assert '  property type: "Volcano": 1 cells, unmapped' in report
    assert imported.report[-1].startswith(
        "warning: 19 painted cells have no mapped value and are open "
        "ground; map the values above with --terrain VALUE=TERRAIN"
    )


def test_class_and_properties_of_any_name_map_to_terrain():
    battle = load(ISLAND, "mountain=wall,volcano=fire,grass=open,tree=open").battle
    assert battle.terrain_at(island_hex(2, 2)).kind == "wall"  # class Mountain
    assert battle.terrain_at(island_hex(3, 3)).kind == "fire"  # property type: Volcano
    assert sum(t.kind != "open" for t in battle.terrain.values()) == 2


def test_a_property_is_named_by_name_and_value_when_the_value_alone_is_ambiguous():
    battle = load(ISLAND, "available:false=coals").battle
    assert battle.terrain_at(island_hex(2, 2)).stage == "coals"


def test_the_summary_counts_each_mapped_value_and_names_keys_that_matched_nothing():
    report = load(ISLAND, "mountain=wall,ocean=off,lava=fire,grass=open,tree=open,volcano=fire").report
    assert '  class "Mountain": 1 cells -> wall' in report
    assert '  property Biome: "Ocean": 2 cells -> off the map' in report
    assert '  class "Grass": 13 cells -> open' in report
    assert "  mapped but not found in the map: lava" in report
    assert not any(line.startswith("warning") for line in report)


def test_a_value_mapped_but_beaten_by_the_tiles_earlier_values_is_said_so():
    report = load(ISLAND, "mountain=wall,available:false=coals").report
    assert (
        '  property available: "false": 1 cells, mapped to coals but their tiles\' values before it '
        "decided them" in report
    )
    assert not any(line.startswith("  mapped but not found") for line in report)


def test_a_tile_with_a_class_may_still_be_mapped_by_its_id():
    imported = load(ISLAND, "biomes:1=wall")
    assert imported.battle.terrain_at(island_hex(2, 2)).kind == "wall"
    assert '  tile biomes: "1": 1 cells -> wall' in imported.report


def test_wang_set_colours_and_image_names_map_to_terrain():
    battle = load(WANG, "water=wall,hex_rock=coals").battle
    rows = [[kinds(battle)[from_offset(c, r, "pointy")] for c in range(5)] for r in range(4)]
    # The shore tiles are mostly water (5 of their 8 Wang corners and edges say so).
    assert ["".join(row) for row in rows] == ["###..", "##..^", "#..^^", "....."]


def test_a_tileset_with_nothing_but_an_image_maps_by_tileset_and_tile_id(tmp_path):
    # The shape of go-tiled's hex.tmx: one image, no tile metadata at all.
    (tmp_path / "plain.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" tiledversion="1.10.1" '
        'name="hex-tiles" tilewidth="32" tileheight="48" tilecount="6" columns="3">\n'
        ' <image source="hex-tiles.png" width="96" height="96"/>\n</tileset>\n'
    )
    path = tmp_path / "plain.tmx"
    path.write_text((DATA / "tiled_wang.tmx").read_text().replace("wang_hexes.tsx", "plain.tsx"))
    first = load(path)
    assert '  tile hex-tiles: "3": 3 cells, unmapped (3 left open)' in first.report
    battle = load(path, "hex-tiles:3=wall").battle
    assert sum(t.kind == "wall" for t in battle.terrain.values()) == 3


def test_a_mapping_file_gives_the_same_map_as_the_option(tmp_path):
    mapping = tmp_path / "biomes.yaml"
    mapping.write_text("# my biomes\nMountain: wall\nvolcano: coals\nOcean: off\n")
    assert (
        load(ISLAND, str(mapping)).battle.terrain
        == load(ISLAND, "mountain=wall,volcano=coals,ocean=off").battle.terrain
    )


def test_an_unknown_terrain_in_a_mapping_file_is_refused_at_its_line(tmp_path):
    mapping = tmp_path / "biomes.yaml"
    mapping.write_text("mountain: wall\nocean: water\n")
    with pytest.raises(InputError) as caught:
        parse_mapping(str(mapping))
    assert [str(p) for p in caught.value.problems] == [
        f'{mapping}:2:8: "ocean": unknown terrain "water"; expected one of open, wall, fire, flames, coals, off'
    ]


def test_an_unknown_terrain_on_the_command_line_is_refused_by_option():
    with pytest.raises(InputError) as caught:
        parse_mapping("mountain=wall,ocean")
    assert [str(p) for p in caught.value.problems] == ['--terrain: "ocean": expected VALUE=TERRAIN']


# --- Empty cells and hidden layers ---------------------------------------------------

PAINTED = {
    (2, 0),
    (3, 0),
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (1, 2),
    (2, 2),
    (3, 2),
    (4, 2),
    (5, 2),
    (1, 3),
    (2, 3),
    (3, 3),
    (4, 3),
    (5, 3),
    (2, 4),
    (3, 4),
    (4, 4),
}


@pytest.mark.parametrize("empty, expected", [("open", "."), ("wall", "#")])
def test_empty_cells_become_open_ground_or_walls_as_asked(empty, expected):
    battle = load(ISLAND, empty=empty).battle
    empties = {island_hex(c, r) for c in range(8) for r in range(6)} - {island_hex(*cell) for cell in PAINTED}
    assert len(empties) == 48 - 19 and all(kinds(battle)[h] == expected for h in empties)
    assert len(battle.cells) == 48


def test_with_empty_off_the_maps_shape_follows_the_painted_cells():
    imported = load(ISLAND, empty="off")
    assert imported.battle.cells == {island_hex(*cell) for cell in PAINTED}
    assert "empty cells: 29 -> off the map (--empty)" in imported.report
    assert "  - - . . . . - - -" in imported.text  # the even stagger's extra column is off the map too


def test_hidden_layers_set_no_terrain_unless_asked_for():
    hidden = load(ISLAND, "mountain=wall")
    assert hidden.battle.terrain_at(island_hex(4, 4)).kind == "open"
    assert 'hidden layers skipped: "Collision" (--hidden-layers reads them)' in hidden.report
    shown = load(ISLAND, "mountain=wall", hidden=True).battle
    assert shown.terrain_at(island_hex(4, 4)).kind == "wall"


def test_a_layer_inside_a_hidden_group_is_hidden(tmp_path):
    body = (
        ' <group id="9" name="Old" visible="0">\n  <layer id="1" name="Rocks" width="2" height="1">\n'
        '   <data encoding="csv">2,2</data>\n  </layer>\n </group>\n'
        ' <layer id="2" name="Ground" width="2" height="1">\n  <data encoding="csv">1,1</data>\n </layer>\n'
    )
    path = write_map(tmp_path, body, 2, 1)
    assert load(path, "mountain=wall").battle.terrain == {}
    assert len(load(path, "mountain=wall", hidden=True).battle.terrain) == 2


# --- Grids: the 500-column even map and infinite maps -----------------------------------


def test_a_500_column_even_map_imports_as_500_columns_of_hexes(tmp_path):
    gids = bytes(4 * 500 * 500)  # every cell empty but the corners
    gids = bytearray(gids)
    for cell in (0, 499, 500 * 499, 500 * 500 - 1):
        gids[4 * cell] = 2  # Mountain
    payload = base64.b64encode(zlib.compress(bytes(gids))).decode()
    body = (
        ' <layer id="1" name="Ground" width="500" height="500">\n'
        f'  <data encoding="base64" compression="zlib">\n   {payload}\n  </data>\n </layer>\n'
    )
    battle = load(write_map(tmp_path, body, 500, 500, index="even"), "mountain=wall").battle
    assert battle.size == (501, 500) and len(battle.cells) == 500 * 500
    assert {h for h, t in battle.terrain.items() if t.kind == "wall"} == {
        FLAT_EVEN.hexboard_hex(c, r) for c in (0, 499) for r in (0, 499)
    }


def chunk(x, y, cells):
    """A 16x16 chunk in CSV: cells maps absolute (col, row) to gid."""
    rows = [",".join(str(cells.get((x + c, y + r), 0)) for c in range(16)) for r in range(16)]
    return f'   <chunk x="{x}" y="{y}" width="16" height="16">\n' + ",\n".join(rows) + "\n   </chunk>\n"


@pytest.mark.parametrize("stagger, index", [("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")])
def test_an_infinite_map_is_converted_by_its_used_bounds(tmp_path, stagger, index):
    painted = {(-3, 2): 2, (-2, 2): 1, (-1, 3): 1, (0, 3): 1, (1, 4): 1, (-3, 5): 1, (1, -17): 1}
    chunks = chunk(-16, 0, painted) + chunk(0, 0, painted) + chunk(0, -32, painted)
    grid = Stagger(stagger, index, 32, 28, 16)
    x, y = grid.centre(0, 3)
    body = (
        f' <layer id="1" name="Ground" width="32" height="32">\n  <data encoding="csv">\n{chunks}'
        f'  </data>\n </layer>\n <objectgroup id="2" name="Figures">\n'
        f'  <object id="1" name="Ann" class="figure" x="{x}" y="{y}"><point/></object>\n </objectgroup>\n'
    )
    imported = load(write_map(tmp_path, body, 32, 32, stagger, index, infinite=True), "mountain=wall", empty="off")
    battle = imported.battle
    assert len(battle.cells) == len(painted)
    (wall,) = [h for h, t in battle.terrain.items() if t.kind == "wall"]
    ann = Hex(*battle.figures[0].at)
    # The hexes are Tiled's own, moved as one: distances between them are kept.
    assert hex_distance(wall, ann) == hex_distance(grid.tiled_axial(-3, 2), grid.tiled_axial(0, 3))
    assert {hex_distance(wall, h) for h in battle.cells} == {
        hex_distance(grid.tiled_axial(-3, 2), grid.tiled_axial(*cell)) for cell in painted
    }


def test_an_infinite_map_with_nothing_painted_is_refused(tmp_path):
    body = (
        ' <layer id="1" name="Ground" width="16" height="16">\n  <data encoding="csv">\n'
        + chunk(0, 0, {})
        + "  </data>\n </layer>\n"
    )
    path = write_map(tmp_path, body, 16, 16, infinite=True)
    with pytest.raises(InputError) as caught:
        load(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:2: an infinite map with no painted tiles: nothing to import"
    ]


# --- The command line ---------------------------------------------------------------


def run(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_command_prints_the_summary_and_takes_the_options(tmp_path):
    out = tmp_path / "island.yaml"
    result = run(
        "import-tiled",
        str(ISLAND),
        str(out),
        "--terrain",
        "mountain=wall,volcano=fire",
        "--empty",
        "off",
        "--figures",
        "player spawn=Red",
        "--hidden-layers",
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert (
        lines[0] == f'{out}: "Tiled Island", flat-top 9x6 (19 hexes, 2 walls, 1 burning), 3 figures (Red 2, neutral 1)'
    )
    assert '  class "Mountain": 2 cells -> wall' in lines
    assert run("check", str(out)).returncode == 0


def test_a_bad_option_is_one_line_and_exit_1_without_a_traceback(tmp_path):
    result = run("import-tiled", str(ISLAND), str(tmp_path / "x.yaml"), "--terrain", "mountain=lava")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr == (
        '--terrain: "mountain": unknown terrain "lava"; expected one of open, wall, fire, flames, coals, off\n'
    )


def refused(path, **options):
    with pytest.raises(InputError) as caught:
        load(path, **options)
    return [str(p) for p in caught.value.problems]


def test_an_infinite_map_wider_than_500_hexes_is_refused_with_its_bounds(tmp_path):
    body = (
        ' <layer id="1" name="Ground" width="16" height="16">\n  <data encoding="csv">\n'
        + chunk(0, 0, {(0, 0): 1})
        + chunk(992, 0, {(1000, 0): 1})
        + "  </data>\n </layer>\n"
    )
    path = write_map(tmp_path, body, 16, 16, infinite=True)
    assert refused(path) == [
        f"{path}:2: the painted tiles, from cell [0, 0], make a map of 1001x1 tiles; "
        "a Hexboard map is at most 500 hexes across and down"
    ]


def test_a_tile_past_the_end_of_its_tileset_is_refused_at_its_line(tmp_path):
    body = ' <layer id="1" name="Ground" width="2" height="1">\n  <data encoding="csv">\n1,9\n</data>\n </layer>\n'
    path = write_map(tmp_path, body, 2, 1)
    assert refused(path) == [f'{path}:6: tile 9 is past the end of tileset "biomes" (5 tiles from gid 1)']


def test_a_chunk_with_the_wrong_number_of_tiles_is_refused_at_the_chunk(tmp_path):
    body = (
        ' <layer id="1" name="Ground" width="2" height="1">\n  <data encoding="csv">\n'
        '   <chunk x="0" y="0" width="2" height="1">1,1,1</chunk>\n  </data>\n </layer>\n'
    )
    path = write_map(tmp_path, body, 2, 1, infinite=True)
    assert refused(path) == [f"{path}:6: the chunk has 3 tiles; expected 2"]


def test_the_summary_shown_in_the_docs_is_what_the_command_prints(tmp_path):
    doc = (ROOT / "docs" / "maps.md").read_text(encoding="utf-8")
    block = doc.split("## Importing from Tiled", 1)[1].split("```\n", 2)[1].replace("\\\n", " ")
    shutil.copy(ISLAND, tmp_path / "island.tmx")
    shutil.copy(DATA / "biomes.tsx", tmp_path / "biomes.tsx")
    for run_shown in block.split("$ python3 main.py ")[1:]:
        command, printed = run_shown.split("\n", 1)
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), *shlex.split(command)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.stdout == printed.strip("\n") + "\n", result.stderr
