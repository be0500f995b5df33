"""Disengage: one hex out of the threat zones; each engager chooses whether to strike.

"To Disengage, move one hex away from the opponent, outside of his threat zone. If he wishes
to attack you he may do so, regardless of your relative Effective Dexterity scores; if your
Effective Dexterity is greater than his, his attack roll is at -1 per point of difference."
"""

from __future__ import annotations

from dataclasses import replace

from board.dice import DiceSource
from board.footprints import footprint_cells
from board.hexgrid import Hex, hex_distance, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.events import moved
from board.rules.kernel.queue import leave_queue
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.refusals import given, need
from board.rules.warrior_wizard import fire
from board.rules.warrior_wizard.damage import after_move
from board.rules.kernel.reach import distance
from board.rules.warrior_wizard.attack import AttackPlan, resolve
from board.rules.warrior_wizard.targets import melee_targets
from board.rules.warrior_wizard.engagement import engagers, zone_of
from board.rules.warrior_wizard.movement import Board
from board.rules.warrior_wizard.state import Disengaging, FigureState, WWState
from board.rules.warrior_wizard.stats import adj_dx
from board.words import pronoun, they_do

CHOICES = ("strike_disengaging", "let_go")


def check_hex(state: WWState, f: FigureState, command: Command) -> Hex:
    """ "move one hex away from the opponent, outside of his threat zone"."""
    to = to_hex(state, given(command.to, "choose the hex to disengage to"))
    need(to in hex_neighbors(f.hex), "Disengage moves exactly one hex")
    facing = f.facing if command.facing is None else command.facing
    why = Board(state, f).why_not(to, facing)
    if why:
        raise Refusal(f"cannot disengage there: {why}")
    cells = set(footprint_cells(f.size, to, facing))
    by = engagers(state, f)
    still = [n for n in by if cells & zone_of(state.figures[n])]
    need(not still, f"that hex is still in {', '.join(still)}'s threat zone")
    # "To Disengage, move one hex away from the opponent": farther from each engager.
    for name in by:
        g = state.figures[name]
        then = min(hex_distance(c, x) for c in cells for x in g.cells)
        if then <= distance(f, g):
            raise Refusal(f"Disengage moves away from {name}: that hex is no farther from {pronoun(g, 'them')}")
    return to


def _may_strike(state: WWState, g: FigureState, f: FigureState) -> bool:
    """Whether engager g can still choose to strike f: up, not yet acted, f within reach."""
    return g.status == "ok" and not g.turn.acted and f.name in melee_targets(state, g)


def start(state: WWState, f: FigureState, command: Command, to: Hex, dice: DiceSource) -> list[Event]:
    """Begin (to: the hex stepped to): every engager who may strike chooses first (in initiative
    order); none, step now."""
    order = {name: i for i, name in enumerate(state.order)}
    waiting = tuple(
        sorted(
            (n for n in engagers(state, f) if _may_strike(state, state.figures[n], f)),
            key=lambda n: order.get(n, len(order)),
        )
    )
    state.disengage = Disengaging(f.name, to, command.facing, waiting)
    if not waiting:
        return finish(state, dice)
    return [
        Event(
            "disengaging",
            f"{f.name} disengages: {', '.join(waiting)} may strike at {pronoun(f, 'them')}",
            f.name,
            {"to": [to.q, to.r], "engagers": list(waiting)},
        )
    ]


def check_choice(state: WWState, command: Command) -> FigureState:
    """The engager choosing now, if the command is his choice; otherwise Refusal."""
    d = given(state.disengage, "nobody is disengaging from you")
    chooser = d.waiting[0]
    if command.figure != chooser or command.action not in CHOICES:
        leaving = they_do(state.figures[d.figure], "disengage")
        raise Refusal(
            f"{chooser} first chooses whether to attack {d.figure} as {leaving} (strike_disengaging or let_go)"
        )
    need(command.target in (None, d.figure), f"the attack is on {d.figure}, who is disengaging")
    return state.figures[chooser]


def choose(state: WWState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out one engager's choice; when the last has chosen, the disengager steps."""
    g = state.own(check_choice(state, command).name)
    d = state.disengage
    assert d is not None  # check_choice refuses a choice when nobody disengages
    f = state.own(d.figure)
    state.disengage = d = replace(d, waiting=d.waiting[1:])
    if command.action == "let_go":
        events = [Event("lets_go", f"{g.name} lets {f.name} go", g.name, {"target": f.name})]
    else:
        # The attack is his action for the turn.
        gap = max(0, adj_dx(state, f) - adj_dx(state, g))
        g.turn.acted = True
        leave_queue(state, g.name)
        plan = AttackPlan(g.name, f.name, g.ready, "melee", disengage_penalty=gap)
        events = [
            Event("free_attack", f"{g.name} strikes at {f.name} as {they_do(f, 'disengage')}", g.name, tone="action")
        ]
        events += resolve(state, plan, dice)
    # Those who can no longer strike (knocked down meanwhile, or he is down) drop out.
    left = tuple(
        n
        for n in d.waiting  # (an attack leaves state.disengage as it is)
        if f.up and n in state.figures and _may_strike(state, state.figures[n], f)
    )
    state.disengage = replace(d, waiting=left)
    return events + (finish(state, dice) if not left else [])


def finish(state: WWState, dice: DiceSource) -> list[Event]:
    """The step itself, if the disengager is still up and on his feet."""
    d, state.disengage = state.disengage, None
    assert d is not None  # start and choose step only a Disengage under way
    f = state.own(d.figure)
    events: list[Event] = []
    if f.status != "ok" or f.posture != "standing":
        return events
    start_hex = f.hex
    path, balked = fire.check_entry(state, f, [d.to], dice)
    events += balked
    if not path:
        return events
    f.hex = d.to
    if d.facing is not None:
        f.facing = d.facing
    f.turn.moved += 1
    f.turn.entered.append(f.hex)
    label = state.battle.label
    events.append(
        moved(
            f.name,
            [f.hex],
            f"{f.name} disengages {label(start_hex)} -> {label(f.hex)}",
            action="disengage",
            facing=f.facing,
        )
    )
    return events + after_move(state, f, path, dice)
