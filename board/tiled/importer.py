"""Tiled (mapeditor.org) hexagonal maps in: a .tmx file converted to a Hexboard map."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from board.hexgrid import Hex, hex_label, hex_range, hex_subtract
from board.maps import BattleMap, parse_map
from board.models import MAX_SIDE, OFF_MAP, PICTURE_OF
from board.tiled.grid import Grid, Stagger
from board.tiled.objects import Figure, FigureMarks, ObjectTally, object_pixel, read_objects
from board.tiled.terrain import OFF, TARGETS, Mapping, Tally, Value, own_terrain, set_colours, tile_values
from board.tiled.tmx import (
    MAX_PAINTED,
    Cells,
    Element,
    LineProblem,
    Tileset,
    fail,
    int_attr,
    layer_cells,
    load_tilesets,
    map_layers,
    parse_xml,
    properties,
    tileset_of,
    too_many_painted,
)
from board.yamlio import InputError, Problem
from board.yamlparse import SafeDumper, dump_yaml, parse_yaml

EMPTY = ("open", "wall", "off")  # what an empty Tiled cell becomes (--empty)


@dataclass
class ImportOptions:
    """What the GM tells the import: the terrain mapping, empty cells, hidden layers, figures."""

    terrain: Mapping = field(default_factory=Mapping)
    empty: str | None = None  # None: the map's own `empty` property, else open
    hidden: bool = False  # read hidden layers too
    figures: FigureMarks = field(default_factory=FigureMarks)


@dataclass
class Imported:
    """A converted map: the YAML text (valid for check), the map it loads as, and the summary."""

    text: str
    battle: BattleMap
    stagger: Stagger
    report: list[str]


def read_stagger(root: Element) -> Stagger:
    """The map's hex grid; InputError for anything but a hexagonal map."""
    orientation = root.get("orientation")
    if orientation != "hexagonal":
        raise fail(
            root.file,
            root.line,
            f'orientation "{orientation}": only hexagonal maps can be '
            "imported (Map > Map Properties > Orientation: Hexagonal)",
        )
    axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise fail(
            root.file, root.line, f'staggeraxis="{axis}" staggerindex="{index}": expected x or y, and odd or even'
        )
    stagger = Stagger(
        axis, index, int_attr(root, "tilewidth"), int_attr(root, "tileheight"), int_attr(root, "hexsidelength", 0)
    )
    if min(stagger.tile_w, stagger.tile_h) < 2 or stagger.side < 0:
        raise fail(
            root.file,
            root.line,
            f"tiles of {stagger.tile_w}x{stagger.tile_h} px with sides of "
            f"{stagger.side} px: expected tiles of at least 2x2 px and sides of "
            "0 px or more",
        )
    if root.get("infinite") != "1" and min(int_attr(root, "width"), int_attr(root, "height")) < 1:
        raise fail(root.file, root.line, f"a map of {root.get('width')}x{root.get('height')} tiles has no hexes")
    return stagger


def read_grid(root: Element, stagger: Stagger, painted: list[Cells]) -> Grid:
    """The cells to import: the map's rectangle, or an infinite map's used bounds."""
    if root.get("infinite") != "1":
        grid, what = Grid(stagger, (0, 0), int_attr(root, "width"), int_attr(root, "height")), "a map"
    else:
        used = {cell for cells in painted for cell in cells}
        if not used:
            raise fail(root.file, root.line, "an infinite map with no painted tiles: nothing to import")
        cols, rows = [c for c, _ in used], [r for _, r in used]
        grid = Grid(stagger, (min(cols), min(rows)), max(cols) - min(cols) + 1, max(rows) - min(rows) + 1)
        what = f"the painted tiles, from cell {list(grid.origin)}, make a map"
    if max(grid.width, grid.height) > MAX_SIDE:
        raise fail(
            root.file,
            root.line,
            f"{what} of {grid.width}x{grid.height} tiles; a Hexboard map is at most {MAX_SIDE} hexes across and down",
        )
    return grid


