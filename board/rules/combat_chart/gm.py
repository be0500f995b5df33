"""GM commands: place, damage, heal, remove, add a figure, set a situational modifier."""

from __future__ import annotations


from board.dice import DiceSource
from board.hexgrid import Hex
from board.rules.base import Command, Event, Refusal
from board.rules.combat_chart import turns
from board.rules.combat_chart.sheet import CCFigure, check_figure
from board.rules.combat_chart.state import CCState, fig_from_spec
from board.rules.gm_common import gm_figure, new_sheet
from board.rules.kernel.hexes import to_hex

GM_ACTIONS = ("place", "damage", "heal", "remove", "add", "situation")


def _fits(state: CCState, name: str, cells) -> str | None:
    taken = state.occupied(ignore=name)
    for c in cells:
        if not state.battle.passable(c):
            return f"{state.battle.label(c)} is a wall or off the map"
        if c in taken:
            return f"{taken[c]} is on {state.battle.label(c)}"
    return None


def plan(state: CCState, command: Command) -> dict:
    """Check a GM command; return what apply() needs."""
    action = command.action
    f = gm_figure(state, command, GM_ACTIONS)
    if f is None:
        return {"spec": _new_figure(state, command)}
    if action == "place":
        to = to_hex(state, command.to) if command.to is not None else f.hex
        moved = [Hex(c.q - f.hex.q + to.q, c.r - f.hex.r + to.r) for c in f.cells]
        why = _fits(state, f.name, moved)
        if why:
            raise Refusal(f"cannot place {f.name} there: {why}")
        return {"to": to}
    if action in ("damage", "heal"):
        amount = command.params.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise Refusal("give params.amount: a whole number of health points, 1 or more")
        return {"amount": amount}
    if action == "situation":
        values = {k: command.params.get(k, 0) for k in ("av", "dv")}
        if not all(isinstance(v, int) and not isinstance(v, bool) and -12 <= v <= 12 for v in values.values()):
            raise Refusal("params av and dv: whole numbers from -12 to 12")
        return values
    return {}


def _new_figure(state: CCState, command: Command):
    spec = new_sheet(state, command, CCFigure, check_figure)
    at = to_hex(state, spec.at)
    spec = spec.model_copy(update={"at": (at.q, at.r)})
    probe = fig_from_spec(spec, state.tables)
    why = _fits(state, spec.name, probe.cells)
    if why:
        raise Refusal(f"cannot add {spec.name} there: {why}")
    return spec


def apply(state: CCState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a GM command; the turn passes on only if it takes out the active figure."""
    details = plan(state, command)
    action, tag = command.action, {"gm": True, "gm_action": command.action}
    if action == "add":
        spec = details["spec"]
        state.figures[spec.name] = fig_from_spec(spec, state.tables)
        return [Event("gm", f"GM adds {spec.name}", spec.name, tag)]  # it acts from the next round
    f = state.figures[command.figure]
    if action == "place":
        f.hex = details["to"]
        return [Event("gm", f"GM places {f.name} at {state.battle.label(f.hex)}", f.name,
                      {**tag, "hex": [f.hex.q, f.hex.r]})]
    if action == "situation":
        f.gm_av, f.gm_dv = details["av"], details["dv"]
        return [Event("gm", f"GM: {f.name}'s situation: AV {f.gm_av:+d}, DV {f.gm_dv:+d}", f.name, tag)]
    if action == "heal":
        healed = min(details["amount"], f.hp_max - f.hp)
        f.hp += healed
        if f.hp > 0 and f.status == "unconscious":
            f.status = "ok"
        return [Event("gm", f"GM heals {f.name} by {healed}", f.name, tag)]
    was_active = state.active == f.name
    if action == "damage":
        events = [Event("gm", f"GM deals {details['amount']} damage to {f.name}", f.name, tag)]
        events += turns.hurt(state, f, details["amount"])
    else:  # remove
        del state.figures[f.name]
        state.order = [n for n in state.order if n != f.name]
        state.delayers = [n for n in state.delayers if n != f.name]
        state.queue = [n for n in state.queue if n != f.name or was_active]
        events = [Event("gm", f"GM removes {f.name}", f.name, tag)]
    events += turns.check_victory(state)
    if was_active and state.phase != "over" and (action == "remove" or not f.up):
        events += turns.end_turn(state, dice)
    return events
