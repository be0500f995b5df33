"""GM commands: the common ones (kernel/gm.py), and permitting a change of General Plot (2.5)."""

from __future__ import annotations

from board.rules.base import Refusal
from board.rules.kernel.gm import GM, gm_event
from board.rules.melee_seconds.resolve import _wound, advance
from board.rules.melee_seconds.sheet import MSFigureSpec, check_figure
from board.rules.melee_seconds.state import fighter_from_spec


class MeleeSecondsGM(GM):
    actions = ("place", "damage", "heal", "add", "remove", "allow_change")
    turns = True
    unit = "hits"
    sheet = MSFigureSpec
    check_figure = staticmethod(check_figure)

    def make(self, state, spec):
        return fighter_from_spec(spec)

    def hurt(self, state, f, amount, dice):
        return _wound(state, f, amount)

    def heal(self, state, f, amount):
        return f.heal(amount)

    def do_heal(self, state, f, details, dice):
        return super().do_heal(state, f, details, dice) + self.settle(state, f, False, dice)

    def joined(self, state, f, dice):
        state.order.append(f.name)
        return []

    def forget(self, state, f, was_active):
        state.order.remove(f.name)
        state.hidden.discard(f.name)
        return []

    def settle(self, state, f, was_active, dice):
        """Then the Melee moves on if nobody is left to plot."""
        return self.victory(state) + advance(state, dice)

    def plan_allow_change(self, state, f, command):
        if state.phase != "plot":
            raise Refusal("a General Plot may be changed at the beginning of a second (2.5)")
        return {}

    def do_allow_change(self, state, f, details, dice):
        f.may_change = True
        return [gm_event("allow_change", f"GM permits {f.name} to change its General Plot (2.5)", f.name)]


GM_RULES = MeleeSecondsGM()
GM_ACTIONS, plan, apply = GM_RULES.actions, GM_RULES.plan, GM_RULES.apply
