"""Taking damage: armor, Effective Strength, unconsciousness, death, falling down, the burns of a
path through fire (a figure pushed back may land in flames: the damage loops back here), recovery
and the fatigue of heavy loads."""

from __future__ import annotations

from board.dice import Dice, DiceSource, check, roll
from board.footprints import footprint_cells
from board.hexgrid import Hex, direction_between, hex_linedraw, hex_neighbor
from board.rules.base import Event
from board.rules.kernel.events import damaged, moved
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import adj_dx, armor_against, load_kg
from board.words import pronoun


def split_damage(raw: int, armor: int, kind: str, nonlethal_rule: bool, body_armor: bool) -> tuple[int, int]:
    """What gets through armor as (lethal, nonlethal), by the Optional Nonlethal Damage Rule.

    "Bludgeoning, which do 1/3 of their damage as Lethal and 2/3 as Nonlethal" (lethal
    rounded down); "Armor stops Lethal damage first"; "Cloth/Padded Armor stops 1 Lethal and
    2 Nonlethal, and is assumed to be worn under all other armor types".
    """
    if not nonlethal_rule:
        return max(0, raw - armor), 0
    lethal, nonlethal = {
        "damaging": (raw, 0),
        "stunning": (0, raw),
        "bludgeoning": (raw // 3, raw - raw // 3),
        "shock": (raw, raw),
    }[kind]
    stop_lethal = min(lethal, armor)
    stop_nonlethal = (armor - stop_lethal) + (2 if body_armor else 0)
    return lethal - stop_lethal, max(0, nonlethal - stop_nonlethal)


def down(state: WWState, f: FigureState, lethal: int, damage: int) -> tuple[bool, bool]:
    """(dead, unconscious) for f with that much lethal damage, and damage in all: "Effective
    Strength reaches 1 ... 0"; under the Optional Nonlethal Damage Rule, he "falls unconscious when
    he has taken a total amount damage ... equal to his Strength, but only dies when his Lethal
    damage equals his Strength score"."""
    if state.options.nonlethal_damage:
        return lethal >= f.st, damage >= f.st
    return f.st - damage <= 0, f.st - damage <= 1


def update_status(state: WWState, f: FigureState) -> list[Event]:
    """Unconscious or dead from damage taken."""
    if f.status == "dead":
        return []
    dead, out = down(state, f, f.lethal, f.damage)
    if dead:
        f.status, f.posture = "dead", "fallen"
        return [Event("dies", f"{f.name} dies", f.name)]
    if out and f.status == "ok":
        f.status, f.posture = "unconscious", "fallen"
        if state.options.nonlethal_damage and f.lethal * 2 > f.st:
            f.out_for_combat = True  # "won't wake up during this combat"
        return [Event("unconscious", f"{f.name} falls unconscious", f.name, {"out_for_combat": f.out_for_combat})]
    return []


def spend_st(state: WWState, f: FigureState, amount: int) -> None:
    """Strength spent, not a blow (a spell's cost, fatigue): nonlethal under the Optional
    Nonlethal Damage Rule, lethal without it."""
    if state.options.nonlethal_damage:
        f.nonlethal += amount
    else:
        f.lethal += amount


def take_damage(
    state: WWState,
    target: FigureState,
    raw: int,
    armor: int,
    dice: DiceSource,
    kind: str = "damaging",
    attacker: FigureState | None = None,
) -> list[Event]:
    """Apply a hit of raw damage against armor; falls and status follow."""
    lethal, nonlethal = split_damage(raw, armor, kind, state.options.nonlethal_damage, bool(target.armor))
    total = lethal + nonlethal
    target.lethal += lethal
    target.nonlethal += nonlethal
    record = target.turn
    record.damage_before_armor += raw
    record.damage_after_armor += total
    record.spoiled = record.spoiled or total > 0
    events = [
        damaged(
            target.name,
            total,
            f"{target.name} takes {total} damage" + (f" ({raw} rolled, armor {armor})" if armor and raw else ""),
            raw=raw,
            armor=armor,
            lethal=lethal,
            nonlethal=nonlethal,
            st=target.effective_st,
            st_max=target.st,
        )
    ]
    events += update_status(state, target)
    if target.status == "ok":
        events += _falls(state, target, dice, attacker, raw, total)
    return events


def _falls(
    state: WWState, f: FigureState, dice: DiceSource, attacker: FigureState | None, raw: int, taken: int
) -> list[Event]:
    """ "A character that takes 8 or more damage in a single Turn falls down."

    Each total counts on the hit that first brings it to 8 this turn, so the DEX check is made
    once, and a later hit that brings the damage after armor to 8 still knocks him down.
    """
    record = f.turn
    if f.posture in ("fallen", "prone"):
        return []
    if record.damage_after_armor >= 8 > record.damage_after_armor - taken:
        f.posture = "fallen"
        return [Event("falls", f"{f.name} falls down ({record.damage_after_armor} damage this turn)", f.name)]
    if record.damage_before_armor >= 8 > record.damage_before_armor - raw:
        # "a Dexterity Check at -2 (no penalty if he has the Acrobatics Skill)"
        target = adj_dx(state, f) - (0 if f.has_skill("Acrobatics") else 2)
        result = check(3, target, dice)
        data = {"faces": list(result.faces), "target": target, "success": result.success}
        if not result.success:
            f.posture = "fallen"
            return [Event("falls", f"{f.name} fails a DEX check ({result.total} vs {target}) and falls", f.name, data)]
        pushed = push_back(state, f, attacker)
        kept = f"{f.name} keeps {pronoun(f, 'their')} feet ({result.total} vs {target})"
        events = [Event("staggers", kept, f.name, data, tone="hurt")]
        if pushed:
            events.append(
                moved(f.name, [pushed], f"{f.name} is pushed back to {state.battle.label(pushed)}", forced=True)
            )
            f.turn.displaced = True  # pushed: it did not stay put, but it did not move either
            events += after_move(state, f, [pushed], dice)
        return events
    return []


def push_back(state: WWState, f: FigureState, attacker: FigureState | None) -> Hex | None:
    """Move f one hex straight away from the attacker, if that hex is free ("moved back one hex")."""
    if attacker is None:
        return None
    line = hex_linedraw(attacker.hex, f.hex)
    step = direction_between(line[-2], line[-1]) if len(line) > 1 else None  # a line's hexes touch
    direction = (f.facing + 3) % 6 if step is None else step
    new = hex_neighbor(f.hex, direction)
    occupied = state.occupant_map(ignore=f.name)
    if all(state.battle.passable(c) and c not in occupied for c in footprint_cells(f.size, new, f.facing)):
        f.hex = new
        return new
    return None


def fire_at(state: WWState, f: FigureState, anchor: Hex, facing: int | None = None) -> str | None:
    """The fire under f's footprint at anchor: "coals", "flames", or None if none burns."""
    fires = state.battle.fires
    if not fires:
        return None
    stages = {fires[c] for c in footprint_cells(f.size, anchor, f.facing if facing is None else facing) if c in fires}
    return "coals" if "coals" in stages else ("flames" if stages else None)


def burn(state: WWState, f: FigureState, dice_expr: Dice, why: str, dice: DiceSource) -> list[Event]:
    """Roll fire damage and apply it; armor counts half ("protects with half its value")."""
    rolled = roll(dice_expr, dice)
    raw = max(0, rolled.total)
    armor = sum(n for _, n in armor_against(state, f, "front", fire=True))
    text = f"{f.name} burns ({why}): {dice_expr} rolls {rolled.total}" + ("" if raw else ", no damage")
    events = [
        Event(
            "burns",
            text,
            f.name,
            {"dice": str(dice_expr), "faces": list(rolled.faces), "total": raw, "armor": armor, "cause": why},
            tone="fire",
        )
    ]
    if raw:
        events += take_damage(state, f, raw, armor, dice)
    return events


def after_move(state: WWState, f: FigureState, path: list[Hex], dice: DiceSource) -> list[Event]:
    """Damage for moving through and stopping in burning hexes.

    "A character moving through a burning hex takes 1d6-4 damage, +2 per additional hex moved
    through. A character who stops in a burning hex takes 1d6-2 damage. ... If the fire has
    burned down to hot coals, add +1d6 to the damage".
    """
    if not path or not state.battle.fires:  # most maps: no hex burns
        return []
    events: list[Event] = []
    through = [stage for stage in (fire_at(state, f, h) for h in path[:-1]) if stage]
    if through:
        expr = Dice(1 + ("coals" in through), 6, -4 + 2 * (len(through) - 1))
        n = len(through)
        events += burn(state, f, expr, f"moving through {n} burning hex{'es' if n > 1 else ''}", dice)
    stage = fire_at(state, f, path[-1])
    if stage and f.status != "dead":
        expr = Dice(1 + (stage == "coals"), 6, -2)
        events += burn(state, f, expr, "stopping in " + ("hot coals" if stage == "coals" else "flames"), dice)
    return events


def can_wake(state: WWState, f: FigureState) -> bool:
    """Whether an unconscious figure's damage now lets it wake."""
    if f.status != "unconscious" or f.out_for_combat:
        return False
    if state.options.nonlethal_damage:
        # "He becomes conscious once he recovers more STR than the amount of lethal damage"
        return f.effective_st > f.lethal
    return f.effective_st > 1


def end_of_turn(state: WWState, dice: DiceSource) -> list[Event]:
    """Breathers and recovery while unconscious (Optional Nonlethal Damage Rule)."""
    if not state.options.nonlethal_damage:
        return []
    events = []
    for f in state.figures.values():
        resting = f.turn.stance == "breather" and f.status == "ok"
        # "A character who goes unconscious essentially spends every turn taking a breather":
        # damage through armor that turn spoils his recovery as it spoils a breather.
        sleeping = f.status == "unconscious" and not f.out_for_combat
        if not (resting or sleeping) or f.turn.spoiled or f.nonlethal == 0:
            continue
        got = roll(Dice(1, 6), dice)
        healed = min(f.nonlethal, got.total)
        f.nonlethal -= healed
        data = {"faces": list(got.faces), "recovered": healed, "st": f.effective_st}
        events.append(Event("recovers", f"{f.name} recovers {healed} nonlethal damage", f.name, data))
        if sleeping and can_wake(state, f):
            f.status = "ok"
            events.append(Event("wakes", f"{f.name} regains consciousness", f.name))
    return events


TURN_SECONDS = 5  # the text gives no turn length: an assumption (docs/rules-notes.md)
FATIGUE_EVERY = 2 * 60 // TURN_SECONDS  # "-1 STR every 2 minutes": 24 turns
FATIGUE_FOR = 10 * 60 // TURN_SECONDS  # "Max of 10 minutes": 120 turns, 5 points at most


def fatigue(state: WWState) -> list[Event]:
    """Heavy loads: "5-7x STR in kg: -6 to Movement. -1 STR every 2 minutes (nonlethal/fatigue).
    Max of 10 minutes." Each turn in the band counts; every 24th costs 1 ST, for 10 minutes at
    most. Fatigue is spent Strength, like a spell's cost: nonlethal under the Optional Nonlethal
    Damage Rule, lethal without it; no armor, no fall."""
    events: list[Event] = []
    for f in state.figures.values():
        burdened = 5 * f.st < load_kg(state, f) <= 7 * f.st  # in the 5-7x STR band
        if not f.up or not burdened or f.burdened_turns >= FATIGUE_FOR:
            continue
        f.burdened_turns += 1
        if f.burdened_turns % FATIGUE_EVERY:
            continue
        spend_st(state, f, 1)
        minutes = f.burdened_turns * TURN_SECONDS // 60
        events.append(
            Event(
                "fatigue",
                f"{f.name} tires under {pronoun(f, 'their')} load: -1 ST ({minutes} minutes "
                f"carrying 5-7x {pronoun(f, 'their')} ST)",
                f.name,
                {"minutes": minutes, "st": f.effective_st},
            )
        )
        events += update_status(state, f)
    return events
