"""GM commands: place, turn, wound or heal, set posture, add or remove figures, mark chases."""

from __future__ import annotations

from pydantic import ValidationError

from board.dice import DiceSource
from board.hexgrid import direction_name
from board.rules.warrior_wizard.spec import FigureSpec
from board.rules.base import Command, Event, Refusal
from board.rules.warrior_wizard.damage import can_wake, update_status
from board.rules.warrior_wizard.load import over_max_lift
from board.rules.warrior_wizard.movement import Board
from board.rules.warrior_wizard.moves import to_hex
from board.rules.warrior_wizard.sheet import spec_load_kg
from board.rules.warrior_wizard.state import WWState, figure_from_spec
from board.rules.warrior_wizard.turns import advance, chase_order, check_victory
from board.rules.kernel.names import UnknownName

GM_ACTIONS = ("place", "damage", "heal", "posture", "add", "remove", "chase", "ignite", "surprise")


def _figure(state: WWState, command: Command):
    if command.figure not in state.figures:
        raise Refusal(f'no figure named "{command.figure}"')
    return state.figures[command.figure]


def check(state: WWState, command: Command) -> None:
    """Raise Refusal unless the GM command can be carried out."""
    plan(state, command)


def plan(state: WWState, command: Command) -> dict:
    """Check a GM command and return what apply() needs."""
    action = command.action
    if action not in GM_ACTIONS:
        raise Refusal(f'unknown GM command "{action}"; expected one of: {", ".join(GM_ACTIONS)}')
    if state.disengage is not None:
        d = state.disengage
        raise Refusal(f"wait: {d.waiting[0]} is choosing whether to attack {d.figure} as he disengages")
    if action == "add":
        return {"spec": _new_figure(state, command)}
    f = _figure(state, command)
    if action == "place":
        to = to_hex(state, command.to) if command.to is not None else f.hex
        facing = f.facing if command.facing is None else command.facing
        why = Board(state, f).why_not(to, facing)
        if why:
            raise Refusal(f"cannot place {f.name} there: {why}")
        return {"to": to, "facing": facing}
    if action in ("damage", "heal"):
        amount = command.params.get("amount")
        if not isinstance(amount, int) or amount < 1:
            raise Refusal("give params.amount: a whole number of points, 1 or more")
        return {"amount": amount}
    if action == "posture":
        posture = command.params.get("posture")
        if posture not in ("standing", "kneeling", "prone", "fallen"):
            raise Refusal("params.posture must be standing, kneeling, prone or fallen")
        return {"posture": posture}
    if action == "chase":
        if command.target is not None and command.target not in state.figures:
            raise Refusal(f'no figure named "{command.target}"')
        return {}
    if action == "ignite" and "weapon" in command.params:
        lit = command.params["weapon"]
        if not isinstance(lit, bool):
            raise Refusal("params.weapon is true (set his ready weapon or arrows alight) or false")
        if lit and not f.ready:
            raise Refusal(f"{f.name} has no ready weapon to set alight")
        return {"weapon": lit}
    if action == "ignite":
        extent = command.params.get("extent", "half")
        if extent not in ("limb", "half", "whole", "out"):
            raise Refusal("params.extent must be limb, half, whole or out")
        return {"extent": extent}
    return {}


