"""Tiled (mapeditor.org) hexagonal maps in: a .tmx file converted to a Hexboard map."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import yaml

from board.hexgrid import Hex, from_offset, hex_label
from board.maps import BattleMap, parse_map
from board.models import PICTURE_OF, FigureSpec
from board.yamlio import InputError, Problem, SafeDumper, dump_yaml, parse_yaml

from board.tmx import (
    GID_MASK, INFINITE, Element, LineProblem, Stagger, Tileset, fail, int_attr, layer_gids,
    load_tilesets, map_layers, object_point, parse_xml, properties, tileset_of,
)

FIGURE_FIELDS = sorted(set(FigureSpec.model_fields) - {"name", "at"})
LIST_FIELDS = {"weapons", "skills", "spells"}
TERRAINS = ("open", "wall", "fire")
STAGES = ("flames", "coals")


def tile_terrain(tileset: Tileset, gid: int) -> tuple[str, str | None] | None:
    """The terrain a tile sets, or None for a tile without a terrain property."""
    tile = tileset.tiles.get(gid - tileset.firstgid)
    props = properties(tile) if tile is not None else {}
    if "terrain" not in props:
        return None
    _, value, where = props["terrain"]
    kind = value.strip().lower()
    if kind not in TERRAINS:
        raise fail(where.file, where.line, f'tile {gid - tileset.firstgid} of tileset "{tileset.name}": '
                                            f'unknown terrain "{value}"; expected one of '
                                            + ", ".join(TERRAINS))
    stage = None
    if "stage" in props:
        _, value, where = props["stage"]
        stage = value.strip().lower()
        if kind != "fire":
            raise fail(where.file, where.line, f'stage "{value}" on {kind} terrain: only fire has a stage')
        if stage not in STAGES:
            raise fail(where.file, where.line, f'unknown stage "{value}"; expected flames or coals')
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
        raise fail(obj.file, obj.line, f'object {obj.get("id", "?")} has figure properties but no '
                                        "name; give it a Name in Tiled")
    data: dict = {"name": name}
    origin = {"name": obj}
    for key, (kind, value, where) in properties(obj).items():
        if key in ("name", "at"):
            raise fail(where.file, where.line, f'figure "{name}": drop the "{key}" property; the name is '
                                                "the object's Name, the hex is where the object stands")
        if key not in FIGURE_FIELDS:
            close = difflib.get_close_matches(key, FIGURE_FIELDS, n=1)
            hint = (f'; did you mean "{close[0]}"?' if close
                    else "; expected one of " + ", ".join(FIGURE_FIELDS))
            raise fail(where.file, where.line, f'figure "{name}": unknown property "{key}"{hint}')
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
        raise fail(root.file, root.line, f'orientation "{orientation}": only hexagonal maps can be '
                                          "imported (Map > Map Properties > Orientation: Hexagonal)")
    if root.get("infinite") == "1":
        raise fail(root.file, root.line, INFINITE)
    axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise fail(root.file, root.line, f'staggeraxis="{axis}" staggerindex="{index}": expected '
                                          "x or y, and odd or even")
    stagger = Stagger(axis, index, int_attr(root, "tilewidth"), int_attr(root, "tileheight"),
                      int_attr(root, "hexsidelength", 0))
    width, height = int_attr(root, "width"), int_attr(root, "height")
    if width < 1 or height < 1:
        raise fail(root.file, root.line, f"a map of {width}x{height} tiles has no hexes")
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
                    raise fail(layer.file, line, f"tile {gid} belongs to no tileset")
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
            raise fail(obj.file, obj.line, "object templates are not supported; in Tiled, detach "
                                            "the object from its template")
        if not is_figure(obj):
            continue
        data, origin = figure_data(obj)
        x, y = object_point(obj, *_object_tile_size(obj, tilesets))
        col, row = stagger.cell_at(x, y)
        if not (0 <= col < width and 0 <= row < height):
            raise fail(obj.file, obj.line, f'figure "{data["name"]}" at ({x:g}, {y:g}) px is outside '
                                            f"the map ({width}x{height} hexes)")
        figures.append((data, (col, row), origin))
    return figures


def convert(path: str | Path) -> Imported:
    """Convert a hexagonal Tiled map to Hexboard's YAML; InputError names FILE:LINE."""
    path = Path(path)
    root = parse_xml(path)
    if root.tag != "map":
        raise fail(path, root.line, f"<{root.tag}>: expected a Tiled map (<map>)")
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
