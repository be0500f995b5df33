"""Carrying out combat actions: targets, weapons in hand, attacks, Disengage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from board.dice import DiceSource
from board.hexgrid import direction_between
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.ground import fall
from board.rules.kernel.queue import acting as kernel_acting, leave_queue, named
from board.rules.kernel.refusals import given, need
from board.rules.warrior_wizard import disengage, params, spells
from board.rules.kernel.reach import distance
from board.rules.warrior_wizard.attack import AttackPlan, max_extra_damage, resolve
from board.rules.warrior_wizard.targets import can_strike, in_sight, melee_targets, strike_choices
from board.rules.warrior_wizard.combat import OUT_OF_TURN, CombatAction, on_list
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import load_kg, over_max_lift
from board.rules.warrior_wizard.turns import advance
from board.words import pronoun

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Acted(Generic[P]):
    """A combat action's checked plan: the command, and what the action's own plan found (its
    AttackPlan, SpellPlan, weapon, posture, hex...; None when it plans nothing of its own)."""

    command: Command
    found: P


def targets_for(state: WWState, f: FigureState, action: str) -> list[str]:
    """Valid targets of an action for f (for menus and for checking commands)."""
    if action in ("attack", "charge_attack", "attack_hth"):
        return melee_targets(state, f, hth=action == "attack_hth")
    if action == "shoot":
        return in_sight(state, f)
    if action == "shoot_charger":
        return [n for n in in_sight(state, f) if f.name in state.figures[n].turn.charged]
    if action in ("cast", "disbelieve"):
        return spells.targets(state, f, action)
    return []


def _target(state: WWState, f: FigureState, command: Command, action: str) -> FigureState:
    t = state.figures.get(command.target) if command.target is not None else None
    if (
        t is not None
        and action in ("attack", "charge_attack", "attack_hth")
        and can_strike(state, f, t, hth=action == "attack_hth")
    ):
        return t  # the usual case, without listing every valid target for a refusal
    valid = targets_for(state, f, action)
    target = given(command.target, f"choose a target; valid: {', '.join(valid) or 'none in reach'}")
    named(state, target)
    need(
        target in valid,
        f"{target} is not a valid target for {f.name} (not in front, out of "
        f"reach or no line of fire); valid: {', '.join(valid) or 'none'}",
    )
    return state.figures[target]


def plan_attack(state: WWState, f: FigureState, command: Command) -> AttackPlan:
    """An attack or a shot: its target and how it is struck."""
    action = command.action
    assert action is not None  # the kernel plans an action's command (it names the action)
    t = _target(state, f, command, action)
    weapon = state.tables.weapon(f.ready) if f.ready else None
    settings = params.Attack.of(command)
    maneuver = settings.maneuver
    need(maneuver != "shield_rush" or f.shield_ready, "a shield rush needs a ready shield")
    if action in ("shoot", "shoot_charger"):
        assert weapon is not None  # shooting needs a ready missile or thrown weapon (its requirement)
        mode = "missile" if weapon.missile else "thrown"
    elif action == "attack_hth":
        mode = "hth"
        if weapon is not None and not weapon.small:
            weapon = None  # "He drops all weapons he has in hand that are not small HTH weapons."
    else:
        mode = "melee"
    strike = settings.strike_with
    if strike is not None and action != "shoot" and action != "shoot_charger":
        choices = strike_choices(state, f)
        need(
            strike in choices,
            f"{f.name} cannot strike with {strike}; besides the ready weapon: {', '.join(choices) or 'nothing'}",
        )
        weapon = state.tables.weapon(strike)
        need(action != "attack_hth" or weapon.small, f"the {weapon.name} is no small hand-to-hand weapon")
        need(distance(f, t) <= weapon.reach, f"{t.name} is out of reach of the {weapon.name}")
    extra, top = settings.extra_damage, max_extra_damage(f, weapon)
    if extra > top:
        raise Refusal(
            f"extra damage from Strength must be 0 to {top} for {f.name} with {weapon.name if weapon else 'bare hands'}"
        )
    straight = False
    if action == "charge_attack" and weapon is not None and weapon.pole_arm:
        # "the last three hexes of the attacker's movement are in a straight line (no facing
        # changes)": the last two steps in one direction, and the figure facing that way.
        trail = ([f.turn.start] if f.turn.start else []) + f.turn.entered
        if len(trail) >= 3:
            a, b, c = trail[-3:]
            straight = direction_between(a, b) == direction_between(b, c) == f.facing
    return AttackPlan(
        f.name,
        t.name,
        weapon.name if weapon else None,
        mode,
        maneuver,
        extra,
        charge=action == "charge_attack" and f.turn.moved > 0,
        straight_charge=straight,
    )


def _drop(state: WWState, f: FigureState, name: str, whose: str = "") -> list[Event]:
    """Put a weapon from f's hand on the ground at f's hex: the event that says so ("drops
    {whose}{name}")."""
    if name in f.weapons:
        f.weapons.remove(name)
    if f.ready == name:
        f.ready = None
    elif f.off_hand == name:
        f.off_hand = None
    fall(state, f.hex, name)
    return [Event("drops", f"{f.name} drops {whose}{name}", f.name, {"weapon": name})]


def acting(state: WWState, command: Command, phase: str | None) -> FigureState:
    """Who may act now: an engager choosing while a figure disengages (and nobody else), a
    figure declaring Defend, Dodge or a set pole arm before its turn, else the kernel's check."""
    if state.disengage is not None or command.action in disengage.CHOICES:
        return disengage.check_choice(state, command)  # an engager chooses first: refuse the rest
    if (
        command.action in OUT_OF_TURN
        and command.figure in state.figures
        and state.phase == "combat"
        and state.active != command.figure
    ):
        f = state.figures[command.figure]
        need(not f.turn.acted, f"{f.name} has already acted this turn")
        need(f.status == "ok", f"{f.name} is {f.status}")
        return f
    return kernel_acting(state, command, phase)


def plan_weapon(state: WWState, f: FigureState, command: Command) -> str:
    """Ready or switch: the weapon taken in hand."""
    action = command.action
    if not command.weapon:
        raise Refusal("name the weapon to ready; carried: " + ", ".join(f.readiable()))
    if f.shield and command.weapon.casefold() in (f.shield.casefold(), "shield"):
        need(not f.shield_ready, f"{f.name}'s {f.shield} is ready already")
        # "ready ... a weapon that is not currently ready": the slung shield comes back onto the
        # arm; a two-handed weapon in hand is put away (Switch: dropped) to free the hand.
        return f.shield
    try:
        weapon = state.tables.weapon(command.weapon)
    except KeyError as error:
        raise Refusal(str(error)) from None
    lying = action == "ready" and weapon.name not in f.weapons and weapon.name in state.weapons_under(f)
    if (weapon.name not in f.weapons and not lying) or weapon.name == f.ready:
        where = " and none lies here" if action == "ready" else ""
        raise Refusal(f"{f.name} carries no unready {weapon.name}{where}")
    need(action != "switch" or not weapon.missile, "Shift one hex and switch readies a non-missile weapon")
    if weapon.two_handed and f.shield_ready and f.backpack:
        raise Refusal(
            f"{weapon.name} is two-handed and a Full Backpack prevents slinging the shield: drop the shield first"
        )
    return weapon.name


def plan_drop_pickup(state: WWState, f: FigureState, command: Command) -> params.DropPickUp:
    """Stand still, drop and/or pick up weapons: what is dropped and what taken."""
    settings = params.DropPickUp.of(command)
    drop, take = settings.drop, settings.pick_up
    in_hand = [w for w in (f.ready, f.off_hand) if w] + (["shield"] if f.shield else [])
    for name in drop:
        if name not in in_hand and name != f.shield:
            raise Refusal(f"{f.name} holds no {name}; in hand: {', '.join(in_hand) or 'nothing'}")
    lying = state.lying_under(f)
    for name in take:
        need(name in lying, f"no {name} lies here; here: {', '.join(lying) or 'nothing'}")
    need(drop or take, "say what to drop (params.drop) and/or pick up (params.pick_up)")
    keeps_two_handed = _two_handed_in_hand(state, f) and f.ready not in drop
    if f.backpack and keeps_two_handed and any(_is_shield(state, n) for n in take) and not f.shield:
        raise Refusal(
            f"{f.ready} is two-handed and a Full Backpack prevents slinging the "
            "shield: drop the weapon to take the shield in hand"
        )
    picked = [state.tables.armor[n].weight_kg or 0 for n in take if n in state.tables.armor]
    if picked:
        shield = f.shield if f.shield and (f.shield in drop or "shield" in drop) else None  # dropped
        kg = load_kg(state, f) - (state.tables.armor_piece(shield).weight_kg or 0 if shield else 0)
        why = over_max_lift(f.st, kg + sum(picked))
        if why:
            raise Refusal(f"{f.name} cannot pick that up: {why}")
    return settings


def acted(plan, handler=None):
    """A combat action's (plan, deed): its plan with the command kept for the deed, and its deed
    announced, the figure's action taken, and the turn passed on (if it was the figure's)."""

    def planned(state: WWState, f: FigureState, command: Command) -> Acted:
        return Acted(command, plan(state, f, command) if plan else None)

    def deed(state: WWState, f: FigureState, acted: Acted, dice: DiceSource) -> list[Event]:
        command = acted.command
        assert command.action is not None  # the kernel plans an action's command (it names the action)
        entry = on_list(state, f, command.action)
        assert isinstance(entry, CombatAction)  # its plan was checked: the action is on an open list
        label = entry.label  # the list it is taken from words it
        f = _own_figures(state, f.name, acted.found)
        was_active = state.active == f.name
        f.turn.acted = True
        events = [Event("action", f"{f.name}: {label}", f.name, {"action": command.action})]
        if handler:
            events += handler(state, f, command, acted.found, dice)
        if state.disengage is not None:
            return events  # the engagers choose before the turn moves on
        if was_active:
            events += advance(state, dice)
        else:  # acting out of turn: not to come
            leave_queue(state, f.name)
        return events

    return planned, deed


def choose(state: WWState, f: FigureState, command: Command, dice: DiceSource) -> list[Event]:
    """An engager's choice while a figure disengages; the last made, the disengager has
    stepped: his action is done."""
    events = disengage.choose(state, command, dice)
    return events + (advance(state, dice) if state.disengage is None else [])


def _own_figures(state: WWState, name: str, found: Any) -> FigureState:
    """The actor and its target (found: an attack's or a spell's plan) as the state's own to
    change (a stray missile's victim is owned where it is hit); the actor."""
    if isinstance(found, AttackPlan | spells.SpellPlan) and found.target in state.figures:
        state.own(found.target)  # a thrown spell's attack is on the spell's target
    return state.own(name)


def stand_up(state: WWState, f: FigureState, command: Command, found: None, dice: DiceSource) -> list[Event]:
    if f.posture != "standing":
        f.posture, f.turn.stood_up = "standing", True
        return [Event("stands", f"{f.name} stands up", f.name)]
    return []


def stance(state: WWState, f: FigureState, command: Command, found: None, dice: DiceSource) -> list[Event]:
    action = command.action
    assert action is not None  # the kernel plans an action's command (it names the action)
    f.turn.stance = {"set_pole": "set"}.get(action, action)
    words = {"dodge": "dodges", "defend": "defends", "set_pole": f"sets {pronoun(f, 'their')} pole arm"}
    return [Event("stance", f"{f.name} {words[action]}", f.name, {"stance": f.turn.stance})]


def attack(state: WWState, f: FigureState, command: Command, plan: AttackPlan, dice: DiceSource) -> list[Event]:
    t = state.figures[plan.target]
    events = []
    if command.action == "attack_hth" and f.ready and not state.tables.weapon(f.ready).small:
        events += _drop(state, f, f.ready)
    if plan.charge and t.turn.stance == "set" and t.status == "ok" and f.name in melee_targets(state, t):
        # "he gets +2 to his Effective Dexterity to hit the Charger, and does double damage"
        counter = AttackPlan(t.name, f.name, t.ready, "melee", set_vs_charge=True)
        events.append(Event("set_vs_charge", f"{t.name} meets the charge with {pronoun(t, 'their')} {t.ready}", t.name))
        events += resolve(state, counter, dice)
        t.turn.stance = None
        if f.status != "ok" or f.posture == "fallen":
            return events
    events += resolve(state, plan, dice)
    if plan.mode == "thrown" and plan.weapon is not None:
        # The thrown weapon (its table name: plan_attack's) leaves the hand and lands by the target.
        f.weapons.remove(plan.weapon) if plan.weapon in f.weapons else None
        f.ready = None
        fall(state, t.hex, plan.weapon)
    if command.action == "shoot_charger" and f.ready:
        events += _drop(state, f, f.ready, f"{pronoun(f, 'their')} ")  # "He then drops the weapon."
    return events


def ready(state: WWState, f: FigureState, command: Command, name: str, dice: DiceSource) -> list[Event]:
    if name == f.shield and not f.shield_ready:
        return _ready_shield(state, f, command)
    events = []
    weapon = state.tables.weapon(name)
    if name not in f.weapons:  # Disengaged, readying the weapon lying at his feet
        _take_from_ground(state, f, name)
        f.weapons.append(name)
        events.append(Event("picks_up", f"{f.name} picks up {name}", f.name, {"item": name, "ready": True}))
    if command.action == "switch" and f.ready:
        events += _drop(state, f, f.ready)
    if weapon.two_handed:
        if f.shield_ready:
            f.shield_ready = False
            events.append(Event("slings", f"{f.name} slings {pronoun(f, 'their')} shield", f.name))
        f.off_hand = None
    if f.off_hand == name:
        f.off_hand = None
    f.ready = name
    events.append(Event("readies", f"{f.name} readies {name}", f.name, {"weapon": name}))
    return events


def _ready_shield(state: WWState, f: FigureState, command: Command) -> list[Event]:
    """The slung shield back on the arm: a two-handed weapon, or a weapon in the off hand, leaves
    the hands (put away when readying; dropped by a Switch, which "may drop a weapon he has in
    hand")."""
    events = []
    freed = [w for w in (f.off_hand, f.ready if _two_handed_in_hand(state, f) else None) if w]
    for name in freed:
        if command.action == "switch":
            events += _drop(state, f, name)
        else:
            f.ready = None if f.ready == name else f.ready
            f.off_hand = None if f.off_hand == name else f.off_hand
            events.append(Event("puts_away", f"{f.name} puts away his {name}", f.name, {"weapon": name}))
    f.shield_ready = True
    return events + [Event("readies", f"{f.name} readies his {f.shield}", f.name, {"weapon": f.shield, "shield": True})]


def drop_down(state: WWState, f: FigureState, command: Command, found: None, dice: DiceSource) -> list[Event]:
    f.posture = params.Drop.of(command).posture
    return [Event("drops_down", f"{f.name} drops {f.posture}", f.name, {"posture": f.posture})]


def drop_pickup(
    state: WWState, f: FigureState, command: Command, taken: params.DropPickUp, dice: DiceSource
) -> list[Event]:
    events = []
    for name in taken.drop:
        if name in (f.shield, "shield"):
            if f.shield is None:
                continue  # named twice (by its name and as "shield"): dropped already
            fall(state, f.hex, f.shield)
            events.append(
                Event("drops", f"{f.name} drops {pronoun(f, 'their')} {f.shield}", f.name, {"shield": f.shield})
            )
            f.shield, f.shield_ready = None, False
        else:
            events += _drop(state, f, name)
    for name in taken.pick_up:
        _take_from_ground(state, f, name)
        if _is_shield(state, name) and not f.shield:
            # Picked up, the shield is in hand ("ready"): slung only when a two-handed weapon
            # fills the hands ("A shield must be either slung on the back or dropped").
            f.shield, f.shield_ready = name, not _two_handed_in_hand(state, f)
        else:
            f.weapons.append(name)
            if _hands_free_for(state, f, name):
                f.ready = name  # "in hand" and "ready" are one state in the text
        ready = name == f.ready or (name == f.shield and f.shield_ready)
        events.append(
            Event(
                "picks_up",
                f"{f.name} picks up {name}" + (" ready" if ready else ""),
                f.name,
                {"item": name, "ready": ready},
            )
        )
    return events


def _take_from_ground(state: WWState, f: FigureState, name: str) -> None:
    """Lift one item of that name from f's hexes."""
    for c in f.cells:
        if name in state.items.get(c, []):
            state.items[c].remove(name)
            return


def _is_shield(state: WWState, name: str) -> bool:
    piece = state.tables.armor.get(name)
    return piece is not None and piece.kind == "shield"


def _two_handed_in_hand(state: WWState, f: FigureState) -> bool:
    return f.ready is not None and state.tables.weapon(f.ready).two_handed


def _hands_free_for(state: WWState, f: FigureState, name: str) -> bool:
    """Whether a weapon picked up goes into f's hand: the weapon hand is empty and, for a
    two-handed weapon, the other hand too (no ready shield, nothing in the off hand)."""
    if f.ready is not None or name not in state.tables.weapons:
        return False
    return not state.tables.weapon(name).two_handed or not (f.shield_ready or f.off_hand)
