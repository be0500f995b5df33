"""What every ruleset's figures and fight states share: a footprint, being up, the map and
options, and where the fight stands (turn, phase, winner, order and queue)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from pydantic import BaseModel

from board.battle import BattleMap
from board.footprints import footprint_cells
from board.hexgrid import Hex
from board.rules.kernel.clone import Cloneable, Shared, copy_of, own_item

F = TypeVar("F")
Opts = TypeVar("Opts", bound=BaseModel)  # the ruleset's options model


class InFight:
    """A figure dataclass with a `status`: "ok" while it fights."""

    __slots__ = ()

    if TYPE_CHECKING:  # what the host dataclass holds (a field, or a property of its own)
        name: str

        @property
        def status(self) -> str: ...

    @property
    def up(self) -> bool:
        """Conscious, alive and not knocked out: still fighting."""
        return self.status == "ok"


class Placed(InFight):
    """A figure that also has a `size`, a `hex` and a `facing`, so a footprint."""

    __slots__ = ()

    if TYPE_CHECKING:  # fields of the host dataclass
        size: int
        hex: Hex
        facing: int

    @property
    def cells(self) -> tuple[Hex, ...]:
        """The hexes the figure covers."""
        if self.size == 1:  # most figures: asked for every figure on every command
            return (self.hex,)
        return footprint_cells(self.size, self.hex, self.facing)


@dataclass
class Fight(Cloneable, Generic[F, Opts]):
    """A whole fight of figures of type F under options Opts; changed only on a private clone by
    apply()."""

    battle: Shared[BattleMap]
    options: Opts  # the ruleset's own options model; read-only, so clones share it
    figures: dict[str, F]
    # Where the fight stands, one spelling for every ruleset (kernel/queue.py moves them on):
    turn: int = field(default=0, kw_only=True)  # the turn, round or Melee Round
    phase: str = field(default="setup", kw_only=True)  # the ruleset's step; "over" once decided
    winner: str | None = field(default=None, kw_only=True)  # the team that won (None: nobody)
    order: list[str] = field(default_factory=list, kw_only=True)  # the acting order
    queue: list[str] = field(default_factory=list, kw_only=True)  # still to act; queue[0] acts
    # The fight is decided (its phase "over" too): set where victory is declared (kernel/victory.py),
    # read after every command by the whose-turn check, victory and the sequencer.
    over: bool = field(default=False, kw_only=True)

    @property
    def active(self) -> str | None:
        """The figure that acts now: the head of the queue."""
        return self.queue[0] if self.queue else None

    def not_its_turn(self, f) -> str | None:
        """Why it is not f's turn now (None: it is); kernel/queue.py acting() asks."""
        return None if self.active == f.name else f"it is {self.active}'s turn, not {f.name}'s"

    def own(self, name: str) -> F:
        """The figure, as this state's own to change: a ruleset whose figures are
        `OnWrite[dict[str, F]]` asks for it before changing a figure (a clone shares the rest)."""
        copied = getattr(self, "_copied_figures", None)
        if copied is None or name in copied:  # the common case, without own_item's lookups
            return self.figures[name]
        return own_item(self, "figures", name)

    def own_all(self) -> None:
        """Every figure this state's own (before a change to them all, such as a new turn)."""
        copied = getattr(self, "_copied_figures", None)
        if copied is None:
            return
        figures = self.figures
        for name, figure in figures.items():  # a value replaced, not a key added: iteration holds
            if name not in copied:
                figures[name] = copy_of(figure)
        copied.update(figures)
