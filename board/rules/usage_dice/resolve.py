"""Carrying out a turn: moving, engaging in combat, defending yourself, firing, stunts (shove,
trip, disarm, sunder armor) and the other actions: reload, revive, pick up."""

from __future__ import annotations

from collections.abc import Callable

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.kernel.events import STANDS, WAKES, moved
from board.rules.kernel.action import Action
from board.rules.kernel.ground import fall
from board.rules.usage_dice.actions import STUNTS, shove_destination, volley_weapon, wrong_target
from board.rules.usage_dice.gear import Item, catalogue
from board.rules.usage_dice.rolls import (
    attack_event,
    best_ability,
    TestDice,
    roll_test,
    step_item,
    take_hit,
    wear_and_tear,
    wear_ones,
)
from board.rules.usage_dice.state import Figure, UDState, advance


def spent(state: UDState, action: Action, f: Figure, dice: DiceSource) -> list[Event]:
    """What the action used up of f's turn: its move (move, stand up), its one action (all but
    stance and end turn) or the rest of it (end turn); then the next side, once this one is spent."""
    if action.id in ("move", "stand"):
        f.moved = True
    elif action.id == "pass":
        f.done = True
    elif action.id != "stance":
        f.acted = True
    if f.moved and f.acted:  # it has moved and taken its action: its turn is over
        f.done = True
    return advance(state)


