"""Heavy loads: the maximum lift (STR squared in kg) and fatigue in the 5-7x STR band.

"5-7x STR in kg: -6 to Movement. -1 STR every 2 minutes (nonlethal/fatigue). Max of 10
minutes." "STR squared in kg: Maximum lift. Character can move 1 hex with 4d6 Effective
Strength check, otherwise no movement allowed."
"""

from __future__ import annotations

from board.dice import DiceSource, check
from board.rules.base import Event
from board.rules.warrior_wizard.damage import update_status
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import load_kg

TURN_SECONDS = 5  # the text gives no turn length: an assumption (docs/rules-notes.md)
FATIGUE_EVERY = 2 * 60 // TURN_SECONDS  # "-1 STR every 2 minutes": 24 turns
FATIGUE_FOR = 10 * 60 // TURN_SECONDS  # "Max of 10 minutes": 120 turns, 5 points at most


def over_max_lift(st: int, kg: float) -> str | None:
    """Why a load is refused (more than the maximum lift, "STR squared in kg"), or None."""
    if kg > st * st:
        return f"{kg:g} kg is more than ST {st} can lift (ST squared: {st * st} kg)"
    return None


def at_max_lift(state: WWState, f: FigureState) -> bool:
    """Whether f carries more than 7x STR: it moves only by a 4d6 Effective Strength check."""
    return load_kg(state, f) > 7 * f.st


def lift_check(state: WWState, f: FigureState, dice: DiceSource) -> tuple[bool, Event]:
    """The 4d6 Effective Strength check to move one hex under the maximum lift."""
    result = check(4, f.effective_st, dice)
    verb = "heaves his load one hex" if result.success else "cannot budge under his load"
    return result.success, Event("lift_check", f"{f.name} {verb} (4d6 rolls {result.total} vs ST "
                                               f"{f.effective_st})", f.name,
                                 {"faces": list(result.faces), "needed": f.effective_st,
                                  "success": result.success})


def end_of_turn(state: WWState) -> list[Event]:
    """Each turn in the 5-7x band counts; every 24th costs 1 ST, for 10 minutes at most. Fatigue
    is spent Strength, like a spell's cost: nonlethal under the Optional Nonlethal Damage Rule,
    lethal without it; no armor, no fall."""
    events: list[Event] = []
    for f in state.figures.values():
        burdened = 5 * f.st < load_kg(state, f) <= 7 * f.st  # in the 5-7x STR band
        if not f.up or not burdened or f.burdened_turns >= FATIGUE_FOR:
            continue
        f.burdened_turns += 1
        if f.burdened_turns % FATIGUE_EVERY:
            continue
        if state.options.nonlethal_damage:
            f.nonlethal += 1
        else:
            f.lethal += 1
        minutes = f.burdened_turns * TURN_SECONDS // 60
        events.append(Event("fatigue", f"{f.name} tires under his load: -1 ST ({minutes} minutes "
                                       "carrying 5-7x his ST)", f.name,
                            {"minutes": minutes, "st": f.effective_st}))
        events += update_status(state, f)
    return events
