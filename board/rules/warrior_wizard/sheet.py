"""The Warrior & Wizard figure sheet checked against the tables: weapons, armor, spells, hands
(check_figure refuses; strength_penalties only warns); the figure card a player reads."""

from __future__ import annotations

from collections.abc import Callable

from board.rules.base import listed
from board.rules.warrior_wizard.spec import FigureSpec
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import adj_dx, movement, over_max_lift, weapon
from board.rules.kernel.names import known
from board.rules.kernel.ready import ready_weapon
from board.rules.warrior_wizard.tables import RuleTables, load_spells, load_tables

Report = Callable[[tuple, str], None]


def check_figure(spec: FigureSpec, problem: Report) -> FigureSpec:
    """Report every piece of gear the tables do not know; return the spec with `ready` resolved
    to a carried weapon's table name ("" for empty-handed)."""
    tables = load_tables()
    ready = _equipment(spec, problem, tables)
    why = over_max_lift(spec.st, spec_load_kg(spec, tables))
    if why:
        problem(("gear_kg",), f"{spec.name} carries {why}")
    return spec.model_copy(update={"ready": ready})


def spec_load_kg(spec: FigureSpec, tables: RuleTables) -> float:
    """What a map figure carries: its armor and shield (known ones) and its other gear."""
    pieces = [known(tables.armor_piece, name) for name in (spec.armor, spec.shield) if name]
    return sum(piece.weight_kg or 0 for piece in pieces if piece) + spec.gear_kg  # unknown: reported with the gear


def _equipment(spec: FigureSpec, problem: Report, tables: RuleTables) -> str:
    weapons = [known(tables.weapon, name, problem, ("weapons", i)) for i, name in enumerate(spec.weapons)]
    carried = [w.name for w in weapons if w]
    for i, name in enumerate(spec.spells):
        known(load_spells().spell, name, problem, ("spells", i))
    for key, kinds in (("armor", ("body",)), ("shield", ("shield",))):
        name = getattr(spec, key)
        piece = known(tables.armor_piece, name, problem, (key,)) if name is not None else None
        if piece and piece.kind not in kinds:
            problem((key,), f'"{piece.name}" is not {"a shield" if key == "shield" else "body armor"}')
    if spec.backpack and spec.shield and spec.shield_slung:
        problem(("shield_slung",), "a Full Backpack prevents slinging a shield on the back")
    ready_name = ready_weapon(spec, carried, lambda name: tables.weapon(name).name, problem)
    if not ready_name and spec.ready is not None:
        return ""  # empty-handed by choice, or a weapon it cannot ready (reported): no hand to check
    if spec.off_hand is not None:
        _off_hand(spec, spec.off_hand, problem, tables, carried, ready_name)
    if ready_name and tables.weapon(ready_name).two_handed and spec.shield and not spec.shield_slung:
        problem(
            ("ready" if spec.ready else "shield",),
            f'"{ready_name}" is two-handed: sling the shield (shield_slung: true) or leave it off',
        )
    return ready_name


def _off_hand(
    spec: FigureSpec, off_hand: str, problem: Report, tables: RuleTables, carried: list[str], ready_name: str
) -> None:
    """The left-hand parrying weapon (spec.off_hand): "A dagger held in the left hand can be used
    to parry"."""
    weapon = known(tables.weapon, off_hand, problem, ("off_hand",))
    if weapon is None:
        return
    name = weapon.name
    if name not in ("Dagger", "Main-Gauche"):
        problem(("off_hand",), f'only a Dagger or Main-Gauche parries in the left hand, not "{name}"')
    elif carried.count(name) < 1 + (ready_name == name):
        problem(
            ("off_hand",),
            f'{spec.name} holds "{name}" in the left hand but does not carry '
            f"{'a second one' if ready_name == name else 'it'}",
        )
    elif spec.shield and not spec.shield_slung:
        problem(("off_hand",), "the left hand holds the ready shield")
    elif ready_name and tables.weapon(ready_name).two_handed:
        problem(("off_hand",), f'"{ready_name}" is two-handed: the left hand is not free')


def strength_penalties(spec: FigureSpec) -> list[str]:
    """The penalties of weapons heavier than the figure's ST allows (allowed, so only said)."""
    tables = load_tables()
    out = []
    for row in filter(None, (known(tables.weapon, name) for name in spec.weapons)):  # unknown: check_figure says so
        if row.st_min and spec.st < row.st_min:
            # "-1 to hit for every 1 STR less, and at -1 to damage for every 2 STR less": as the
            # engine reads it (attack.damage_dice), a full 2 ST short per point, so 1 short costs none.
            short = row.st_min - spec.st
            damage = f", -{short // 2} damage" if short >= 2 else ""
            out.append(f"{row.name} needs ST {row.st_min}: -{short} to hit{damage}")
    return out


def sheet_choices() -> dict[str, tuple[str, ...] | str]:
    """The editor's drop-downs: table names for gear and spells, the ready one of those carried."""
    tables = load_tables()
    armor = {kind: ("none", *(a.name for a in tables.armor.values() if a.kind == kind)) for kind in ("body", "shield")}
    return {
        "weapons": tuple(tables.weapons),
        "spells": tuple(load_spells().spells),
        "armor": armor["body"],
        "shield": armor["shield"],
        "ready": "weapons",
    }


# --- the figure card ---------------------------------------------------------------------------


def _arm(state: WWState, name: str | None) -> str:
    """A weapon with its damage, e.g. "Broadsword (2d6)"."""
    row = weapon(state, name)
    return f"{name} ({row.damage_text})" if row else "empty-handed"


def card(state: WWState, f: FigureState) -> list[tuple[str, str]]:
    """The sheet's rows: strength, dexterity, movement, armor, weapons, posture, spells."""
    rows = [
        ("ST", f"{f.effective_st} of {f.st}" if f.damage else str(f.st)),
        ("DX", f"{adj_dx(state, f)} adjusted (of {f.dx})"),
        ("IQ", str(f.iq)),
        ("MA", f"{movement(state, f)} (of {f.ma})"),
        ("Armor", f.armor or "none"),
        ("Shield", (f.shield + ("" if f.shield_ready else " (slung)")) if f.shield else "none"),
        ("Ready", _arm(state, f.ready)),
    ]
    if f.off_hand:
        rows.append(("Off hand", _arm(state, f.off_hand)))
    rows += listed("Carried", [_arm(state, w) for w in f.weapons if w not in (f.ready, f.off_hand)])
    rows.append(("Posture", f.posture))
    if f.status != "ok":
        rows.append(("Status", f.status))
    if f.on_fire:
        rows.append(("On fire", f.on_fire))
    return rows + listed("Spells", f.spells)


# The token's glyph by the Weapons Table's category of the weapon in hand.
GLYPHS = {
    "Knives": "knife",
    "Swords": "blade",
    "Axe/Mace/Hammer": "axe",
    "Pole Arms": "polearm",
    "Missile Weapons": "bow",
}


def glyph_of(state: WWState, f: FigureState) -> str:
    """The token's glyph: a beast, magic (an unarmed caster) or the kind of weapon in hand."""
    if f.size >= 3:
        return "beast"
    row = weapon(state, f.ready)
    if f.spells and (row is None or "staff" in row.name.casefold()):
        return "magic"
    return GLYPHS.get(row.category, "") if row else ""
