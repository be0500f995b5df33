"""The plain actions: guard a friend (an assisted block), retrieve or ready gear, stand up, mount
and dismount, pass; and a Ranger's commands to the animals he trained: "it may be necessary to
roll Ranger to make creatures obey"."""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import Hex, hex_distance, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.dox import params
from board.rules.dox.moves import shift
from board.rules.dox.rolls import carry_penalty, trait_roll
from board.rules.dox.state import DoxState, Fig
from board.rules.kernel.events import ACTION, STANDS
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.refusals import given, need
from board.words import hexes

ATTACKS_ON_FOE = ("strike", "disarm", "grapple", "grab_disarm")
HOLD_FOLLOW_UPS = ("squeeze", "better_hold", "slam", "throw", "go_prone", "release")


def reachable_items(state: DoxState, f: Fig) -> list[tuple[Hex, str]]:
    """Gear lying on the figure's hex or next to it."""
    spots = [f.hex] + hex_neighbors(f.hex)
    return [(h, item) for h in spots for item in state.items.get(h, [])]


def plan(state: DoxState, f: Fig, command: Command) -> dict:
    """Check a plain action; returns what apply needs (and the action's id)."""
    return {**_plan(state, f, command), "action": command.action}


def _plan(state: DoxState, f: Fig, command: Command) -> dict:
    action = command.action
    if action == "pass":
        return {}
    held = state.hold_by(f.name) or state.holds_on(f.name)
    if action == "stand_up":
        need(f.posture == "prone", f"{f.name} is already standing")
        need(not held, f"{f.name} is still in the grapple on the ground")
        return {}
    need(not (held and action != "guard"), f"{f.name} is grappling")
    if action == "guard":
        friend = state.figures.get(command.target or "")
        if friend is None or friend.team != f.team or friend.name == f.name or not friend.up:
            raise Refusal("choose a friend still in the fight to guard")
        need(not held, f"{f.name} is grappling: no blocks for others")
        need(not (not state.weapon(f).parry and not f.shield), f"{f.name} has nothing to block with")
        if hex_distance(f.hex, friend.hex) > state.options.assist_range:
            raise Refusal(f"{friend.name} is more than {hexes(state.options.assist_range)} away")
        return {"friend": friend}
    if action == "retrieve":
        item = params.Retrieve.of(command).item
        found = [(h, i) for h, i in reachable_items(state, f) if i == item]
        if not found:
            raise Refusal(
                f'no "{item}" lies on or next to {f.name}\'s hex'
                if item
                else f"nothing lies on or next to {f.name}'s hex to pick up"
            )
        return {"item": item, "from": state.items[found[0][0]]}
    if action == "ready":
        need(command.weapon is not None, f"{f.name} carries no weapon to ready")
        if command.weapon not in f.gear:
            carried = ", ".join(f.gear) or "nothing"
            raise Refusal(f'{f.name} carries no "{command.weapon}"; carried: {carried}')
        return {"item": command.weapon, "from": f.gear}
    return _riding(state, f, command)


def _riding(state: DoxState, f: Fig, command: Command) -> dict:
    """Check a mount, or else a dismount."""
    if command.action == "mount":
        horse = state.figures.get(command.target or "")
        need(not f.mount, f"{f.name} is already mounted")
        if horse is None or horse.kind == "person" or not horse.up or horse.team != f.team:
            raise Refusal("choose a friendly mount still in the fight")
        if (rider := state.rider_of(horse.name)) is not None:
            raise Refusal(f"{horse.name} already carries {rider.name}")
        if hex_distance(f.hex, horse.hex) != 1 or f.posture == "prone":
            raise Refusal(f"{f.name} must stand next to {horse.name}")
        return {"horse": horse}
    need(f.mount, f"{f.name} is not mounted")
    to = to_hex(state, given(command.to, "choose the hex to step down to"))
    if hex_distance(to, f.hex) != 1 or not state.free(to):
        raise Refusal(f"{state.battle.label(to)} is not a free hex next to {f.mount}")
    return {"to": to}


