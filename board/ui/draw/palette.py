"""The board's palettes: the default, one safe for colour-blind eyes, and a high-contrast one.

A palette replaces some of theme's colours; the two accessible ones also turn on patterns, so
that nothing on the board is told apart by colour alone: each team has a pattern on its
tokens and a shape in the top bar, and a must-stop hex is dotted where a reachable one is
plain. The choice is remembered in the data folder (board/ui/settings.py)."""

from __future__ import annotations

from board.i18n import N_
from board.ui import theme

# Okabe & Ito's colours (Color Universal Design, 2008): told apart under deuteranopia,
# protanopia and tritanopia; the first two teams get the pair that differs most in lightness.
OKABE_ITO = dict(
    orange=(230, 159, 0),
    sky=(86, 180, 233),
    green=(0, 158, 115),
    yellow=(240, 228, 66),
    blue=(0, 114, 178),
    vermillion=(213, 94, 0),
    purple=(204, 121, 167),
)

PALETTES: dict[str, dict[str, object]] = {
    "default": {},
    "colour-blind": dict(
        TEAM_COLOURS=[
            OKABE_ITO["orange"],
            OKABE_ITO["blue"],
            OKABE_ITO["green"],
            OKABE_ITO["purple"],
            OKABE_ITO["vermillion"],
            (90, 90, 90),
        ],
        REACH=(*OKABE_ITO["sky"], 90),
        REACH_STOP=(*OKABE_ITO["yellow"], 130),
        THREAT_EDGE=(*OKABE_ITO["vermillion"], 200),
        ENGAGE_LINK=OKABE_ITO["vermillion"],
        TARGET=OKABE_ITO["yellow"],
        SELECT=OKABE_ITO["yellow"],
        CURSOR=(255, 255, 255),
        FOCUS=OKABE_ITO["yellow"],
    ),
    "high-contrast": dict(
        BACKGROUND=(0, 0, 0),
        OPEN=(236, 236, 236),
        OPEN_ALT=(226, 226, 226),
        WALL=(24, 24, 24),
        WALL_EDGE=(255, 255, 255),
        GRID=(0, 0, 0),
        LABEL=(70, 70, 70),
        TEAM_COLOURS=[(200, 90, 0), (0, 70, 200), (0, 120, 70), (150, 40, 150), (180, 0, 0), (60, 60, 60)],
        REACH=(0, 90, 255, 110),
        REACH_STOP=(255, 200, 0, 190),
        THREAT_EDGE=(200, 0, 0, 255),
        PATH=(0, 0, 0),
        ENGAGE_LINK=(200, 0, 0),
        TARGET=(255, 0, 200),
        SELECT=(255, 230, 0),
        TEXT=(255, 255, 255),
        TEXT_DIM=(225, 225, 232),
        PANEL=(0, 0, 0),
        PANEL_EDGE=(255, 255, 255),
        CURSOR=(255, 0, 200),
        FOCUS=(255, 255, 0),
    ),
}
NAMES = tuple(PALETTES)
LABELS = {
    "default": N_("default"),
    "colour-blind": N_("colour-blind safe (Okabe-Ito colours, with patterns)"),
    "high-contrast": N_("high contrast (with patterns)"),
}
DEFAULT = "default"
PALETTE_WORDS = (N_("default"), N_("colour-blind"), N_("high-contrast"))  # the names, as buttons show them

# Each team's marks, by order of appearance: (pattern on its tokens, shape in the top bar).
TEAM_MARKS = (
    ("rings", "circle"),
    ("stripes", "square"),
    ("dots", "triangle"),
    ("checks", "diamond"),
    ("bars", "cross"),
    ("grid", "star"),
)

_defaults: dict[str, object] = {}  # theme's own values, kept the first time a palette is used
_current = [DEFAULT]


def use(name: str) -> str:
    """Make the named palette the board's (an unknown name: the default); returns the name used."""
    name = name if name in PALETTES else DEFAULT
    keys = {key for palette in PALETTES.values() for key in palette}
    if not _defaults:
        _defaults.update({key: getattr(theme, key) for key in keys})
    for key in keys:
        setattr(theme, key, PALETTES[name].get(key, _defaults[key]))
    # The map's own team colours are kept only in the default palette (a map's Red and Green
    # are what a colour-blind player cannot tell apart); patterns come with the other two.
    theme.PATTERNS = name != DEFAULT
    theme.MAP_TEAM_COLOURS = name == DEFAULT
    _current[0] = name
    return name


def current() -> str:
    """The palette in use."""
    return _current[0]


def following(name: str) -> str:
    """The palette after this one (the key and the start screen's button step through them)."""
    return NAMES[(NAMES.index(name) + 1) % len(NAMES)] if name in NAMES else DEFAULT


def team_marks(order: list[str]) -> dict[str, int]:
    """Each team's index into TEAM_MARKS, by first appearance; empty when patterns are off."""
    return {team: i % len(TEAM_MARKS) for i, team in enumerate(order)} if theme.PATTERNS else {}
