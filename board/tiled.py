"""Tiled (mapeditor.org) hexagonal maps in: a .tmx file converted to a Hexboard map."""

from __future__ import annotations

import base64
import binascii
import difflib
import gzip
import math
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

import yaml

from board.hexgrid import Hex, from_offset, hex_add, hex_label
from board.maps import BattleMap, parse_map
from board.models import PICTURE_OF, FigureSpec
from board.yamlio import InputError, Problem, SafeDumper, dump_yaml, parse_yaml

# Flip flags in a gid: horizontal, vertical, diagonal, and (hexagonal maps) 120° rotation.
GID_MASK = 0x0FFFFFFF
FIGURE_FIELDS = sorted(set(FigureSpec.model_fields) - {"name", "at"})
LIST_FIELDS = {"weapons", "skills", "spells"}
TERRAINS = ("open", "wall", "fire")
STAGES = ("flames", "coals")
INFINITE = "an infinite map; in Tiled, uncheck Map > Map Properties > Infinite"
# Where an object's anchor (x, y) sits in its box, as fractions of (width, height).
ALIGNMENT = {"topleft": (0, 0), "top": (.5, 0), "topright": (1, 0), "left": (0, .5),
             "center": (.5, .5), "right": (1, .5), "bottomleft": (0, 1), "bottom": (.5, 1),
             "bottomright": (1, 1)}


class LineProblem(Problem):
    """A problem in an XML file, where only the line is known: FILE:LINE: message."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def _fail(file, line: int, message: str) -> InputError:
    return InputError([LineProblem(str(file), line, 0, message)])


# --- XML with line numbers ---------------------------------------------------

class Element(ET.Element):
    """An ElementTree element that remembers the file and line it starts on."""

    file = ""
    line = 0


def parse_xml(path: Path) -> Element:
    """Parse an XML file into Elements carrying their line; InputError on a syntax error."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise _fail(path, 1, f"cannot read the file: {error.strerror or error}") from None
    builder = ET.TreeBuilder(element_factory=Element)
    parser = expat.ParserCreate()

    def start(tag, attrs):
        element = builder.start(tag, attrs)
        element.file, element.line = str(path), parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise _fail(path, error.lineno, f"not a Tiled XML file: {expat.errors.messages[error.code]}") \
            from None
    return builder.close()


def _int(element: Element, name: str, default: int | None = None) -> int:
    value = element.get(name)
    if value is None and default is not None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise _fail(element.file, element.line,
                    f'<{element.tag}> needs a whole number {name}="...", got {value!r}') from None


def properties(element: Element) -> dict[str, tuple[str, str, Element]]:
    """An element's custom properties: name -> (type, value, <property> element)."""
    found = {}
    for group in element.findall("properties"):
        for prop in group.findall("property"):
            value = prop.get("value", prop.text or "")
            found[prop.get("name", "")] = (prop.get("type", "string"), value, prop)
    return found


# --- Geometry: Tiled's pixels, its offset cells, and Hexboard's axial hexes --