def read_layers(root: Element, options: ImportOptions) -> tuple[list[tuple[Element, Cells]], list[str]]:
    """The tile layers to read (bottom to top) with their painted cells, and the hidden ones skipped."""
    width, height = int_attr(root, "width", 0), int_attr(root, "height", 0)
    read, skipped, painted = [], [], 0
    for layer in map_layers(root, "layer"):
        if layer.hidden and not options.hidden:
            skipped.append(f'"{layer.get("name", "?")}"')
            continue
        read.append((layer, layer_cells(layer, width, height)))
        painted += len(read[-1][1])
        if painted > MAX_PAINTED:
            raise too_many_painted(layer)
    return read, skipped


class TileLookup:
    """Each gid's values and terrain, worked out once."""

    def __init__(self, tilesets: list[Tileset], mapping: Mapping):
        self.tilesets, self.mapping = tilesets, mapping
        self.colours = {id(t): set_colours(t.root) for t in tilesets}
        self.known: dict[int, tuple[list[Value], tuple | None, Value | None]] = {}

    def __call__(self, gid: int, layer: Element, line: int):
        """(values carried, terrain target or None, the value that decided it)."""
        if gid not in self.known:
            tileset = tileset_of(self.tilesets, gid)
            if tileset is None:
                raise fail(layer.file, line, f"tile {gid} belongs to no tileset")
            local = gid - tileset.firstgid
            count = tileset.root.get("tilecount", "")
            if count.isdecimal() and local >= int(count):
                raise fail(
                    layer.file,
                    line,
                    f'tile {gid} is past the end of tileset "{tileset.name}" '
                    f"({count} tiles from gid {tileset.firstgid})",
                )
            values = tile_values(tileset, local, self.colours[id(tileset)])
            own = own_terrain(tileset, local)
            if own is not None:
                self.known[gid] = values, own, Value("property", "terrain", own[0])
            else:
                found = self.mapping.lookup(values)
                self.known[gid] = (values, *found) if found else (values, None, None)
        return self.known[gid]


def read_terrain(layers, lookup: TileLookup, grid: Grid, empty: str):
    """What each Tiled cell becomes (a TARGETS value), and the tally of values found."""
    tally = Tally()
    targets: dict[tuple[int, int], tuple[str, str | None]] = {}
    for cell in grid.cells():
        target, seen = None, set()
        for layer, cells in reversed(layers):  # the upper layer wins
            if cell not in cells:
                continue
            gid, line = cells[cell]
            values, found, decider = lookup(gid, layer, line)
            seen.update(values[:-1] or values)  # a tile's id only when it carries nothing else
            if found is not None and target is None:
                target = found
                tally.decided[(decider, found)] += 1
                seen.add(decider)
        tally.carried.update(seen)
        if target is None and seen:
            tally.unmapped_cells += 1
            tally.undecided.update(seen)
        targets[cell] = target or (TARGETS["open"] if seen else TARGETS[empty])
        tally.empty += not seen
    return targets, tally


def convert(path: str | Path, options: ImportOptions | None = None) -> Imported:
    """Convert a hexagonal Tiled map to Hexboard's YAML; InputError names FILE:LINE."""
    path, options = Path(path), options or ImportOptions()
    root = parse_xml(path)
    if root.tag != "map":
        raise fail(path, root.line, f"<{root.tag}>: expected a Tiled map (<map>)")
    stagger = read_stagger(root)
    tilesets = load_tilesets(root, path.parent)
    layers, skipped = read_layers(root, options)
    grid = read_grid(root, stagger, [cells for _, cells in layers])
    props = {key: value for key, (_, value, _) in properties(root).items()}
    empty = _empty_option(root, options.empty)
    targets, tally = read_terrain(layers, TileLookup(tilesets, options.terrain), grid, empty)
    figures, objects = read_objects(
        root,
        tilesets,
        options.figures,
        props.get("ruleset", "warrior-wizard"),
        options.hidden,
        lambda obj: _cell_of(obj, tilesets, grid),
    )
    doc = _document(path, root, grid, targets, figures)
    text = _emit(path, grid, doc)
    try:
        battle = parse_map(text, str(path))
    except InputError as error:
        raise InputError(_relocate(error.problems, text, _origins(root, figures), root)) from None
    report = _report(tally, options.terrain, empty, skipped, objects, figures)
    return Imported(text, battle, stagger, report)


