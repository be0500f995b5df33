"""Who an attack can reach: the front arc, melee reach, the line of fire, and the figures a
figure may strike or shoot at now."""

from __future__ import annotations

from board.footprints import relative_zone
from board.hexgrid import Hex, hex_distance, hex_linedraw_both
from board.rules.kernel.reach import distance
from board.rules.kernel.refusals import given, refused
from board.rules.warrior_wizard.engagement import in_hex, partners, same_hex
from board.rules.warrior_wizard.state import FigureState, WWState


def in_front(attacker: FigureState, target: FigureState) -> bool:
    """Whether any hex of the target lies in the attacker's front arc."""
    return any(relative_zone(attacker.size, attacker.hex, attacker.facing, c) == "front" for c in target.cells)


def line_of_fire(state: WWState, attacker: FigureState, target: FigureState) -> tuple[list[Hex], list[str]]:
    """The hexes a missile passes (ends excluded) and the figures in them, nearest first; of two
    lines along a hex edge, the one with fewer figures in the way. Refusal if walls block both."""
    start = min(attacker.cells, key=lambda c: min(hex_distance(c, t) for t in target.cells))
    end = min(target.cells, key=lambda c: hex_distance(start, c))
    best = None
    for line in hex_linedraw_both(start, end):
        middle = [h for h in line[1:-1] if h not in attacker.cells and h not in target.cells]
        if any(not state.battle.passable(h) for h in middle):
            continue
        seen: list[str] = []
        for h in middle:  # every figure there: a brawl's hex holds several
            seen += [g.name for g in in_hex(state, h) if g.name not in seen]
        if best is None or len(seen) < len(best[1]):
            best = (middle, seen)
    return given(best, f"a wall blocks the line from {attacker.name} to {target.name}")


def brawlers(a: FigureState, t: FigureState, state: WWState) -> list[str]:
    """The others brawling in the target's hex, whom a missile into it may strike instead."""
    return [g.name for g in partners(state, t) if g.name != a.name]


def _melee_reach(state: WWState, f: FigureState, hth: bool) -> tuple[int, bool]:
    """How far f strikes in melee, and whether it strikes in its own hex (a brawl)."""
    weapon = state.tables.weapon(f.ready) if f.ready else None
    reach = 1 if hth or weapon is None else weapon.reach
    # "Short weapons can only attack in the same hex in hand-to-hand combat": in a brawl only
    # bare hands and Short weapons strike.
    return reach, hth or weapon is None or "short" in weapon.lengths


def _strikes(f: FigureState, g: FigureState, reach: int, close: bool) -> bool:
    # Distance first: it rules out most figures more cheaply than the front arc does.
    return (
        g.name != f.name
        and g.status != "dead"
        and ((close and same_hex(f, g)) or (distance(f, g) <= reach and in_front(f, g)))
    )


def melee_targets(state: WWState, f: FigureState, hth: bool = False) -> list[str]:
    """Figures f can strike in melee now: in its front, within reach."""
    reach, close = _melee_reach(state, f, hth)
    return [g.name for g in state.figures.values() if _strikes(f, g, reach, close)]


def can_strike(state: WWState, f: FigureState, g: FigureState, hth: bool = False) -> bool:
    """Whether g is among melee_targets(state, f, hth), asked of g alone."""
    return _strikes(f, g, *_melee_reach(state, f, hth))


def strike_choices(state: WWState, f: FigureState) -> tuple[str, ...]:
    """Rows f may strike with in melee besides its ready weapon: its Pike "as Spear", its
    ready Spiked Buckler ("1d6-2 damage if used as a weapon")."""
    weapon = state.tables.weapon(f.ready) if f.ready else None
    out: tuple[str, ...] = (weapon.alternate,) if weapon is not None and weapon.alternate else ()
    if f.shield and f.shield_ready and f.shield in state.tables.weapons:
        out += (f.shield,)
    return out


def in_sight(state: WWState, f: FigureState) -> list[str]:
    """Other living figures in f's front with a line of fire (missiles, thrown weapons, spells)."""
    return [
        g.name
        for g in state.figures.values()
        if g.name != f.name and g.status != "dead" and in_front(f, g) and refused(line_of_fire, state, f, g) is None
    ]
