"""Strikes: Offense roll minus Defense is the dox; damage = dox + Strength + weapon - Protection.
Also the strike to disarm, and area attacks: aimed at a hex, they hit on more than 6 plus the
ranged challenge; each figure in an area of more than one hex may roll Athlete to leap clear, 6
per hex it must move. The plans are shared with the exact odds, worked out here too."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from board.dice import DiceSource, distribution
from board.hexgrid import Hex, hex_range
from board.rules.base import Command, Event, Refusal
from board.rules.reports import Prediction
from board.rules.dox import params
from board.rules.dox.gm import occupied
from board.rules.dox.moves import shift
from board.rules.dox.rolls import Defense, carry_penalty, defense, offense, power, reach, trait_roll
from board.rules.dox.sheet import Weapon
from board.rules.dox.state import DoxState, Fig
from board.rules.dox.wounds import keep_seat, wound
from board.rules.kernel.ground import fall
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.reach import Mover, Where
from board.rules.kernel.queue import named
from board.rules.kernel.refusals import given, need
from board.words import pronoun

SURPRISE_BONUS = 3  # "a +3 for throwing a punch with his off hand rather than stabbing"
ZERO = Fraction(0)


def at_least(dist: dict[int, Fraction], need: int) -> Fraction:
    """The chance that the dice total at least need."""
    return sum((p for total, p in dist.items() if total >= need), ZERO)


def chances(state: DoxState, need: int) -> dict[int, Fraction]:
    """Each dox a roll can come to, with its chance: the trait dice's total less need."""
    return {total - need: p for total, p in distribution(state.options.dice).items()}


def odds(
    state: DoxState,
    need: int,
    hit: Fraction,
    by_damage: dict[int, Fraction],
    outcomes: dict[str, Fraction],
    roll: str,
    **more,
) -> Prediction:
    """The Prediction of a trait roll whose dice must reach need: by_damage holds each damage's
    chance over all rolls (a miss left out), roll how it reads after the dice."""
    damage = {d: q / hit for d, q in sorted(by_damage.items())} if hit else {0: Fraction(1)}
    return Prediction(
        dice=state.options.dice.count,
        target_number=need,
        hit=hit,
        damage=damage,
        expected_damage=sum((d * q for d, q in by_damage.items()), ZERO),
        outcomes=outcomes,
        roll=f"{state.options.trait_dice} + {roll}",
        **more,
    )


@dataclass(frozen=True)
class StrikePlan:
    """Everything a strike needs before the dice: the same numbers drive the prediction."""

    attacker: Fig
    target: Fig
    weapon: Weapon
    rating: int  # the Offense trait's rating
    modifiers: tuple[tuple[str, int], ...]
    bonus: int  # the sum of the roll's modifiers
    defense: Defense
    range_challenge: int
    challenge: int  # what the Offense roll must reach: Defense plus the ranged challenge
    ranged: bool
    pull: int  # damage held back ("the hilt of a dagger or flat of a sword blade")
    power: int  # what the blow adds to the dox: Strength (if the weapon takes it) + weapon - pull
    disarm: bool = False

    def wounds(self, state: DoxState, dox: int) -> int:
        """ "add the dox of the attack roll to the attacker's Strength and weapon and subtract the
        victim's Protection. The result is the number of the wounds inflicted." """
        return max(0, dox + self.power - state.protection(self.target))


def foe(state: DoxState, f: Fig, command: Command) -> Fig:
    """The figure aimed at: on the map, up, not the actor."""
    target = named(state, given(command.target, "choose a target"))
    need(target.name != f.name, f"{f.name} cannot aim at {pronoun(f, 'themselves')}")
    need(target.up, f"{target.name} is already down")
    return target