@dataclass(frozen=True)
class Stagger:
    """A hexagonal Tiled map's grid: which axis is staggered, which index, tile size in px."""

    axis: str  # "x": columns staggered (flat-top hexes); "y": rows (pointy-top)
    index: str  # "odd" or "even": which columns (rows) are shifted down (right)
    tile_w: int = 32
    tile_h: int = 28
    side: int = 16  # hexsidelength

    @property
    def layout(self) -> str:
        """Hexboard's layout for this grid."""
        return "flat" if self.axis == "x" else "pointy"

    def _shifted(self, i: int) -> bool:
        return bool((i & 1) ^ (self.index == "even"))

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Pixel centre of a cell, as Tiled's HexagonalRenderer places it."""
        w, h = self.tile_w & ~1, self.tile_h & ~1  # Tiled renders with even sizes
        if self.axis == "x":
            column_width = (w - self.side) // 2 + self.side
            x, y = col * column_width, row * h + (h // 2 if self._shifted(col) else 0)
        else:
            row_height = (h - self.side) // 2 + self.side
            x, y = col * w + (w // 2 if self._shifted(row) else 0), row * row_height
        return x + w / 2, y + h / 2

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The (col, row) whose centre is nearest a pixel, as Tiled picks it (maybe off the map)."""
        w, h = self.tile_w & ~1, self.tile_h & ~1
        if self.axis == "x":
            col0, row0 = math.floor(x / ((w + self.side) / 2)), math.floor(y / h)
        else:
            col0, row0 = math.floor(x / w), math.floor(y / ((h + self.side) / 2))
        candidates = [(c, r) for c in range(col0 - 2, col0 + 3) for r in range(row0 - 2, row0 + 3)]
        return min(candidates, key=lambda cell: math.dist(self.centre(*cell), (x, y)))

    def tiled_axial(self, col: int, row: int) -> Hex:
        """Axial coordinates of a Tiled cell (odd-q/even-q or odd-r/even-r offsets)."""
        if self.axis == "x":
            parity = col & 1
            return Hex(col, row - (col + parity) // 2 if self.index == "even" else row - (col - parity) // 2)
        parity = row & 1
        return Hex(col - (row + parity) // 2 if self.index == "even" else col - (row - parity) // 2, row)

    @property
    def pad(self) -> Hex:
        """The shift that puts an even map onto Hexboard's odd offsets, behind a wall border.

        An even-q rectangle is no odd-q rectangle: one column to the right it is, so an even
        map gains a wall column on the left (even-r: a wall row on top)."""
        if self.index == "odd":
            return Hex(0, 0)
        return Hex(1, 0) if self.axis == "x" else Hex(0, 1)

    def hexboard_hex(self, col: int, row: int) -> Hex:
        """The Hexboard hex of a Tiled cell."""
        return hex_add(self.tiled_axial(col, row), self.pad)


def object_point(obj: Element, tile_size: tuple[float, float] | None, alignment: str) -> tuple[float, float]:
    """The pixel an object stands on: a point, a shape's centre, or a tile object's centre."""
    x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
    if obj.find("point") is not None:
        return x, y
    w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
    shape = obj.find("polygon") if obj.find("polygon") is not None else obj.find("polyline")
    if shape is not None:
        pts = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]
        dx, dy = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)) if pts else (0, 0)
    else:
        if obj.get("gid") is not None:
            if tile_size and not (w and h):
                w, h = tile_size
            fx, fy = ALIGNMENT.get(alignment, ALIGNMENT["bottomleft"])
        else:
            fx, fy = 0, 0
        dx, dy = (0.5 - fx) * w, (0.5 - fy) * h
    # Tiled rotates clockwise (y points down) about the anchor.
    turn = math.radians(float(obj.get("rotation", 0)))
    return (x + dx * math.cos(turn) - dy * math.sin(turn), y + dx * math.sin(turn) + dy * math.cos(turn))


# --- Tilesets ----------------------------------------------------------------

@dataclass
class Tileset:
    """One tileset of the map: its first gid and its tiles' properties."""

    firstgid: int
    name: str
    root: Element
    tiles: dict[int, Element]

    @property
    def tile_size(self) -> tuple[float, float]:
        return float(self.root.get("tilewidth", 0)), float(self.root.get("tileheight", 0))


def load_tilesets(map_root: Element, folder: Path) -> list[Tileset]:
    """The map's tilesets, embedded or external (.tsx), sorted by first gid."""
    found = []
    for ref in map_root.findall("tileset"):
        root = ref
        source = ref.get("source")
        if source is not None:
            path = folder / source
            if not path.is_file():
                raise _fail(ref.file, ref.line, f'tileset "{source}" not found (looked for {path})')
            root = parse_xml(path)
        tiles = {_int(tile, "id"): tile for tile in root.findall("tile")}
        found.append(Tileset(_int(ref, "firstgid"), root.get("name", source or "?"), root, tiles))
    return sorted(found, key=lambda t: t.firstgid)


def tileset_of(tilesets: list[Tileset], gid: int) -> Tileset | None:
    """The tileset a (masked, non-zero) gid belongs to."""
    owner = None
    for tileset in tilesets:
        if tileset.firstgid <= gid:
            owner = tileset
    return owner


# --- Tile layers -------------------------------------------------------------

def map_layers(parent: Element, tag: str) -> list[Element]:
    """The map's layers of one kind ("layer", "objectgroup"), in order, inside groups too."""
    found = []
    for child in parent:
        if child.tag == tag:
            found.append(child)
        elif child.tag == "group":
            found += map_layers(child, tag)
    return found


def layer_gids(layer: Element, count: int) -> list[tuple[int, int]]:
    """Every cell's (gid, line) in a tile layer, flip flags masked off."""
    data = layer.find("data")
    if data is None:
        raise _fail(layer.file, layer.line, "a tile layer without <data>")
    if data.find("chunk") is not None:
        raise _fail(data.file, data.line, INFINITE)
    encoding, compression = data.get("encoding"), data.get("compression")
    text = data.text or ""
    if encoding is None:
        cells = [(_int(tile, "gid", 0), tile.line) for tile in data.findall("tile")]
    elif encoding == "csv":
        cells = []
        for offset, line in enumerate(text.split("\n")):
            for token in line.split(","):
                if token.strip():
                    if not token.strip().isdigit():
                        raise _fail(data.file, data.line + offset, f"not a tile number: {token.strip()!r}")
                    cells.append((int(token), data.line + offset))
    elif encoding == "base64":
        cells = [(gid, data.line) for gid in _base64_gids(data, text, compression)]
    else:
        raise _fail(data.file, data.line, f'tile layer encoding "{encoding}" is not supported; '
                                          "use CSV or Base64")
    if len(cells) != count:
        raise _fail(data.file, data.line, f"the layer has {len(cells)} tiles; the map has {count}")
    return [(gid & GID_MASK, line) for gid, line in cells]


def _base64_gids(data: Element, text: str, compression: str | None) -> list[int]:
    inflate = {None: bytes, "": bytes, "zlib": zlib.decompress, "gzip": gzip.decompress}
    if compression not in inflate:
        raise _fail(data.file, data.line, f'compression "{compression}" is not supported; in Tiled set '
                                          "Map Properties > Tile Layer Format to CSV, Base64 "
                                          "(uncompressed), Base64 (zlib) or Base64 (gzip)")
    try:
        raw = inflate[compression](base64.b64decode("".join(text.split()), validate=True))
    except (binascii.Error, zlib.error, OSError, EOFError) as error:
        raise _fail(data.file, data.line, f"cannot decode the tile data: {error}") from None
    if len(raw) % 4:
        raise _fail(data.file, data.line, "the tile data is not a whole number of 4-byte tiles")
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


def tile_terrain(tileset: Tileset, gid: int) -> tuple[str, str | None] | None:
    """The terrain a tile sets, or None for a tile without a terrain property."""
    tile = tileset.tiles.get(gid - tileset.firstgid)
    props = properties(tile) if tile is not None else {}
    if "terrain" not in props:
        return None
    _, value, where = props["terrain"]
    kind = value.strip().lower()
    if kind not in TERRAINS:
        raise _fail(where.file, where.line, f'tile {gid - tileset.firstgid} of tileset "{tileset.name}": '
                                            f'unknown terrain "{value}"; expected one of '
                                            + ", ".join(TERRAINS))
    stage = None
    if "stage" in props:
        _, value, where = props["stage"]
        stage = value.strip().lower()
        if kind != "fire":
            raise _fail(where.file, where.line, f'stage "{value}" on {kind} terrain: only fire has a stage')
        if stage not in STAGES:
            raise _fail(where.file, where.line, f'unknown stage "{value}"; expected flames or coals')
    return kind, (stage or "flames") if kind == "fire" else None


# --- Objects: figures --------------------------------------------------------

def is_figure(obj: Element) -> bool:
    """An object is a figure when its class is "figure" or it has a figure property."""
    kind = (obj.get("class") or obj.get("type") or "").strip().lower()
    return kind == "figure" or any(name in FIGURE_FIELDS for name in properties(obj))


def figure_data(obj: Element) -> tuple[dict, dict[str, Element]]:
    """A figure's map entry (without "at") from an object, and where each key came from."""
    name = (obj.get("name") or "").strip()
    if not name:
        raise _fail(obj.file, obj.line, f'object {obj.get("id", "?")} has figure properties but no '
                                        "name; give it a Name in Tiled")
    data: dict = {"name": name}
    origin = {"name": obj}
    for key, (kind, value, where) in properties(obj).items():
        if key in ("name", "at"):
            raise _fail(where.file, where.line, f'figure "{name}": drop the "{key}" property; the name is '
                                                "the object's Name, the hex is where the object stands")
        if key not in FIGURE_FIELDS:
            close = difflib.get_close_matches(key, FIGURE_FIELDS, n=1)
            hint = (f'; did you mean "{close[0]}"?' if close
                    else "; expected one of " + ", ".join(FIGURE_FIELDS))
            raise _fail(where.file, where.line, f'figure "{name}": unknown property "{key}"{hint}')
        if key in LIST_FIELDS:
            data[key] = [part.strip() for part in value.split(",") if part.strip()]
        elif kind == "bool":
            data[key] = value.strip().lower() == "true"
        elif kind in ("int", "float"):
            try:
                data[key] = int(value) if kind == "int" else float(value)
            except ValueError:
                data[key] = value
        else:
            data[key] = value
        origin[key] = where
    return data, origin


def _object_tile_size(obj: Element, tilesets: list[Tileset]) -> tuple[tuple[float, float] | None, str]:
    gid = obj.get("gid")
    if gid is None or not gid.isdigit():
        return None, "bottomleft"
    tileset = tileset_of(tilesets, int(gid) & GID_MASK)
    if tileset is None:
        return None, "bottomleft"
    alignment = tileset.root.get("objectalignment", "unspecified")
    return tileset.tile_size, "bottomleft" if alignment == "unspecified" else alignment


# --- The conversion ----------------------------------------------------------

@dataclass
class Imported:
    """A converted map: the YAML text (valid for check) and the map it loads as."""

    text: str
    battle: BattleMap
    stagger: Stagger


def read_grid(root: Element) -> tuple[Stagger, int, int]:
    """The map's stagger and size; InputError for anything but a finite hexagonal map."""
    orientation = root.get("orientation")
    if orientation != "hexagonal":
        raise _fail(root.file, root.line, f'orientation "{orientation}": only hexagonal maps can be '
                                          "imported (Map > Map Properties > Orientation: Hexagonal)")
    if root.get("infinite") == "1":
        raise _fail(root.file, root.line, INFINITE)
    axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise _fail(root.file, root.line, f'staggeraxis="{axis}" staggerindex="{index}": expected '
                                          "x or y, and odd or even")
    stagger = Stagger(axis, index, _int(root, "tilewidth"), _int(root, "tileheight"),
                      _int(root, "hexsidelength", 0))
    width, height = _int(root, "width"), _int(root, "height")
    if width < 1 or height < 1:
        raise _fail(root.file, root.line, f"a map of {width}x{height} tiles has no hexes")
    return stagger, width, height


def read_terrain(root: Element, tilesets: list[Tileset], width: int, height: int):
    """Terrain per Tiled cell (later layers over earlier ones), and the line of each."""
    terrain: dict[tuple[int, int], tuple[str, str | None]] = {}
    lines: dict[tuple[int, int], tuple[str, int]] = {}
    known: dict[int, tuple[str, str | None] | None] = {}
    for layer in map_layers(root, "layer"):
        for i, (gid, line) in enumerate(layer_gids(layer, width * height)):
            if gid == 0:
                continue
            if gid not in known:
                tileset = tileset_of(tilesets, gid)
                if tileset is None:
                    raise _fail(layer.file, line, f"tile {gid} belongs to no tileset")
                known[gid] = tile_terrain(tileset, gid)
            if known[gid] is not None:
                cell = (i % width, i // width)
                terrain[cell], lines[cell] = known[gid], (layer.file, line)
    return terrain, lines


def read_figures(root: Element, tilesets: list[Tileset], stagger: Stagger, width: int, height: int):
    """Each figure object as (data without "at", Tiled cell, origin of each key)."""
    figures = []
    for obj in (obj for group in map_layers(root, "objectgroup") for obj in group.findall("object")):
        if obj.get("template") is not None:
            raise _fail(obj.file, obj.line, "object templates are not supported; in Tiled, detach "
                                            "the object from its template")
        if not is_figure(obj):
            continue
        data, origin = figure_data(obj)
        x, y = object_point(obj, *_object_tile_size(obj, tilesets))
        col, row = stagger.cell_at(x, y)
        if not (0 <= col < width and 0 <= row < height):
            raise _fail(obj.file, obj.line, f'figure "{data["name"]}" at ({x:g}, {y:g}) px is outside '
                                            f"the map ({width}x{height} hexes)")
        figures.append((data, (col, row), origin))
    return figures


def convert(path: str | Path) -> Imported:
    """Convert a hexagonal Tiled map to Hexboard's YAML; InputError names FILE:LINE."""
    path = Path(path)
    root = parse_xml(path)
    if root.tag != "map":
        raise _fail(path, root.line, f"<{root.tag}>: expected a Tiled map (<map>)")
    stagger, width, height = read_grid(root)
    tilesets = load_tilesets(root, path.parent)
    terrain, lines = read_terrain(root, tilesets, width, height)
    figures = read_figures(root, tilesets, stagger, width, height)
    props = {key: value for key, (_, value, _) in properties(root).items()}
    doc = _document(path, props, stagger, width, height, terrain, figures)
    text = _emit(path, stagger, doc)
    origins = _origins(root, doc, lines, figures, stagger)
    try:
        battle = parse_map(text, str(path))
    except InputError as error:
        raise InputError(_relocate(error.problems, text, origins, root)) from None
    return Imported(text, battle, stagger)


def _document(path: Path, props: dict, stagger: Stagger, width: int, height: int, terrain, figures):
    """The map as plain data: a picture for odd maps, axial hexes for even ones."""
    name = props.get("name", "").strip() or path.stem.replace("_", " ").replace("-", " ").title()
    doc: dict = {"name": name, "layout": stagger.layout}
    if stagger.index == "odd":
        doc["size"] = [width, height]
        doc["terrain"] = [" ".join(PICTURE_OF[terrain.get((c, r), ("open", None))] for c in range(width))
                          for r in range(height)]
        at = [hex_label(stagger.hexboard_hex(*cell), stagger.layout) for _, cell, _ in figures]
    else:
        border = [(0, r) for r in range(height)] if stagger.axis == "x" else [(c, 0) for c in range(width)]
        doc["size"] = [width + 1, height] if stagger.axis == "x" else [width, height + 1]
        hexes = [{"at": list(from_offset(c, r, stagger.layout)), "terrain": "wall"} for c, r in border]
        for (c, r), (kind, stage) in sorted(terrain.items(), key=lambda item: (item[0][1], item[0][0])):
            if kind != "open":
                h = stagger.hexboard_hex(c, r)
                hexes.append({"at": [h.q, h.r], "terrain": kind, **({"stage": stage} if stage else {})})
        doc["hexes"] = hexes
        at = [list(stagger.hexboard_hex(*cell)) for _, cell, _ in figures]
    order = list(FigureSpec.model_fields)
    doc["figures"] = [dict(sorted({**data, "at": where}.items(), key=lambda item: order.index(item[0])))
                      for (data, _, _), where in zip(figures, at)]
    if props.get("notes", "").strip():
        doc["notes"] = props["notes"].strip() + "\n"
    return doc


def _flow(item: dict) -> str:
    return yaml.dump(item, Dumper=SafeDumper, default_flow_style=True, sort_keys=False,
                     allow_unicode=True, width=10**6).strip()


def _emit(path: Path, stagger: Stagger, doc: dict) -> str:
    """YAML text for the document: one line per hex entry and per figure."""
    out = [f"# Imported from {path.name} by main.py import-tiled",
           f"# (Tiled: hexagonal, staggeraxis {stagger.axis}, staggerindex {stagger.index})."]
    if stagger.index == "even":
        axis = "column" if stagger.axis == "x" else "row"
        out += [f"# Tiled shifted the even {axis}s, Hexboard shifts the odd ones: the import added a wall",
                f"# {axis} (label {axis} 01), so Tiled's {axis} N (counted from 0) is label {axis} N+2."]
    else:
        out += ["# Tiled's column C, row R (counted from 0) has the label of column C+1, row R+1."]
    out.append(dump_yaml({key: doc[key] for key in ("name", "layout", "size")}).rstrip())
    if "terrain" in doc:
        out.append("terrain: |")
        out += [f"  {row}" for row in doc["terrain"]]
    if "hexes" in doc:
        out.append("hexes:")
        out += [f"  - {_flow(item)}" for item in doc["hexes"]]
    out.append("figures:" + ("" if doc["figures"] else " []"))
    out += [f"  - {_flow(item)}" for item in doc["figures"]]
    if "notes" in doc:
        out.append("notes: |")
        out += [f"  {line}".rstrip() for line in doc["notes"].splitlines()]
    return "\n".join(out) + "\n"


def _origins(root: Element, doc: dict, lines, figures, stagger: Stagger) -> dict[tuple, tuple[str, int]]:
    """Where in the Tiled files each part of the YAML document came from."""
    origins: dict[tuple, tuple[str, int]] = {(): (root.file, root.line)}
    for index, (_, _, origin) in enumerate(figures):
        origins[("figures", index)] = (origin["name"].file, origin["name"].line)
        for key, where in origin.items():
            origins[("figures", index, key)] = (where.file, where.line)
    by_hex = {stagger.hexboard_hex(*cell): line for cell, line in lines.items()}
    for index, item in enumerate(doc.get("hexes", ())):
        if Hex(*item["at"]) in by_hex:
            origins[("hexes", index)] = by_hex[Hex(*item["at"])]
    return origins


def _relocate(problems: list[Problem], text: str, origins, root: Element) -> list[Problem]:
    """Problems found in the generated YAML, moved to the Tiled element each came from."""
    _, marks = parse_yaml(text, "")
    paths: dict[tuple[int, int], tuple] = {}
    for path, spot in sorted(marks.spots.items(), key=lambda item: len(item[0])):
        paths[spot] = path  # the longest path starting at a spot wins
    moved = []
    for problem in problems:
        path = paths.get((problem.line, problem.col), ())
        while path not in origins:
            path = path[:-1]
        file, line = origins[path]
        moved.append(LineProblem(file, line, 0, problem.message))
    return sorted(set(moved), key=lambda p: (p.file, p.line, p.message))
