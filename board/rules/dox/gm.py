"""GM commands: the common ones (kernel/gm.py), marking a figure surprised, and making an animal
obey without a Ranger roll."""

from __future__ import annotations

from board.rules.dox.other import order_words, plan_order
from board.rules.dox.sheet import DoxFigure, check_figure
from board.rules.dox.state import fig_from_spec
from board.rules.dox.turns import begin
from board.rules.dox.wounds import check_victory, knock_down
from board.rules.kernel.gm import GM, gm_event


class DoxGM(GM):
    actions = ("place", "damage", "heal", "remove", "add", "surprise", "obey")
    unit = damage_words = "wounds"
    heal_text = "GM heals {amount} of {name}'s wounds"
    sheet = DoxFigure
    check_figure = staticmethod(check_figure)
    multihex = False
    surprise = ("unaware", "caught unaware: no Dodge or Parry until his turn", "no longer unaware")

    def make(self, state, spec):
        f = fig_from_spec(spec, state.options)
        f.mount = None  # a new figure comes on foot
        return f

    def occupied(self, state, f):
        """Everyone but f, its rider and its mount, who move with it."""
        carried = {f.name, f.mount} | {r.name for r in state.figures.values() if r.mount == f.name}
        return {g.hex: g.name for g in state.figures.values() if g.name not in carried}

    def placed(self, state, f):
        for g in state.figures.values():
            if g.mount == f.name or g.name == f.mount:
                g.hex = f.hex
        state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]

    def hurt(self, state, f, amount, dice):
        f.wounds += amount
        return knock_down(state, f) if f.up and f.wounds >= f.max_wounds else []

    def heal(self, state, f, amount):
        healed = min(amount, f.wounds)
        f.wounds -= healed
        if not f.up and f.wounds < f.max_wounds:
            f.status = "ok"
        return healed

    def joined(self, state, f, dice):
        state.order.append(f.name)  # it joins the fight at the end of this round's order
        f.acted = f.moved = True
        return []

    def forget(self, state, f, was_active):
        state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]
        state.pending = [p for p in state.pending if p.victim != f.name]
        for rider in state.figures.values():
            if rider.mount == f.name:
                rider.mount = None
        if f.name not in state.order:
            return []
        at = state.order.index(f.name)
        state.order.remove(f.name)
        if at < state.index:
            state.index -= 1
        elif at == state.index and state.index < len(state.order):
            return begin(state)  # the next figure's turn begins now
        return []

    victory = staticmethod(check_victory)

    def plan_obey(self, state, f, command):
        return {"order": plan_order(state, f, command)}

    def do_obey(self, state, f, details, dice):
        f.order = details["order"]  # the GM waives the Ranger roll
        text = f"GM: {f.name} obeys ({order_words(f.order)})"
        return [gm_event("obey", text, f.name, order=list(f.order))]


GM_RULES = DoxGM()
GM_ACTIONS, plan, apply = GM_RULES.actions, GM_RULES.plan, GM_RULES.apply