def _new_figure(state: WWState, command: Command) -> FigureSpec:
    data = command.params.get("figure")
    if not isinstance(data, dict):
        raise Refusal("give the new figure in params.figure (the map file's figure fields)")
    try:
        spec = FigureSpec.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise Refusal(f"new figure: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    if spec.name in state.figures:
        raise Refusal(f'a figure named "{spec.name}" is already on the map')
    try:
        weapons = [state.tables.weapon(name).name for name in spec.weapons]
        ready = state.tables.weapon(spec.ready).name if spec.ready else spec.ready
        for name in (spec.armor, spec.shield):
            if name:
                state.tables.armor_piece(name)
    except UnknownName as error:
        raise Refusal(str(error)) from None
    if ready and ready not in weapons:  # as a map file is checked
        raise Refusal(f'{spec.name} readies "{spec.ready}" but does not carry it; '
                      f"carried: {', '.join(weapons) or 'nothing'}")
    why = over_max_lift(spec.st, spec_load_kg(spec, state.tables))
    if why:
        raise Refusal(f"{spec.name} carries {why}")
    at = to_hex(state, spec.at)
    ready = ready if ready is not None else (weapons[0] if weapons else "")
    spec = spec.model_copy(update={"at": (at.q, at.r), "weapons": weapons, "ready": ready})
    probe = figure_from_spec(spec)
    why = Board(state, probe).why_not(at, spec.facing)
    if why:
        raise Refusal(f"cannot add {spec.name} there: {why}")
    return spec


def _out_of_turn(state: WWState, name: str, dice: DiceSource) -> list[Event]:
    """A figure that can no longer act leaves the queue; if it was acting, the next one acts."""
    if state.active == name:
        return advance(state, dice)
    if name in state.queue:
        state.queue.remove(name)
    return []


def apply(state: WWState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a GM command; it advances the turn only past a figure it takes out."""
    details = plan(state, command)
    action = command.action
    tag = {"gm": True, "gm_action": action}
    if action == "add":
        spec = details["spec"]
        state.figures[spec.name] = figure_from_spec(spec)
        return [Event("gm", f"GM adds {spec.name}", spec.name, tag)]
    f = state.figures[command.figure]
    if action == "place":
        f.hex, f.facing = details["to"], details["facing"]
        facing = direction_name(f.facing, state.battle.layout)
        return [Event("gm", f"GM places {f.name} at {state.battle.label(f.hex)}, facing {facing}",
                      f.name, {**tag, "hex": [f.hex.q, f.hex.r], "facing": f.facing})]
    if action == "damage":
        f.lethal += details["amount"]
        events = [Event("gm", f"GM deals {details['amount']} damage to {f.name}", f.name, tag)]
        events += update_status(state, f) + check_victory(state)
        return events + ([] if f.up else _out_of_turn(state, f.name, dice))
    if action == "heal":
        healed = min(details["amount"], f.damage)
        from_nonlethal = min(healed, f.nonlethal)
        f.nonlethal -= from_nonlethal
        f.lethal -= healed - from_nonlethal
        if can_wake(state, f):
            f.status = "ok"
        return [Event("gm", f"GM heals {f.name} by {healed}", f.name, tag)]
    if action == "posture":
        f.posture = details["posture"]
        return [Event("gm", f"GM sets {f.name} {f.posture}", f.name, tag)]
    if action == "remove":
        del state.figures[f.name]
        state.order = [n for n in state.order if n != f.name]
        state.chases = {p: q for p, q in state.chases.items() if f.name not in (p, q)}
        events = [Event("gm", f"GM removes {f.name}", f.name, tag)] + check_victory(state)
        return events + _out_of_turn(state, f.name, dice)
    if action == "chase":
        if command.target is None:
            state.chases.pop(f.name, None)
            return [Event("gm", f"GM: {f.name} is no longer chasing", f.name, tag)]
        state.chases[f.name] = command.target
        # "In a chase, the character ahead always moves first": from this movement phase on,
        # if neither has moved yet.
        if state.phase == "movement":
            state.queue = chase_order(state.queue, {f.name: command.target})
        return [Event("gm", f"GM: {f.name} chases {command.target}; {command.target} moves first",
                      f.name, tag)]
    if action == "surprise":
        # "A character who is ... surprised, etc., has no Threat Zone."
        f.surprised = not f.surprised
        return [Event("gm", f"GM: {f.name} is " + ("surprised: no threat zone this turn" if f.surprised
                                                  else "no longer surprised"), f.name, tag)]
    if action == "ignite" and "weapon" in details:
        # "Generally, a weapon that is on fire does +2 damage" (a flaming arrow: a bow's shots).
        f.flaming = f.ready if details["weapon"] else None
        return [Event("gm", f"GM: {f.name}'s {f.flaming} is on fire" if f.flaming
                      else f"GM: {f.name}'s weapon no longer burns", f.name, tag)]
    if action == "ignite":
        f.on_fire = None if details["extent"] == "out" else details["extent"]
        return [Event("gm", f"GM: {f.name} is " + ("no longer on fire" if f.on_fire is None
                                                  else f"on fire ({f.on_fire})"), f.name, tag)]
    return []
