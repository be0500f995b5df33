"""The turn sequence: initiative, spell upkeep, movement, combat actions, end of turn."""

from __future__ import annotations

from board.dice import DiceSource, check
from board.rules.base import Event
from board.rules.kernel import sequence, victory
from board.rules.kernel.turn import break_ties
from board.rules.warrior_wizard import damage, fire, spell_upkeep
from board.rules.warrior_wizard.state import TurnRecord, WWState
from board.rules.warrior_wizard.stats import adj_dx


def roll_initiative(state: WWState, dice: DiceSource) -> list[Event]:
    """Order the figures for this turn.

    "Characters go in order of their Effective Dexterity scores, from high to low. If two
    characters are tied, each of them makes a Dexterity Check; the character with the higher
    margin of success goes first." Equal margins roll again. With Advanced Initiative,
    "All characters make a Dexterity Check, and go first in order from highest to lowest
    margin of success" (ties: higher Effective DEX, then roll again).
    """
    figures = [f for f in state.figures.values() if f.status == "ok"]  # up
    dexes = {f.name: adj_dx(state, f) for f in figures}
    rolls: dict[str, list] = {f.name: [] for f in figures}
    advanced = state.options.advanced_initiative

    def dex_check(name: str) -> int:
        result = check(3, dexes[name], dice)
        rolls[name].append({"faces": list(result.faces), "margin": result.margin})
        return result.margin

    keys: dict[str, list[int]] = {name: [dex_check(name), dexes[name]] if advanced else [dexes[name]] for name in dexes}
    order = break_ties(keys, dex_check)
    state.order = order
    text = "Initiative: " + ", ".join([f"{name} ({dexes[name]})" for name in order])
    return [
        Event(
            "initiative", text, None, {"order": order, "adj_dx": dexes, "rolls": {n: r for n, r in rolls.items() if r}}
        )
    ]


def chase_order(queue: list[str], chases: dict[str, str]) -> list[str]:
    """The queue with each quarry moved just before its pursuer, if it came after him."""
    queue = list(queue)
    for pursuer, quarry in chases.items():
        if pursuer in queue and quarry in queue and queue.index(quarry) > queue.index(pursuer):
            queue.remove(quarry)
            queue.insert(queue.index(pursuer), quarry)
    return queue


def begin_turn(state: WWState, dice: DiceSource) -> list[Event]:
    """A turn begins: initiative, then fire and spells that tick."""
    state.own_all()  # a new turn changes every figure
    for f in state.figures.values():
        f.turn = TurnRecord()
    events = [Event("turn", f"Turn {state.turn} begins", None, {"turn": state.turn})]
    events += roll_initiative(state, dice)
    events += fire.start_of_turn(state, dice)
    return events + spell_upkeep.start_of_turn(state)


def end_of_turn(state: WWState, dice: DiceSource) -> list[Event]:
    """Effects at the end of a turn."""
    state.own_all()  # fire, fatigue, recovery and wounds may change any figure
    events = fire.end_of_turn(state, dice)
    events += damage.fatigue(state)
    events += damage.end_of_turn(state, dice)
    for f in state.figures.values():
        f.wounded = f.turn.damage_after_armor >= 5
        f.surprised = False  # surprise lasts the turn it happens in
    return events


def acts(state: WWState, names: list[str]) -> list[str]:
    """Figures knocked out lose their turn; in combat, figures that already acted have had it."""
    figures, combat = state.figures, state.phase == "combat"
    return [n for n in names if figures[n].status == "ok" and not (combat and figures[n].turn.acted)]  # up


def line_up(state: WWState, queue: list[str]) -> list[str]:
    """Initiative order, except that in a chase "the character ahead always moves first"."""
    return chase_order(queue, state.chases) if state.phase == "movement" else queue


def combat_phase(state: WWState, dice: DiceSource) -> list[Event]:
    """ "During the Combat Actions Phase ... characters act in Effective Dexterity order": the
    initiative order, which "holds for the rest of the combat turn"."""
    return [Event("phase", "Combat actions", None, {"phase": "combat"})]


def advance(state: WWState, dice: DiceSource) -> list[Event]:
    """The active figure is done: pass to the next one or, unless a side has won, to the next
    phase or turn."""
    return sequence.pass_turn(state, dice, TURNS)


def check_victory(state: WWState) -> list[Event]:
    """Over when at most one team has a figure standing (up): illusions do not fight."""
    if state.over:
        return []
    teams = {f.team for f in state.figures.values() if f.status == "ok" and not f.illusion}
    return [] if len(teams) > 1 else victory.declare(state, next(iter(teams), None))


# The turn (kernel/sequence.py): every figure moves, then every figure fights.
TURNS = sequence.Turns(
    ("movement", "combat"),
    begin=begin_turn,
    end=end_of_turn,
    acts=acts,
    line_up=line_up,
    leave=lambda state, dice: spell_upkeep.end_of_movement(state),
    enter=combat_phase,
    victory=check_victory,
)