def _empty_option(root: Element, chosen: str | None) -> str:
    """--empty, else the map's own `empty` property (export-tiled writes one), else open."""
    if chosen is not None:
        return chosen
    own = properties(root).get("empty")
    if own is None:
        return "open"
    if own[1].strip().lower() not in EMPTY:
        raise fail(own[2].file, own[2].line, f'map property empty "{own[1]}": expected one of ' + ", ".join(EMPTY))
    return own[1].strip().lower()


def _cell_of(obj: Element, tilesets: list[Tileset], grid: Grid):
    """(Tiled cell, None) under an object, or (None, why) when it is outside the grid."""
    x, y = object_pixel(obj, tilesets)
    cell = grid.stagger.cell_at(x, y)
    if grid.contains(cell):
        return cell, None
    return None, f"at ({x:g}, {y:g}) px is outside the map ({grid.width}x{grid.height} hexes)"


# --- The map document -----------------------------------------------------------


def _document(path: Path, root: Element, grid: Grid, targets, figures: list[Figure]) -> dict:
    """The map as plain data: a picture of a rectangle, or a hexagon by radius (export-tiled's)."""
    props = {key: value for key, (_, value, _) in properties(root).items()}
    name = props.get("name", "").strip() or path.stem.replace("_", " ").replace("-", " ").title()
    layout = grid.stagger.layout
    doc: dict = {"name": name}
    if props.get("ruleset", "").strip():
        doc["ruleset"] = props["ruleset"].strip()
    doc["layout"] = layout
    if props.get("labels", "").strip().lower() == "false":
        doc["labels"] = False
    on_map = (
        {grid.hex(cell): target for cell, target in targets.items() if target != OFF} if props.get("radius") else {}
    )
    centre = _hexagon_centre(props.get("radius", ""), on_map)
    at: list[list[int]] | list[str]  # where each figure stands: axial on a hexagon, labels on a grid
    if centre is not None:
        doc["radius"] = int(props["radius"])
        doc["hexes"] = [
            {"at": list(hex_subtract(h, centre)), "terrain": kind, **({"stage": stage} if stage else {})}
            for h, (kind, stage) in sorted(on_map.items())
            if kind != "open"
        ]
        at = [list(hex_subtract(grid.hex(f.cell), centre)) for f in figures]
    else:
        cols, rows = grid.size
        doc["size"] = [cols, rows]
        doc["terrain"] = [
            " ".join(_char(targets.get(grid.tiled_cell(c, r), OFF)) for c in range(cols)) for r in range(rows)
        ]
        at = [hex_label(grid.hex(f.cell), layout) for f in figures]
    teams = _teams(root)
    if teams:
        doc["teams"] = teams
    order = ["name", "team", "at"]
    doc["figures"] = [
        dict(sorted({**f.data, "at": where}.items(), key=lambda item: order.index(item[0]) if item[0] in order else 3))
        for f, where in zip(figures, at)
    ]
    if props.get("notes", "").strip():
        doc["notes"] = props["notes"].strip() + "\n"
    return doc


def _char(target) -> str:
    return OFF_MAP if target == OFF else PICTURE_OF[target]


def _hexagon_centre(radius: str, on_map: dict[Hex, tuple]) -> Hex | None:
    """The centre of the hexagon the painted hexes make, when the map says `radius` and they do."""
    if not radius.strip().isdecimal() or not on_map:
        return None
    n = len(on_map)
    centre = Hex(round(sum(h.q for h in on_map) / n), round(sum(h.r for h in on_map) / n))
    return centre if set(on_map) == set(hex_range(centre, int(radius))) else None


