"""Strikes: Offense roll minus Defense is the dox; damage = dox + Strength + weapon - Protection.

Also the strike to disarm, and what an attack plan holds (shared with the prediction)."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.dox.moves import whose_turn
from board.rules.dox.rolls import Defense, carry_penalty, defense, reach, trait_roll
from board.rules.dox.sheet import Weapon
from board.rules.dox.state import DoxState, Fig
from board.rules.dox.wounds import keep_seat, wound

SURPRISE_BONUS = 3  # "a +3 for throwing a punch with his off hand rather than stabbing"


@dataclass(frozen=True)
class StrikePlan:
    """Everything a strike needs before the dice: the same numbers drive the prediction."""

    attacker: Fig
    target: Fig
    weapon: Weapon
    rating: int  # the Offense trait's rating
    modifiers: tuple[tuple[str, int], ...]
    defense: Defense
    range_challenge: int
    ranged: bool
    pull: int  # damage held back ("the hilt of a dagger or flat of a sword blade")
    disarm: bool = False

    @property
    def challenge(self) -> int:
        """What the Offense roll must reach: Defense plus the ranged challenge."""
        return self.defense.value + self.range_challenge

    @property
    def bonus(self) -> int:
        """The sum of the roll's modifiers."""
        return sum(m for _, m in self.modifiers)

    @property
    def power(self) -> int:
        """What the blow adds to the dox: Strength (if the weapon takes it) + weapon - pull."""
        return (self.attacker.strength if self.weapon.strength else 0) + self.weapon.damage - self.pull

    def raw_damage(self, dox: int) -> int:
        """Damage before Protection (the Rider roll's challenge)."""
        return dox + self.power

    def wounds(self, state: DoxState, dox: int) -> int:
        """"add the dox of the attack roll to the attacker's Strength and weapon and subtract the
        victim's Protection. The result is the number of the wounds inflicted." """
        return max(0, self.raw_damage(dox) - state.protection(self.target))


def actor(state: DoxState, command: Command) -> Fig:
    """The figure giving an action command: it must be its turn and it must not have acted."""
    f = whose_turn(state, command)
    if f.acted:
        raise Refusal(f"{f.name} has already taken his action this turn")
    return f


def foe(state: DoxState, f: Fig, command: Command) -> Fig:
    """The figure aimed at: on the map, up, not the actor."""
    target = state.figures.get(command.target or "")
    if target is None:
        raise Refusal(f'no figure named "{command.target}"' if command.target else "choose a target")
    if target.name == f.name:
        raise Refusal(f"{f.name} cannot aim at himself")
    if not target.up:
        raise Refusal(f"{target.name} is already down")
    return target


def close_combat(state: DoxState, f: Fig) -> str | None:
    """Whether the figure is in a grapple (as grappler or victim), for the weapons it may use."""
    if state.hold_by(f.name):
        return f"holding {state.hold_by(f.name).victim}"
    if state.holds_on(f.name):
        return "restrained"
    return None


def plan_strike(state: DoxState, command: Command, disarm: bool = False) -> StrikePlan:
    """Check a strike (or a strike to disarm) and work out its numbers."""
    f = actor(state, command)
    target = foe(state, f, command)
    if f.posture == "prone":
        raise Refusal(f"{f.name} is prone: stand up first")
    weapon = state.weapon(f)
    surprise = bool(command.params.get("surprise_bonus"))
    if surprise:
        weapon = _surprise_attack(state, f, target, weapon, disarm)
    grappling = close_combat(state, f)
    if grappling and not weapon.close:
        # "larger weapons - including shields, capes, and such - are useless in close combat"
        raise Refusal(f"{f.name} is {grappling}: a {weapon.name} is useless in close combat")
    how = reach(state, f, target.hex, weapon)
    if isinstance(how, str):
        raise Refusal(how)
    mode, range_challenge = how
    if disarm and state.weapon(target).size == "natural":
        raise Refusal(f"{target.name} holds nothing to knock away")
    mods: list[tuple[str, int]] = []
    if carry_penalty(state, f):
        mods.append(("the victim's weight", carry_penalty(state, f)))
    if weapon.area and not disarm:
        # "area attacks directed at an individual are resolved as normal attacks, but with
        # bonuses to the attack roll for the size of the area"
        mods.append(("area weapon", 2 * weapon.area))
    if surprise:
        mods.append(("surprise", SURPRISE_BONUS))
    pull = command.params.get("pull", 0)
    power = (f.strength if weapon.strength else 0) + weapon.damage
    if not isinstance(pull, int) or not 0 <= pull <= max(0, power):
        raise Refusal(f"pull the blow by 0 to {max(0, power)} (Strength + weapon), not {pull!r}")
    rating = f.marksman if weapon.offense == "marksman" else f.warrior
    return StrikePlan(f, target, weapon, rating, tuple(mods), defense(state, f, target, weapon),
                      range_challenge, mode == "ranged", pull, disarm)


