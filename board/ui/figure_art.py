"""Figure icons (issue 35: every figure looked alike): a picture per kind of figure, from
game-icons.net (CC BY 3.0, docs/credits.md), shipped as SVG in assets/figures and drawn at the
token's size. The kind is read from what the ruleset reports: a beast by its name, anyone
else by the glyph of what it wields."""

from __future__ import annotations

import pygame

from board.resources import ASSETS

FIGURES = ASSETS / "figures"
BY_GLYPH = {"blade": "swordman", "knife": "swordman", "axe": "barbarian", "polearm": "pikeman",
            "bow": "bowman", "magic": "wizard-staff", "beast": "dragon-head"}
BY_NAME = (("dragon", "dragon-head"), ("wyrm", "dragon-head"), ("drake", "dragon-head"),
           ("spider", "spider-alt"), ("wolf", "wolf-head"), ("hound", "wolf-head"),
           ("horse", "horse-head"), ("pony", "horse-head"), ("steed", "horse-head"))
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


def meter_colour(share: float) -> tuple[int, int, int]:
    """Green while the figure is well, amber when worn, red when near the end."""
    return (96, 200, 110) if share > 0.5 else (236, 190, 70) if share > 0.25 else (232, 84, 70)


def draw_meter_bar(surface: pygame.Surface, f, size: float, centre) -> None:
    """The meter (ST, hits, wounds left...) as a bar across the token's lower part: how hurt a
    figure is, read at a glance at the default zoom."""
    if f.meter is None or size < 20:
        return
    now, full = f.meter
    share = max(0.0, min(1.0, now / full)) if full else 0.0
    width = size * (0.9 if f.size == 1 else 1.6)
    height = max(3, round(size / 10))
    bar = pygame.Rect(0, 0, round(width), height)
    bar.center = (round(centre[0]), round(centre[1] + size * (0.45 if f.size == 1 else 0.9)))
    pygame.draw.rect(surface, (24, 24, 28), bar.inflate(2, 2), border_radius=height)
    if share:
        pygame.draw.rect(surface, meter_colour(share), (bar.x, bar.y, max(2, round(bar.width * share)), bar.height),
                         border_radius=height)
