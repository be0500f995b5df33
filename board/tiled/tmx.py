"""Reading Tiled's .tmx and .tsx files: XML with line numbers, tilesets, layers, objects' anchors."""

from __future__ import annotations

import base64
import binascii
import math
import struct
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast
from pathlib import Path
from xml.parsers import expat

from board.models import MAX_SIDE
from board.yamlio import InputError, Problem

# Bounds on hostile files, far above any real map: a few KB of zlib can paint millions of tiles.
MAX_TMX_BYTES = 32 * 2**20
MAX_PAINTED = 2 * MAX_SIDE * MAX_SIDE  # two full layers of the largest map; sparse ones cost less

# Flip flags in a gid: horizontal, vertical, diagonal, and (hexagonal maps) 120° rotation.
GID_MASK = 0x0FFFFFFF
# Where an object's anchor (x, y) sits in its box, as fractions of (width, height).
ALIGNMENT = {
    "topleft": (0, 0),
    "top": (0.5, 0),
    "topright": (1, 0),
    "left": (0, 0.5),
    "center": (0.5, 0.5),
    "right": (1, 0.5),
    "bottomleft": (0, 1),
    "bottom": (0.5, 1),
    "bottomright": (1, 1),
}


class LineProblem(Problem):
    """A problem in an XML file, where only the line is known: FILE:LINE: message."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def fail(file, line: int, message: str) -> InputError:
    return InputError([LineProblem(str(file), line, 0, message)])


# --- XML with line numbers ---------------------------------------------------


class Element(ET.Element):
    """An ElementTree element that remembers the file and line it starts on."""

    file = ""
    line = 0
    hidden = False  # a layer unchecked in Tiled (see map_layers)

    if TYPE_CHECKING:  # what the parser builds: Elements all the way down

        def find(self, path: str, namespaces: dict[str, str] | None = None) -> Element | None: ...
        def findall(self, path: str, namespaces: dict[str, str] | None = None) -> list[Element]: ...  # type: ignore[override]
        def __iter__(self) -> Iterator[Element]: ...


def parse_xml(path: Path) -> Element:
    """Parse an XML file into Elements carrying their line; InputError on a syntax error."""
    try:
        size = path.stat().st_size
        if size > MAX_TMX_BYTES:  # refused before reading a byte of it
            raise fail(
                path,
                1,
                f"the file is {size / 2**20:.1f} MB; a Tiled map to import may be at most {MAX_TMX_BYTES // 2**20} MB",
            )
        data = path.read_bytes()
    except OSError as error:
        raise fail(path, 1, f"cannot read the file: {error.strerror or error}") from None
    builder = ET.TreeBuilder(element_factory=Element)
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = cast(Element, builder.start(tag, attrs))
        element.file, element.line = str(path), parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise fail(path, error.lineno, f"not a Tiled XML file: {expat.errors.messages[error.code]}") from None
    except LookupError as error:  # the declaration names an encoding Python does not know
        raise fail(path, 1, f"not a Tiled XML file: {error}") from None
    return cast(Element, builder.close())


def int_attr(element: Element, name: str, default: int | None = None) -> int:
    value = element.get(name)
    if value is None and default is not None:
        return default
    try:
        return int(value or "")
    except ValueError:
        raise fail(
            element.file, element.line, f'<{element.tag}> needs a whole number {name}="...", got {value!r}'
        ) from None


def float_attr(element: Element, name: str) -> float:
    """A number attribute (0 when absent); InputError naming the line when it is no number."""
    value = element.get(name, "0")
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise fail(element.file, element.line, f'<{element.tag}> needs a number {name}="...", got {value!r}')
    return number


def _point(shape: Element, text: str) -> tuple[float, float]:
    try:
        x, y = (float(n) for n in text.split(","))
    except ValueError:
        raise fail(shape.file, shape.line, f'<{shape.tag}> points: expected "x,y" pairs, got {text!r}') from None
    return x, y


def properties(element: Element) -> dict[str, tuple[str, str, Element]]:
    """An element's custom properties: name -> (type, value, <property> element)."""
    found = {}
    for group in element.findall("properties"):
        for prop in group.findall("property"):
            value = prop.get("value", prop.text or "")
            found[prop.get("name", "")] = (prop.get("type", "string"), value, prop)
    return found


# --- Objects: the pixel each stands on -------------------------------------


def object_point(obj: Element, tile_size: tuple[float, float] | None, alignment: str) -> tuple[float, float]:
    """The pixel an object stands on: a point, a shape's centre, or a tile object's centre."""
    x, y = float_attr(obj, "x"), float_attr(obj, "y")
    if obj.find("point") is not None:
        return x, y
    w, h = float_attr(obj, "width"), float_attr(obj, "height")
    shape = obj.find("polygon") if obj.find("polygon") is not None else obj.find("polyline")
    if shape is not None:
        pts = [_point(shape, p) for p in shape.get("points", "").split()]
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
    turn = math.radians(float_attr(obj, "rotation"))
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
                raise fail(ref.file, ref.line, f'tileset "{source}" not found (looked for {path})')
            root = parse_xml(path)
        tiles = {int_attr(tile, "id"): tile for tile in root.findall("tile")}
        found.append(Tileset(int_attr(ref, "firstgid"), root.get("name", source or "?"), root, tiles))
    return sorted(found, key=lambda t: t.firstgid)