def plan_strike(state: DoxState, f: Fig, command: Command) -> StrikePlan:
    """Check a strike (or a strike to disarm) and work out its numbers."""
    disarm = command.action == "disarm"
    target = foe(state, f, command)
    need(f.posture != "prone", f"{f.name} is prone: stand up first")
    weapon = state.weapon(f)
    settings = params.Strike.of(command)
    surprise = settings.surprise_bonus
    if surprise:
        weapon = _surprise_attack(state, f, target, weapon, disarm)
    hold = state.hold_by(f.name)
    if (hold or state.holds_on(f.name)) and not weapon.close:  # in close combat
        grappling = f"holding {hold.victim}" if hold else "restrained"
        # "larger weapons - including shields, capes, and such - are useless in close combat"
        raise Refusal(f"{f.name} is {grappling}: a {weapon.name} is useless in close combat")
    how = reach(state, f, target.hex, weapon)
    if isinstance(how, str):
        raise Refusal(how)
    mode, range_challenge = how
    need(not (disarm and state.weapon(target).size == "natural"), f"{target.name} holds nothing to knock away")
    mods: list[tuple[str, int]] = []
    if carry_penalty(state, f):
        mods.append(("the victim's weight", carry_penalty(state, f)))
    if weapon.area and not disarm:
        # "area attacks directed at an individual are resolved as normal attacks, but with
        # bonuses to the attack roll for the size of the area"
        mods.append(("area weapon", 2 * weapon.area))
    if surprise:
        mods.append(("surprise", SURPRISE_BONUS))
    pull, most = settings.pull, max(0, power(f, weapon))
    need(pull <= most, f"pull the blow by 0 to {most} (Strength + weapon), not {pull!r}")
    against = defense(state, f, target, weapon)
    return StrikePlan(
        f,
        target,
        weapon,
        offense(f, weapon),
        tuple(mods),
        sum(m for _, m in mods),
        against,
        range_challenge,
        against.value + range_challenge,
        mode == "ranged",
        pull,
        power(f, weapon) - pull,
        disarm,
    )


def _surprise_attack(state: DoxState, f: Fig, target: Fig, weapon: Weapon, disarm: bool) -> Weapon:
    """ "A character using a sword could gain a +3 for throwing a punch with his off hand rather
    than stabbing with the weapon ... only ... against those whose fighting ability is less than
    the attacker, and ... not more than once against the same opponent": a bare-handed blow
    (the Fist, its damage) instead of the weapon in hand."""
    need(not disarm, "the surprise bonus is for a strike, not a strike to disarm")
    need(weapon.size != "natural", f"{f.name} fights bare-handed already: no less expected attack to make")
    need(target.warrior < f.warrior, f"the surprise bonus works only on a worse fighter than {f.name}")
    need(target.name not in f.surprised_by_me, f"{f.name} has already used the surprise bonus on {target.name}")
    return state.gear.weapon("Fist")


def surprise_open(state: DoxState, f: Fig) -> bool:
    """Whether a surprise punch could be offered to f against anyone now."""
    return state.weapon(f).size != "natural" and any(
        g.up and g.team != f.team and g.warrior < f.warrior and g.name not in f.surprised_by_me
        for g in state.figures.values()
    )


def strike(state: DoxState, f: Fig, p: StrikePlan, dice: DiceSource) -> list[Event]:
    """Resolve a strike: roll Offense, find the dox, wound (or knock the object away)."""
    target = p.target
    if any(name == "surprise" for name, _ in p.modifiers):
        f.surprised_by_me += (target.name,)
    if p.defense.guard:
        state.figures[p.defense.guard].guarding = None  # "Each ... assisted block counts as an action"
    r = trait_roll(state, p.rating, p.bonus, dice)
    dox = r.total - p.challenge
    verb = "strikes to disarm" if p.disarm else "strikes at"
    guard = f", {p.defense.guard} blocking" if p.defense.guard else ""
    data = {
        **r.data(),
        "target": target.name,
        "defense": p.defense.value,
        "using": p.defense.using,
        "range_challenge": p.range_challenge,
        "dox": dox,
        "hit": dox >= 0,
    }
    text = (
        f"{f.name} {verb} {target.name} with the {p.weapon.name}: {r.total} vs "
        f"{p.challenge} ({p.defense.using}{guard}), dox {dox}"
    )
    events = [Event("attack", text, f.name, data)]
    if p.ranged and p.weapon.thrown:
        events += _thrown_away(state, f, p.weapon, target.hex)
    if dox < 0:
        return events + [Event("miss", f"{f.name} misses {target.name}", f.name, {"target": target.name})]
    if p.disarm:
        return events + knock_away(state, target, f.name)
    raw = dox + p.power
    events.append(
        Event(
            "roll",
            f"damage {dox} + {p.power} = {raw}, Protection {state.protection(target)}",
            f.name,
            {"raw_damage": raw, "protection": state.protection(target), "pull": p.pull},
        )
    )
    if target.mount:
        events += keep_seat(state, target, raw, dice)
    return events + wound(state, f.name, target, p.wounds(state, dox))


