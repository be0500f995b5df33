"""Rounds: initiative order, delaying, the end-of-round checks, damage and victory."""

from __future__ import annotations

from functools import partial

from board.dice import DiceSource, check
from board.rules.base import Event
from board.rules.kernel.events import damaged
from board.rules.combat_chart.state import CCState, Fig, initiative
from board.rules.kernel import sequence, victory
from board.rules.kernel.queue import leave_queue
from board.rules.kernel.turn import break_ties


def attribute_roll(state: CCState, f: Fig, roll: str, dice: DiceSource) -> tuple[bool, dict]:
    """One of the rolls the text names but does not define (catalogue `rolls`): Nd6 <= attribute."""
    spec = state.tables.rolls[roll]
    score = getattr(f, spec["attribute"])
    result = check(spec["dice"], score, dice)
    return result.success, {
        "faces": list(result.faces),
        "roll": result.total,
        "needed": score,
        "success": result.success,
    }


def saving_throw(
    state: CCState, f: Fig, roll: str, words: str, outcomes: tuple[str, str], dice: DiceSource
) -> tuple[bool, Event]:
    """attribute_roll, and its event: "<words>: <roll> vs <needed>, <outcomes[0] if it succeeds,
    else outcomes[1]>"."""
    ok, data = attribute_roll(state, f, roll, dice)
    text = f"{words}: {data['roll']} vs {data['needed']}, {outcomes[0] if ok else outcomes[1]}"
    return ok, Event("roll", text, f.name, {**data, "dice": 3})


def perceive(state: CCState, dice: DiceSource) -> list[Event]:
    """At setup, with the option: "A successful Perception check can be used to avoid surprise"."""
    events = []
    for f in state.figures.values():
        if state.options.perception_vs_surprise and f.surprised:
            ok, event = saving_throw(
                state, f, "perception", f"{f.name}'s Perception", ("not surprised", "surprised"), dice
            )
            f.surprised = not ok
            events.append(event)
    return events


def _break_ties(names: list[str], key, dice: DiceSource, rolls: dict, last: bool = False) -> list[str]:
    """Sort names by key (highest first); equal keys roll 1d6, the highest first (again on ties).
    last=True: the reverse ("who can truly go last"): the highest key and the highest roll last."""

    def d6(name: str) -> int:
        face = dice.roll(6)
        rolls.setdefault(name, []).append(face)
        return face

    return break_ties({n: list(key(n)) for n in names}, d6, last)


def begin_round(state: CCState, dice: DiceSource) -> list[Event]:
    """A new 10-second round: initiative, then each figure's turn in that order."""
    for f in state.figures.values():
        f.delayed = False
    state.delayers = []
    # "Ties go the player with the higher Body attribute. If the characters attributes are
    # identical, break the tie by rolling 1d6. The highest roll goes first."
    figs = [f for f in state.figures.values() if f.status != "dead"]
    scores = {f.name: initiative(state, f) for f in figs}
    rolls: dict[str, list[int]] = {}
    order = _break_ties([f.name for f in figs], lambda n: (scores[n], state.figures[n].body), dice, rolls)
    state.order = order
    text = "Initiative: " + ", ".join(f"{n} ({scores[n]})" for n in order)
    return [
        Event("turn", f"Round {state.turn} begins", None, {"turn": state.turn}),
        Event("initiative", text, None, {"order": order, "initiative": scores, "rolls": rolls}),
    ]


def turn_done(state: CCState, name: str | None) -> list[Event]:
    """Effects that last "until his next action" end with the figure's turn."""
    if name is not None and name in state.figures:
        f = state.figures[name]
        if f.stunned:
            f.stun_served = True
        f.effects = [e for e in f.effects if e.until_turn_of_round is None or e.until_turn_of_round >= state.turn]
    return []


def delayed_turns(state: CCState, dice: DiceSource) -> list[Event]:
    """Everyone has acted: the delayers act last."""
    waiting = [n for n in state.delayers if state.figures[n].up]
    if not waiting:
        return []
    # "If several characters want to delay, the normal tie-breaking rules apply in reverse"
    rolls: dict[str, list[int]] = {}
    order = _break_ties(waiting, lambda n: (state.figures[n].body,), dice, rolls, last=True)
    state.delayers = []
    state.queue = order
    return [
        Event(
            "initiative", "Delayed turns: " + ", ".join(order), None, {"order": order, "rolls": rolls, "delayed": True}
        )
    ]


def round_effects(state: CCState, dice: DiceSource) -> list[Event]:
    """The end of the round: 'Check for characters suffering from damage over time effects ...
    Check for characters recovering from knockout or stun.'"""
    events: list[Event] = []
    for f in state.figures.values():
        if f.status == "dead":
            continue
        due = [w for w in f.bleeding if w[0] < state.turn]
        if due:
            events.append(damaged(f.name, len(due), f"{f.name} bleeds for {len(due)}", bleeding=True))
            for w in due:
                w[1] -= 1
            f.bleeding = [w for w in f.bleeding if w[1] > 0]
            events += hurt(state, f, len(due))
    for f in state.figures.values():
        if f.status == "knocked out":
            ok, data = attribute_roll(state, f, "knockout_recovery", dice)
            if ok:
                f.status = "ok"
            words = "recovers from the knockout" if ok else "stays knocked out"
            text = f"{f.name} {words} ({data['roll']} vs {data['needed']})"
            events.append(Event("wakes" if ok else "roll", text, f.name, data))
        if f.stunned and f.stun_served:
            f.stunned = f.stun_served = False
            events.append(Event("recovers", f"{f.name} recovers from the stun", f.name, {}))
        f.stance = None  # dodging, parrying and blocking last the round
        for e in f.effects:
            if e.rounds is not None:
                e.rounds -= 1
        f.effects = [e for e in f.effects if e.rounds is None or e.rounds > 0]
    return events


def hurt(state: CCState, f: Fig, amount: int) -> list[Event]:
    """Lose health points: at 0 or less the figure is down, at -Body or less it is dead."""
    f.hp -= amount
    events: list[Event] = []
    if f.hp <= -f.body and f.status != "dead":
        f.status = "dead"
        events.append(Event("dies", f"{f.name} dies", f.name, {"hp": f.hp}))
    elif f.hp <= 0 and f.status in ("ok", "knocked out"):
        f.status = "unconscious"
        events.append(Event("unconscious", f"{f.name} falls unconscious", f.name, {"hp": f.hp}))
    if not f.up:
        leave_queue(state, f.name)
    return events


# "until no one is still fighting": over when at most one side has a figure fighting.
check_victory = partial(victory.check_victory, nobody="Nobody is left fighting")

# The round (kernel/sequence.py): each figure in initiative order has its turn, the delayers last.
TURNS = sequence.Turns(
    ("turn",),
    by_figure=True,
    begin=begin_round,
    end=round_effects,
    done=turn_done,
    again=delayed_turns,
    victory=check_victory,
)
