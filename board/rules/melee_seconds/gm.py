"""GM commands: place, damage, heal, add, remove, and permitting a change of General Plot (2.5)."""

from __future__ import annotations


from board.dice import DiceSource
from board.hexgrid import Hex, direction_name
from board.rules.base import Command, Event, Refusal
from board.rules.gm_common import gm_figure, new_sheet
from board.rules.melee_seconds.reach import to_hex
from board.rules.melee_seconds.sheet import MSFigureSpec, check_figure
from board.rules.melee_seconds.state import MSState, fighter_from_spec
from board.rules.melee_seconds.resolve import _wound, advance
from board.rules.melee_seconds.turns import check_victory

GM_ACTIONS = ("place", "damage", "heal", "add", "remove", "allow_change")


def _free(state: MSState, size: int, h: Hex, facing: int, ignore: str | None) -> None:
    # Every cell of a multihex footprint, not only its anchor.
    why = state.battle.why_not_stand(size, h, facing, state.occupied(ignore=ignore))
    if why:
        raise Refusal(f"cannot stand at {state.battle.label(h)}: {why}")


def plan(state: MSState, command: Command) -> dict:
    """Check a GM command; return what apply() needs."""
    action = command.action
    f = gm_figure(state, command, GM_ACTIONS)
    if f is None:
        spec = new_sheet(state, command, MSFigureSpec, check_figure)
        at = to_hex(state, spec.at)
        _free(state, spec.size, at, spec.facing, None)
        return {"spec": spec.model_copy(update={"at": (at.q, at.r)})}
    if action == "place":
        to = to_hex(state, command.to) if command.to is not None else f.hex
        facing = f.facing if command.facing is None else command.facing
        _free(state, f.size, to, facing, f.name)
        return {"to": to, "facing": facing}
    if action in ("damage", "heal"):
        amount = command.params.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise Refusal("give params.amount: a whole number of hits, 1 or more")
        return {"amount": amount}
    if action == "allow_change" and state.phase != "plot":
        raise Refusal("a General Plot may be changed at the beginning of a second (2.5)")
    return {}


def apply(state: MSState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a GM command, then move the Melee on if nobody is left to plot."""
    details = plan(state, command)
    tag = {"gm": True, "gm_action": command.action}
    action = command.action
    if action == "add":
        spec = details["spec"]
        state.figures[spec.name] = fighter_from_spec(spec)
        state.order.append(spec.name)
        return [Event("gm", f"GM adds {spec.name}", spec.name, tag)]
    f = state.figures[command.figure]
    if action == "place":
        f.hex, f.facing = details["to"], details["facing"]
        facing = direction_name(f.facing, state.battle.layout)
        return [Event("gm", f"GM places {f.name} at {state.battle.label(f.hex)}, facing {facing}",
                      f.name, {**tag, "hex": [f.hex.q, f.hex.r], "facing": f.facing})]
    if action == "allow_change":
        f.may_change = True
        return [Event("gm", f"GM permits {f.name} to change its General Plot (2.5)", f.name, tag)]
    events = []
    if action == "damage":
        events = [Event("gm", f"GM deals {details['amount']} damage to {f.name}", f.name, tag)]
        events += _wound(state, f, details["amount"])
    elif action == "heal":
        healed = min(details["amount"], f.damage)
        f.damage -= healed
        if f.status == "unconscious" and f.damage < f.sheet.hits:
            f.status = "ok"
        events = [Event("gm", f"GM heals {f.name} by {healed}", f.name, tag)]
    elif action == "remove":
        del state.figures[f.name]
        state.order.remove(f.name)
        state.hidden.discard(f.name)
        events = [Event("gm", f"GM removes {f.name}", f.name, tag)]
    events += check_victory(state)
    return events + advance(state, dice)