def _thrown_away(state: DoxState, f: Fig, weapon: Weapon, where: Hex, say: bool = True) -> list[Event]:
    """A thrown weapon leaves the hand and lands where it was thrown (a bomb is used up)."""
    f.weapon = "Fist"
    if weapon.breaks:
        return [Event("status", f"the {weapon.name} is used up", f.name)]
    text = f"the {weapon.name} lands at {state.battle.label(where)}" if say else ""
    return fall(state, where, weapon.name, text, f.name)


def knock_away(state: DoxState, target: Fig, by: str) -> list[Event]:
    """ "the defender's object is knocked away and will require an action to retrieve" """
    lost = target.weapon
    target.weapon = "Fist"
    text = f"{by} knocks the {lost} out of {target.name}'s hand: it lies at {state.battle.label(target.hex)}"
    return fall(state, target.hex, lost, text, target.name, item=lost)


def strike_odds(state: DoxState, p: StrikePlan) -> Prediction:
    """Exact odds of a strike or a strike to disarm."""
    need = p.challenge - p.rating - p.bonus  # the bare dice must reach this
    hits = {dox: q for dox, q in chances(state, need).items() if dox >= 0}
    hit, left = sum(hits.values(), ZERO), p.target.max_wounds - p.target.wounds
    by_wounds: dict[int, Fraction] = {}
    for dox, q in hits.items():
        wounds = 0 if p.disarm else p.wounds(state, dox)
        by_wounds[wounds] = by_wounds.get(wounds, ZERO) + q
    down = sum((q for wounds, q in by_wounds.items() if wounds >= left), ZERO)
    outcomes = {"hit": hit}
    if p.disarm:
        outcomes["disarmed"] = hit
    else:
        outcomes["down (before Fortune)"] = down
        if p.target.mount:
            dist = distribution(state.options.dice)
            outcomes["unseated"] = sum(
                (q * (1 - at_least(dist, dox + p.power - p.target.rider)) for dox, q in hits.items()), ZERO
            )
    mods = p.modifiers + ((("range", -p.range_challenge),) if p.range_challenge else ())
    return odds(
        state,
        need,
        hit,
        by_wounds,
        outcomes,
        f"{p.rating}{p.bonus:+d} vs {p.challenge} ({p.defense.using}): dox 0 or more hits",
        modifiers=mods,
    )


# --- area attacks ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AreaPlan:
    """An area attack before the dice."""

    attacker: Fig
    weapon: Weapon
    center: Hex
    rating: int
    bonus: int
    challenge: int  # the roll must be greater: the text's 6 (defense_base) + the ranged challenge
    radius: int  # the weapon's area: hexes from the center


def plan_area(state: DoxState, f: Fig, command: Command) -> AreaPlan:
    """Check an area attack on a hex."""
    weapon = state.weapon(f)
    if weapon.area is None:
        raise Refusal(f"the {weapon.name} is not an area weapon")
    need(f.posture != "prone", f"{f.name} is prone: stand up first")
    if state.hold_by(f.name) or state.holds_on(f.name):
        raise Refusal(f"{f.name} is grappling: no area attacks in close combat")
    center = to_hex(state, given(command.to, "choose the hex to aim at"))
    how = reach(state, f, center, weapon)
    if isinstance(how, str):
        raise Refusal(how)
    return AreaPlan(
        f, weapon, center, offense(f, weapon), carry_penalty(state, f), state.options.defense_base + how[1], weapon.area
    )


