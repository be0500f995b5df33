"""What every ruleset's figures and fight states share: a footprint, being up, the map and options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from board.battle import BattleMap
from board.footprints import footprint_cells
from board.hexgrid import Hex
from board.rules.kernel.clone import Cloneable, Shared, copy_of, own_item

F = TypeVar("F")


class InFight:
    """A figure dataclass with a `status`: "ok" while it fights."""

    __slots__ = ()

    @property
    def up(self) -> bool:
        """Conscious, alive and not knocked out: still fighting."""
        return self.status == "ok"


class Placed(InFight):
    """A figure that also has a `size`, a `hex` and a `facing`, so a footprint."""

    __slots__ = ()

    @property
    def cells(self) -> tuple[Hex, ...]:
        """The hexes the figure covers."""
        if self.size == 1:  # most figures: asked for every figure on every command
            return (self.hex,)
        return footprint_cells(self.size, self.hex, self.facing)


@dataclass
class Fight(Cloneable, Generic[F]):
    """A whole fight of figures of type F; changed only on a private clone by apply()."""

    battle: Shared[BattleMap]
    options: BaseModel  # the ruleset's own options model; read-only, so clones share it
    figures: dict[str, F]

    def own(self, name: str) -> F:
        """The figure, as this state's own to change: a ruleset whose figures are
        `OnWrite[dict[str, F]]` asks for it before changing a figure (a clone shares the rest)."""
        copied = self.__dict__.get("_copied_figures")
        if copied is None or name in copied:  # the common case, without own_item's lookups
            return self.figures[name]
        return own_item(self, "figures", name)

    def own_all(self) -> None:
        """Every figure this state's own (before a change to them all, such as a new turn)."""
        copied = self.__dict__.get("_copied_figures")
        if copied is None:
            return
        figures = self.figures
        for name, figure in figures.items():  # a value replaced, not a key added: iteration holds
            if name not in copied:
                figures[name] = copy_of(figure)
        copied.update(figures)
