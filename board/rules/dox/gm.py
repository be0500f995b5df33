"""GM commands: place, wound or heal, add or remove a figure, mark a figure surprised, make an
animal obey without a Ranger roll."""

from __future__ import annotations


from board.rules.base import Command, Event, Refusal
from board.rules.dox.animals import obey, plan_order
from board.rules.dox.sheet import DoxFigure, check_figure
from board.rules.dox.state import DoxState, fig_from_spec
from board.rules.dox.turns import begin
from board.rules.dox.wounds import check_victory, knock_down
from board.rules.gm_common import gm_figure, new_sheet
from board.rules.kernel.hexes import to_hex

GM_ACTIONS = ("place", "damage", "heal", "remove", "add", "surprise", "obey")


def plan(state: DoxState, command: Command) -> dict:
    """Check a GM command and return what apply needs."""
    action = command.action
    f = gm_figure(state, command, GM_ACTIONS)
    if f is None:
        return {"spec": _new_figure(state, command)}
    if action == "place":
        to = to_hex(state, command.to) if command.to is not None else f.hex
        carried = tuple(r.name for r in state.figures.values() if r.mount == f.name) + (f.name,)
        if not state.free(to, carried + ((f.mount,) if f.mount else ())):
            raise Refusal(f"cannot place {f.name} at {state.battle.label(to)}: not a free hex")
        return {"to": to}
    if action in ("damage", "heal"):
        amount = command.params.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise Refusal("give params.amount: a whole number of wounds, 1 or more")
        return {"amount": amount}
    if action == "obey":
        plan_order(state, f, command)
    return {}


def _new_figure(state: DoxState, command: Command) -> DoxFigure:
    spec = new_sheet(state, command, DoxFigure, check_figure)
    at = to_hex(state, spec.at)
    if not state.free(at):
        raise Refusal(f"cannot add {spec.name} at {state.battle.label(at)}: not a free hex")
    return spec.model_copy(update={"at": (at.q, at.r), "mount": None})


def apply(state: DoxState, command: Command) -> list[Event]:
    """Carry out a GM command."""
    details = plan(state, command)
    action = command.action
    tag = {"gm": True, "gm_action": action}
    if action == "add":
        spec = details["spec"]
        state.figures[spec.name] = fig_from_spec(spec, state.options)
        # It joins the fight at the end of this round's order.
        state.order.append(spec.name)
        state.figures[spec.name].acted = state.figures[spec.name].moved = True
        return [Event("gm", f"GM adds {spec.name}", spec.name, tag)]
    f = state.figures[command.figure]
    if action == "place":
        f.hex = details["to"]
        for rider in state.figures.values():
            if rider.mount == f.name:
                rider.hex = f.hex
        if f.mount:
            state.figures[f.mount].hex = f.hex
        state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]
        return [Event("gm", f"GM places {f.name} at {state.battle.label(f.hex)}", f.name,
                      {**tag, "hex": [f.hex.q, f.hex.r]})]
    if action == "damage":
        f.wounds += details["amount"]
        events = [Event("gm", f"GM deals {details['amount']} wounds to {f.name}", f.name, tag)]
        if f.up and f.wounds >= f.max_wounds:
            events += knock_down(state, f)
        return events
    if action == "heal":
        healed = min(details["amount"], f.wounds)
        f.wounds -= healed
        if not f.up and f.wounds < f.max_wounds:
            f.status = "ok"
        return [Event("gm", f"GM heals {healed} of {f.name}'s wounds", f.name, tag)]
    if action == "obey":
        return obey(state, f, command)
    if action == "surprise":
        f.unaware = not f.unaware
        return [Event("gm", f"GM: {f.name} is " + ("caught unaware: no Dodge or Parry until his turn"
                                                   if f.unaware else "no longer unaware"), f.name, tag)]
    # remove
    del state.figures[f.name]
    state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]
    state.pending = [p for p in state.pending if p.victim != f.name]
    for rider in state.figures.values():
        if rider.mount == f.name:
            rider.mount = None
    events = [Event("gm", f"GM removes {f.name}", f.name, tag)]
    if f.name in state.order:
        at = state.order.index(f.name)
        state.order.remove(f.name)
        if at < state.index:
            state.index -= 1
        elif at == state.index and state.index < len(state.order):
            events += begin(state)  # the next figure's turn begins now
    return events + check_victory(state)
