"""Dox's GM commands beyond the kernel's: what the kernel's GM asks of a dox figure (made, placed
with its rider or mount, hurt, joining or leaving the fight; healing is the figure's own) and the
GM's own "obey", an animal made to obey without the Ranger roll; DoxGM in __init__.py names them."""

from __future__ import annotations

from board.rules.kernel.gm import gm_event
from board.rules.dox.plain_actions import order_words, plan_order
from board.rules.dox.state import fig_from_spec
from board.rules.dox.turns import begin
from board.rules.dox.wounds import knock_down


def make(state, spec):
    f = fig_from_spec(spec, state.options)
    f.mount = None  # a new figure comes on foot
    return f


def occupied(state, f):
    """Everyone but f, its rider and its mount, who move with it."""
    carried = {f.name, f.mount} | {r.name for r in state.figures.values() if r.mount == f.name}
    return {g.hex: g.name for g in state.figures.values() if g.name not in carried}


def placed(state, f):
    for g in state.figures.values():
        if g.mount == f.name or g.name == f.mount:
            g.hex = f.hex
    state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]


def hurt(state, f, amount, dice):
    f.wounds += amount
    return knock_down(state, f) if f.up and f.wounds >= f.max_wounds else []


def joined(state, f, dice):
    state.order.append(f.name)  # it joins the fight at the end of this round's order
    state.queue.append(f.name)
    f.acted = f.moved = True
    return []


def forget(state, f, was_active):
    state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]
    state.pending = [p for p in state.pending if p.victim != f.name]
    for rider in state.figures.values():
        if rider.mount == f.name:
            rider.mount = None
    if state.queue[:1] == [f.name]:  # it was taking its turn: the next figure's begins now
        del state.queue[0]
        return begin(state)
    return []  # the kernel takes it out of the order and the queue


def plan_obey(state, f, command):
    return {"order": plan_order(state, f, command)}


def do_obey(state, f, details, dice):
    f.order = details["order"]  # the GM waives the Ranger roll
    text = f"GM: {f.name} obeys ({order_words(f.order)})"
    return [gm_event("obey", text, f.name, order=list(f.order))]
