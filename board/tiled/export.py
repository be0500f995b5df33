"""Hexboard maps out to Tiled: a hexagonal .tmx, a generated terrain tileset, figures as objects.

`import-tiled` reads the file back to the same map: the tiles carry Hexboard's own `terrain`
and `stage` properties, the figures are objects of class `figure` with their sheet as
properties, and map properties keep the rest (name, ruleset, radius, teams, notes)."""

from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import yaml

from board.hexgrid import Hex, to_offset
from board.maps import BattleMap, figure_dict
from board.tiled.grid import Stagger

SIDE = 24  # px: a hex side in the generated tileset
TILES = (("open", None), ("wall", None), ("fire", "flames"), ("fire", "coals"))  # tile ids 0-3
COLOURS = {
    ("open", None): (214, 201, 160),
    ("wall", None): (86, 84, 80),
    ("fire", "flames"): (232, 104, 36),
    ("fire", "coals"): (128, 46, 30),
}


def export_stagger(layout: str) -> Stagger:
    """Tiled's grid for a Hexboard layout: odd columns (flat) or odd rows (pointy) shifted."""
    across, along = 2 * SIDE, round(math.sqrt(3) * SIDE) & ~1
    if layout == "flat":
        return Stagger("x", "odd", across, along, SIDE)
    return Stagger("y", "odd", along, across, SIDE)


def placement(battle: BattleMap) -> tuple[dict[Hex, tuple[int, int]], int, int]:
    """The Tiled cell of every hex of the map, and the grid's columns and rows.

    A rectangle keeps its own offsets; a hexagon is moved into view by a shift that keeps the
    staggered columns (rows) staggered: an even number of them."""
    offsets = {h: to_offset(h, battle.layout) for h in battle.cells}
    if battle.size is not None:
        return offsets, *battle.size
    cols, rows = [c for c, _ in offsets.values()], [r for _, r in offsets.values()]
    dc, dr = -min(cols), -min(rows)
    if battle.layout == "flat":
        dc += dc % 2
    else:
        dr += dr % 2
    placed = {h: (c + dc, r + dr) for h, (c, r) in offsets.items()}
    return placed, max(cols) + dc + 1, max(rows) + dr + 1


def export(battle: BattleMap, out: Path) -> Path:
    """Write the map as OUT.tmx with its tileset image OUT-terrain.png beside it; the image's path."""
    stagger = export_stagger(battle.layout)
    image = out.with_name(out.stem + "-terrain.png")
    image.write_bytes(tiles_png(stagger, battle.layout))
    out.write_text(tmx_text(battle, stagger, image.name), encoding="utf-8")
    return image


