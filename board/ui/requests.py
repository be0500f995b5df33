"""What a scene asks the app for: play, a rematch, a save opened, the editor, the start screen..."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from board.battle import BattleMap
    from board.game import Game


@dataclass(frozen=True)
class Play:
    """A fight on this game; sides: team -> who plays it (the start screen's choices)."""

    game: Game
    sides: dict[str, str] | None = None


@dataclass(frozen=True)
class PlayDraft:
    """The editor's P: play the map being edited, if it passes check."""


@dataclass(frozen=True)
class Rematch:
    """The same map and options again, with new dice."""


@dataclass(frozen=True)
class Open:
    """A saved game opened from its file."""

    path: str


@dataclass(frozen=True)
class Continue:
    """The autosaved fight resumed."""


@dataclass(frozen=True)
class Edit:
    """The editor on a map file, or (no path) on the map being played."""

    path: str | None = None


@dataclass(frozen=True)
class Start:
    """The start screen, with this map picked (none: the default)."""

    selected: BattleMap | None = None


@dataclass(frozen=True)
class Host:
    """Host the map at path for players connecting from listen ("local", "lan" or an address)."""

    path: str
    listen: str


@dataclass(frozen=True)
class Join:
    """Join a hosted game at address with the invitation's code, as name."""

    address: str
    code: str
    name: str


@dataclass(frozen=True)
class HandOver:
    """A scene handing over to the one it held (the calibration screen's)."""

    scene: Any = field(compare=False)


@dataclass(frozen=True)
class Quit:
    """Close the window."""


SceneRequest = Play | PlayDraft | Rematch | Open | Continue | Edit | Start | Host | Join | HandOver | Quit
