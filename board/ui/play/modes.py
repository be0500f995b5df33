"""The play board's modes: one small frozen state each, holding only what that mode needs, whose
transitions return the next state (the controller holds one in View.mode and replaces it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar, TypeGuard

from board.hexgrid import Hex
from board.rules.base import Command
from board.rules.reports import ActionInfo, GMKey


@dataclass(frozen=True)
class PlannedMove:
    """A move being planned: the figure, the hex it ends on, the path there, the facing it will
    end with and the movement action."""

    figure: str
    hex: Hex
    path: tuple[Hex, ...]
    facing: int
    action: str

    def facing_to(self, facing: int) -> PlannedMove:
        """The same move ending with another facing."""
        return replace(self, facing=facing % 6)

    def command(self) -> Command:
        """The move command that carries it out."""
        path = tuple((p.q, p.r) for p in self.path)
        return Command(do="move", figure=self.figure, action=self.action, path=path, facing=self.facing)


@dataclass(frozen=True)
class ChoosingMove:
    """The movement phase: pick a destination; the reach shown is the movement action's."""

    key: ClassVar[str] = "move"
    action: str | None = None  # the movement action whose reach is shown
    chosen: bool = False  # the player picked it (else a click takes the least that reaches)


@dataclass(frozen=True)
class PlanningMove:
    """A move planned to its hex, waiting for its facing and the player's confirmation."""

    key: ClassVar[str] = "facing"
    move: PlannedMove
    facings: Mapping[int, str | None] = field(default_factory=dict)  # facing -> why not (None: fits)

    def why_not(self, facing: int) -> str | None:
        """Why the move may not end with this facing (None: it may)."""
        return self.facings.get(facing % 6)

    def blocked(self) -> frozenset[int]:
        """The facings the move may not end with."""
        return frozenset(d for d, why in self.facings.items() if why is not None)

    def facing_to(self, facing: int) -> PlanningMove:
        """The same plan ending with another facing (the caller asks why_not first)."""
        return replace(self, move=self.move.facing_to(facing))

    def fitted(self) -> PlanningMove:
        """Started from a facing that fits, if the figure's own does not and another does."""
        if self.why_not(self.move.facing) is None:
            return self
        fitting = [d for d, why in self.facings.items() if why is None]
        return self.facing_to(fitting[0]) if fitting else self

    def turned(self, steps: int) -> PlanningMove:
        """Turned by steps (Q/E), skipping the facings the figure cannot end with."""
        for k in range(1, 6):
            facing = self.move.facing + steps * k
            if self.why_not(facing) is None:
                return self.facing_to(facing)
        return self


@dataclass(frozen=True)
class ChoosingAction:
    """A combat step: the menu offers the selected figure's actions."""

    key: ClassVar[str] = "combat"


@dataclass(frozen=True)
class Aiming:
    """A menu action being aimed by its figure: at a target, a hex, a choice, or its settings."""

    figure: str
    action: ActionInfo
    kind: str  # target or hex (a click on the board), choice or options (the menu)
    option_index: Mapping[str, int] = field(default_factory=dict)  # each setting's chosen value

    @staticmethod
    def of(figure: str, action: ActionInfo) -> Aiming | None:
        """How the action is aimed, or None if it needs nothing more (it is done at once)."""
        if action.needs in ("target", "hex"):
            kind = action.needs
        elif action.needs in ("weapon", "choice") and action.choices:
            kind = "choice"
        elif action.options:  # settings first (a shield, a forward step), then Do it
            kind = "options"
        else:
            return None
        return Aiming(figure, action, kind, {key: 0 for key in action.options})

    @property
    def key(self) -> str:
        return self.kind

    @property
    def on_board(self) -> bool:
        """Aimed with a click on the board (a target or a hex), not in the menu."""
        return self.kind in ("target", "hex")

    def option(self, key: str) -> object:
        """The value a setting has now."""
        return self.action.options[key][self.option_index.get(key, 0)]

    def changed(self) -> dict:
        """Only the settings the player changed: the first value of each is the ruleset's default."""
        return {key: self.option(key) for key in self.action.options if self.option_index.get(key, 0)}

    def cycled(self, key: str) -> Aiming:
        """A setting stepped to its next value (maneuver, extra damage, spell)."""
        if key not in self.action.options:
            return self
        index = (self.option_index.get(key, 0) + 1) % len(self.action.options[key])
        return replace(self, option_index={**self.option_index, key: index})

    def command(self, **fields) -> Command:
        """The action's command, with the settings the player changed (fields may override them)."""
        return Command(do="act", figure=self.figure, action=self.action.id, **{"params": self.changed(), **fields})


@dataclass(frozen=True)
class GMMode:
    """The GM at the board: any figure may be dragged, and GM keys act on the selected one."""

    key: ClassVar[str] = "gm"
    chase_from: tuple[str, GMKey] | None = None  # (figure, key): a GM key waiting for the figure it aims at


@dataclass(frozen=True)
class Over:
    """The fight is over: the menu offers a rematch, a new game or the start screen."""

    key: ClassVar[str] = "over"


@dataclass(frozen=True)
class Viewing:
    """A map without two sides: nothing to play, only to look at (or edit)."""

    key: ClassVar[str] = "view"


Mode = ChoosingMove | PlanningMove | ChoosingAction | Aiming | GMMode | Over | Viewing


def aiming_at_figures(mode: Mode) -> TypeGuard[Aiming]:
    """Whether an action is being aimed at a figure (its targets are the ones to click or Tab to)."""
    return isinstance(mode, Aiming) and mode.kind == "target"


def menu_has_keys(mode: Mode) -> bool:
    """Whether the mode has nothing to aim on the board (the menu takes the keys when it changes)."""
    return isinstance(mode, ChoosingAction | Over | Viewing) or (isinstance(mode, Aiming) and not mode.on_board)
