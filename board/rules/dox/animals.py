"""Animals under a Ranger's command: "it may be necessary to roll Ranger to make creatures obey"."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.dox.rolls import carry_penalty, trait_roll
from board.rules.dox.state import DoxState, Fig
from board.rules.kernel.gm import gm_event

ORDERS = ("attack", "hold")
ATTACKS_ON_FOE = ("strike", "disarm", "grapple", "grab_disarm")
HOLD_FOLLOW_UPS = ("squeeze", "better_hold", "slam", "throw", "go_prone", "release")


def plan_order(state: DoxState, animal: Fig, command: Command) -> tuple[str, str | None]:
    """The order a command gives: ("attack", foe) or ("hold", None); Refusal if malformed."""
    if animal.kind == "person":
        raise Refusal(f"{animal.name} is not an animal")
    order = command.params.get("order", "hold")
    if order not in ORDERS:
        raise Refusal(f'params.order must be one of: {", ".join(ORDERS)}')
    if order == "hold":
        return order, None
    foe = state.figures.get(command.params.get("foe") or "")
    if foe is None or not foe.up or foe.team == animal.team:
        raise Refusal("an attack order needs params.foe: an enemy still in the fight")
    return order, foe.name


def plan(state: DoxState, f: Fig, command: Command) -> tuple[Fig, tuple[str, str | None]]:
    """Check a Ranger's command to an animal he trained: once a round, free."""
    animal = state.figures.get(command.target or command.params.get("animal") or "")
    if animal is None or animal.trained_by != f.name:
        raise Refusal(f"choose an animal {f.name} has trained")
    if not animal.up:
        raise Refusal(f"{animal.name} is down")
    if f.commanded:
        raise Refusal(f"{f.name} has already given a command this round")
    return animal, plan_order(state, animal, command)


def command_animal(state: DoxState, f: Fig, command: Command, dice: DiceSource) -> list[Event]:
    """"If a Ranger has spent time training an animal, then it should obey his commands in most
    cases. Combat is a chaotic environment, however; it may be necessary to roll Ranger"."""
    animal, order = plan(state, f, command)
    f.commanded = True
    words = _words(order)
    if not state.options.ranger_roll:
        animal.order = order
        return [Event("status", f"{animal.name} obeys {f.name}: {words}", animal.name,
                      {"order": list(order), "obeys": True})]
    bonus = carry_penalty(state, f) + (state.options.war_training_bonus if animal.war_trained else 0)
    r = trait_roll(state, f.ranger, bonus, dice)
    obeys = r.total >= state.options.obey_challenge
    animal.order = order if obeys else None
    text = (f"{f.name} commands {animal.name} ({words}): Ranger {r.total} vs "
            f"{state.options.obey_challenge}: " + ("it obeys" if obeys else "it does not obey"))
    return [Event("roll", text, f.name, {**r.data(), "challenge": state.options.obey_challenge,
                                         "success": obeys, "order": list(order), "animal": animal.name})]


def obey(animal: Fig, order: tuple[str, str | None]) -> list[Event]:
    """The GM waives the roll: the animal takes the order as given (planned by plan_order)."""
    animal.order = order
    return [gm_event("obey", f"GM: {animal.name} obeys ({_words(order)})", animal.name, order=list(order))]


def _words(order: tuple[str, str | None]) -> str:
    return f"attack {order[1]}" if order[0] == "attack" else "hold"


def order_refusal(state: DoxState, f: Fig, command: Command) -> str | None:
    """Why an obedient animal may not do this on its turn (None: it may)."""
    if f.order is None:
        return None
    kind, foe = f.order
    action = command.action
    if command.do == "move":
        return f"{f.name} holds at its master's command" if kind == "hold" and action != "stay" else None
    if action in ("pass", "stand_up", "escape", "burn_fortune"):
        return None
    if kind == "attack" and action in ATTACKS_ON_FOE and command.target == foe:
        return None
    hold = state.hold_by(f.name)
    if kind == "attack" and action in HOLD_FOLLOW_UPS and hold and hold.victim == foe:
        return None
    return f"{f.name} obeys its master's command: {_words(f.order)}"
