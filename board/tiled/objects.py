"""Tiled objects in: figures from the objects the GM marks; every other object is counted."""

from __future__ import annotations

import difflib
import typing
from collections import Counter
from dataclasses import dataclass, field

import yaml

from board.sheets import figure_model
from board.tiled.terrain import OptionProblem, norm
from board.tiled.tmx import GID_MASK, Element, Tileset, fail, map_layers, object_point, properties, tileset_of
from board.yamlio import InputError

FIGURE_CLASS = "figure"


@dataclass
class FigureMarks:
    """Which objects are figures: a class or name -> the team they get (None: their own)."""

    entries: dict[str, str | None] = field(default_factory=lambda: {FIGURE_CLASS: None})

    def mark(self, obj: Element, kind: str) -> tuple[str | None, bool] | None:
        """None for an object that is no figure; else the team its mark gives, and whether it is
        numbered (marked by the GM's option, as spawn points are, rather than by class figure)."""
        for key in (norm(kind), norm(obj.get("name", ""))):
            if key and key in self.entries:
                return self.entries[key], key != FIGURE_CLASS
        return None


def parse_figure_marks(text: str | None) -> FigureMarks:
    """`CLASS_OR_NAME[=TEAM],...` (such as `goblin=Goblins,player spawn=Red`)."""
    marks = FigureMarks()
    for item in filter(str.strip, (text or "").split(",")):
        key, _, team = item.partition("=")
        if not key.strip():
            raise InputError(
                [
                    OptionProblem(
                        "--figures",
                        0,
                        0,
                        f'"{item.strip()}": expected CLASS or CLASS=TEAM (an object\'s class or name)',
                    )
                ]
            )
        marks.entries[norm(key)] = team.strip() or None
    return marks


@dataclass
class Figure:
    """A figure object: its map entry without "at", the Tiled cell it stands on, and origins."""

    data: dict
    cell: tuple[int, int]
    origin: dict[str, Element]


@dataclass
class ObjectTally:
    """The objects that did not become figures, by class (or name)."""

    skipped: Counter = field(default_factory=Counter)
    hidden: int = 0
    outside: int = 0
    teamed: list[str] = field(default_factory=list)  # unmarked objects with a team property

    def report(self, figures: list[Figure]) -> str:
        teams = Counter(f.data.get("team", "neutral") for f in figures)
        line = f"objects: {len(figures)} figures" + (
            " (" + ", ".join(f"{t} {n}" for t, n in teams.items()) + ")" if teams else ""
        )
        if self.skipped:
            groups = ", ".join(f"{k} {n}" for k, n in self.skipped.most_common(8))
            more = len(self.skipped) - 8
            line += (
                f"; not imported: {sum(self.skipped.values())} ({groups}"
                + (f", and {more} more kinds" if more > 0 else "")
                + ")"
            )
        if self.outside:
            line += f"; {self.outside} outside the map"
        if self.hidden:
            line += f"; {self.hidden} in hidden layers (--hidden-layers reads them)"
        if self.teamed:
            line += (
                f"; {', '.join(self.teamed[:5])} {'has' if len(self.teamed) == 1 else 'have'} a team "
                "but no class figure (give them class figure, or --figures NAME)"
            )
        return line


def object_kind(obj: Element, tilesets: list[Tileset]) -> str:
    """An object's class (Type in older Tiled), or its tile's class for a tile object."""
    kind = obj.get("class") or obj.get("type")
    gid = obj.get("gid", "")
    if not kind and gid.isdecimal() and (tileset := tileset_of(tilesets, int(gid) & GID_MASK)):
        tile = tileset.tiles.get((int(gid) & GID_MASK) - tileset.firstgid)
        kind = tile.get("class") or tile.get("type") if tile is not None else None
    return (kind or "").strip()


