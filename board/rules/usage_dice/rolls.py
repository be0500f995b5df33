"""Ability tests, armor rolls and usage-die wear: the dice rules every action shares, the log lines
of a test and the wear it causes; dealing damage: armor, nimble dodge, sundering a shield, and
wounds by the Power roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.usage_dice.gear import Item, hindered, step_down, step_up
from board.rules.usage_dice.state import Figure, UDState


# Reading of "setbacks (4-5)" and "multiple successes (6++)": the best die of a test
# succeeds on 4 or more; 4-5 is a success with a setback; 6+ on two or more dice is a critical.
SUCCESS = 4
FULL = 6


def grade_of(best: int, fulls: int) -> str:
    """A test's grade by its best die and how many dice show 6+: fail (best 1-3), setback (best
    4-5), success (a 6+) or critical (two or more 6+); its odds read the same (predict.py)."""
    return "fail" if best < SUCCESS else "setback" if best < FULL else "critical" if fulls >= 2 else "success"


def adjust(die: int, mode: int) -> int:
    """A die with help (+1: a step up), hindrance (-1: a step down) or neither."""
    return step_up(die) if mode > 0 else hindered(die) if mode < 0 else die


@dataclass(frozen=True)
class AbilityRoll:
    """A rolled test: the ability die first, then one die per item."""

    ability: str
    sides: tuple[int, ...]
    faces: tuple[int, ...]
    grade: str

    @property
    def success(self) -> bool:
        return self.grade != "fail"

    @property
    def item_faces(self) -> tuple[int, ...]:
        return self.faces[1:]


def dice_of_test(ability_die: int, items: list[Item], mode: int, item_mode: int = 0) -> tuple[int, ...]:
    """The dice a test rolls: the ability die, then every item's usage die (item_mode: a further
    help or hindrance of the items' dice alone; at most one step either way)."""
    items_step = max(-1, min(1, mode + item_mode))
    return (adjust(ability_die, mode),) + tuple(adjust(i.die, items_step) for i in items)


def ability_die(f: Figure, ability: str) -> int:
    return f.power if ability == "power" else f.grace


class TestDice(NamedTuple):
    """A test's dice: who tests, the ability and the items rolled, the help or hindrance of the
    test (mode) and of the items alone besides (item_mode), and whether a defender ripostes."""

    tester: Figure
    ability: str
    items: list[Item]
    mode: int
    item_mode: int = 0
    riposte: bool = False

    @property
    def sides(self) -> tuple[int, ...]:
        return dice_of_test(ability_die(self.tester, self.ability), self.items, self.mode, self.item_mode)


def roll_test(test: TestDice, dice: DiceSource) -> AbilityRoll:
    """Roll the ability die and the items' dice; the highest result counts."""
    sides = test.sides
    faces = tuple(dice.roll(s) for s in sides)
    return AbilityRoll(test.ability, sides, faces, grade_of(max(faces), sum(face >= FULL for face in faces)))


def best_ability(f: Figure, wanted: str | None) -> str:
    """The ability named, or the better die of the two (Power on a tie)."""
    if wanted in ("power", "grace"):
        return wanted
    return "grace" if f.grace > f.power else "power"


def armor_sides(f: Figure, ranged: bool) -> tuple[int, ...]:
    """Every armor die; against a ranged hit all at hindrance."""
    return tuple(hindered(a.die) if ranged else a.die for a in f.armor)


def step_item(owner: Figure, item: Item, steps: int = 1) -> str:
    """Step an item's usage die down; a piece stepped off the ladder breaks. Returns a log phrase."""
    if not item.wears:
        return ""
    new = step_down(item.die, steps)
    old = item.die
    if new is None:
        for pile in (owner.weapons, owner.armor):
            if item in pile:
                pile.remove(item)
        return f"{owner.name}'s {item.name} d{old} breaks"
    item.die = new
    return f"{owner.name}'s {item.name} steps down d{old} -> d{new}"


def attack_event(f: Figure, verb: str, roll: AbilityRoll, items) -> Event:
    dice_text = " + ".join(
        [f"{roll.ability.title()} d{roll.sides[0]}"] + [f"{i.name} d{s}" for i, s in zip(items, roll.sides[1:])]
    )
    return Event(
        "attack",
        f"{f.name} {verb} ({dice_text}): best {max(roll.faces)}, {roll.grade}",
        f.name,
        {
            "ability": roll.ability,
            "sides": list(roll.sides),
            "faces": list(roll.faces),
            "grade": roll.grade,
            "roll": max(roll.faces),
            "needed": "4+",
            "hit": roll.success,
        },
    )


def wear_ones(state: UDState, owner: Figure, items, faces: tuple[int, ...]) -> list[Event]:
    """Dual wielding and heavy armor: 'On any roll of 1, reduce that piece of equipment's Usage Die
    by one step' (faces: the items' own; two or more pieces rolled together, a lone piece too
    when the option says so)."""
    if len(items) < 2 and not state.options.lone_item_wear:
        return []
    phrases = [step_item(owner, item) for item, face in zip(list(items), faces) if face == 1]
    return [Event("wear", p, owner.name, {}) for p in phrases if p]  # gear that does not wear gives ""


