"""The view's overlays: what the board renderer is asked to draw over the map in a frame."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex


@dataclass
class Overlays:
    """What the view wants drawn over the map this frame (view state, not game state)."""

    threat: dict[str, frozenset[Hex]] = field(default_factory=dict)  # figure -> its threat zone
    links: list[tuple[str, str]] = field(default_factory=list)  # (engager, engaged)
    reach: frozenset[Hex] = frozenset()
    stops: frozenset[Hex] = frozenset()
    path: tuple[Hex, ...] = ()
    path_start: Hex | None = None
    path_stop: Hex | None = None
    hover: Hex | None = None
    selected: str | None = None
    active: str | None = None
    targets: frozenset[str] = frozenset()
    fire_line: tuple[Hex, ...] = ()
    ghost: tuple[str, Hex, int] | None = None  # (figure, hex, facing) of a move being confirmed
    wheel: Hex | None = None  # show the facing wheel around this hex
    wheel_pick: int | None = None
    wheel_blocked: frozenset[int] = frozenset()  # facings the move cannot end with
    labels: bool = True
    ground: dict = field(default_factory=dict)  # hex -> names of what lies there (a dropped weapon)

    def key(self) -> tuple:
        """What the cached overlay layer depends on."""
        return (
            tuple(sorted((k, tuple(sorted(v))) for k, v in self.threat.items())),
            tuple(self.links),
            self.reach,
            self.stops,
            self.labels,
        )