def move(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    path = d["path"]
    f.hex = path[-1]
    word = "moves" if d["action"] == "move" else "makes a second move"
    return [moved(f.name, path, f"{f.name} {word} to {state.battle.label(f.hex)}")]


def stand(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    f.prone = False
    return [Event(STANDS, f"{f.name} stands up", f.name, {"posture": "standing"})]


def _rolled(who: Figure, said: str, weapons: list[Item], faces: tuple[int, ...]) -> Event:
    """The log line of weapon dice rolled outside a test: what is said, then each die's roll."""
    rolls = ", ".join(f"{w.name} d{w.die} rolls {x}" for w, x in zip(weapons, faces))
    return Event("roll", said + rolls, who.name, {"faces": list(faces), "sides": [w.die for w in weapons]})


def _strike(
    state: UDState, striker: Figure, victim: Figure, dice: DiceSource, why: str, weapons=None, ranged: bool = False
) -> list[Event]:
    """A blow the striker did not test for: its weapon dice (melee unless given) rolled afresh,
    the highest is damage."""
    weapons = weapons or striker.melee
    faces = tuple(dice.roll(w.die) for w in weapons)
    events = [_rolled(striker, f"{why}: {striker.name}'s ", weapons, faces)]
    events += wear_ones(state, striker, weapons, faces)
    return events + take_hit(state, victim, max(faces), dice, striker.name, ranged=ranged)


def attack(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    """Engage, fire or a stunt: the attacker tests (ability die and weapon dice) unless the
    player's figure defends itself. A stunt: "resolved with an ability test", no damage directly."""
    t = state.figures[d["target"]]
    action, name = d["action"], d["action"].replace("_", " ")
    if d.get("defence") and action == "shoot":
        return _shot_defended(state, f, t, d, dice)
    if d.get("defence") and action == "engage":
        return defend_yourself(state, f, t, d, dice, lambda: _strike(state, f, t, dice, f"{f.name} hits {t.name}"))
    if d.get("defence"):  # the GM's figure tries a stunt on a player's: the player tests
        return defend_yourself(
            state,
            f,
            t,
            d,
            dice,
            lambda: EFFECTS[action](state, f, t, dice),
            lambda: [Event("miss", f"{t.name} resists the {name}", t.name, {})],
        )
    into_melee = action == "shoot" and bool(state.enemies_adjacent(t))
    test = test_dice(state, f, t, d)
    weapons = test.items
    note = " into a melee, at hindrance" if into_melee else ""
    verbs = {"shoot": f"fires the {weapons[0].name} at {t.name}{note}", "engage": f"engages {t.name}"}
    verb = verbs.get(action, f"tries to {name} {t.name}")
    roll = roll_test(test, dice)
    events = [attack_event(f, verb, roll, weapons)]
    weapons[0].fire()
    events += wear_ones(state, f, weapons, roll.item_faces)
    if roll.success and action in STUNTS:
        events += EFFECTS[action](state, f, t, dice)
        return events + wear_and_tear(state, f, weapons, roll, None)
    if roll.success:
        events += take_hit(state, t, max(roll.item_faces), dice, f.name, ranged=action == "shoot")
        return events + wear_and_tear(state, f, weapons, roll, t)
    if action in STUNTS:
        return events + [Event("miss", f"{t.name} resists the {name}", f.name, {})]
    if action == "engage":
        events.append(Event("miss", f"Blows are traded: {t.name} hits {f.name}", f.name, {}))
        return events + _strike(state, t, f, dice, "The counterblow")
    other = wrong_target(state, f, t) if into_melee else None
    if other is not None:
        events.append(
            Event("miss", f"The shot goes wide and hits {other.name}", other.name, {"wrong_target": other.name})
        )
        return events + take_hit(state, other, roll.item_faces[0], dice, f.name, ranged=True)
    return events + _volley(state, t, f, dice)


def _shot_defended(state: UDState, f: Figure, t: Figure, d: dict, dice: DiceSource) -> list[Event]:
    """The GM's figure shoots at a player's: the player tests; a shot avoided in a melee still
    "hit[s] the wrong target"."""
    weapon = d["weapon"]
    weapon.fire()
    other = wrong_target(state, f, t) if state.enemies_adjacent(t) else None

    def wide() -> list[Event]:
        if other is None:
            return [Event("miss", f"{t.name} avoids {f.name}'s shot", t.name, {})]
        return _strike(state, f, other, dice, f"The shot goes wide and hits {other.name}", [weapon], True)

    return defend_yourself(
        state, f, t, d, dice, lambda: _strike(state, f, t, dice, f"{f.name}'s shot hits {t.name}", [weapon], True), wide
    )


def _volley(state: UDState, t: Figure, shooter: Figure, dice: DiceSource) -> list[Event]:
    """'On a failure, the target returns a volley', if it has a ranged weapon ready and in range."""
    weapon = volley_weapon(state, t, shooter)
    if weapon is None:
        return [Event("miss", f"{shooter.name}'s shot misses {t.name}", shooter.name, {})]
    face = dice.roll(weapon.die)
    weapon.fire()
    events = [_rolled(t, f"{t.name} returns a volley: ", [weapon], (face,))]
    return events + take_hit(state, shooter, face, dice, t.name, ranged=True)


def attacker_edge(state: UDState, details: dict) -> int:
    """The attacker's help or hindrance: a shot into a melee is at hindrance."""
    edge = details["edge"]
    if details["action"] == "shoot" and state.enemies_adjacent(state.figures[details["target"]]):
        edge -= 1
    return max(-1, min(1, edge))


def test_dice(state: UDState, f: Figure, t: Figure, details: dict) -> TestDice:
    """Who tests f's attack on t, with what: f, with its ability and weapon dice at its edge; or,
    when the player's figure defends itself, t: "Use weapon dice to riposte or counterattack, or
    armor dice to focus on defending", at the reverse of the attacker's edge. Against a shot the
    riposte is a volley, so it needs a ready ranged weapon in range (without one t defends with
    its armor), and "defenders roll all armor dice at hinderance"."""
    edge = attacker_edge(state, details)
    shot = details["action"] == "shoot"
    if not details.get("defence"):
        return TestDice(f, best_ability(f, details["ability"]), [details["weapon"]] if shot else f.melee, edge)
    volley = volley_weapon(state, t, f) if shot and details["defence"] == "riposte" else None
    if details["defence"] == "riposte" and (volley is not None or not shot):
        return TestDice(t, best_ability(t, None), t.melee if volley is None else [volley], -edge, 0, True)
    return TestDice(t, best_ability(t, None), list(t.armor), -edge, -1 if shot else 0)


def defend_yourself(
    state: UDState,
    f: Figure,
    t: Figure,
    details: dict,
    dice: DiceSource,
    on_hit: Callable[[], list[Event]],
    on_miss: Callable[[], list[Event]] | None = None,
) -> list[Event]:
    """t tests against f's attack; on_hit: what the attack does when the test fails; on_miss:
    what becomes of it when the test succeeds by defending (default: turned aside)."""
    test = test_dice(state, f, t, details)
    riposte, items = test.riposte, test.items
    ranged = details["action"] == "shoot"
    roll = roll_test(test, dice)
    verb = f"{'ripostes' if riposte else 'defends against'} {f.name}'s " + (
        "attack" if details["action"] == "engage" else "shot" if ranged else details["action"].replace("_", " ")
    )
    events = [attack_event(t, verb, roll, items)] + wear_ones(state, t, items, roll.item_faces)
    if not roll.success:
        return events + on_hit()
    if riposte:
        for w in items:
            w.fire()
        events += take_hit(state, f, max(roll.item_faces), dice, t.name, ranged=ranged)
        return events + wear_and_tear(state, t, items, roll, f)
    events += on_miss() if on_miss else [Event("miss", f"{t.name} turns the blow aside", t.name, {})]
    return events + wear_and_tear(state, t, items, roll, None)


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
        events.append(
            Event(
                "roll", f"The fire burns {t.name}: d{sides} rolls {burn}", t.name, {"faces": [burn], "sides": [sides]}
            )
        )
        events += take_hit(state, t, burn, dice, "fire", ignore_armor=True)
    return events


def _trip(state: UDState, f: Figure, t: Figure, dice: DiceSource) -> list[Event]:
    t.prone = True
    return [Event("falls", f"{f.name} trips {t.name}: prone, standing up takes the move", t.name, {"posture": "prone"})]


def _disarm(state: UDState, f: Figure, t: Figure, dice: DiceSource) -> list[Event]:
    held = [w for w in t.weapons if w.kind == "melee"]
    if not held:  # its last one broke on its own 1s as it riposted
        return [Event("miss", f"{t.name} has no weapon left to disarm", t.name, {})]
    weapon = max(held, key=lambda w: w.die)
    t.weapons.remove(weapon)
    text = f"{f.name} disarms {t.name}: the {weapon.name} falls at {state.battle.label(t.hex)}"
    return fall(state, t.hex, weapon, text, t.name, dropped=weapon.name)


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
        setattr(f, key, value)  # typed: defence a word, dodge and sunder true or false
    f.stance_set += tuple(settings)
    # A player reads "dodge on", never "dodge True".
    words = ", ".join(f"{k} {v if k == 'defence' else ('on' if v else 'off')}" for k, v in settings.items())
    return [Event("status", f"{f.name}'s stance: {words}", f.name, dict(settings))]


def done(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    return [Event("status", f"{f.name} ends its turn", f.name, {})]
