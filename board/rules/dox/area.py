"""Area attacks: aimed at a hex, they hit on more than 6 plus the ranged challenge; each figure in
an area of more than one hex may roll Athlete to leap clear, 6 per hex it must move."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource
from board.hexgrid import Hex, hex_range
from board.rules.base import Command, Event, Refusal
from board.rules.dox.attacks import actor
from board.rules.dox.moves import shift
from board.rules.dox.rolls import carry_penalty, reach, trait_roll
from board.rules.dox.sheet import Weapon
from board.rules.dox.state import DoxState, Fig
from board.rules.dox.wounds import keep_seat, wound
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.reach import Mover, Where


@dataclass(frozen=True)
class AreaPlan:
    """An area attack before the dice."""

    attacker: Fig
    weapon: Weapon
    center: Hex
    rating: int
    bonus: int
    range_challenge: int
    base: int  # the option defense_base: the text's 6

    @property
    def challenge(self) -> int:
        """The roll must be greater than this."""
        return self.base + self.range_challenge


def area_hexes(state: DoxState, center: Hex, radius: int) -> set[Hex]:
    """The hexes the attack covers (on the map)."""
    return {h for h in hex_range(center, radius) if h in state.battle.cells}


def plan_area(state: DoxState, command: Command) -> AreaPlan:
    """Check an area attack on a hex."""
    f = actor(state, command)
    weapon = state.weapon(f)
    if weapon.area is None:
        raise Refusal(f"the {weapon.name} is not an area weapon")
    if f.posture == "prone":
        raise Refusal(f"{f.name} is prone: stand up first")
    if state.hold_by(f.name) or state.holds_on(f.name):
        raise Refusal(f"{f.name} is grappling: no area attacks in close combat")
    if command.to is None:
        raise Refusal("choose the hex to aim at")
    center = to_hex(state, command.to)
    how = reach(state, f, center, weapon)
    if isinstance(how, str):
        raise Refusal(how)
    rating = f.marksman if weapon.offense == "marksman" else f.warrior
    return AreaPlan(f, weapon, center, rating, carry_penalty(state, f), how[1],
                    state.options.defense_base)


def escape_route(state: DoxState, f: Fig, covered: set[Hex]) -> tuple[Hex, ...] | None:
    """The shortest way out of the area over free hexes (the real hexes of the map), or None."""
    if f.hex not in covered:
        return ()
    blocked = {g.hex: g.name for g in state.figures.values()  # its mount and riders go along
               if f.name not in (g.name, g.mount) and g.name != f.mount}
    outside = Where(lambda h: h not in covered)
    found = Mover(state.battle, f.hex, len(state.battle.cells), blocked, stop=outside).reach()
    return next((path for h, path in found.paths.items() if h in outside), None)


def leap_challenge(state: DoxState, route: tuple[Hex, ...]) -> int:
    """"The challenge level is based on how far the victim must move ... - 6 per space moved." """
    return state.options.defense_base * len(route)


def area_attack(state: DoxState, command: Command, dice: DiceSource) -> list[Event]:
    """Roll to hit the area; everyone in it leaps clear or takes dox + weapon - Protection."""
    p = plan_area(state, command)
    f = p.attacker
    f.acted = True
    r = trait_roll(state, p.rating, p.bonus, dice)
    dox = r.total - p.challenge
    hit = dox > 0  # "an attacker need only roll greater than 6 plus the ranged challenge level"
    label = state.battle.label(p.center)
    events = [Event("attack", f"{f.name} throws the {p.weapon.name} at {label}: {r.total} vs more "
                              f"than {p.challenge}, " + ("hits the area" if hit else "misses"),
                    f.name, {**r.data(), "hex": [p.center.q, p.center.r], "challenge": p.challenge,
                             "dox": dox, "hit": hit, "area": True})]
    if p.weapon.thrown:
        f.weapon = "Fist"
        if p.weapon.breaks:
            events.append(Event("status", f"the {p.weapon.name} is used up", f.name))
        else:
            state.items.setdefault(p.center, []).append(p.weapon.name)
    if not hit:
        return events + [Event("miss", f"the {p.weapon.name} lands wide", f.name)]
    covered = area_hexes(state, p.center, p.weapon.area)
    power = (f.strength if p.weapon.strength else 0) + p.weapon.damage
    caught = [v for v in state.figures.values() if v.up and v.hex in covered and not _rides(v)]
    for victim in caught:
        events += _one_victim(state, f, victim, covered, dox + power, dice)
    return events


def _rides(v: Fig) -> bool:
    return v.mount is not None  # a rider goes where his mount leaps, and is hit with it


def _one_victim(state: DoxState, f: Fig, victim: Fig, covered: set[Hex], raw: int,
                dice: DiceSource) -> list[Event]:
    events: list[Event] = []
    riders = [r for r in state.figures.values() if r.mount == victim.name and r.up]
    route = escape_route(state, victim, covered) if len(covered) > 1 else None
    held = state.hold_by(victim.name) or state.holds_on(victim.name)
    if route and not held:
        challenge = leap_challenge(state, route)
        r = trait_roll(state, victim.athlete, carry_penalty(state, victim), dice)
        clear = r.total >= challenge
        events.append(Event("roll", f"{victim.name} rolls Athlete {r.total} vs {challenge} "
                                    f"({len(route)} hex{'es' if len(route) > 1 else ''} to safety): "
                                    + ("leaps clear" if clear else "fails"), victim.name,
                            {**r.data(), "challenge": challenge, "success": clear}))
        if clear:
            where = state.battle.label(route[-1])
            return events + shift(state, victim, route, f"{victim.name} leaps to {where}")
    for v in [victim] + riders:
        events.append(Event("roll", f"{v.name} is caught: damage {raw}, Protection "
                                    f"{state.protection(v)}", v.name,
                            {"raw_damage": raw, "protection": state.protection(v)}))
        if v.mount:
            events += keep_seat(state, v, raw, dice)
        events += wound(state, f.name, v, max(0, raw - state.protection(v)))
    return events
