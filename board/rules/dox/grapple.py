"""Grappling: grab (and its odds), squeeze, better hold, slam, throw, escape, fall prone, disarm."""

from __future__ import annotations

import math

from board.dice import DiceSource, distribution
from board.hexgrid import Hex, hex_distance, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.reports import Prediction
from board.rules.kernel.events import FALLS
from board.rules.dox import params
from board.rules.dox.attacks import at_least, foe, odds
from board.rules.dox.moves import shift
from board.rules.dox.rolls import Defense, defense, mass_bonus, trait_roll
from board.rules.dox.state import DoxState, Fig, Hold
from board.rules.dox.wounds import wound
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.refusals import given, need


def escape_margin(state: DoxState) -> int:
    """The "plus 7" of an escape: the trait dice's average (7 on 2d6), rounded up."""
    return math.ceil(state.options.dice.mean)


def offense_in_hold(f: Fig) -> int:
    """ "The Attacker's Offense at this point is based on Strength or Warrior, whichever is highest." """
    return max(f.strength, f.warrior)


def side_bonus(state: DoxState, victim: Fig, grappler: Fig | None) -> tuple[int, int]:
    """(grappler's, victim's) mass bonus for a grappling roll after the grab, if the mass rule is
    on. A group pin adds the grapplers' masses and gives their bonus to the best Offense: a
    grappler who is not the best of a group gets none."""
    if not state.options.mass_rule:
        return 0, 0
    group = [state.figures[h.grappler] for h in state.holds_on(victim.name)]
    mass = sum(g.mass for g in group) or (grappler.mass if grappler else 0)
    best = max(group, key=offense_in_hold) if group else grappler
    ours = mass_bonus(mass, victim.mass) if grappler is None or grappler is best else 0
    return ours, mass_bonus(victim.mass, mass)


def plan(state: DoxState, f: Fig, command: Command) -> tuple[Fig, Fig | None, Command]:
    """Check a grappling action; returns the actor, the figure acted on and the command."""
    action = command.action
    hold = state.hold_by(f.name)
    if action in ("grapple", "grab_disarm"):
        target = foe(state, f, command)
        if hold:
            raise Refusal(f"{f.name} already holds {hold.victim}")
        need(not state.holds_on(f.name), f"{f.name} is restrained: escape first")
        need(not (f.mount or target.mount), "no grappling from or with a rider in the saddle")
        need(hex_distance(f.hex, target.hex) <= 1, f"{target.name} is not next to {f.name}")
        if action == "grab_disarm" and state.weapon(target).size == "natural":
            raise Refusal(f"{target.name} holds nothing to wrench away")
        if action == "grapple" and any(h.grappler == target.name and h.victim == f.name for h in state.holds):
            raise Refusal(f"{target.name} holds {f.name}: escape instead")
        return f, target, command
    if action == "escape":
        need(state.holds_on(f.name), f"nobody holds {f.name}")
        return f, None, command
    victim = state.figures[given(hold, f"{f.name} holds nobody").victim]
    if action in ("slam", "throw") and victim.mass > 2 * f.mass:
        # "He will not be able to slam it into the ground for damage bonuses or toss it"
        raise Refusal(f"{victim.name} is far too massive to slam or throw")
    if action == "slam":
        surface_bonus(state, victim.hex, params.Surface.of(command).surface)
    if action == "throw":
        landing(state, f, victim, command)
    need(not (action == "go_prone" and f.posture == "prone"), f"{f.name} is already prone")
    return f, victim, command


def is_corner(state: DoxState, wall: Hex) -> bool:
    """A sharp corner: a wall hex that juts out (a wall end or a pillar: one wall neighbour at most)."""
    return sum(state.battle.terrain_at(n).blocks for n in hex_neighbors(wall)) <= 1


def surface_bonus(state: DoxState, at: Hex, surface: str) -> int:
    """ "Slamming ... into a solid floor or wall can be worth anywhere from +1 to +3 ... Slamming
    an opponent into a sharp corner might give an extra +3 on top of this." The wall must be a
    real wall hex next to the victim."""
    o = state.options
    walls = [n for n in hex_neighbors(at) if n in state.battle.cells and state.battle.terrain_at(n).blocks]
    if surface == "floor":
        return o.floor_bonus
    if surface == "wall":
        need(walls, "no wall next to the victim")
        return o.wall_bonus
    if not any(is_corner(state, w) for w in walls):  # a corner: params.Surface names no other
        raise Refusal("no sharp corner next to the victim")
    return o.wall_bonus + o.corner_bonus


