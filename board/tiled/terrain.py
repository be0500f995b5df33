"""Terrain from what Tiled tilesets carry: each tile's values, the GM's mapping, and the tally.

A tile names its terrain through its class (Type in older Tiled), its custom properties (any
name), the Wang or terrain set colour covering most of it, its image's name (image collection
tilesets) or, last, its tileset and id. The GM maps values to Hexboard terrain once
(`--terrain mountain=wall,ocean=off`); the tally then says what was found and what it became.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from board.tiled.tmx import Element, Tileset, fail, int_attr, properties
from board.yamlio import InputError, Problem, parse_yaml, read_text

# What a value may become: a terrain (kind, stage), or OFF (the hex is not part of the map).
OFF = ("off", None)
TARGETS = {
    "open": ("open", None),
    "wall": ("wall", None),
    "fire": ("fire", "flames"),
    "flames": ("fire", "flames"),
    "coals": ("fire", "coals"),
    "off": OFF,
}
HEXBOARD = ("open", "wall", "fire")  # a `terrain` property with one of these needs no mapping
SHOWN = 30  # values listed in the summary; the rest are counted


def norm(text: str) -> str:
    """Mapping keys and values compare without case or surrounding spaces."""
    return " ".join(text.split()).lower()


@dataclass(frozen=True)
class Value:
    """One thing a tile carries that can name its terrain."""

    source: str  # "class", "property", "wang", "image" or "tile"
    name: str  # the property's, Wang set's or tileset's name ("" for class and image)
    value: str

    @property
    def keys(self) -> tuple[str, ...]:
        """What a mapping may write for it, most specific first: NAME:VALUE, then VALUE."""
        qualified = (f"{norm(self.name)}:{norm(self.value)}",) if self.name else ()
        return qualified if self.source == "tile" else qualified + (norm(self.value),)

    def __str__(self) -> str:
        return f'{self.source} {self.name + ": " if self.name else ""}"{self.value}"'


# --- The mapping the GM gives -------------------------------------------------


@dataclass
class Mapping:
    """Source value keys -> target, as the GM wrote them."""

    entries: dict[str, tuple[str, str | None]] = field(default_factory=dict)

    def lookup(self, values: list[Value]) -> tuple[tuple[str, str | None], Value] | None:
        """The first value (in the tile's order) the mapping names, and what it becomes."""
        for value in values:
            for key in value.keys:
                if key in self.entries:
                    return self.entries[key], value
        return None


def parse_mapping(text: str | None, option: str = "--terrain") -> Mapping:
    """`KEY=TARGET,...` or the name of a YAML file of `KEY: TARGET` lines; InputError if wrong."""
    if not text:
        return Mapping()
    if Path(text).suffix.lower() in (".yaml", ".yml"):
        return _mapping_file(Path(text))
    entries, problems = {}, []
    for item in filter(str.strip, text.split(",")):
        key, equals, target = item.partition("=")
        if not equals or not key.strip():
            problems.append(Problem(option, 0, 0, f'"{item.strip()}": expected VALUE=TERRAIN'))
        elif norm(target) not in TARGETS:
            problems.append(Problem(option, 0, 0, _unknown_target(key, target)))
        else:
            entries[norm(key)] = TARGETS[norm(target)]
    if problems:
        raise InputError([OptionProblem(p.file, 0, 0, p.message) for p in problems])
    return Mapping(entries)


class OptionProblem(Problem):
    """A problem in a command-line option: OPTION: message."""

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


def _unknown_target(key: str, target: str) -> str:
    return f'"{key.strip()}": unknown terrain "{target.strip()}"; expected one of ' + ", ".join(TARGETS)


def _mapping_file(path: Path) -> Mapping:
    data, marks = parse_yaml(read_text(path), str(path))
    if not isinstance(data, dict):
        raise InputError([marks.problem((), "expected lines of VALUE: TERRAIN, such as mountain: wall")])
    entries, problems = {}, []
    for key, target in data.items():
        target = "off" if target is False else target  # YAML 1.1 reads a bare off as false
        if norm(str(target)) not in TARGETS:
            problems.append(marks.problem((key,), _unknown_target(str(key), str(target))))
        else:
            entries[norm(str(key))] = TARGETS[norm(str(target))]
    if problems:
        raise InputError(problems)
    return Mapping(entries)


# --- What each tile carries ---------------------------------------------------


def _majority(colours: list[int]) -> int | None:
    """The colour covering most of a tile (ties: the first), ignoring 0 (no colour)."""
    counted = Counter(c for c in colours if c > 0)
    return max(counted, key=lambda c: (counted[c], -colours.index(c))) if counted else None


def _numbers(text: str) -> list[int]:
    return [int(n) if n.strip().lstrip("-").isdecimal() else 0 for n in text.split(",")]


def set_colours(root: Element) -> dict[int, list[Value]]:
    """Each tile's Wang set colours (and pre-1.5 terrain set types), by local tile id."""
    found: dict[int, list[Value]] = {}
    for wangset in root.findall("wangsets/wangset"):
        colours = [c.get("name", "") for c in wangset.findall("wangcolor")]
        for tile in wangset.findall("wangtile"):
            colour = _majority(_numbers(tile.get("wangid", "")))
            if colour is not None and colour <= len(colours):
                found.setdefault(int_attr(tile, "tileid"), []).append(
                    Value("wang", wangset.get("name", ""), colours[colour - 1])
                )
    types = [t.get("name", "") for t in root.findall("terraintypes/terrain")]
    for tile in root.findall("tile"):
        terrain = tile.get("terrain")
        if terrain is not None:  # corner indexes into <terraintypes>, empty for none
            colour = _majority([n + 1 if terrain.split(",")[i].strip() else 0 for i, n in enumerate(_numbers(terrain))])
            if colour is not None and colour <= len(types):
                found.setdefault(int_attr(tile, "id"), []).append(Value("wang", "terrain", types[colour - 1]))
    return found


def image_name(tile: Element) -> str | None:
    """A collection tile's image name without folder, extension or a trailing number."""
    image = tile.find("image")
    source = image.get("source") if image is not None else None
    if not source:
        return None
    stem = PurePosixPath(source.replace("\\", "/")).stem
    return re.sub(r"[\s_-]*\d+$", "", stem) or stem


def tile_values(tileset: Tileset, local: int, colours: dict[int, list[Value]]) -> list[Value]:
    """Everything a tile carries that can name a terrain, in the order a mapping is tried."""
    tile = tileset.tiles.get(local)
    values = []
    if tile is not None:
        kind = tile.get("class") or tile.get("type")
        values += [Value("class", "", kind)] if kind else []
        values += [
            Value("property", name, value)
            for name, (_, value, _) in properties(tile).items()
            if value.strip() and name != "stage"
        ]
    values += colours.get(local, [])
    image = image_name(tile) if tile is not None else None
    if image:
        values.append(Value("image", "", image))
    return values + [Value("tile", tileset.name, str(local))]


def own_terrain(tileset: Tileset, local: int) -> tuple[str, str | None] | None:
    """Hexboard's own tile properties, `terrain` (open, wall, fire) and `stage`: no mapping needed."""
    tile = tileset.tiles.get(local)
    props = properties(tile) if tile is not None else {}
    if "terrain" not in props or norm(props["terrain"][1]) not in HEXBOARD:
        return None
    kind = norm(props["terrain"][1])
    if "stage" not in props:
        return TARGETS[kind]
    _, value, where = props["stage"]
    if kind != "fire":
        raise fail(where.file, where.line, f'stage "{value}" on {kind} terrain: only fire has a stage')
    if norm(value) not in ("flames", "coals"):
        raise fail(where.file, where.line, f'unknown stage "{value}"; expected flames or coals')
    return TARGETS[norm(value)]


# --- The tally ----------------------------------------------------------------


@dataclass
class Tally:
    """Cells per value found, and what each mapped value made of them."""

    carried: Counter = field(default_factory=Counter)  # Value -> cells whose tiles carry it
    decided: Counter = field(default_factory=Counter)  # (Value, target) -> cells it decided
    undecided: Counter = field(default_factory=Counter)  # Value -> its cells no value decided
    unmapped_cells: int = 0  # painted cells no value decided: open ground
    empty: int = 0  # cells no layer paints

    def report(self, mapping: Mapping) -> list[str]:
        """The summary lines: each value, its cells and its terrain (or unmapped)."""
        made: dict[Value, list[str]] = {}
        for (value, target), cells in sorted(self.decided.items(), key=lambda item: -item[1]):
            made.setdefault(value, []).append(f"{cells} cells -> {_target_word(target)}")
        rows = sorted(self.carried, key=lambda v: (-self.carried[v], str(v)))
        lines = []
        for value in rows[:SHOWN]:
            if value in made:
                lines.append(f"  {value}: " + ", ".join(made[value]))
            elif (target := mapping.lookup([value])) is not None:
                lines.append(
                    f"  {value}: {self.carried[value]} cells, mapped to {_target_word(target[0])} "
                    "but their tiles' values before it decided them"
                )
            else:
                left = self.undecided[value]
                lines.append(
                    f"  {value}: {self.carried[value]} cells, unmapped "
                    + (f"({left} left open)" if left else "(other values decided its cells)")
                )
        if len(rows) > SHOWN:
            lines.append(f"  ... and {len(rows) - SHOWN} more values")
        unused = sorted(set(mapping.entries) - {key for value in self.carried for key in value.keys})
        if unused:
            lines.append("  mapped but not found in the map: " + ", ".join(unused))
        return lines


def _target_word(target: tuple[str, str | None]) -> str:
    return "off the map" if target == OFF else target[1] or target[0]
