"""Carrying out a turn: moving, engaging in combat, defending yourself, firing, stunts."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event
from board.rules.usage_dice.actions import plan
from board.rules.usage_dice.board_geometry import line_of_fire, wrong_target
from board.rules.usage_dice.damage import take_hit
from board.rules.usage_dice.rolls import best_ability, roll_test, wear_on_ones
from board.rules.usage_dice.tear import attack_event, wear_and_tear, wear_ones
from board.rules.usage_dice.state import Figure, UDState
from board.rules.usage_dice.turns import advance, finish_if_spent
from board.hexgrid import hex_distance


def apply(state: UDState, command: Command, dice: DiceSource) -> list[Event]:
    """Check and carry out a move or an act; then hand the turn on if the side is spent."""
    details = plan(state, command)
    f = state.figures[details["figure"]]
    action = details["action"]
    events = HANDLERS[action](state, f, details, dice)
    if action in ("move", "stand"):
        f.moved = True
    elif action == "pass":
        f.done = True
    elif action != "stance":
        f.acted = True
    finish_if_spent(state, f.name)
    return events + advance(state)


def _hex(h) -> list[int]:
    return [h.q, h.r]


def _move(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    path = d["path"]
    f.hex = path[-1]
    word = "moves" if d["action"] == "move" else "makes a second move"
    return [Event("moves", f"{f.name} {word} to {state.battle.label(f.hex)}", f.name,
                  {"path": [_hex(h) for h in path]})]


def _stand(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    f.prone = False
    return [Event("status", f"{f.name} stands up", f.name, {"posture": "standing"})]


def _strike(state: UDState, striker: Figure, victim: Figure, dice: DiceSource,
            why: str) -> list[Event]:
    """A blow the striker did not test for: its weapon dice rolled afresh, the highest is damage."""
    weapons = striker.melee
    faces = tuple(dice.roll(w.die) for w in weapons)
    events = [Event("roll", f"{why}: {striker.name}'s "
                            + ", ".join(f"{w.name} d{w.die} rolls {x}" for w, x in zip(weapons, faces)),
                    striker.name, {"faces": list(faces), "sides": [w.die for w in weapons]})]
    events += [Event("wear", p, striker.name, {}) for p in
               wear_on_ones(striker, weapons, faces, state.options.lone_item_wear)]
    return events + take_hit(victim, max(faces), dice, lone_wear=state.options.lone_item_wear,
                             source=striker.name)


def _engage(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    t = state.figures[d["target"]]
    if d.get("defence"):
        return _defend_yourself(state, f, t, d, dice)
    weapons = f.melee
    roll = roll_test(f, best_ability(f, d["ability"]), weapons, d["edge"], dice)
    events = [attack_event(f, f"engages {t.name}", roll, weapons)]
    events += wear_ones(state, f, weapons, roll)
    lone = state.options.lone_item_wear
    if roll.success:
        events += take_hit(t, max(roll.item_faces), dice, lone_wear=lone, source=f.name)
        return events + wear_and_tear(state, f, weapons, roll, t)
    events.append(Event("miss", f"Blows are traded: {t.name} hits {f.name}", f.name, {}))
    return events + _strike(state, t, f, dice, "The counterblow")


def _defend_yourself(state: UDState, f: Figure, t: Figure, d: dict, dice: DiceSource) -> list[Event]:
    """The GM's figure attacks; the player's figure tests to avoid the hit."""
    riposte = d["defence"] == "riposte"
    items = t.melee if riposte else list(t.armor)
    roll = roll_test(t, best_ability(t, None), items, -d["edge"], dice)
    verb = f"{'ripostes' if riposte else 'defends against'} {f.name}'s attack"
    events = [attack_event(t, verb, roll, items)]
    events += wear_ones(state, t, items, roll)
    if roll.success and riposte:
        events += take_hit(f, max(roll.item_faces), dice, lone_wear=state.options.lone_item_wear,
                           source=t.name)
        return events + wear_and_tear(state, t, items, roll, f)
    if roll.success:
        return events + [Event("miss", f"{t.name} turns the blow aside", t.name, {})] \
            + wear_and_tear(state, t, items, roll, None)
    return events + _strike(state, f, t, dice, f"{f.name} hits {t.name}")


def _shoot(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    t = state.figures[d["target"]]
    weapon = d["weapon"]
    into_melee = bool(state.enemies_adjacent(t))
    edge = max(-1, min(1, d["edge"] - into_melee))
    roll = roll_test(f, best_ability(f, d["ability"]), [weapon], edge, dice)
    note = " into a melee, at hindrance" if into_melee else ""
    events = [attack_event(f, f"fires the {weapon.name} at {t.name}{note}", roll, [weapon])]
    if weapon.kind == "black_powder":
        weapon.loaded = False
    events += wear_ones(state, f, [weapon], roll)
    lone = state.options.lone_item_wear
    if roll.success:
        return events + take_hit(t, roll.item_faces[0], dice, ranged=True, lone_wear=lone,
                                 source=f.name) + wear_and_tear(state, f, [weapon], roll, t)
    if into_melee:
        other = wrong_target(state, f, t)
        if other is not None:
            events.append(Event("miss", f"The shot goes wide and hits {other.name}", other.name,
                                {"wrong_target": other.name}))
            return events + take_hit(other, roll.item_faces[0], dice, ranged=True, lone_wear=lone,
                                     source=f.name)
    return events + _volley(state, t, f, dice)


def volley_weapon(state: UDState, t: Figure, shooter: Figure):
    """The weapon t returns a volley with: loaded, in range, a line of fire, not engaged."""
    usable = [w for w in t.ranged if w.loaded and hex_distance(t.hex, shooter.hex) <= w.range]
    if not usable or state.enemies_adjacent(t) or not line_of_fire(state, t.hex, shooter.hex):
        return None
    return max(usable, key=lambda w: w.die)


def _volley(state: UDState, t: Figure, shooter: Figure, dice: DiceSource) -> list[Event]:
    """'On a failure, the target returns a volley', if it has a ranged weapon ready and in range."""
    weapon = volley_weapon(state, t, shooter)
    if weapon is None:
        return [Event("miss", f"{shooter.name}'s shot misses {t.name}", shooter.name, {})]
    face = dice.roll(weapon.die)
    if weapon.kind == "black_powder":
        weapon.loaded = False
    events = [Event("roll", f"{t.name} returns a volley: {weapon.name} d{weapon.die} rolls {face}",
                    t.name, {"faces": [face], "sides": [weapon.die]})]
    return events + take_hit(shooter, face, dice, ranged=True, lone_wear=state.options.lone_item_wear,
                             source=t.name)


def _handlers() -> dict:
    from board.rules.usage_dice import stunts

    table = {"move": _move, "dash": _move, "stand": _stand, "engage": _engage, "shoot": _shoot,
             "reload": stunts.reload, "revive": stunts.revive, "pick_up": stunts.pick_up,
             "stance": stunts.stance, "pass": stunts.done}
    table.update({name: stunts.stunt for name in stunts.EFFECTS})
    return table


HANDLERS = _handlers()
