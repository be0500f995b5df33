"""Defend yourself: a player's figure tests to avoid any attack by the GM's side (engage, shot, stunt)."""

from __future__ import annotations

from typing import Callable

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.usage_dice.board_geometry import volley_weapon
from board.rules.usage_dice.damage import take_hit
from board.rules.usage_dice.gear import Item
from board.rules.usage_dice.rolls import best_ability, roll_test
from board.rules.usage_dice.state import Figure, UDState
from board.rules.usage_dice.tear import attack_event, wear_and_tear, wear_ones


def attacker_edge(state: UDState, details: dict) -> int:
    """The attacker's help or hindrance: a shot into a melee is at hindrance."""
    edge = details["edge"]
    if details["action"] == "shoot" and state.enemies_adjacent(state.figures[details["target"]]):
        edge -= 1
    return max(-1, min(1, edge))


def defence_items(state: UDState, f: Figure, t: Figure, details: dict) -> tuple[bool, list[Item]]:
    """(riposte?, the dice t tests with): "Use weapon dice to riposte or counterattack, or armor
    dice to focus on defending". Against a shot the riposte is a volley, so it needs a ready
    ranged weapon in range; without one t defends with its armor."""
    if details["defence"] == "riposte":
        if details["action"] != "shoot":
            return True, t.melee
        weapon = volley_weapon(state, t, f)
        if weapon is not None:
            return True, [weapon]
    return False, list(t.armor)


def test_modes(state: UDState, details: dict, riposte: bool) -> tuple[int, int]:
    """(the test's help or hindrance, the items' own): the reverse of the attacker's edge, and
    against a shot the armor dice at hindrance ("defenders roll all armor dice at hinderance")."""
    armor_vs_shot = details["action"] == "shoot" and not riposte
    return -attacker_edge(state, details), -1 if armor_vs_shot else 0


def defend_yourself(state: UDState, f: Figure, t: Figure, details: dict, dice: DiceSource,
                    on_hit: Callable[[], list[Event]],
                    on_miss: Callable[[], list[Event]] | None = None) -> list[Event]:
    """t tests against f's attack; on_hit: what the attack does when the test fails; on_miss:
    what becomes of it when the test succeeds by defending (default: turned aside)."""
    riposte, items = defence_items(state, f, t, details)
    ranged = details["action"] == "shoot"
    mode, item_mode = test_modes(state, details, riposte)
    roll = roll_test(t, best_ability(t, None), items, mode, dice, item_mode)
    verb = f"{'ripostes' if riposte else 'defends against'} {f.name}'s " + (
        "attack" if details["action"] == "engage" else "shot" if ranged else details["action"].replace("_", " "))
    events = [attack_event(t, verb, roll, items)] + wear_ones(state, t, items, roll)
    if not roll.success:
        return events + on_hit()
    if riposte:
        for w in items:
            if w.kind == "black_powder":
                w.loaded = False
        events += take_hit(f, max(roll.item_faces), dice, ranged=ranged,
                           lone_wear=state.options.lone_item_wear, source=t.name)
        return events + wear_and_tear(state, t, items, roll, f)
    events += on_miss() if on_miss else [Event("miss", f"{t.name} turns the blow aside", t.name, {})]
    return events + wear_and_tear(state, t, items, roll, None)
