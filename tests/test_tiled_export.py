"""export-tiled: a Hexboard map opens in Tiled, and importing it gives the same map back
(board/tiled/export.py)."""

import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from board.maps import load_map, parse_map
from board.tiled import convert
from board.tiled.export import export

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "maps").glob("*.yaml"))


def same_map(a, b):
    """Everything a map file says, compared: shape, terrain, figures (facing too), teams, words."""
    assert (b.name, b.ruleset, b.layout, b.size, b.source.radius, b.source.labels) == (
        a.name,
        a.ruleset,
        a.layout,
        a.size,
        a.source.radius,
        a.source.labels,
    )
    assert b.cells == a.cells and b.terrain == a.terrain and b.teams == a.teams
    assert [f.model_dump() for f in b.figures] == [f.model_dump() for f in a.figures]
    assert b.source.notes.strip() == a.source.notes.strip()


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_export_then_import_gives_each_sample_map_back_exactly(tmp_path, sample):
    original = load_map(sample)
    export(original, tmp_path / "out.tmx")
    same_map(original, convert(tmp_path / "out.tmx").battle)


@pytest.mark.parametrize("sample", ["arena", "burning"])
def test_the_export_is_a_hexagonal_tiled_map_of_the_same_layout_with_a_terrain_tileset(tmp_path, sample):
    battle = load_map(ROOT / "maps" / f"{sample}.yaml")
    image = export(battle, tmp_path / "out.tmx")
    root = ET.parse(tmp_path / "out.tmx").getroot()
    assert root.get("orientation") == "hexagonal" and root.get("staggerindex") == "odd"
    assert root.get("staggeraxis") == {"flat": "x", "pointy": "y"}[battle.layout]
    assert (int(root.get("width")), int(root.get("height"))) == battle.size
    tiles = {
        tile.get("id"): {p.get("name"): p.get("value") for p in tile.iter("property")} for tile in root.iter("tile")
    }
    assert tiles == {
        "0": {"terrain": "open"},
        "1": {"terrain": "wall"},
        "2": {"terrain": "fire", "stage": "flames"},
        "3": {"terrain": "fire", "stage": "coals"},
    }
    figures = [o for o in root.iter("object")]
    assert [o.get("name") for o in figures] == [f.name for f in battle.figures]
    assert {o.get("class") for o in figures} == {"figure"}
    facing = [next((p.get("value") for p in o.iter("property") if p.get("name") == "facing"), "0") for o in figures]
    assert facing == [str(f.facing) for f in battle.figures]
    # The tileset image: a PNG of four tiles side by side.
    data = image.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and image.name == "out-terrain.png"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (4 * int(root.get("tilewidth")), int(root.get("tileheight")))


def test_a_map_with_hexes_off_the_map_comes_back_with_the_same_shape(tmp_path):
    battle = parse_map(
        "name: Cave\nlayout: flat\nterrain: |\n  - # # -\n  # . ^ #\n  - # : -\n"
        "figures:\n  - {name: Ann, at: '0202', facing: 5}\n",
        "cave.yaml",
    )
    export(battle, tmp_path / "cave.tmx")
    same_map(battle, convert(tmp_path / "cave.tmx").battle)


def run(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_command_writes_the_map_and_its_tileset_image(tmp_path):
    result = run("export-tiled", "maps/dungeon.yaml", str(tmp_path / "dungeon.tmx"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f'{tmp_path / "dungeon.tmx"}: "')
    assert (tmp_path / "dungeon-terrain.png").is_file()
    back = run("import-tiled", str(tmp_path / "dungeon.tmx"), str(tmp_path / "dungeon.yaml"))
    assert back.returncode == 0 and "warning" not in back.stdout


def test_a_folder_that_does_not_exist_is_one_line_without_a_traceback(tmp_path):
    result = run("export-tiled", "maps/dungeon.yaml", str(tmp_path / "nowhere" / "d.tmx"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{tmp_path / 'nowhere' / 'd.tmx'}: cannot write the map: ")


def test_sheets_for_other_rulesets_hidden_labels_notes_and_odd_names_come_back(tmp_path):
    battle = parse_map(
        'name: Sheets\nsize: [4, 3]\nlabels: false\nnotes: |\n  Line one.\n  Two: "quoted", <angle> & amp.\n'
        'teams:\n  Red Army: {color: "#c0392b"}\nfigures:\n'
        '  - {name: Aldo, team: Red Army, at: "0202", facing: 4, st: 12, weapons: [Broadsword],'
        " sheets: {dox: {warrior: 3, strength: 2}}}\n"
        '  - {name: "Bo, the <Bold>", team: Blue, at: "0302", posture: kneeling, ready: none, weapons: [Dagger]}\n',
        "sheets.yaml",
    )
    export(battle, tmp_path / "sheets.tmx")
    back = convert(tmp_path / "sheets.tmx").battle
    same_map(battle, back)
    assert back.figures[0].sheets == {"dox": {"warrior": 3, "strength": 2}} and back.figures[1].ready == ""
