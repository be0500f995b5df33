"""Initiative, Attack Rank, Defense Rank (with their reasons), reach, line of fire and movement."""

from __future__ import annotations

from board.hexgrid import Hex, hex_distance, hex_linedraw_both
from board.rules.combat_chart.state import CCState, Fig
from board.rules.combat_chart.tables import Weapon
from board.rules.kernel.reach import Mover


def initiative(state: CCState, f: Fig) -> int:
    """"Initiative is figured by adding your Mind and Body. Spells and combat maneuvers may adjust
    this total." Surprise: "-5 initiative penalty during the first round of combat"."""
    total = f.mind + f.body + f.initiative_bonus + sum(e.initiative for e in f.effects)
    if f.surprised and state.round == 1:
        total += state.tables.modifiers["surprise"]
    return total


def weapon_of(state: CCState, f: Fig) -> Weapon:
    """The weapon in hand (Unarmed when empty-handed)."""
    return state.tables.weapons[f.weapon_name]


def attack_rank(state: CCState, f: Fig, target: Fig | None, maneuver: str | None = None,
                aim: bool = False) -> list[tuple[str, int]]:
    """The Attack Rank's parts: "the sum of attack values from the weapon ... and any spells",
    "improved by combat maneuvers, skill bonus, or aiming for parts ... not covered by armor",
    "penalized by shield use and stun"."""
    parts = [(f.weapon_name, weapon_of(state, f).av)]
    if f.skill:
        parts.append(("skill", f.skill))
    for e in f.effects:
        if e.av:
            parts.append((e.name, e.av))
    if maneuver:
        parts.append((maneuver, state.tables.maneuvers[maneuver].get("av", 0)))
    if aim and target is not None and target.armor:
        parts.append((f"aimed past {target.armor}", state.tables.armor[target.armor]["aim"]))
    if f.shield_penalty:
        parts.append(("after a shield block", -f.shield_penalty))
    if f.stunned:
        parts.append(("stunned", state.tables.modifiers["stun"]))
    if f.gm_av:
        parts.append(("situation (GM)", f.gm_av))
    return parts


def defense_rank(state: CCState, f: Fig, weapon: Weapon | None = None, cover: bool = False
                 ) -> list[tuple[str, int]]:
    """The Defense Rank's parts: "armor ... and spells that are protecting him", "improved by
    dodging, taking cover, blocking with a shield". weapon: the attacker's (None: no attack)."""
    mods = state.tables.modifiers
    parts = []
    if f.armor:
        parts.append((f.armor, state.tables.armor[f.armor]["dv"]))
    if f.stance == "block" and f.shield and f.shield_on:  # a slung shield blocks nothing
        parts.append((f"{f.shield} block", state.tables.shields[f.shield]["dv"]))
    if f.stance == "dodge":
        parts.append(("dodging", mods["dodge"]))
    if f.stance == "parry" and (weapon is None or not weapon.missile):
        parts.append(("parrying", mods["parry"]))
    if cover:
        parts.append(("cover", mods["cover"]))
    for e in f.effects:
        if e.dv:
            parts.append((e.name, e.dv))
    if f.gm_dv:
        parts.append(("situation (GM)", f.gm_dv))
    return parts


def total(parts) -> int:
    return sum(v for _, v in parts)


def line_of_fire(state: CCState, a: Fig, b: Fig) -> str:
    """"clear", "cover" (one of the two hex lines crosses a wall) or "blocked" (both do)."""
    blocked = [any(state.battle.terrain_at(h).blocks for h in line[1:-1])
               for line in hex_linedraw_both(a.hex, b.hex)]
    return "blocked" if all(blocked) else "cover" if any(blocked) else "clear"


def distance(a: Fig, b: Fig) -> int:
    """Hexes between the nearest cells of two figures."""
    return min(hex_distance(x, y) for x in a.cells for y in b.cells)


def why_not_target(state: CCState, f: Fig, t: Fig, weapon: Weapon) -> str | None:
    """Why f cannot attack t with weapon now, or None."""
    if t.team == f.team:
        return f"{t.name} is on your side"
    if t.status == "dead":
        return f"{t.name} is dead"
    d = distance(f, t)
    if weapon.missile:
        if d > weapon.range:
            return f"{t.name} is {d} hexes away; the {weapon.name} reaches {weapon.range}"
        if line_of_fire(state, f, t) == "blocked":
            return f"a wall blocks the line of fire to {t.name}"
        return None
    if d > weapon.reach:
        return f"{t.name} is {d} hexes away; the {weapon.name} reaches {weapon.reach}"
    return None


def reachable(state: CCState, f: Fig) -> dict[Hex, tuple[Hex, ...]]:
    """Hexes a Move turn can end on, within the movement allowance: walls and figures block."""
    return Mover(state.battle, f.hex, f.move, state.occupied(ignore=f.name), f.size, f.facing).reach().paths