def apply(state: DoxState, f: Fig, p: dict, dice: DiceSource) -> list[Event]:
    """Carry out a plain action (each one is the figure's action for the turn)."""
    action = p["action"]
    if action == "pass":
        return [Event(ACTION, f"{f.name} does nothing more", f.name, {"action": "pass"})]
    if action == "stand_up":
        f.posture = "standing"
        return [Event(STANDS, f"{f.name} gets up", f.name, {"posture": "standing"})]
    if action == "guard":
        f.guarding = p["friend"].name
        return [Event("status", f"{f.name} stands ready to block for {f.guarding}", f.name, {"guarding": f.guarding})]
    if action == "mount":
        events = shift(state, f, [p["horse"].hex], f"{f.name} mounts {p['horse'].name}", mount=p["horse"].name)
        f.mount = p["horse"].name  # after the move: the horse stays where it stands
        return events
    if action == "dismount":
        horse, f.mount = f.mount, None
        return shift(state, f, [p["to"]], f"{f.name} gets down from {horse}")
    p["from"].remove(p["item"])  # off the ground or out of the gear carried
    state.items = {h: items for h, items in state.items.items() if items}
    if f.weapon != "Fist":
        f.gear.append(f.weapon)
    f.weapon = p["item"]
    verb, key = ("picks up", "item") if action == "retrieve" else ("readies", "weapon")
    return [Event("status", f"{f.name} {verb} the {f.weapon}", f.name, {key: f.weapon})]


# --- a Ranger's animals ---------------------------------------------------------------------


def plan_order(state: DoxState, animal: Fig, command: Command) -> tuple[str, str | None]:
    """The order a command gives: ("attack", foe) or ("hold", None); Refusal if malformed."""
    need(animal.kind != "person", f"{animal.name} is not an animal")
    settings = params.Order.of(command)
    order = settings.order
    if order == "hold":
        return order, None
    foe = state.figures.get(settings.foe or "")
    if foe is None or not foe.up or foe.team == animal.team:
        raise Refusal("an attack order needs params.foe: an enemy still in the fight")
    return order, foe.name


def plan_command(state: DoxState, f: Fig, command: Command) -> tuple[Fig, tuple[str, str | None]]:
    """Check a Ranger's command to an animal he trained: once a round, free."""
    animal = state.figures.get(command.target or params.Order.of(command).animal or "")
    if animal is None or animal.trained_by != f.name:
        raise Refusal(f"choose an animal {f.name} has trained")
    need(animal.up, f"{animal.name} is down")
    need(not f.commanded, f"{f.name} has already given a command this round")
    return animal, plan_order(state, animal, command)


def command_animal(
    state: DoxState, f: Fig, planned: tuple[Fig, tuple[str, str | None]], dice: DiceSource
) -> list[Event]:
    """ "If a Ranger has spent time training an animal, then it should obey his commands in most
    cases. Combat is a chaotic environment, however; it may be necessary to roll Ranger"."""
    animal, order = planned
    f.commanded = True
    words = order_words(order)
    if not state.options.ranger_roll:
        animal.order = order
        return [
            Event(
                "status", f"{animal.name} obeys {f.name}: {words}", animal.name, {"order": list(order), "obeys": True}
            )
        ]
    bonus = carry_penalty(state, f) + (state.options.war_training_bonus if animal.war_trained else 0)
    r = trait_roll(state, f.ranger, bonus, dice)
    challenge = state.options.obey_challenge
    obeys = r.total >= challenge
    animal.order = order if obeys else None
    text = f"{f.name} commands {animal.name} ({words}): Ranger {r.total} vs {challenge}: " + (
        "it obeys" if obeys else "it does not obey"
    )
    return [
        Event(
            "roll",
            text,
            f.name,
            {**r.data(), "challenge": challenge, "success": obeys, "order": list(order), "animal": animal.name},
        )
    ]


def order_words(order: tuple[str, str | None]) -> str:
    """An order as the log says it."""
    return f"attack {order[1]}" if order[0] == "attack" else "hold"


def order_refusal(state: DoxState, f: Fig | None, command: Command) -> str | None:
    """Why an obedient animal may not do this on its turn (None: it may, or it is not its turn)."""
    if f is None or f.order is None or f.name != state.active:
        return None
    kind, foe = f.order
    action = command.action
    if action in ("pass", "stand_up", "escape", "burn_fortune"):
        return None
    if kind == "attack" and action in ATTACKS_ON_FOE and command.target == foe:
        return None
    hold = state.hold_by(f.name)
    if kind == "attack" and action in HOLD_FOLLOW_UPS and hold and hold.victim == foe:
        return None
    return f"{f.name} obeys its master's command: {order_words(f.order)}"