def read_objects(
    root: Element, tilesets: list[Tileset], marks: FigureMarks, ruleset: str, hidden: bool, cell_of
) -> tuple[list[Figure], ObjectTally]:
    """The figure objects, each on the cell cell_of(obj) gives; the rest counted.

    cell_of(obj) is (col, row), or (None, why) for an object outside the map."""
    figures: list[Figure] = []
    tally = ObjectTally()
    fields = figure_model(ruleset).model_fields
    for group in map_layers(root, "objectgroup"):
        for obj in group.findall("object"):
            if group.hidden and not hidden:
                tally.hidden += 1
                continue
            kind = object_kind(obj, tilesets)
            marked = marks.mark(obj, kind)
            cell, outside = cell_of(obj)
            if marked is None:
                tally.skipped[kind or (obj.get("name") or "").strip() or "unnamed"] += 1
                tally.outside += cell is None
                if "team" in properties(obj):
                    tally.teamed.append(obj.get("name") or f"object {obj.get('id', '?')}")
                continue
            if obj.get("template") is not None:
                raise fail(
                    obj.file,
                    obj.line,
                    "object templates are not supported for figures; in Tiled, detach the object from its template",
                )
            data, origin = figure_data(obj, fields, *marked, [f.data["name"] for f in figures])
            if cell is None:
                raise fail(obj.file, obj.line, f'figure "{data["name"]}" {outside}')
            figures.append(Figure(data, cell, origin))
    return figures, tally


def figure_data(obj: Element, fields: dict, team: str | None, numbered: bool, taken: list[str]):
    """A figure's map entry (without "at") from an object, and where each key came from."""
    name = (obj.get("name") or "").strip()
    if not name and not numbered:
        raise fail(
            obj.file, obj.line, f"object {obj.get('id', '?')} is a figure but has no name; give it a Name in Tiled"
        )
    if numbered or not name:  # spawn points and the like: "Player spawn", "Player spawn 2"...
        stem, n = name or team or FIGURE_CLASS.title(), 1
        name = stem
        while name in taken:
            n += 1
            name = f"{stem} {n}"
    data: dict = {"name": name, **({"team": team} if team else {})}
    origin = {"name": obj}
    known = sorted(set(fields) - {"name", "at"})
    for key, (kind, value, where) in properties(obj).items():
        if key in ("name", "at"):
            raise fail(
                where.file,
                where.line,
                f'figure "{name}": drop the "{key}" property; the name is '
                "the object's Name, the hex is where the object stands",
            )
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f'; did you mean "{close[0]}"?' if close else "; expected one of " + ", ".join(known)
            raise fail(where.file, where.line, f'figure "{name}": unknown property "{key}"{hint}')
        data[key] = _value(fields[key].annotation, kind, value)
        origin[key] = where
    return data, origin


def _value(annotation, kind: str, text: str):
    """A property's text as the sheet field wants it: a list, a number, a mapping, or the text."""
    if typing.get_origin(annotation) is list and not text.strip().startswith("["):
        return [part.strip() for part in text.split(",") if part.strip()]
    if kind == "bool":
        return text.strip().lower() == "true"
    if kind in ("int", "float"):
        try:
            return int(text) if kind == "int" else float(text)
        except ValueError:
            return text
    if text.strip().startswith(("{", "[")):  # a mapping or list written as YAML (export-tiled does)
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError:
            return text
    return text


def tile_object_size(obj: Element, tilesets: list[Tileset]) -> tuple[tuple[float, float] | None, str]:
    """A tile object's tile size and anchor alignment (for object_point)."""
    gid = obj.get("gid")
    if gid is None or not gid.isdecimal():
        return None, "bottomleft"
    tileset = tileset_of(tilesets, int(gid) & GID_MASK)
    if tileset is None:
        return None, "bottomleft"
    alignment = tileset.root.get("objectalignment", "unspecified")
    return tileset.tile_size, "bottomleft" if alignment == "unspecified" else alignment


def object_pixel(obj: Element, tilesets: list[Tileset]) -> tuple[float, float]:
    """The pixel an object stands on."""
    return object_point(obj, *tile_object_size(obj, tilesets))