def escape_route(state: DoxState, f: Fig, covered: set[Hex]) -> tuple[Hex, ...] | None:
    """The shortest way out of the area (f stands in it) over free hexes of the map, or None."""
    outside = Where(lambda h: h not in covered)  # its mount and riders go along: not in the way
    found = Mover(state.battle, f.hex, len(state.battle.cells), occupied(state, f), stop=outside).reach()
    return next((path for h, path in found.paths.items() if h in outside), None)


def area_attack(state: DoxState, f: Fig, p: AreaPlan, dice: DiceSource) -> list[Event]:
    """Roll to hit the area; everyone in it leaps clear or takes dox + weapon - Protection."""
    r = trait_roll(state, p.rating, p.bonus, dice)
    dox = r.total - p.challenge
    hit = dox > 0  # "an attacker need only roll greater than 6 plus the ranged challenge level"
    label = state.battle.label(p.center)
    events = [
        Event(
            "attack",
            f"{f.name} throws the {p.weapon.name} at {label}: {r.total} vs more "
            f"than {p.challenge}, " + ("hits the area" if hit else "misses"),
            f.name,
            {
                **r.data(),
                "hex": [p.center.q, p.center.r],
                "challenge": p.challenge,
                "dox": dox,
                "hit": hit,
                "area": True,
            },
        )
    ]
    if p.weapon.thrown:
        events += _thrown_away(state, f, p.weapon, p.center, say=False)  # lands unremarked
    if not hit:
        return events + [Event("miss", f"the {p.weapon.name} lands wide", f.name)]
    covered = {h for h in hex_range(p.center, p.radius) if h in state.battle.cells}
    for victim in state.figures.values():  # a rider goes where his mount leaps, and is hit with it
        if victim.up and victim.hex in covered and victim.mount is None:
            events += _one_victim(state, f, victim, covered, dox + power(f, p.weapon), dice)
    return events


def _one_victim(state: DoxState, f: Fig, victim: Fig, covered: set[Hex], raw: int, dice: DiceSource) -> list[Event]:
    events: list[Event] = []
    riders = [r for r in state.figures.values() if r.mount == victim.name and r.up]
    route = escape_route(state, victim, covered) if len(covered) > 1 else None
    if route and not (state.hold_by(victim.name) or state.holds_on(victim.name)):
        # "The challenge level is based on how far the victim must move ... - 6 per space moved."
        challenge = state.options.defense_base * len(route)
        r = trait_roll(state, victim.athlete, carry_penalty(state, victim), dice)
        clear = r.total >= challenge
        events.append(
            Event(
                "roll",
                f"{victim.name} rolls Athlete {r.total} vs {challenge} "
                f"({len(route)} hex{'es' if len(route) > 1 else ''} to safety): "
                + ("leaps clear" if clear else "fails"),
                victim.name,
                {**r.data(), "challenge": challenge, "success": clear},
            )
        )
        if clear:
            where = state.battle.label(route[-1])
            return events + shift(state, victim, route, f"{victim.name} leaps to {where}")
    for v in [victim] + riders:
        events.append(
            Event(
                "roll",
                f"{v.name} is caught: damage {raw}, Protection {state.protection(v)}",
                v.name,
                {"raw_damage": raw, "protection": state.protection(v)},
            )
        )
        if v.mount:
            events += keep_seat(state, v, raw, dice)
        events += wound(state, f.name, v, max(0, raw - state.protection(v)))
    return events


def area_odds(state: DoxState, p: AreaPlan) -> Prediction:
    """Exact odds of an area attack hitting its hex, and its damage before Protection."""
    need = p.challenge - p.rating - p.bonus
    more = power(p.attacker, p.weapon)  # dox + weapon (+ Strength) before Protection
    raw = {dox + more: q for dox, q in chances(state, need).items() if dox > 0}
    hit = sum(raw.values(), ZERO)
    return odds(
        state,
        need + 1,
        hit,
        raw,
        {"hits the area": hit},
        f"{p.rating} vs more than {p.challenge} (damage before Protection; each figure may leap clear)",
    )
