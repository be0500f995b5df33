"""The maps the start screen offers: the bundled ones and the user's own, each with a preview."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pygame

from board.i18n import _
from board.maps import load_map
from board.battle import BattleMap
from board.resources import DEFAULT_MAP, MAPS
from board.rules.registry import get_ruleset
from board.saves import data_dir
from board.sides import teams
from board.ui import theme
from board.ui.draw import palette
from board.ui.draw.camera import Camera
from board.ui.draw.tokens import spec_tokens
from board.ui.draw.overlays import Overlays
from board.ui.draw.renderer import BoardRenderer
from board.yamlio import InputError

BUNDLED = MAPS


def user_maps_dir() -> Path:
    """The user's own maps (the editor saves there), in the user's data directory."""
    return data_dir() / "maps"


def user_map_path(path, name: str) -> Path:
    """Where the editor saves a map: a user's map in place, any other as a new user's map."""
    folder = user_maps_dir()
    if path and Path(path).resolve().parent == folder.resolve():
        return Path(path)
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "map"
    out, n = folder / f"{slug}.yaml", 2
    while out.exists():
        out, n = folder / f"{slug}-{n}.yaml", n + 1
    return out


@dataclass
class MapChoice:
    """One map on the start screen: its file, the loaded map or the reason it does not load."""

    path: Path
    battle: BattleMap | None = None
    problem: str = ""
    thumb: pygame.Surface | None = None
    loaded: bool = False

    @property
    def name(self) -> str:
        return self.battle.name if self.battle is not None else self.path.name

    def load(self) -> MapChoice:
        """Load the map (once): its battle, or the first problem found in it."""
        if not self.loaded:
            self.loaded = True
            try:
                self.battle = load_map(self.path)
            except InputError as error:
                self.problem = str(error.problems[0])
        return self


def find_maps() -> list[MapChoice]:
    """Every map in the bundled maps/ and the user's maps, the default first; not loaded yet
    (each one loads its ruleset: the start screen loads them after its first frame)."""
    paths = sorted(BUNDLED.glob("*.yaml"), key=lambda p: (p != DEFAULT_MAP, p.name))
    user = user_maps_dir()
    paths += sorted(user.glob("*.yaml")) if user.is_dir() else []
    return [MapChoice(path) for path in paths]


def preview(battle, size: tuple[int, int]) -> pygame.Surface:
    """A small picture of a map with its figures where they start."""
    scale = max(1, -(-480 // size[0]))  # drawn large and shrunk: the camera has a smallest hex
    surface = pygame.Surface((size[0] * scale, size[1] * scale))
    order = teams(battle)
    colours = {t: theme.team_colour(battle.teams, t, order) for t in order}
    camera = Camera(battle.layout)
    rect = surface.get_rect()
    camera.fit(battle.cells, rect.inflate(-8 * scale, -8 * scale))
    renderer = BoardRenderer(battle, colours, palette.team_marks(order))
    renderer.draw(surface, rect, camera, spec_tokens(battle.figures), Overlays(labels=False))
    return surface if scale == 1 else pygame.transform.smoothscale(surface, size)


def ruleset_name(battle) -> str:
    return get_ruleset(battle.ruleset).name


def sides_line(battle) -> str:
    count: dict[str, int] = {}
    for spec in battle.figures:
        count[spec.team] = count.get(spec.team, 0) + 1
    return _(" vs ").join(f"{team} {n}" for team, n in count.items())


def where(path: Path) -> str:
    return _("bundled map") if path.parent == BUNDLED else _("your map")