def wear_and_tear(state: UDState, tester: Figure, items, roll: AbilityRoll, foe: Figure | None) -> list[Event]:
    """A setback blunts the tester's piece that did the work; a critical steps the foe's armor."""
    out = []
    if roll.grade == "setback" and state.options.setback_wear and items:
        item = items[roll.item_faces.index(max(roll.item_faces))]  # the first on a tie
        if item in tester.weapons or item in tester.armor:
            out.append(step_item(tester, item))
    if roll.grade == "critical" and state.options.critical_wear and foe is not None and foe.armor:
        out.append(step_item(foe, max(foe.armor, key=lambda a: a.die)))
    return [Event("wear", p, tester.name, {"grade": roll.grade}) for p in out if p]


@dataclass(frozen=True)
class Absorbed:
    """Damage past armor, then what nimble dodge and a sundered shield took off it."""

    past_armor: int
    dodged: int
    sundered: bool
    remaining: int


def absorb(f: Figure, damage: int, armor: int, bearing_shield: bool | None = None) -> Absorbed:
    """Armor reduces the damage; a lightly armored figure dodges with fatigue ("1 for 1"),
    then a borne shield is sundered to "reduce any remaining damage to 0".
    bearing_shield: whether a shield is still borne after the armor roll (None: f's own)."""
    past = max(0, damage - armor)
    left = past
    dodged = 0
    if left and f.dodge and not any(a.kind == "heavy" for a in f.armor):  # helmets, shields: light
        dodged = min(left, max(0, f.fatigue_limit - f.fatigue))
        left -= dodged
    bearing = f.shield is not None if bearing_shield is None else bearing_shield
    sundered = bool(left and f.sunder and bearing)
    return Absorbed(past, dodged, sundered, 0 if sundered else left)


def wound_kind(power: int, face: int, remaining: int) -> str | None:
    """The wound from the Power roll against the remaining damage (None: not wounded):
    higher -> incidental; lower or equal -> debilitating (incapacitated); a 1 -> severe
    (Power steps down, and incapacitated too: 1 is never higher); a 1 on d2 -> mortal."""
    if remaining <= 0:
        return None
    if face == 1:
        return "mortal" if power <= 2 else "severe"
    return "incidental" if face > remaining else "debilitating"


def take_hit(
    state: UDState,
    f: Figure,
    damage: int,
    dice: DiceSource,
    source: str,
    *,
    ranged: bool = False,
    ignore_armor: bool = False,
) -> list[Event]:
    """Resolve damage dealt to f: the armor and Power rolls, dodge, sunder and the wound."""
    sides = () if ignore_armor else armor_sides(f, ranged)
    pieces = list(f.armor) if not ignore_armor else []
    armor_faces = tuple(dice.roll(s) for s in sides)
    power_face = dice.roll(f.power)
    armor = max(armor_faces, default=0)
    # The armor roll and its 1s' wear come first; only then "If bearing a shield, they can
    # sunder it": a shield its own die broke is no longer borne.
    wear = wear_ones(state, f, pieces, armor_faces)
    # Damage that "ignores armor" (fire, the GM's) is not dodged or stopped by a shield either.
    result = Absorbed(damage, 0, False, damage) if ignore_armor else absorb(f, damage, armor)
    data = {
        "damage": damage,
        "armor_sides": list(sides),
        "armor_faces": list(armor_faces),
        "armor": armor,
        "power_die": f.power,
        "power_face": power_face,
        "past_armor": result.past_armor,
        "dodged": result.dodged,
        "sundered": result.sundered,
        "taken": result.remaining,
        "source": source,
    }
    armor_text = (
        "no armor roll" if ignore_armor else (f"armor {armor}" + (" (at hindrance)" if ranged and sides else ""))
    )
    text = f"{f.name} is dealt {damage}: {armor_text}, Power d{f.power} rolls {power_face}"
    events = [Event("damage_roll", text, f.name, data)]
    if result.dodged:
        f.fatigue += result.dodged
        events.append(
            Event(
                "status",
                f"{f.name} dodges nimbly: {result.dodged} fatigue ({f.fatigue}/{f.fatigue_limit})",
                f.name,
                {"fatigue": f.fatigue, "dodged": result.dodged},
            )
        )
    if result.sundered:
        shield = f.shield
        assert shield is not None  # only a shield is sundered
        f.armor.remove(shield)
        events.append(
            Event("status", f"{f.name} sunders the {shield.name} to stop the blow", f.name, {"sundered": shield.name})
        )
    events += wear
    events += wound(f, power_face, result.remaining)
    return events


def wound(f: Figure, power_face: int, remaining: int) -> list[Event]:
    """Apply the wound the Power roll gives against the remaining damage."""
    kind = wound_kind(f.power, power_face, remaining)
    data = {"taken": remaining, "power_face": power_face, "wound": kind}
    if kind is None:
        return [Event("damage", f"{f.name} is bruised but not hurt", f.name, data)]
    f.wounds.append(kind)
    lost = ""
    if kind == "severe":  # the Power die steps down
        old, f.power = f.power, step_down(f.power) or f.power
        lost, data["power"] = f", Power d{old} -> d{f.power}", f.power
    article = "an" if kind == "incidental" else "a"
    events = [Event("damage", f"{f.name} takes {remaining}: {article} {kind} wound{lost}", f.name, data)]
    if kind == "mortal":
        f.status = "dead"
        return events + [Event("dies", f"{f.name} dies", f.name, {"status": "dead"})]
    if kind != "incidental":
        f.status = "incapacitated"
        events.append(Event("unconscious", f"{f.name} is incapacitated", f.name, {"status": "incapacitated"}))
    return events
