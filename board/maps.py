"""Map files: YAML in, validated into a BattleMap, every problem as FILE:LINE:COL."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from board.battle import BattleMap, Terrain
from board.footprints import footprint_cells
from board.hexgrid import ORIGIN, Hex, from_offset, hex_range, parse_label, to_offset
from board.models import MAX_SIDE, OFF_MAP, PICTURE, PICTURE_OF, FigureBase, HexTerrain, MapFile
from board.rules.registry import ruleset_ids
from board.sheets import figure_specs
from board.validation import pydantic_problems
from board.yamlio import InputError, Marks, Problem, dump_yaml, parse_yaml, parse_yaml_file, read_text

DEFAULT_RULESET = "warrior-wizard"


class _Builder:
    """Resolves a MapFile into a BattleMap, collecting problems as it goes."""

    def __init__(self, source: MapFile, marks: Marks, text: str, index_of: dict[str, list[int]]):
        self.source, self.marks, self.lines = source, marks, text.splitlines()
        self.index_of = index_of  # position in the file of each valid figure and hex
        self.problems: list[Problem] = []

    def problem(self, path, message: str) -> None:
        self.problems.append(self.marks.problem(path, message))

    def build(self) -> BattleMap:
        src = self.source
        rows = self._picture_rows()
        size = self._size(rows)
        if size is not None:
            cols, nrows = size
            cells = frozenset(from_offset(c, r, src.layout) for r in range(nrows) for c in range(cols))
        else:
            cells = frozenset(hex_range(ORIGIN, src.radius or 1))
        terrain, off_map = self._picture_terrain(rows, size)
        cells -= off_map
        if size is not None and max(size) > MAX_SIDE and (wide := span_problem(cells, src.layout)):
            self.problem(("size",), wide)
        self._hex_overrides(terrain, cells)
        battle = BattleMap(
            name=src.name,
            ruleset=src.ruleset,
            layout=src.layout,
            cells=cells,
            terrain=terrain,
            figures=[],
            source=src,
            file=self.marks.file,
            size=size,
            teams={name: team.color for name, team in src.teams.items()},
        )
        battle.figures = self._figures(battle)
        return battle

    def _picture_rows(self) -> list[str] | None:
        if self.source.terrain is None:
            return None
        rows = [line for line in self.source.terrain.splitlines()]
        while rows and not rows[0].strip():
            rows.pop(0)
        while rows and not rows[-1].strip():
            rows.pop()
        return ["".join(line.split()) for line in rows]

    def _size(self, rows) -> tuple[int, int] | None:
        src = self.source
        if src.size is not None and src.radius is not None:
            self.problem(("radius",), "give either size (a rectangle) or radius (a hexagon), not both")
        if src.radius is not None and src.size is None:
            if rows is not None:
                self.problem(("terrain",), "a terrain picture needs a rectangular map (size), not radius")
            return None
        if src.size is not None:
            return src.size
        if rows:
            return max(len(row) for row in rows), len(rows)
        self.problem((), "missing the map's size: give size: [columns, rows], radius: N, or a terrain picture")
        return 1, 1

    def _picture_line(self, row_index: int, row: str) -> tuple[int, int]:
        # Find the row's own line in the file, searching down from the picture's key.
        start, _ = self.marks.at(("terrain",))
        seen = -1
        for number in range(start - 1, len(self.lines)):
            if "".join(self.lines[number].split()) == row and row:
                seen += 1
                if seen >= 0 and number >= start + row_index - 1:
                    indent = len(self.lines[number]) - len(self.lines[number].lstrip())
                    return number + 1, indent + 1
        return self.marks.at(("terrain",))

    def _picture_terrain(self, rows, size) -> tuple[dict[Hex, Terrain], set[Hex]]:
        """The terrain the picture draws, and the hexes it leaves off the map ("-")."""
        terrain: dict[Hex, Terrain] = {}
        off_map: set[Hex] = set()
        if rows is None or size is None:
            return terrain, off_map
        cols, nrows = size
        if len(rows) != nrows:
            self.problem(("terrain",), f"the terrain picture has {len(rows)} rows; the map has {nrows}")
        for r, row in enumerate(rows):
            if len(row) != cols:
                line, col = self._picture_line(r, row)
                self.problems.append(
                    Problem(
                        self.marks.file,
                        line,
                        col,
                        f"terrain row {r + 1} has {len(row)} hexes; the map has {cols} columns",
                    )
                )
            for c, char in enumerate(row[:cols]):
                h = from_offset(c, r, self.source.layout)
                if char == OFF_MAP:
                    off_map.add(h)
                elif char not in PICTURE:
                    line, col = self._picture_line(r, row)
                    self.problems.append(
                        Problem(
                            self.marks.file,
                            line,
                            col,
                            f'unknown terrain character "{char}" in row {r + 1}; expected one of '
                            + " ".join(f'"{k}" ({v[0]}{", " + v[1] if v[1] else ""})' for k, v in PICTURE.items())
                            + f' "{OFF_MAP}" (not on the map)',
                        )
                    )
                elif PICTURE[char][0] != "open":
                    terrain[h] = Terrain(*PICTURE[char])
        return terrain, off_map

    def _hex_overrides(self, terrain: dict[Hex, Terrain], cells) -> None:
        """Apply the `hexes:` entries over the picture's terrain."""
        for index, spec in zip(self.index_of["hexes"], self.source.hexes):
            h = self._position(("hexes", index, "at"), spec.at, cells)
            if h is None:
                continue
            if spec.stage is not None and spec.terrain != "fire":
                self.problem(("hexes", index, "stage"), "only fire has a stage")
            stage = (spec.stage or "flames") if spec.terrain == "fire" else None
            if spec.terrain == "open":
                terrain.pop(h, None)
            else:
                terrain[h] = Terrain(spec.terrain, stage)

    def _position(self, path, value, cells) -> Hex | None:
        if isinstance(value, str):
            if self.source.size is None and self.source.terrain is None:
                self.problem(path, f'a label like "{value}" needs a rectangular map; use [q, r]')
                return None
            try:
                h = parse_label(value, self.source.layout)
            except ValueError as error:
                self.problem(path, str(error))
                return None
        else:
            h = Hex(*value)
        if h not in cells:
            self.problem(path, f"hex [{h.q}, {h.r}] is outside the map")
            return None
        return h

    def _figures(self, battle: BattleMap) -> list:
        placed: list = []
        names: dict[str, int] = {}
        owner: dict[Hex, str] = {}
        for index, spec in zip(self.index_of["figures"], self.source.figures):
            here = ("figures", index)
            if spec.name in names:
                self.problem(here + ("name",), f'a second figure named "{spec.name}"; names must be unique')
            names[spec.name] = index
            anchor = self._position(here + ("at",), spec.at, battle.cells)
            if anchor is None:
                continue
            for cell in footprint_cells(spec.size, anchor, spec.facing):
                if cell not in battle.cells:
                    self.problem(
                        here + ("at",),
                        f"{spec.name}'s {spec.size}-hex footprint reaches [{cell.q}, {cell.r}], outside the map",
                    )
                elif battle.terrain_at(cell).blocks:
                    self.problem(here + ("at",), f"{spec.name} stands on a wall at {battle.label(cell)}")
                elif cell in owner:
                    self.problem(here + ("at",), f"{spec.name} and {owner[cell]} are both on {battle.label(cell)}")
                else:
                    owner[cell] = spec.name
            placed.append(spec.model_copy(update={"at": (anchor.q, anchor.r)}))
        return placed