def tileset_of(tilesets: list[Tileset], gid: int) -> Tileset | None:
    """The tileset a (masked, non-zero) gid belongs to."""
    owner = None
    for tileset in tilesets:
        if tileset.firstgid <= gid:
            owner = tileset
    return owner


# --- Tile layers -------------------------------------------------------------


def map_layers(parent: Element, tag: str, hidden: bool = False) -> list[Element]:
    """The map's layers of one kind ("layer", "objectgroup"), in order, inside groups too.

    Each gets `hidden`: unchecked in Tiled (visible="0"), itself or in a hidden group."""
    found = []
    for child in parent:
        if child.tag not in (tag, "group"):
            continue
        child.hidden = hidden or child.get("visible", "1") == "0"
        if child.tag == tag:
            found.append(child)
        else:
            found += map_layers(child, tag, child.hidden)
    return found


Cells = dict[tuple[int, int], tuple[int, int]]  # (col, row) -> (gid, line), painted cells only


def layer_cells(layer: Element, width: int, height: int) -> Cells:
    """A tile layer's painted cells, flip flags masked off; an infinite map's chunks where they lie."""
    data = layer.find("data")
    if data is None:
        raise fail(layer.file, layer.line, "a tile layer without <data>")
    chunks = data.findall("chunk")
    if not chunks:
        return _painted(_decode(data, data, width * height), 0, 0, width)
    cells: Cells = {}
    for chunk in chunks:
        w, h = int_attr(chunk, "width"), int_attr(chunk, "height")
        cells.update(_painted(_decode(data, chunk, w * h), int_attr(chunk, "x"), int_attr(chunk, "y"), w))
        if len(cells) > MAX_PAINTED:
            raise too_many_painted(chunk)
    return cells


def too_many_painted(where: Element) -> InputError:
    """The refusal of tile layers that paint more tiles than any map holds."""
    return fail(
        where.file,
        where.line,
        f"the tile layers paint more than {MAX_PAINTED:,} tiles; a Hexboard map is at most {MAX_SIDE}x{MAX_SIDE} hexes",
    )


def _painted(gids: list[tuple[int, int]], x: int, y: int, width: int) -> Cells:
    return {
        (x + i % width, y + i // width): (gid & GID_MASK, line) for i, (gid, line) in enumerate(gids) if gid & GID_MASK
    }


def _decode(data: Element, holder: Element, count: int) -> list[tuple[int, int]]:
    """The (gid, line) of each of count cells held by <data> or one of its <chunk>s."""
    encoding, compression = data.get("encoding"), data.get("compression")
    text = holder.text or ""
    if encoding is None:
        cells = [(int_attr(tile, "gid", 0), tile.line) for tile in holder.findall("tile")]
    elif encoding == "csv":
        cells = []
        for offset, line in enumerate(text.split("\n")):
            for token in line.split(","):
                if token.strip():
                    if not token.strip().isdecimal():
                        raise fail(holder.file, holder.line + offset, f"not a tile number: {token.strip()!r}")
                    cells.append((int(token), holder.line + offset))
    elif encoding == "base64":
        cells = [(gid, holder.line) for gid in _base64_gids(holder, text, compression, count)]
    else:
        raise fail(data.file, data.line, f'tile layer encoding "{encoding}" is not supported; use CSV or Base64')
    if len(cells) != count:
        what = "chunk" if holder is not data else "layer"
        raise fail(holder.file, holder.line, f"the {what} has {len(cells)} tiles; expected {count}")
    return cells


# The largest map Hexboard plays is MAX_SIDE hexes square: a tile layer never unpacks to more.
MAX_TILE_BYTES = 4 * MAX_SIDE * MAX_SIDE


def _base64_gids(data: Element, text: str, compression: str | None, count: int) -> list[int]:
    windows = {None: None, "": None, "zlib": zlib.MAX_WBITS, "gzip": 16 + zlib.MAX_WBITS}
    if compression not in windows:
        raise fail(
            data.file,
            data.line,
            f'compression "{compression}" is not supported; in Tiled set '
            "Map Properties > Tile Layer Format to CSV, Base64 "
            "(uncompressed), Base64 (zlib) or Base64 (gzip)",
        )
    # Unpacked a bounded piece at a time: 1 MB of zlib may inflate to gigabytes.
    limit = 4 * min(count, MAX_TILE_BYTES // 4) + 4
    packed = "".join(text.split())
    if not packed.isascii():  # b64decode takes a str of ASCII only, and says so with a ValueError
        bad = next(c for c in packed if not c.isascii())
        raise fail(
            data.file, data.line, f"cannot decode the tile data: base64 holds letters, digits, +, / and =, not {bad!r}"
        )
    try:
        raw = base64.b64decode(packed, validate=True)
        window = windows[compression]
        if window is not None:
            inflater = zlib.decompressobj(window)
            raw = inflater.decompress(raw, limit)
            if inflater.unconsumed_tail:
                raise fail(
                    data.file,
                    data.line,
                    f"the tile data unpacks to more than the {limit // 4 - 1} tiles the map can hold",
                )
            if not inflater.eof:
                raise fail(data.file, data.line, "cannot decode the tile data: it is cut short")
    except (binascii.Error, zlib.error) as error:
        raise fail(data.file, data.line, f"cannot decode the tile data: {error}") from None
    if len(raw) % 4:
        raise fail(data.file, data.line, "the tile data is not a whole number of 4-byte tiles")
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))
