"""Stunts (shove, trip, disarm, sunder armor) and the other actions: reload, revive, pick up."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.kernel.events import WAKES, moved
from board.rules.usage_dice.board_geometry import shove_destination
from board.rules.usage_dice.damage import take_hit
from board.rules.usage_dice.defend import defend_yourself
from board.rules.usage_dice.gear import catalogue
from board.rules.usage_dice.rolls import best_ability, roll_test, step_item
from board.rules.usage_dice.state import Figure, UDState
from board.rules.usage_dice.tear import attack_event, wear_and_tear, wear_ones


def stunt(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    """'Resolved with an ability test': the ability die and weapon dice; no damage directly."""
    t = state.figures[d["target"]]
    weapons = f.melee
    action = d["action"]
    name = action.replace("_", " ")
    if d.get("defence"):  # the GM's figure tries it on a player's: the player tests
        return defend_yourself(state, f, t, d, dice, lambda: EFFECTS[action](state, f, t, dice),
                               lambda: [Event("miss", f"{t.name} resists the {name}", t.name, {})])
    roll = roll_test(f, best_ability(f, d["ability"]), weapons, d["edge"], dice)
    events = [attack_event(f, f"tries to {name} {t.name}", roll, weapons)]
    events += wear_ones(state, f, weapons, roll)
    if not roll.success:
        return events + [Event("miss", f"{t.name} resists the {name}", f.name, {})]
    events += EFFECTS[action](state, f, t, dice)
    return events + wear_and_tear(state, f, weapons, roll, None)


def _shove(state: UDState, f: Figure, t: Figure, dice: DiceSource) -> list[Event]:
    dest, why = shove_destination(state, f, t)
    if dest is None:  # checked before the roll; kept for safety
        return [Event("miss", why, t.name, {})]
    t.hex = dest
    events = [moved(t.name, [dest], f"{f.name} shoves {t.name} into {state.battle.label(dest)}", forced=True)]
    if state.battle.terrain_at(dest).kind == "fire":
        # Indirect damage: "pushing an enemy off of a ledge". Fire ignores armor.
        sides = catalogue().hazards["fire"]
        burn = dice.roll(sides)
        events.append(Event("roll", f"The fire burns {t.name}: d{sides} rolls {burn}", t.name,
                            {"faces": [burn], "sides": [sides]}))
        events += take_hit(t, burn, dice, ignore_armor=True, source="fire")
    return events


def _trip(state: UDState, f: Figure, t: Figure, dice: DiceSource) -> list[Event]:
    t.prone = True
    return [Event("falls", f"{f.name} trips {t.name}: prone, standing up takes the move", t.name,
                  {"posture": "prone"})]


def _disarm(state: UDState, f: Figure, t: Figure, dice: DiceSource) -> list[Event]:
    held = [w for w in t.weapons if w.kind == "melee"]
    if not held:  # its last one broke on its own 1s as it riposted
        return [Event("miss", f"{t.name} has no weapon left to disarm", t.name, {})]
    weapon = max(held, key=lambda w: w.die)
    t.weapons.remove(weapon)
    state.items.setdefault(t.hex, []).append(weapon)
    return [Event("status", f"{f.name} disarms {t.name}: the {weapon.name} falls at "
                            f"{state.battle.label(t.hex)}", t.name, {"dropped": weapon.name})]


def _sunder_armor(state: UDState, f: Figure, t: Figure, dice: DiceSource) -> list[Event]:
    if not t.armor:  # its last piece broke on its own 1s as it defended
        return [Event("miss", f"{t.name} has nothing left to sunder", t.name, {})]
    piece = max(t.armor, key=lambda a: a.die)
    return [Event("wear", f"{f.name} sunders armor: " + step_item(t, piece), t.name, {})]


EFFECTS = {"shove": _shove, "trip": _trip, "disarm": _disarm, "sunder_armor": _sunder_armor}


def reload(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    weapon = next(w for w in f.ranged if not w.loaded)
    weapon.loaded = True
    return [Event("status", f"{f.name} reloads the {weapon.name}", f.name, {"reloaded": weapon.name})]


def revive(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    """'...or when a companion revives them': back in the fight, next turn."""
    t = state.figures[d["target"]]
    t.status = "ok"
    t.moved = t.acted = t.done = True
    return [Event(WAKES, f"{f.name} revives {t.name}", t.name, {"status": "ok"})]


def pick_up(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    pile = state.items[f.hex]
    item = next(i for i in pile if i.name == d["item"])
    pile.remove(item)
    if not pile:
        del state.items[f.hex]
    f.weapons.append(item)
    return [Event("status", f"{f.name} picks up the {item.name}", f.name, {"picked_up": item.name})]


def stance(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    settings = d["settings"]
    for key, value in settings.items():
        setattr(f, key, value if key == "defence" else bool(value))
    # A player reads "dodge on", never "dodge True".
    words = ", ".join(f"{k} {v if k == 'defence' else ('on' if v else 'off')}" for k, v in settings.items())
    return [Event("status", f"{f.name}'s stance: {words}", f.name, dict(settings))]


def done(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    return [Event("status", f"{f.name} ends its turn", f.name, {})]