def span_problem(cells, layout: str) -> str | None:
    """Why a rectangle's hexes are too many columns or rows across (None when they fit)."""
    if not cells:
        return 'every hex is off the map ("-"); a map needs at least one hex'
    cols, rows = zip(*(to_offset(h, layout) for h in cells))
    wide, tall = max(cols) - min(cols) + 1, max(rows) - min(rows) + 1
    if max(wide, tall) <= MAX_SIDE:
        return None
    return (
        f"columns and rows must each be between 1 and {MAX_SIDE}, got {wide}x{tall} "
        f'(a column or row left off the map with "{OFF_MAP}" does not count)'
    )


def parse_map(text: str, file: str = "<map>", ruleset: str | None = None) -> BattleMap:
    """Validate map text, for its own ruleset or the one asked for; raise InputError listing
    every problem."""
    data, marks = parse_yaml(text, file)
    return map_from_data(data, marks, text, ruleset)


def map_from_data(data, marks: Marks, text: str, ruleset: str | None = None) -> BattleMap:
    """Validate parsed map data (a file, or a map inline in a script) with its marks."""
    file = marks.file
    if not isinstance(data, dict):
        line, col = marks.at(())
        raise InputError([Problem(file, line, col, "expected a map: keys such as name, size and figures")])
    problems: list[Problem] = []
    # Items are validated one by one so that one bad figure does not hide the others.
    items: dict[str, list] = {}
    index_of: dict[str, list[int]] = {}
    own_id = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(own_id, str) or own_id not in ruleset_ids():
        # Its figures cannot be read without knowing whose sheets they are.
        raise InputError(
            [marks.problem(("ruleset",), f'unknown ruleset "{own_id}"; expected one of: ' + ", ".join(ruleset_ids()))]
        )
    play_id = ruleset or own_id
    if play_id not in ruleset_ids():  # asked for by name (--ruleset, a script): say so once
        raise InputError(
            [Problem(file, 1, 1, f'unknown ruleset "{play_id}"; expected one of: ' + ", ".join(ruleset_ids()))]
        )
    raw = data.get("figures") or []
    if not isinstance(raw, list):
        problems.append(marks.problem(("figures",), "figures: expected a list"))
        raw = []
    items["figures"], index_of["figures"], found = figure_specs(raw, marks, own_id, play_id)
    problems += found
    raw = data.get("hexes") or []
    if not isinstance(raw, list):
        problems.append(marks.problem(("hexes",), "hexes: expected a list"))
        raw = []
    items["hexes"], index_of["hexes"] = [], []
    for index, item in enumerate(raw):
        try:
            items["hexes"].append(HexTerrain.model_validate(item))
            index_of["hexes"].append(index)
        except ValidationError as error:
            problems += pydantic_problems(error, marks, prefix=("hexes", index), data=item)
    try:
        source = MapFile.model_validate({**data, "figures": [], "hexes": [], "ruleset": play_id})
    except ValidationError as error:
        problems += pydantic_problems(error, marks, data=data)
        source = None
    if source is not None:
        builder = _Builder(source.model_copy(update=items), marks, text, index_of)
        battle = builder.build()
        problems += builder.problems
    if problems:
        raise InputError(sorted(problems, key=lambda p: (p.line, p.col)))
    return battle


