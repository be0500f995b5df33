"""Spells: the catalogue, casting, upkeep and disbelieving illusions. (Being written.)"""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.warrior_wizard.state import FigureState, WWState


def upkeep(state: WWState, dice: DiceSource) -> list[Event]:
    """Pay each ongoing spell's upkeep in ST, or let it lapse."""
    return []


def targets(state: WWState, f: FigureState, action: str) -> list[str]:
    """Valid targets for casting or disbelieving."""
    return []


def check(state: WWState, f: FigureState, command: Command):
    """Check a cast or disbelieve command; return what apply() needs."""
    raise Refusal("spells are not available yet")


def apply(state: WWState, f: FigureState, command: Command, plan, dice: DiceSource) -> list[Event]:
    """Cast the spell or disbelieve the illusion."""
    return []
