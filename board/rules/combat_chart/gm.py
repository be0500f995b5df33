"""GM commands: the common ones (kernel/gm.py), and setting a situational modifier."""

from __future__ import annotations

from functools import partial

from board.rules.combat_chart import params, turns
from board.rules.combat_chart.sheet import CCFigure, check_figure
from board.rules.combat_chart.state import fig_from_spec
from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.sequence import pass_turn


class CombatChartGM(GM):
    actions = ("place", "damage", "heal", "remove", "add", "situation")
    sheet = CCFigure
    check_figure = staticmethod(check_figure)

    def make(self, state, spec):
        return fig_from_spec(spec, state.tables)  # it acts from the next round

    def hurt(self, state, f, amount, dice):
        return turns.hurt(state, f, amount)

    def forget(self, state, f, was_active):
        state.delayers = [n for n in state.delayers if n != f.name]
        return []

    turn_over = staticmethod(partial(pass_turn, turns=turns.TURNS))  # the acting one leaves: the next acts

    def plan_situation(self, state, f, command):
        return params.Situation.of(command)

    def do_situation(self, state, f, situation, dice):
        f.gm_av, f.gm_dv = situation.av, situation.dv
        return [gm_event("situation", f"GM: {f.name}'s situation: AV {f.gm_av:+d}, DV {f.gm_dv:+d}", f.name)]


GM_RULES = CombatChartGM()
GM_ACTIONS, plan, apply = GM_RULES.actions, GM_RULES.plan, GM_RULES.apply