def _teams(root: Element) -> dict:
    """Team colours from map properties `team NAME` (colour properties, #aarrggbb)."""
    teams = {}
    for key, (_kind, value, _) in properties(root).items():
        if key.startswith("team ") and value.strip():
            teams[key[5:].strip()] = {"color": "#" + value.strip().lstrip("#")[-6:]}
    return teams


def _flow(item: dict) -> str:
    return yaml.dump(
        item, Dumper=SafeDumper, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10**6
    ).strip()


def _emit(path: Path, grid: Grid, doc: dict) -> str:
    """YAML text for the document: one line per picture row, hex entry and figure."""
    stagger = grid.stagger
    pad = grid.local.pad
    out = [
        f"# Imported from {path.name} by main.py import-tiled",
        f"# (Tiled: hexagonal, staggeraxis {stagger.axis}, staggerindex {stagger.index}).",
        f"# Tiled's column C, row R (counted from 0) has the label of column C+{1 + pad.q}, "
        f"row R+{1 + pad.r}"
        + (f", counted from Tiled's cell {list(grid.origin)} (the used bounds)" if grid.origin != (0, 0) else "")
        + ".",
    ]
    if pad != Hex(0, 0):
        axis = "column" if stagger.axis == "x" else "row"
        out += [
            f"# Tiled shifts the even {axis}s, Hexboard the odd ones: the import added an off-map",
            f"# {axis} (label {axis} 01) before Tiled's first.",
        ]
    out += [
        _flow({key: doc[key]})[1:-1] for key in ("name", "ruleset", "layout", "labels", "size", "radius") if key in doc
    ]
    if "terrain" in doc:
        out.append("terrain: |")
        out += [f"  {row}" for row in doc["terrain"]]
    if doc.get("hexes"):
        out.append("hexes:")
        out += [f"  - {_flow(item)}" for item in doc["hexes"]]
    if "teams" in doc:
        out.append(dump_yaml({"teams": doc["teams"]}).rstrip())
    out.append("figures:" + ("" if doc["figures"] else " []"))
    out += [f"  - {_flow(item)}" for item in doc["figures"]]
    if "notes" in doc:
        out.append("notes: |")
        out += [f"  {line}".rstrip() for line in doc["notes"].splitlines()]
    return "\n".join(out) + "\n"


# --- Problems and the summary ----------------------------------------------------


def _origins(root: Element, figures: list[Figure]) -> dict[tuple, tuple[str, int]]:
    """Where in the Tiled files each part of the YAML document came from."""
    origins: dict[tuple, tuple[str, int]] = {(): (root.file, root.line)}
    for index, figure in enumerate(figures):
        origins[("figures", index)] = (figure.origin["name"].file, figure.origin["name"].line)
        for key, where in figure.origin.items():
            origins[("figures", index, key)] = (where.file, where.line)
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


def _report(
    tally: Tally, mapping: Mapping, empty: str, skipped: list[str], objects: ObjectTally, figures: list[Figure]
) -> list[str]:
    """What the import found and made of it, so that the first run says what to map."""
    lines = ["terrain values found in the tilesets (cells -> terrain):"]
    lines += tally.report(mapping) or ["  none: no tile layer paints anything"]
    lines.append(f"empty cells: {tally.empty} -> {'off the map' if empty == 'off' else empty} (--empty)")
    if skipped:
        lines.append("hidden layers skipped: " + ", ".join(skipped) + " (--hidden-layers reads them)")
    lines.append(objects.report(figures))
    if tally.unmapped_cells:
        lines.append(
            f"warning: {tally.unmapped_cells} painted cells have no mapped value and are open "
            "ground; map the values above with --terrain VALUE=TERRAIN,... (TERRAIN: " + ", ".join(TARGETS) + ")"
        )
    return lines