def tmx_text(battle: BattleMap, stagger: Stagger, image: str) -> str:
    """The .tmx file: map properties, the tileset, one terrain layer, one layer of figures."""
    placed, cols, rows = placement(battle)
    root = ET.Element(
        "map",
        {
            "version": "1.10",
            "tiledversion": "1.10.2",
            "orientation": "hexagonal",
            "renderorder": "right-down",
            "width": str(cols),
            "height": str(rows),
            "tilewidth": str(stagger.tile_w),
            "tileheight": str(stagger.tile_h),
            "infinite": "0",
            "hexsidelength": str(stagger.side),
            "staggeraxis": stagger.axis,
            "staggerindex": "odd",
            "nextlayerid": "3",
            "nextobjectid": str(len(battle.figures) + 1),
        },
    )
    _properties(root, _map_properties(battle))
    _tileset(root, stagger, image)
    gids = {cell: TILES.index((t.kind, t.stage)) + 1 for h, cell in placed.items() for t in [battle.terrain_at(h)]}
    layer = ET.SubElement(root, "layer", {"id": "1", "name": "Terrain", "width": str(cols), "height": str(rows)})
    data = ET.SubElement(layer, "data", {"encoding": "csv"})
    data.text = "\n" + ",\n".join(",".join(str(gids.get((c, r), 0)) for c in range(cols)) for r in range(rows)) + "\n"
    group = ET.SubElement(root, "objectgroup", {"id": "2", "name": "Figures"})
    for number, spec in enumerate(battle.figures, 1):
        x, y = stagger.centre(*placed[Hex(*spec.at)])
        obj = ET.SubElement(
            group, "object", {"id": str(number), "name": spec.name, "class": "figure", "x": f"{x:g}", "y": f"{y:g}"}
        )
        entry = figure_dict(spec)
        _properties(obj, [_property(key, value) for key, value in entry.items() if key not in ("name", "at")])
        ET.SubElement(obj, "point")
    ET.indent(root, " ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _map_properties(battle: BattleMap) -> list[dict]:
    source = battle.read
    props = [
        _property("name", battle.name),
        _property("ruleset", battle.ruleset),
        _property("empty", "off"),
    ]  # a cell left empty is not part of the map
    if source.radius is not None:
        props.append(_property("radius", source.radius))
    if not source.labels:
        props.append(_property("labels", False))
    props += [
        {"name": f"team {team}", "type": "color", "value": "#ff" + colour.lstrip("#").lower()}
        for team, colour in battle.teams.items()
    ]
    if source.notes.strip():
        props.append({"name": "notes", "text": source.notes})
    return props


def _property(name: str, value) -> dict:
    """A Tiled property for a value: typed for bool, int and float; lists comma-separated; other
    structures as YAML flow text, which import-tiled reads back."""
    if isinstance(value, bool):
        return {"name": name, "type": "bool", "value": str(value).lower()}
    if isinstance(value, (int, float)):
        return {"name": name, "type": "int" if isinstance(value, int) else "float", "value": str(value)}
    if isinstance(value, list) and all(isinstance(v, str) and "," not in v for v in value) and value:
        return {"name": name, "value": ", ".join(value)}
    if isinstance(value, str):
        return {"name": name, "value": value}
    return {"name": name, "value": yaml.safe_dump(value, default_flow_style=True, width=10**6).strip()}


def _properties(parent: ET.Element, props: list[dict]) -> None:
    if not props:
        return
    group = ET.SubElement(parent, "properties")
    for prop in props:
        element = ET.SubElement(group, "property", {k: v for k, v in prop.items() if k != "text"})
        if "text" in prop:
            element.text = prop["text"]


def _tileset(root: ET.Element, stagger: Stagger, image: str) -> None:
    tileset = ET.SubElement(
        root,
        "tileset",
        {
            "firstgid": "1",
            "name": "hexboard-terrain",
            "tilewidth": str(stagger.tile_w),
            "tileheight": str(stagger.tile_h),
            "tilecount": str(len(TILES)),
            "columns": str(len(TILES)),
        },
    )
    ET.SubElement(
        tileset, "image", {"source": image, "width": str(stagger.tile_w * len(TILES)), "height": str(stagger.tile_h)}
    )
    for number, (kind, stage) in enumerate(TILES):
        tile = ET.SubElement(tileset, "tile", {"id": str(number)})
        _properties(tile, [_property("terrain", kind)] + ([_property("stage", stage)] if stage else []))


# --- The tileset image -----------------------------------------------------------


def tiles_png(stagger: Stagger, layout: str) -> bytes:
    """The four terrain tiles side by side, each a filled hex with a darker rim, as a PNG."""
    w, h = stagger.tile_w, stagger.tile_h
    rows = []
    for y in range(h):
        row = bytearray()
        for tile in TILES:
            for x in range(w):
                depth = _inside(x + 0.5 - w / 2, y + 0.5 - h / 2, layout)
                r, g, b = COLOURS[tile]
                shade = 0.7 if depth < 1.5 else 1.0
                row += bytes((int(r * shade), int(g * shade), int(b * shade), 255 if depth >= 0 else 0))
        rows.append(bytes(row))
    return png(w * len(TILES), h, rows)


def _inside(dx: float, dy: float, layout: str) -> float:
    """How far (px) a point lies inside a hex of side SIDE centred on 0 (negative: outside)."""
    if layout != "flat":
        dx, dy = dy, dx
    half = math.sqrt(3) / 2 * SIDE
    return min(half - abs(dy), (math.sqrt(3) * (SIDE - abs(dx)) - abs(dy)) / 2)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGBA PNG from rows of width*4 bytes."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
