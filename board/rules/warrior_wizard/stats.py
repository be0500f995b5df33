"""Derived figures: adjusted DEX, movement, load and the maximum lift, armor, from the tables
and options."""

from __future__ import annotations

from math import ceil

from board.footprints import relative_zone
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.tables import Armor, Weapon


def _piece(state: WWState, name: str | None) -> Armor | None:
    return state.tables.armor_piece(name) if name else None


# What a figure's gear costs it, by (tables, armor, shield, backpack, gear_kg, st): asked for
# every figure on most commands, and figures seldom change gear. The value holds the tables,
# so that their id in the key cannot be reused while the entry lives.
_GEAR: dict[tuple, tuple] = {}


def _gear(state: WWState, f: FigureState) -> tuple:
    """(tables, load in kg, standing DEX penalties, encumbrance row, armor, the penalties' sum)
    of f's gear."""
    tables = state.tables
    key = (id(tables), f.armor, f.shield, f.backpack, f.gear_kg, f.st)
    found = _GEAR.get(key)
    if found is None:
        armor, shield = _piece(state, f.armor), _piece(state, f.shield)
        kg = sum(p.weight_kg or 0 for p in (armor, shield) if p) + f.gear_kg
        penalties = [(p.name, p.dex_penalty) for p in (armor, shield) if p and p.dex_penalty]
        if f.backpack:
            penalties.append(("Full Backpack", tables.armor_piece("Full Backpack").dex_penalty))
        enc = tables.encumbrance_row(kg, f.st)
        if enc.dex:
            penalties.append(("encumbrance", enc.dex))
        if len(_GEAR) > 4096:
            _GEAR.clear()
        found = _GEAR[key] = (tables, kg, tuple(penalties), enc, armor, sum(n for _, n in penalties))
    return found


def load_kg(state: WWState, f: FigureState) -> float:
    """Carried weight: armor, shield and other gear (the Weapons Table gives no weights)."""
    return _gear(state, f)[1]


def over_max_lift(st: int, kg: float) -> str | None:
    """Why a load is refused (more than the maximum lift, "STR squared in kg"), or None."""
    if kg > st * st:
        return f"{kg:g} kg is more than ST {st} can lift (ST squared: {st * st} kg)"
    return None


def at_max_lift(state: WWState, f: FigureState) -> bool:
    """Whether f carries more than 7x STR: "STR squared in kg: Maximum lift. Character can move
    1 hex with 4d6 Effective Strength check, otherwise no movement allowed.\""""
    return load_kg(state, f) > 7 * f.st


def adj_dx(state: WWState, f: FigureState) -> int:
    """Effective (adjusted) Dexterity now: DX with armor, encumbrance and wounds."""
    return f.dx + _gear(state, f)[5] - (2 if f.wounded else 0)


def movement(state: WWState, f: FigureState) -> int:
    """Movement allowance this turn, after armor, encumbrance and (optionally) damage."""
    _, _, _, enc, armor, penalty = _gear(state, f)
    if enc.movement is None:  # beyond 7x STR: maximum lift
        return 0
    if state.options.movement_rule:
        # "the Dexterity penalty determines the movement reduction", and losses accumulate;
        # "a character loses 1 Movement for every 2 damage he takes".
        loss = -penalty  # not "wounded last turn": not a standing penalty
        loss += -enc.movement + f.damage // 2
    else:
        # "Penalties to Effective Dexterity are cumulative ...; movement penalties are not."
        loss = max(-(armor.movement_penalty if armor else 0), -enc.movement)
    return max(0, f.ma - loss)


def half_movement(state: WWState, f: FigureState) -> int:
    """Half of Movement, rounded up."""
    return ceil(movement(state, f) / 2)


def weapon(state: WWState, name: str | None) -> Weapon | None:
    """The table row of a weapon name."""
    return state.tables.weapon(name) if name else None


def facing_zone(attacker: FigureState, target: FigureState) -> str:
    """Where the attacker stands relative to the target: front, side or rear."""
    zones = [relative_zone(target.size, target.hex, target.facing, cell) for cell in attacker.cells]
    return next((zone for zone in ("front", "side", "rear") if zone in zones), "front")


def armor_against(state: WWState, target: FigureState, zone: str, fire: bool = False) -> list[tuple[str, int]]:
    """What stops damage from an attack coming from zone (front, side or rear)."""
    out = []
    armor = _piece(state, target.armor)
    if armor:
        # In a hex of fire "medieval-type armor protects with half its value".
        out.append((armor.name, armor.defense // 2 if fire else armor.defense))
    if fire:
        return out
    shield = _piece(state, target.shield)
    # "A shield held in the 'ready' position protects against attacks from the character's
    # front zone ..., while a shield slung on the back protects against attacks from behind only."
    if shield and ((target.shield_ready and zone == "front") or (not target.shield_ready and zone == "rear")):
        out.append((shield.name, shield.defense))
    if target.off_hand and zone == "front" and not target.shield_ready:
        out.append((f"{target.off_hand} parry", state.tables.armor_piece("Main Gauche or Dagger").defense))
    if target.backpack and zone == "rear":
        out.append(("Full Backpack", state.tables.armor_piece("Full Backpack").defense))
    return out
