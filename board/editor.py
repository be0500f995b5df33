"""The map editor's model: edits of a draft (board/draft.py), every one undoable, saved in the check format."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from board.battle import OPEN, Terrain
from board.draft import Draft, draft_file, draft_map
from board.editor_checks import readable, sheet_problems, sheet_refusals
from board.footprints import footprint_cells
from board.hexgrid import Hex, from_offset, hex_neighbors, to_offset
from board.maps import map_to_yaml, parse_map
from board.models import FigureBase, TeamSpec
from board.rules.registry import get_ruleset
from board.saves import write_atomically
from board.yamlio import InputError

BRUSHES = {
    "open": OPEN,
    "wall": Terrain("wall"),
    "flames": Terrain("fire", "flames"),
    "coals": Terrain("fire", "coals"),
}


def placement_problems(spec: FigureBase, draft: Draft) -> list[str]:
    """Why the figure cannot stand where it is: off the map, on a wall or on another figure."""
    others = [f for f in draft.figures if f.name != spec.name]
    taken = {c for f in others for c in footprint_cells(f.size, Hex(*f.at), f.facing)}
    cells = draft.cells
    for c in footprint_cells(spec.size, Hex(*spec.at), spec.facing):
        if c not in cells:
            return ["the figure reaches off the map"]
        if draft.terrain.get(c, OPEN).blocks:
            return ["the figure stands on a wall"]
        if c in taken:
            return ["another figure is there"]
    return []


def figure_problems(spec: FigureBase, draft: Draft) -> list[str]:
    """What is wrong with a placed figure, said at once, as the form shows it (empty if nothing)."""
    return sheet_problems(spec, draft.ruleset) + placement_problems(spec, draft)


@dataclass(frozen=True)
class Painted:
    """What a paint did: the hexes changed, and the figures that kept a wall off their hexes."""

    count: int
    in_the_way: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """Why some hexes were skipped, for the status line ("" if none were)."""
        if not self.in_the_way:
            return ""
        names = self.in_the_way
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        verb = "is" if len(names) == 1 else "are"
        return f"{who} {verb} in the way: no wall under a figure (move it first)"


class Editor:
    """Edits with undo and redo; every change goes through edit()."""

    def __init__(self, draft: Draft, path: str | None = None):
        self.draft = draft
        self.path = path
        self.undos: list[Draft] = []
        self.redos: list[Draft] = []
        self.version = 0
        self.saved_version = 0
        self.stroke: bool | None = None  # None: no stroke; False: begun; True: pushed

    def _push(self) -> Draft:
        # A brush stroke (mouse down to mouse up) is one undo step however many hexes it paints.
        if self.stroke is not True:
            self.undos.append(self.draft.copy())
            self.redos.clear()
            if self.stroke is False:
                self.stroke = True
        self.version += 1
        return self.draft

    def begin_stroke(self) -> None:
        self.stroke = False

    def end_stroke(self) -> None:
        self.stroke = None

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_version

    def undo(self) -> bool:
        """Take back the last edit; False if there is none."""
        return self._step(self.undos, self.redos)

    def redo(self) -> bool:
        """Make the last undone edit again; False if there is none."""
        return self._step(self.redos, self.undos)

    def _step(self, source: list[Draft], target: list[Draft]) -> bool:
        if not source:
            return False
        target.append(self.draft)
        self.draft = source.pop()
        self.version += 1
        return True

    # --- terrain -------------------------------------------------------------------------

    def paint(self, hexes, brush: str) -> Painted:
        """Paint hexes with a brush (open, wall, flames, coals); one undo step.

        A wall is not painted under a figure (it could not stand there); fire is (fire is passable).
        """
        terrain = BRUSHES[brush]
        cells = self.draft.cells
        under = {}
        if terrain.blocks:
            under = {c: f.name for f in self.draft.figures for c in footprint_cells(f.size, Hex(*f.at), f.facing)}
        in_the_way = tuple(dict.fromkeys(under[h] for h in hexes if h in under))
        targets = [h for h in hexes if h in cells and h not in under and self.draft.terrain.get(h, OPEN) != terrain]
        if not targets:
            return Painted(0, in_the_way)
        draft = self._push()
        for h in targets:
            if terrain == OPEN:
                draft.terrain.pop(h, None)
            else:
                draft.terrain[h] = terrain
        return Painted(len(targets), in_the_way)

    def rectangle(self, corner_a: Hex, corner_b: Hex, brush: str) -> Painted:
        """Paint the offset rectangle between two hexes."""
        (c1, r1), (c2, r2) = to_offset(corner_a, self.draft.layout), to_offset(corner_b, self.draft.layout)
        hexes = [
            from_offset(c, r, self.draft.layout)
            for c in range(min(c1, c2), max(c1, c2) + 1)
            for r in range(min(r1, r2), max(r1, r2) + 1)
        ]
        return self.paint(hexes, brush)

    def fill(self, start: Hex, brush: str) -> Painted:
        """Flood fill: the connected hexes of start's terrain."""
        cells = self.draft.cells
        if start not in cells:
            return Painted(0)
        old = self.draft.terrain.get(start, OPEN)
        seen, queue = {start}, deque([start])
        while queue:
            for n in hex_neighbors(queue.popleft()):
                if n in cells and n not in seen and self.draft.terrain.get(n, OPEN) == old:
                    seen.add(n)
                    queue.append(n)
        return self.paint(seen, brush)

    # --- figures -------------------------------------------------------------------------

    def figure(self, name: str) -> FigureBase | None:
        return next((f for f in self.draft.figures if f.name == name), None)

    def figure_at(self, h: Hex) -> FigureBase | None:
        for f in self.draft.figures:
            if h in footprint_cells(f.size, Hex(*f.at), f.facing):
                return f
        return None

    def put_figure(self, data: dict, replacing: str | None = None) -> tuple[FigureBase | None, list[str]]:
        """Add a figure or replace one from form data; refused with the reasons if invalid."""
        try:
            spec = self.model.model_validate(data)
        except ValidationError as error:
            return None, readable(error)
        if isinstance(spec.at, str):
            return None, ["place figures on the map by clicking"]
        problems = (
            self._name_problems(spec, replacing)
            + sheet_refusals(spec, self.draft.ruleset)
            + placement_problems(spec, self._without(replacing))
        )
        if problems:
            return None, problems
        draft = self._push()
        index = next((i for i, f in enumerate(draft.figures) if f.name == replacing), None)
        if index is None:
            draft.figures.append(spec)
        else:
            draft.figures[index] = spec
        return spec, []

    def form_problems(self, data: dict, editing: str | None = None) -> list[str]:
        """What the figure form says as it is filled in: ST penalties and what put_figure would refuse.

        A new figure (editing None) is not on the map yet, so its `at` is provisional and where
        it stands is not checked until it is placed.
        """
        try:
            spec = self.model.model_validate(data)
        except ValidationError as error:
            return readable(error)
        problems = self._name_problems(spec, editing) + sheet_problems(spec, self.draft.ruleset)
        if editing is not None and not isinstance(spec.at, str):
            problems += placement_problems(spec, self._without(editing))
        return problems

    @property
    def model(self) -> type[FigureBase]:
        """The figure sheet of the draft's ruleset."""
        return get_ruleset(self.draft.ruleset).figure_model()

    @property
    def choices(self) -> dict:
        """The form's drop-down lists the draft's ruleset gives (Ruleset.sheet_choices)."""
        return get_ruleset(self.draft.ruleset).sheet_choices()

    def _name_problems(self, spec: FigureBase, replacing: str | None) -> list[str]:
        if spec.name != replacing and self.figure(spec.name):
            return [f'a figure named "{spec.name}" is already on the map']
        return []

    def _without(self, name: str | None) -> Draft:
        if name is None:
            return self.draft
        draft = self.draft.copy()
        draft.figures = [f for f in draft.figures if f.name != name]
        return draft

    def move_figure(self, name: str, to: Hex | None = None, facing: int | None = None) -> list[str]:
        """Drag a figure to a hex and/or turn it; refused with the reason if it can't stand there."""
        spec = self.figure(name)
        if spec is None:
            return [f'no figure named "{name}"']
        update: dict[str, Any] = {}
        if to is not None:
            update["at"] = (to.q, to.r)
        if facing is not None:
            update["facing"] = facing % 6
        moved = spec.model_copy(update=update)
        problems = placement_problems(moved, self._without(name))
        if problems:
            return problems
        draft = self._push()
        draft.figures = [moved if f.name == name else f for f in draft.figures]
        return []

    def set_team_colour(self, team: str, colour: str) -> list[str]:
        """Give a team its display colour ("#rrggbb"); refused with the reason if malformed."""
        try:
            TeamSpec(color=colour)
        except ValidationError:
            return [f'a team colour is "#rrggbb" (such as "#c0392b"), not "{colour}"']
        draft = self._push()
        draft.teams[team] = colour.lower()
        return []

    def remove_figure(self, name: str) -> bool:
        if self.figure(name) is None:
            return False
        draft = self._push()
        draft.figures = [f for f in draft.figures if f.name != name]
        return True

    def copy_figure(self, name: str, to: Hex) -> tuple[FigureBase | None, list[str]]:
        """Copy a figure to another hex with the next free name (Orc -> Orc 2): a squad."""
        spec = self.figure(name)
        if spec is None:
            return None, [f'no figure named "{name}"']
        stem = spec.name.rstrip("0123456789").rstrip() or spec.name
        n = 2
        while self.figure(f"{stem} {n}"):
            n += 1
        data = spec.model_dump()
        data.update(name=f"{stem} {n}", at=(to.q, to.r))
        return self.put_figure(data)

    # --- files ---------------------------------------------------------------------------

    def to_yaml(self) -> str:
        """The draft in the map format that check reads."""
        return map_to_yaml(draft_map(self.draft, draft_file(self.draft)))

    def check(self) -> list[str]:
        """Every problem check would report, as text (empty when the map is fine)."""
        try:
            parse_map(self.to_yaml(), self.path or "map")
        except InputError as error:
            return [p.message for p in error.problems]
        return []

    def save(self, path: str | None = None) -> list[str]:
        """Write the map atomically; refused (with check's problems) if it would not pass check."""
        path = path or self.path
        if path is None:
            return ["choose where to save"]
        problems = self.check()
        if problems:
            return problems
        write_atomically(path, self.to_yaml())
        self.path, self.saved_version = path, self.version
        return []
