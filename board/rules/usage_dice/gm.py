"""GM commands: place, damage, heal, catch breath, remove, add a figure, set a piece of gear's usage die."""

from __future__ import annotations


from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.gm_common import gm_figure, new_sheet
from board.rules.kernel.hexes import to_hex
from board.rules.usage_dice.damage import take_hit
from board.rules.usage_dice.gear import catalogue, step_up
from board.rules.usage_dice.sheet import UDFigure, check_figure
from board.rules.usage_dice.state import UDState, figure_from_sheet
from board.rules.usage_dice.turns import advance

GM_ACTIONS = ("place", "damage", "heal", "breath", "remove", "add", "gear")


def plan(state: UDState, command: Command) -> dict:
    """Check a GM command; return what apply needs."""
    action = command.action
    f = gm_figure(state, command, GM_ACTIONS)
    if f is None:
        return {"sheet": _new_figure(state, command)}
    if action == "place":
        to = to_hex(state, command.to) if command.to is not None else f.hex
        if not state.battle.passable(to):
            raise Refusal(f"{state.battle.label(to)} is a wall or off the map")
        other = state.occupant(to)
        if other is not None and other is not f:
            raise Refusal(f"{other.name} stands at {state.battle.label(to)}")
        return {"to": to}
    if action in ("damage", "heal"):
        amount = command.params.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise Refusal("give params.amount: a whole number, 1 or more")
        if action == "heal" and f.status == "dead":
            raise Refusal(f"{f.name} is dead")
        return {"amount": amount}
    if action == "breath" and f.status != "incapacitated":
        raise Refusal(f"{f.name} is {'dead' if f.status == 'dead' else 'not incapacitated'}")
    if action == "gear":
        name, die = command.params.get("item"), command.params.get("die")
        item = next((i for i in f.weapons + f.armor if i.name == name), None)
        if item is None:
            raise Refusal(f'{f.name} has no "{name}"; has: '
                          + ", ".join(i.name for i in f.weapons + f.armor))
        if die not in catalogue().ladder:
            raise Refusal(f"params.die must be one of {list(catalogue().ladder)}")
        return {"item": name, "die": die}
    return {}


def _new_figure(state: UDState, command: Command) -> UDFigure:
    sheet = new_sheet(state, command, UDFigure, check_figure)
    at = to_hex(state, sheet.at)
    if not state.battle.passable(at) or state.occupant(at) is not None:
        raise Refusal(f"cannot add {sheet.name} at {state.battle.label(at)}: blocked")
    return sheet.model_copy(update={"at": (at.q, at.r)})


def apply(state: UDState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a GM command."""
    details = plan(state, command)
    action = command.action
    tag = {"gm": True, "gm_action": action}
    if action == "add":
        sheet = details["sheet"]
        f = figure_from_sheet(sheet)
        state.figures[f.name] = f
        if f.team not in state.sides:
            state.sides.append(f.team)
        return [Event("gm", f"GM adds {f.name}", f.name, tag)] + advance(state)
    f = state.figures[command.figure]
    if action == "place":
        f.hex = details["to"]
        return [Event("gm", f"GM places {f.name} at {state.battle.label(f.hex)}", f.name,
                      {**tag, "hex": [f.hex.q, f.hex.r]})]
    if action == "damage":
        events = [Event("gm", f"GM deals {details['amount']} damage past armor to {f.name}", f.name, tag)]
        return events + take_hit(f, details["amount"], dice, ignore_armor=True, source="GM") + advance(state)
    if action == "heal":
        old = f.power
        f.power = step_up(f.power, details["amount"], top=f.full_power)
        f.status = "ok"
        return [Event("gm", f"GM heals {f.name}: Power d{old} -> d{f.power}, back on its feet",
                      f.name, tag)]
    if action == "breath":
        # "Incapacitated characters may return to action once they catch their breath during a
        # safe moment": back on its feet; a severe wound's lost Power takes weeks to come back.
        f.status = "ok"
        return [Event("gm", f"{f.name} catches its breath and returns to action (Power d{f.power})",
                      f.name, tag)]
    if action == "gear":
        item = next(i for i in f.weapons + f.armor if i.name == details["item"])
        item.die = details["die"]
        return [Event("gm", f"GM sets {f.name}'s {item.name} to d{item.die}", f.name, tag)]
    del state.figures[f.name]
    return [Event("gm", f"GM removes {f.name}", f.name, tag)] + advance(state)
