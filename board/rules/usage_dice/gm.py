"""GM commands: the common ones (kernel/gm.py), healing back on its feet, catching breath, and
setting a piece of gear's usage die."""

from __future__ import annotations

from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.refusals import need
from board.rules.usage_dice import params
from board.rules.usage_dice.rolls import take_hit
from board.rules.usage_dice.gear import catalogue, step_up
from board.rules.usage_dice.sheet import UDFigure, check_figure
from board.rules.usage_dice.state import advance, figure_from_sheet


def do_heal(state, f, details, dice):
    """Healing steps the Power die up (no higher than the sheet's) and puts the figure back on its feet."""
    old = f.power
    f.power = step_up(f.power, details["amount"], top=f.full_power)
    f.status = "ok"
    return [gm_event("heal", f"GM heals {f.name}: Power d{old} -> d{f.power}, back on its feet", f.name)]


def plan_breath(state, f, command):
    need(f.status == "incapacitated", f"{f.name} is {'dead' if f.status == 'dead' else 'not incapacitated'}")
    return {}


def do_breath(state, f, details, dice):
    # "Incapacitated characters may return to action once they catch their breath during a
    # safe moment": back on its feet; a severe wound's lost Power takes weeks to come back.
    f.status = "ok"
    return [gm_event("breath", f"{f.name} catches its breath and returns to action (Power d{f.power})", f.name)]


def plan_gear(state, f, command):
    """The item of f's (by name) and the usage die it is set to, one of the ladder's."""
    gear = params.Gear.of(command)
    item = next((i for i in f.weapons + f.armor if i.name == gear.item), None)
    need(item is not None, f'{f.name} has no "{gear.item}"; has: ' + ", ".join(i.name for i in f.weapons + f.armor))
    need(gear.die in catalogue().ladder, f"params.die must be one of {list(catalogue().ladder)}")
    return {"item": item, "die": gear.die}


def do_gear(state, f, details, dice):
    item = details["item"]  # planned on this state: its own item
    item.die = details["die"]
    return [gm_event("gear", f"GM sets {f.name}'s {item.name} to d{item.die}", f.name)]


class UsageDiceGM(GM):
    """The kernel's GM commands on usage-dice figures, and the ruleset's own (the functions above)."""

    actions = ("place", "damage", "heal", "breath", "remove", "add", "gear")
    multihex = False
    damage_words = "damage past armor"
    sheet = UDFigure
    check_figure = staticmethod(check_figure)
    make = staticmethod(lambda state, spec: figure_from_sheet(spec))
    do_heal = staticmethod(do_heal)
    plan_breath, do_breath = staticmethod(plan_breath), staticmethod(do_breath)
    plan_gear, do_gear = staticmethod(plan_gear), staticmethod(do_gear)

    def hurt(self, state, f, amount, dice):
        return take_hit(state, f, amount, dice, "GM", ignore_armor=True)

    def plan_heal(self, state, f, command):
        details = self.plan_damage(state, f, command)
        need(f.status != "dead", f"{f.name} is dead")
        return details

    def joined(self, state, f, dice):
        if f.team not in state.order:  # a new side acts after the others, this turn already
            state.order.append(f.team)
            state.queue.append(f.team)
        return advance(state)

    def settle(self, state, f, was_active, dice):
        return advance(state)  # victory, or the next side once nobody of this one can act


GM_RULES = UsageDiceGM()
GM_ACTIONS, plan, apply = GM_RULES.actions, GM_RULES.plan, GM_RULES.apply