def load_map(path: str | Path, ruleset: str | None = None) -> BattleMap:
    """Load and validate a map file (for its own ruleset, or the one asked for); raise
    InputError naming FILE:LINE:COL."""
    text = read_text(path)
    data, marks = parse_yaml_file(path, text)
    return map_from_data(data, marks, text, ruleset)


def map_to_yaml(battle: BattleMap) -> str:
    """The map as YAML text in the format load_map reads (a picture for rectangles)."""
    data = battle.read.model_dump(mode="json", exclude_defaults=True, exclude={"hexes", "figures"})
    data["name"] = battle.name
    hexes = []
    if battle.size is not None:
        cols, rows = battle.size
        data["size"] = [cols, rows]
        lines = []
        for r in range(rows):
            chars = []
            for c in range(cols):
                h = from_offset(c, r, battle.layout)
                t = battle.terrain_at(h)
                chars.append(PICTURE_OF[(t.kind, t.stage)] if h in battle.cells else OFF_MAP)
            lines.append(" ".join(chars))
        data["terrain"] = "\n".join(lines) + "\n"
    else:
        data.pop("terrain", None)
        hexes = [
            {"at": [h.q, h.r], "terrain": t.kind, **({"stage": t.stage} if t.stage else {})}
            for h, t in sorted(battle.terrain.items())
        ]
    if hexes:
        data["hexes"] = hexes
    data["figures"] = [_placed(battle, spec) for spec in battle.figures]
    # In the samples' order: what the map is, its picture, then who is on it.
    order = (
        "name",
        "ruleset",
        "layout",
        "size",
        "radius",
        "labels",
        "hide_enemy_sheets",
        "pass_the_screen",
        "terrain",
        "hexes",
        "teams",
        "figures",
        "notes",
    )
    return dump_yaml({key: data[key] for key in sorted(data, key=lambda k: order.index(k) if k in order else 99)})


def _placed(battle: BattleMap, spec: FigureBase) -> dict:
    """A figure as map_to_yaml writes it: at its printed label "CCRR" on a rectangular map."""
    data = figure_dict(spec)
    h = Hex(*spec.at)
    if battle.size is not None and h in battle.cells:
        data["at"] = battle.label(h)
    return data


def figure_dict(spec: FigureBase) -> dict:
    """A figure as a map file holds it: no defaults, `ready: none` for empty hands."""
    data = spec.model_dump(mode="json", exclude_defaults=True)
    data["at"] = list(spec.at)
    if getattr(spec, "ready", None) == "":
        data["ready"] = "none" if getattr(spec, "weapons", ()) else data.pop("ready", None)
        if data.get("ready") is None:
            data.pop("ready", None)
    return data


def offset_of(battle: BattleMap, h: Hex) -> tuple[int, int]:
    """Offset (column, row) of a hex on this map's layout."""
    return to_offset(h, battle.layout)
