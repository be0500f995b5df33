"""The map being edited as one value: a Draft made new or from a loaded map, and made back into one."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from board.battle import BattleMap, Terrain
from board.editor_checks import readable
from board.hexgrid import Hex, from_offset, hex_range, ORIGIN
from board.maps import DEFAULT_RULESET, span_problem
from board.models import FigureBase, MapFile
from board.rules.registry import ruleset_ids


@dataclass
class Draft:
    """The map as it is being edited: one value, copied for undo."""

    name: str
    layout: str
    size: tuple[int, int] | None
    radius: int | None
    terrain: dict[Hex, Terrain] = field(default_factory=dict)
    figures: list[FigureBase] = field(default_factory=list)  # sheets of the draft's ruleset
    teams: dict[str, str] = field(default_factory=dict)
    ruleset: str = DEFAULT_RULESET
    off_map: frozenset[Hex] = frozenset()  # hexes of the rectangle that are not on the map
    # The map file's settings the editor has no control for (labels, notes, hot seat...): kept
    # as loaded so that saving the map never drops them.
    settings: dict = field(default_factory=dict)

    def copy(self) -> Draft:
        return Draft(
            self.name,
            self.layout,
            self.size,
            self.radius,
            dict(self.terrain),
            list(self.figures),
            dict(self.teams),
            self.ruleset,
            self.off_map,
            dict(self.settings),
        )

    @property
    def cells(self) -> frozenset[Hex]:
        return self.outline - self.off_map

    @property
    def outline(self) -> frozenset[Hex]:
        """The rectangle or hexagon, off-map hexes included."""
        if self.size is not None:
            cols, rows = self.size
            return frozenset(from_offset(c, r, self.layout) for r in range(rows) for c in range(cols))
        return frozenset(hex_range(ORIGIN, self.radius or 1))


def new_draft(
    name: str = "New map",
    size: tuple[int, int] | None = (16, 12),
    layout: str = "flat",
    radius: int | None = None,
    ruleset: str = DEFAULT_RULESET,
) -> Draft:
    """An empty map: a rectangle of size [columns, rows], or a hexagon of a radius.

    ValueError (a readable message) for a map the format refuses, such as 0x0 or radius -1.
    """
    size = None if radius is not None else size
    try:  # the map format's own limits: one source of truth for what a map may be
        MapFile(name=name, layout=layout, size=size, radius=radius)
    except ValidationError as error:
        raise ValueError("; ".join(readable(error))) from None
    if ruleset not in ruleset_ids():
        raise ValueError(f'unknown ruleset "{ruleset}"; expected one of: ' + ", ".join(ruleset_ids()))
    draft = Draft(name, layout, size, radius, ruleset=ruleset)
    if size is not None and (why := span_problem(draft.cells, layout)):
        raise ValueError(f"size: {why}")
    return draft


# MapFile fields the editor does not edit but must write back as they were.
KEPT_SETTINGS = {"labels", "pass_the_screen", "hide_enemy_sheets", "notes"}


def draft_from_map(battle: BattleMap) -> Draft:
    """A draft of a loaded map."""
    draft = Draft(
        battle.name,
        battle.layout,
        battle.size,
        battle.read.radius,
        dict(battle.terrain),
        list(battle.figures),
        dict(battle.teams),
        battle.ruleset,
    )
    draft.off_map = draft.outline - battle.cells
    draft.settings = battle.read.model_dump(include=KEPT_SETTINGS, exclude_defaults=True)
    return draft


def draft_file(draft: Draft) -> MapFile:
    """The map file a draft is saved as: its shape, ruleset and teams, and the settings kept."""
    return MapFile(
        name=draft.name,
        ruleset=draft.ruleset,
        layout=draft.layout,
        size=draft.size,
        radius=draft.radius,
        teams={t: {"color": c} for t, c in draft.teams.items()},
        **draft.settings,
    )


def draft_map(draft: Draft, source: MapFile | None = None) -> BattleMap:
    """The draft as a map: with the file it is saved as, or with none (the editor draws it)."""
    return BattleMap(
        name=draft.name,
        ruleset=draft.ruleset,
        layout=draft.layout,
        cells=draft.cells,
        terrain=draft.terrain,
        figures=draft.figures,
        source=source,
        size=draft.size,
        teams=draft.teams,
    )
