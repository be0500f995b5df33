"""Pydantic models of what a GM writes in a map file: the map, its terrain and figures."""

# No `from __future__ import annotations` here: pydantic would compile and evaluate each
# field's annotation from its text when the models are made (issue 17, the headless start).

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator

Posture = Literal["standing", "kneeling", "prone", "fallen"]
Layout = Literal["flat", "pointy"]
FireStage = Literal["flames", "coals"]
TerrainKind = Literal["open", "wall", "fire"]
# The figure icons shipped in assets/figures (a test keeps this list and the folder equal);
# "": the board chooses one from the sheet (a beast's name, the weapon in hand).
FigureIcon = Literal[
    "",
    "barbarian",
    "bowman",
    "dragon-head",
    "horse-head",
    "pikeman",
    "spider-alt",
    "swordman",
    "wizard-staff",
    "wolf-head",
]
Pronoun = Literal["they", "she", "he"]

# Characters of the terrain picture; spaces between them are ignored.
PICTURE = {".": ("open", None), "#": ("wall", None), "^": ("fire", "flames"), ":": ("fire", "coals")}
PICTURE_OF = {value: char for char, value in PICTURE.items()}
# A hex of the rectangle that is not part of the map (a map's shape need not be a rectangle).
OFF_MAP = "-"
MAX_SIDE = 500  # columns and rows of hexes on a map
MAX_NAME = 64  # characters in a figure's, team's or map's name (docs/maps.md)
MAX_NOTE = 500  # characters in a save's note of why the computer chose a command


def _printable(value: str, most: int | None = None, what: str = "a name") -> str:
    # A name is drawn on the board, in the log and in the window's title: a million characters
    # would cost a gigabyte of text surfaces. Checked first, so nothing else reads a long one.
    most = MAX_NAME if most is None else most  # read at each call: a test may raise it
    if len(value) > most:
        raise ValueError(f"{what} may be at most {most} characters; this one has {len(value)}")
    # A NUL passes YAML ("\0") and then crashes the text renderer; other control characters
    # and lone surrogates draw as nothing or as boxes.
    bad = next((c for c in value if unicodedata.category(c) in ("Cc", "Cs")), None)
    if bad is not None:
        raise ValueError(f"{what} may not hold control characters; found {bad!r}")
    return value


def _printable_note(value: str) -> str:
    return _printable(value, MAX_NOTE, "a note")


def no_items() -> list:
    """An empty list: a list field's default_factory. pydantic reads a factory's signature, and
    for the builtin `list` that means tokenizing its text signature (3 ms at start-up)."""
    return []


# A name a player reads on the board: figure, team or map.
Name = Annotated[str, AfterValidator(_printable)]
# A line a save keeps for the combat log (why the computer chose a command).
Note = Annotated[str, AfterValidator(_printable_note)]


def _position_shape(value):
    # One clear message instead of pydantic's two-branch union report.
    if isinstance(value, str):
        return value
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        return tuple(value)
    raise ValueError(f'expected [q, r] or a label like "0507", got {value!r}')


# A position: axial [q, r], or a printed-map label "CCRR" such as "0507".
Position = Annotated[
    tuple[int, int] | str,
    BeforeValidator(_position_shape),
    Field(description='axial [q, r], or the printed label "CCRR" (column, row, from 01)'),
]


class Strict(BaseModel):
    """A model that refuses unknown keys (a typo must not pass silently).

    Its validator is built at its first use, not at import: a part validated only inside a map
    file (a team, a hex), a base class or another ruleset's sheet costs nothing until then."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class HexTerrain(Strict):
    """Terrain for one hex, overriding the picture."""

    at: Position
    terrain: TerrainKind = Field(description="open, wall or fire")
    stage: FireStage | None = Field(None, description="for fire: flames (just caught) or coals (burned down, +1d6)")


class FigureBase(Strict):
    """What every ruleset's figure sheet shares: who it is and where it stands.

    A ruleset's sheet subclasses this (`Ruleset.figure_model()`). In a map file the fields of
    the map's own ruleset sit beside these; `sheets` holds a sheet per other ruleset, so that one
    map plays under several (`--ruleset`). Every sheet field has a default."""

    name: Name = Field(min_length=1)
    team: Name = "neutral"
    at: Position
    facing: int = Field(0, ge=0, le=5, description="hex side faced, 0-5 (see docs/coordinates.md)")
    size: Literal[1, 2, 3, 4, 7] = Field(1, description="footprint in hexes")
    icon: FigureIcon = Field(
        "", description="the picture on the token, one of assets/figures (none: chosen from the sheet)"
    )
    pronoun: Pronoun = Field("they", description="how messages speak of the figure: they, she or he")
    sheets: dict[str, dict] = Field(
        default_factory=dict, description="the figure's sheet for other rulesets, by ruleset id"
    )


class TeamSpec(Strict):
    """A team's display colour."""

    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description='"#rrggbb"')


class MapFile(Strict):
    """A map file as written by hand or by the editor."""

    name: Name = Field(min_length=1)
    ruleset: str = "warrior-wizard"
    layout: Layout = Field("flat", description="flat-top or pointy-top hexes")
    size: tuple[int, int] | None = Field(None, description="[columns, rows] of a rectangular map")
    radius: int | None = Field(None, ge=1, le=200, description="a hexagonal map of this radius")
    labels: bool = Field(True, description='show printed-map "CCRR" labels')
    pass_the_screen: bool = Field(
        False,
        description="hot seat: the board is covered when the side to act changes, until the "
        "next player clicks (H toggles it in the window)",
    )
    hide_enemy_sheets: bool = Field(
        False,
        description="the figure card shows only the name and team of the side not acting "
        "(the GM, in GM mode, still sees every sheet)",
    )
    terrain: str | None = Field(
        None,
        description="a picture of a rectangular map: one line per row, one character per hex "
        "('.' open, '#' wall, '^' fire, ':' hot coals, '-' not part of the map); "
        "spaces are ignored",
    )
    hexes: list[HexTerrain] = Field(default_factory=no_items)
    teams: dict[Name, TeamSpec] = Field(default_factory=dict)
    figures: list[FigureBase] = Field(
        default_factory=no_items, description="the figures, each with its ruleset's sheet fields"
    )
    notes: str = ""

    @field_validator("size")
    @classmethod
    def _size_in_range(cls, value):
        # One more is let through for an off-map edge ("-"): an even-staggered Tiled map of 500
        # needs it (docs/maps.md); the builder checks the hexes on the map span at most 500.
        if value is not None and not all(1 <= n <= MAX_SIDE + 1 for n in value):
            raise ValueError(f"columns and rows must each be between 1 and {MAX_SIDE}")
        return value
