"""Fire: burning hexes, hot coals, figures on fire. (Being written: hooks only for now.)"""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import Hex
from board.rules.base import Event
from board.rules.warrior_wizard.state import FigureState, WWState


def check_entry(state: WWState, f: FigureState, path: list[Hex], dice: DiceSource
                ) -> tuple[list[Hex], list[Event]]:
    """The part of the path the figure dares to walk, and the IQ checks rolled."""
    return path, []


def after_move(state: WWState, f: FigureState, path: list[Hex], dice: DiceSource) -> list[Event]:
    """Damage for moving through and stopping in burning hexes."""
    return []


def end_of_turn(state: WWState, dice: DiceSource) -> list[Event]:
    """Burning figures and figures staying in burning hexes take damage."""
    return []