def _surprise_attack(state: DoxState, f: Fig, target: Fig, weapon: Weapon, disarm: bool) -> Weapon:
    """"A character using a sword could gain a +3 for throwing a punch with his off hand rather
    than stabbing with the weapon ... only ... against those whose fighting ability is less than
    the attacker, and ... not more than once against the same opponent": a bare-handed blow
    (the Fist, its damage) instead of the weapon in hand."""
    if disarm:
        raise Refusal("the surprise bonus is for a strike, not a strike to disarm")
    if weapon.size == "natural":
        raise Refusal(f"{f.name} fights bare-handed already: no less expected attack to make")
    if target.warrior >= f.warrior:
        raise Refusal(f"the surprise bonus works only on a worse fighter than {f.name}")
    if target.name in f.surprised_by_me:
        raise Refusal(f"{f.name} has already used the surprise bonus on {target.name}")
    return state.gear.weapon("Fist")


def surprise_open(state: DoxState, f: Fig) -> bool:
    """Whether a surprise punch could be offered to f against anyone now."""
    return state.weapon(f).size != "natural" and any(
        g.up and g.team != f.team and g.warrior < f.warrior and g.name not in f.surprised_by_me
        for g in state.figures.values())


def strike(state: DoxState, command: Command, dice: DiceSource, disarm: bool = False) -> list[Event]:
    """Resolve a strike: roll Offense, find the dox, wound (or knock the object away)."""
    p = plan_strike(state, command, disarm)
    f, target = p.attacker, p.target
    f.acted = True
    if any(name == "surprise" for name, _ in p.modifiers):
        f.surprised_by_me += (target.name,)
    if p.defense.guard:
        state.figures[p.defense.guard].guarding = None  # "Each ... assisted block counts as an action"
    r = trait_roll(state, p.rating, p.bonus, dice)
    dox = r.total - p.challenge
    verb = "strikes to disarm" if disarm else "strikes at"
    guard = f", {p.defense.guard} blocking" if p.defense.guard else ""
    data = {**r.data(), "target": target.name, "defense": p.defense.value, "using": p.defense.using,
            "range_challenge": p.range_challenge, "dox": dox, "hit": dox >= 0}
    text = (f"{f.name} {verb} {target.name} with the {p.weapon.name}: {r.total} vs "
            f"{p.challenge} ({p.defense.using}{guard}), dox {dox}")
    events = [Event("attack", text, f.name, data)]
    if p.ranged and p.weapon.thrown:
        events += _thrown_away(state, f, p.weapon, target)
    if dox < 0:
        return events + [Event("miss", f"{f.name} misses {target.name}", f.name, {"target": target.name})]
    if disarm:
        return events + knock_away(state, target, f.name)
    raw = p.raw_damage(dox)
    events.append(Event("roll", f"damage {dox} + {p.power} = {raw}, Protection "
                                f"{state.protection(target)}", f.name,
                        {"raw_damage": raw, "protection": state.protection(target), "pull": p.pull}))
    if target.mount:
        events += keep_seat(state, target, raw, dice)
    return events + wound(state, f.name, target, p.wounds(state, dox))


def _thrown_away(state: DoxState, f: Fig, weapon: Weapon, target: Fig) -> list[Event]:
    """A thrown weapon leaves the hand and lands by the target (a bomb is used up)."""
    f.weapon = "Fist"
    if weapon.breaks:
        return [Event("status", f"the {weapon.name} is used up", f.name)]
    state.items.setdefault(target.hex, []).append(weapon.name)
    return [Event("status", f"the {weapon.name} lands at {state.battle.label(target.hex)}", f.name)]


def knock_away(state: DoxState, target: Fig, by: str) -> list[Event]:
    """"the defender's object is knocked away and will require an action to retrieve" """
    lost = target.weapon
    target.weapon = "Fist"
    state.items.setdefault(target.hex, []).append(lost)
    return [Event("status", f"{by} knocks the {lost} out of {target.name}'s hand: it lies at "
                            f"{state.battle.label(target.hex)}", target.name, {"item": lost})]
