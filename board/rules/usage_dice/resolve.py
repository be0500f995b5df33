"""Carrying out a turn: moving, engaging in combat, defending yourself, firing, stunts."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event
from board.rules.kernel.events import STANDS, moved
from board.rules.usage_dice import stunts
from board.rules.usage_dice.actions import plan
from board.rules.usage_dice.board_geometry import volley_weapon, wrong_target
from board.rules.usage_dice.defend import attacker_edge, defend_yourself
from board.rules.usage_dice.damage import take_hit
from board.rules.usage_dice.rolls import best_ability, roll_test, wear_on_ones
from board.rules.usage_dice.tear import attack_event, wear_and_tear, wear_ones
from board.rules.usage_dice.state import Figure, UDState
from board.rules.usage_dice.turns import advance, finish_if_spent


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


def _move(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    path = d["path"]
    f.hex = path[-1]
    word = "moves" if d["action"] == "move" else "makes a second move"
    return [moved(f.name, path, f"{f.name} {word} to {state.battle.label(f.hex)}")]


def _stand(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    f.prone = False
    return [Event(STANDS, f"{f.name} stands up", f.name, {"posture": "standing"})]


def _strike(state: UDState, striker: Figure, victim: Figure, dice: DiceSource, why: str,
            weapons=None, ranged: bool = False) -> list[Event]:
    """A blow the striker did not test for: its weapon dice (melee unless given) rolled afresh,
    the highest is damage."""
    weapons = weapons or striker.melee
    faces = tuple(dice.roll(w.die) for w in weapons)
    events = [Event("roll", f"{why}: {striker.name}'s "
                            + ", ".join(f"{w.name} d{w.die} rolls {x}" for w, x in zip(weapons, faces)),
                    striker.name, {"faces": list(faces), "sides": [w.die for w in weapons]})]
    events += [Event("wear", p, striker.name, {}) for p in
               wear_on_ones(striker, weapons, faces, state.options.lone_item_wear)]
    return events + take_hit(victim, max(faces), dice, ranged=ranged,
                             lone_wear=state.options.lone_item_wear, source=striker.name)


def _engage(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    t = state.figures[d["target"]]
    if d.get("defence"):
        return defend_yourself(state, f, t, d, dice,
                               lambda: _strike(state, f, t, dice, f"{f.name} hits {t.name}"))
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


def _shoot(state: UDState, f: Figure, d: dict, dice: DiceSource) -> list[Event]:
    t = state.figures[d["target"]]
    weapon = d["weapon"]
    if d.get("defence"):
        return _shot_defended(state, f, t, d, dice)
    into_melee = bool(state.enemies_adjacent(t))
    edge = attacker_edge(state, d)
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


def _shot_defended(state: UDState, f: Figure, t: Figure, d: dict, dice: DiceSource) -> list[Event]:
    """The GM's figure shoots at a player's: the player tests; a shot avoided in a melee still
    "hit[s] the wrong target"."""
    weapon = d["weapon"]
    if weapon.kind == "black_powder":
        weapon.loaded = False
    other = wrong_target(state, f, t) if state.enemies_adjacent(t) else None

    def wide() -> list[Event]:
        if other is None:
            return [Event("miss", f"{t.name} avoids {f.name}'s shot", t.name, {})]
        return _strike(state, f, other, dice, f"The shot goes wide and hits {other.name}", [weapon], True)

    return defend_yourself(state, f, t, d, dice, lambda: _strike(
        state, f, t, dice, f"{f.name}'s shot hits {t.name}", [weapon], True), wide)


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
    table = {"move": _move, "dash": _move, "stand": _stand, "engage": _engage, "shoot": _shoot,
             "reload": stunts.reload, "revive": stunts.revive, "pick_up": stunts.pick_up,
             "stance": stunts.stance, "pass": stunts.done}
    table.update({name: stunts.stunt for name in stunts.EFFECTS})
    return table


HANDLERS = _handlers()
