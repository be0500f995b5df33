"""Colours, fonts and sizes of the board: one place to restyle it."""

from __future__ import annotations

from importlib import resources

import pygame

# Board
BACKGROUND = (28, 30, 36)
OPEN = (196, 186, 160)
OPEN_ALT = (188, 178, 152)  # alternate rows, a hint of texture
WALL = (70, 66, 62)
WALL_EDGE = (48, 45, 42)
FLAMES = (222, 96, 40)
COALS = (150, 46, 28)
GRID = (120, 112, 96)
LABEL = (120, 110, 90)

# Overlays (RGBA)
THREAT_EDGE = (200, 40, 40, 160)
REACH = (70, 150, 230, 70)
REACH_STOP = (240, 190, 40, 110)
PATH = (255, 255, 255)
HOVER = (255, 255, 255, 60)
SELECT = (255, 230, 120)
ENGAGE_LINK = (240, 80, 60)
TARGET = (255, 210, 60)
ALLY_TARGET = (120, 138, 170)  # an ally may be hit (friendly fire is legal) but is not the point
CURSOR = (255, 255, 255)  # the keyboard's hex cursor
FOCUS = (255, 230, 120)  # the keyboard's focus in the action menu

# board/ui/draw/palette.py sets these for its palettes: patterns on tokens and marks (colour-blind,
# high contrast), and whether a map's own team colours are used.
PATTERNS = False
MAP_TEAM_COLOURS = True

# Teams: used when a map gives no colour, in order of appearance.
TEAM_COLOURS = [(192, 57, 43), (46, 111, 214), (58, 157, 93), (212, 160, 23), (142, 68, 173), (85, 85, 85)]

# Panels
PANEL = (38, 41, 50)
PANEL_EDGE = (64, 68, 80)
TEXT = (232, 232, 236)
TEXT_DIM = (150, 154, 166)
TEXT_GOOD = (120, 210, 130)
TEXT_BAD = (240, 110, 100)
TEXT_WARN = (250, 200, 90)
GM_BADGE = (170, 60, 200)

# Sizes in pixels at a UI scale of 100%: read them through px().
LOG_WIDTH = 340
BANNER_HEIGHT = 44
STATUS_HEIGHT = 28

# The UI scale (1.0 to 3.0; board/ui/ui_scale.py sets it): the one value every panel's size and
# every font of the interface is read through, so the board's text and panels grow together.
SCALE = 1.0


def px(n: float) -> int:
    """A size given at 100%, in pixels at the UI scale in use."""
    return round(n * SCALE)


def px_rect(*values) -> pygame.Rect:
    """A rectangle given at 100% (x, y, width, height), in pixels at the UI scale in use."""
    return pygame.Rect(*[px(v) for v in pygame.Rect(*values)])


def _font_path(bold: bool) -> str:
    # pygame_gui ships Noto Sans (SIL Open Font License); reuse it rather than a copy.
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(resources.files("pygame_gui.data") / name)


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of the interface: size is its pixels at 100%, grown by the UI scale."""
    return font_px(max(1, px(size)), bold)


def font_px(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of exactly that pixel size (text that grows with the map's zoom, or on
    paper, not with the UI scale); it survives pygame being shut down and restarted."""
    if not pygame.font.get_init():
        pygame.font.init()
        _FONTS.clear()  # fonts made before a pygame.quit() are dead
    key = (size, bold)
    cached = _FONTS.get(key)
    if cached is not None:
        return cached
    if not _FONTS:
        pygame.register_quit(_FONTS.clear)  # pygame.quit() empties the cache, however it is reached
    try:
        made = pygame.font.Font(_font_path(bold), size)
    except (FileNotFoundError, OSError):
        made = pygame.font.Font(None, size + 4)
    _FONTS[key] = made
    return made


def clear_fonts() -> None:
    """Drop the cached fonts: callers that shut pygame down (fonts made before are dead)."""
    _FONTS.clear()


def team_colour(teams: dict[str, str], team: str, order: list[str]) -> tuple[int, int, int]:
    """A team's colour: the map's, else one from the palette by first appearance."""
    if team in teams and MAP_TEAM_COLOURS:
        value = teams[team].lstrip("#")
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    index = order.index(team) if team in order else len(order)
    return TEAM_COLOURS[index % len(TEAM_COLOURS)]


# Combat log
LOG_RULE = (78, 83, 98)
LOG_ACTION = (176, 196, 236)
LOG_HURT = (244, 156, 96)
LOG_MAGIC = (196, 168, 246)
LOG_FIRE = (250, 140, 70)
LOG_VICTORY = (250, 212, 110)
LOG_HINT = (58, 63, 78)
DIE_FACE = (238, 234, 222)
DIE_EDGE = (120, 114, 102)
DIE_PIP = (36, 36, 44)
DIE_DAMAGE = (178, 48, 44)
DIE_DAMAGE_EDGE = (110, 26, 24)
DIE_DAMAGE_PIP = (250, 240, 232)


_KEY = (255, 0, 255)  # the colour key of a panel's cut-off corners


def rounded_panel(size: tuple[int, int], radius: int = 8, fill=PANEL) -> pygame.Surface:
    """An opaque panel with rounded corners cut out by a colour key: blitted every frame (a card,
    a tooltip), it costs far less than a per-pixel alpha surface."""
    surface = pygame.Surface(size)
    surface.fill(_KEY)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    return surface


def keyed(surface: pygame.Surface) -> pygame.Surface:
    """A finished rounded panel, in the display's format, its corners see-through."""
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    surface.set_colorkey(_KEY, pygame.RLEACCEL)
    return surface
