"""Figure icons (issue 35: every figure looked alike): a picture per kind of figure, from
game-icons.net (CC BY 3.0, docs/credits.md), shipped as SVG in assets/figures and drawn at the
token's size. The kind is read from what the ruleset reports: a beast by its name, anyone
else by the glyph of what it wields."""

from __future__ import annotations

import pygame

from board.resources import ASSETS

FIGURES = ASSETS / "figures"
BY_GLYPH = {
    "blade": "swordman",
    "knife": "swordman",
    "axe": "barbarian",
    "polearm": "pikeman",
    "bow": "bowman",
    "magic": "wizard-staff",
    "beast": "dragon-head",
}
BY_NAME = (
    ("dragon", "dragon-head"),
    ("wyrm", "dragon-head"),
    ("drake", "dragon-head"),
    ("spider", "spider-alt"),
    ("wolf", "wolf-head"),
    ("hound", "wolf-head"),
    ("horse", "horse-head"),
    ("pony", "horse-head"),
    ("steed", "horse-head"),
)
DEFAULT = "swordman"
_CACHE: dict[tuple[str, int], pygame.Surface | None] = {}


def icon_name(f) -> str:
    """The icon of a figure: the map's `icon:`, else a beast's by its name, else by what it wields."""
    if getattr(f, "icon", ""):
        return f.icon
    name = f.name.lower()
    if f.glyph == "beast" or f.size > 1:
        return next((icon for word, icon in BY_NAME if word in name), BY_GLYPH["beast"])
    return next((icon for word, icon in BY_NAME if word in name), BY_GLYPH.get(f.glyph, DEFAULT))


def icon(name: str, px: int) -> pygame.Surface | None:
    """The icon drawn white, px square (None if its file is missing or unreadable: the token
    is drawn without it)."""
    key = (name, px)
    if key not in _CACHE:
        if len(_CACHE) > 256:  # a few zooms' worth
            _CACHE.clear()
        try:
            _CACHE[key] = pygame.image.load_sized_svg(str(FIGURES / f"{name}.svg"), (px, px))
        except (pygame.error, FileNotFoundError, OSError):
            _CACHE[key] = None
    return _CACHE[key]


def draw_icon(surface: pygame.Surface, f, centre, px: int, alpha: int) -> None:
    """The figure's icon centred on centre, faint enough for the name to read over it."""
    picture = icon(icon_name(f), max(4, px))
    if picture is None:
        return
    picture = picture.copy()
    picture.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(picture, picture.get_rect(center=(round(centre[0]), round(centre[1]))))