def landing(state: DoxState, f: Fig, victim: Fig, command: Command) -> Hex:
    """Where a thrown victim lands: a free hex next to the grappler."""
    to = to_hex(state, given(command.to, "choose the hex to throw the victim to"))
    if hex_distance(to, f.hex) != 1 or not state.free(to, (victim.name,)):
        raise Refusal(f"{state.battle.label(to)} is not a free hex next to {f.name}")
    surface_bonus(state, to, params.Surface.of(command).surface)
    return to


Planned = tuple[Fig, Fig, Command]  # plan's: the actor, the one it grapples or holds, the command


def go_prone(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    """ "The grappler may fall prone as a free action." """
    other = planned[1]
    f.posture = "prone"
    other.posture = "prone"
    return [Event(FALLS, f"{f.name} falls prone, taking {other.name} to the ground", f.name, {"posture": "prone"})]


def release(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    state.holds = [h for h in state.holds if h.grappler != f.name]
    return [Event("status", f"{f.name} lets go of {planned[1].name}", f.name)]


def grab_defense(state: DoxState, f: Fig, target: Fig, disarm: bool) -> Defense:
    """The Defense against a grab: "a Warrior attack roll versus the target's Defense" made with
    the hands, whatever the grappler holds (a bow in hand does not stop a parry)."""
    return defense(state, f, target, state.gear.weapon("Fist"), strength_ok=disarm)


def grab_odds(state: DoxState, planned: tuple[Fig, Fig, Command]) -> Prediction:
    """Exact odds of a grab (or a grab to disarm) taking hold."""
    f, target, command = planned
    disarm = command.action == "grab_disarm"
    d = grab_defense(state, f, target, disarm)
    need = d.value - f.warrior
    hit = at_least(distribution(state.options.dice), need)
    return odds(
        state,
        need,
        hit,
        {0: hit},
        {"disarmed" if disarm else "restrained": hit},
        f"{f.warrior} (Warrior) vs {d.value} ({d.using})",
    )


def grab(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    """ "make a Warrior attack roll versus the target's Defense" (no mass bonus to initiate); a grab
    to disarm lets the target use Strength for Defense and does not restrain."""
    _, target, command = planned
    disarm = command.action == "grab_disarm"
    d = grab_defense(state, f, target, disarm)
    if d.guard:
        state.figures[d.guard].guarding = None  # "Each one of these "assisted blocks" count as an action"
    r = trait_roll(state, f.warrior, 0, dice)
    dox = r.total - d.value
    what = "grabs at the weapon of" if disarm else "grapples"
    events = [
        Event(
            "attack",
            f"{f.name} {what} {target.name}: Warrior {r.total} vs {d.value} ({d.using}), dox {dox}",
            f.name,
            {
                **r.data(),
                "target": target.name,
                "defense": d.value,
                "using": d.using,
                "dox": dox,
                "hit": dox >= 0,
                "grapple": True,
            },
        )
    ]
    if dox < 0:
        return events + [Event("miss", f"{target.name} slips the grab", f.name, {"target": target.name})]
    if disarm:
        lost = target.weapon
        target.weapon = "Fist"
        f.gear.append(lost)
        return events + [
            Event("status", f"{f.name} wrenches the {lost} out of {target.name}'s grasp", target.name, {"item": lost})
        ]
    state.holds.append(Hold(f.name, target.name, dox))
    return events + [
        Event("status", f"{f.name} restrains {target.name} (dox {dox})", target.name, {"held_by": f.name, "dox": dox})
    ]


def escape(state: DoxState, f: Fig, planned: tuple[Fig, None, Command], dice: DiceSource) -> list[Event]:
    """ "rolling Strength, Athlete, or Warrior against the Offense of the grappler plus 7" """
    holds = state.holds_on(f.name)
    grapplers = [state.figures[h.grappler] for h in holds]
    theirs, mine = side_bonus(state, f, None)
    challenge = max(offense_in_hold(g) for g in grapplers) + escape_margin(state) + theirs
    r = trait_roll(state, max(f.strength, f.athlete, f.warrior), mine, dice)
    free = r.total >= challenge
    events = [
        Event(
            "roll",
            f"{f.name} tries to escape: {r.total} vs {challenge}: " + ("breaks free" if free else "still held"),
            f.name,
            {**r.data(), "challenge": challenge, "success": free},
        )
    ]
    if free:
        state.holds = [h for h in state.holds if h.victim != f.name]
    return events


def _hurt(state: DoxState, f: Fig, victim: Fig, what: str, extra: int, tail: str = "", **data) -> list[Event]:
    """A squeeze or slam: Strength + the hold's dox + extra, less Protection as for any damage."""
    hold = state.hold_by(f.name)
    assert hold is not None  # plan: only one who holds someone squeezes or slams
    dox = hold.dox
    raw = f.strength + dox + extra
    text = f"{f.name} {what}: {f.strength} + dox {dox} + {extra} = {raw}{tail}"
    data = {"target": victim.name, "raw_damage": raw, **data, "hit": True}
    return [Event("attack", text, f.name, data)] + wound(state, f.name, victim, max(0, raw - state.protection(victim)))


def squeeze(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    """ "damage based on the attacker's Strength plus the grapple's dox", plus a natural or small
    weapon; Protection is subtracted as for any damage."""
    victim = planned[1]
    weapon = state.weapon(f)
    extra = weapon.damage if weapon.close else 0
    return _hurt(state, f, victim, f"squeezes {victim.name}", extra, f", Protection {state.protection(victim)}")


def better_hold(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    """The grappling roll again, Strength in place of Warrior if higher; the defender may use
    Athlete (or Strength, Warrior); the new dox counts from now on, below zero the victim is free."""
    victim, hold = planned[1], state.hold_by(f.name)
    assert hold is not None  # plan: only one who holds someone works for a better hold
    ours, theirs = side_bonus(state, victim, f)
    value = state.options.defense_base + max(victim.warrior, victim.strength, victim.athlete) + theirs
    r = trait_roll(state, offense_in_hold(f), ours, dice)
    dox = r.total - value
    events = [
        Event(
            "attack",
            f"{f.name} works for a better hold on {victim.name}: {r.total} vs {value}, dox {dox}",
            f.name,
            {**r.data(), "target": victim.name, "defense": value, "dox": dox, "hit": dox >= 0, "grapple": True},
        )
    ]
    if dox < 0:
        state.holds.remove(hold)
        return events + [Event("status", f"{victim.name} slips free", victim.name)]
    hold.dox = dox
    return events + [Event("status", f"{f.name}'s hold now has dox {dox}", f.name, {"dox": dox})]


def slam(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    """Strength + dox + the surface (+1..+3, a corner +3 more) - Protection."""
    _, victim, command = planned
    surface = params.Surface.of(command).surface
    bonus = surface_bonus(state, victim.hex, surface)
    return _hurt(state, f, victim, f"slams {victim.name} into the {surface}", bonus, surface=surface)


def throw(state: DoxState, f: Fig, planned: Planned, dice: DiceSource) -> list[Event]:
    """ "Throwing an opponent ends the grapple": he lands prone on the hex chosen, hurt as a slam."""
    (_, victim, command), hold = planned, state.hold_by(f.name)
    assert hold is not None  # plan: only one who holds someone throws
    to = landing(state, f, victim, command)
    surface = params.Surface.of(command).surface
    raw = f.strength + hold.dox + surface_bonus(state, to, surface)
    state.holds = [h for h in state.holds if h.victim != victim.name]
    victim.posture = "prone"
    where = state.battle.label(to)
    text = f"{f.name} throws {victim.name} to {where} into the {surface}: {raw}"
    event = Event("attack", text, f.name, {"target": victim.name, "raw_damage": raw, "hex": [to.q, to.r], "hit": True})
    landed = shift(state, victim, [to], f"{victim.name} lands prone at {where}", forced=True)
    return [event] + landed + wound(state, f.name, victim, max(0, raw - state.protection(victim)))
