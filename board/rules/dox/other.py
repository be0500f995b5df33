"""The plain actions: guard a friend (an assisted block), retrieve or ready gear, stand up,
mount and dismount, pass."""

from __future__ import annotations

from board.hexgrid import Hex, hex_distance, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.events import ACTION, STANDS
from board.rules.dox.attacks import actor
from board.rules.dox.moves import shift
from board.rules.dox.state import DoxState, Fig
from board.rules.kernel.hexes import to_hex

PLAIN = ("guard", "retrieve", "ready", "stand_up", "mount", "dismount", "pass")


def reachable_items(state: DoxState, f: Fig) -> list[tuple[Hex, str]]:
    """Gear lying on the figure's hex or next to it."""
    spots = [f.hex] + hex_neighbors(f.hex)
    return [(h, item) for h in spots for item in state.items.get(h, [])]


def plan(state: DoxState, command: Command) -> dict:
    """Check a plain action; returns what apply needs."""
    f = actor(state, command)
    action = command.action
    if action == "pass":
        return {"f": f}
    held = state.hold_by(f.name) or state.holds_on(f.name)
    if action == "stand_up":
        if f.posture != "prone":
            raise Refusal(f"{f.name} is already standing")
        if held:
            raise Refusal(f"{f.name} is still in the grapple on the ground")
        return {"f": f}
    if held and action != "guard":
        raise Refusal(f"{f.name} is grappling")
    if action == "guard":
        friend = state.figures.get(command.target or "")
        if friend is None or friend.team != f.team or friend.name == f.name or not friend.up:
            raise Refusal("choose a friend still in the fight to guard")
        if held:
            raise Refusal(f"{f.name} is grappling: no blocks for others")
        if not state.weapon(f).parry and not f.shield:
            raise Refusal(f"{f.name} has nothing to block with")
        if hex_distance(f.hex, friend.hex) > state.options.assist_range:
            raise Refusal(f"{friend.name} is more than {state.options.assist_range} hexes away")
        return {"f": f, "friend": friend}
    if action == "retrieve":
        item = command.params.get("item")
        found = [(h, i) for h, i in reachable_items(state, f) if i == item]
        if not found:
            raise Refusal(f'no "{item}" lies on or next to {f.name}\'s hex' if item
                          else f"nothing lies on or next to {f.name}'s hex to pick up")
        return {"f": f, "hex": found[0][0], "item": item}
    if action == "ready":
        if command.weapon is None:
            raise Refusal(f"{f.name} carries no weapon to ready")
        if command.weapon not in f.gear:
            raise Refusal(f'{f.name} carries no "{command.weapon}"; carried: {", ".join(f.gear) or "nothing"}')
        return {"f": f, "weapon": command.weapon}
    if action == "mount":
        horse = state.figures.get(command.target or "")
        if f.mount:
            raise Refusal(f"{f.name} is already mounted")
        if horse is None or horse.kind == "person" or not horse.up or horse.team != f.team:
            raise Refusal("choose a friendly mount still in the fight")
        if state.rider_of(horse.name) is not None:
            raise Refusal(f"{horse.name} already carries {state.rider_of(horse.name).name}")
        if hex_distance(f.hex, horse.hex) != 1 or f.posture == "prone":
            raise Refusal(f"{f.name} must stand next to {horse.name}")
        return {"f": f, "horse": horse}
    if action == "dismount":
        if not f.mount:
            raise Refusal(f"{f.name} is not mounted")
        if command.to is None:
            raise Refusal("choose the hex to step down to")
        to = to_hex(state, command.to)
        if hex_distance(to, f.hex) != 1 or not state.free(to):
            raise Refusal(f"{state.battle.label(to)} is not a free hex next to {f.mount}")
        return {"f": f, "to": to}
    raise Refusal(f'unknown action "{action}"')


def apply(state: DoxState, command: Command) -> list[Event]:
    """Carry out a plain action (each one is the figure's action for the turn)."""
    p = plan(state, command)
    f: Fig = p["f"]
    f.acted = True
    action = command.action
    if action == "pass":
        return [Event(ACTION, f"{f.name} does nothing more", f.name, {"action": "pass"})]
    if action == "stand_up":
        f.posture = "standing"
        return [Event(STANDS, f"{f.name} gets up", f.name, {"posture": "standing"})]
    if action == "guard":
        f.guarding = p["friend"].name
        return [Event("status", f"{f.name} stands ready to block for {f.guarding}", f.name,
                      {"guarding": f.guarding})]
    if action == "retrieve":
        state.items[p["hex"]].remove(p["item"])
        if not state.items[p["hex"]]:
            del state.items[p["hex"]]
        if f.weapon != "Fist":
            f.gear.append(f.weapon)
        f.weapon = p["item"]
        return [Event("status", f"{f.name} picks up the {p['item']}", f.name, {"item": p["item"]})]
    if action == "ready":
        f.gear.remove(p["weapon"])
        if f.weapon != "Fist":
            f.gear.append(f.weapon)
        f.weapon = p["weapon"]
        return [Event("status", f"{f.name} readies the {f.weapon}", f.name, {"weapon": f.weapon})]
    if action == "mount":
        events = shift(state, f, [p["horse"].hex], f"{f.name} mounts {p['horse'].name}",
                       mount=p["horse"].name)
        f.mount = p["horse"].name  # after the move: the horse stays where it stands
        return events
    horse, f.mount = f.mount, None
    return shift(state, f, [p["to"]], f"{f.name} gets down from {horse}")
