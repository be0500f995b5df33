"""The state of a combat-chart fight: figures with their lasting effects, the round and its order;
Initiative, Attack Rank, Defense Rank (with their reasons), reach, line of fire and movement."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex
from board.rules.combat_chart.sheet import CCFigure, Options
from board.rules.combat_chart.tables import Tables, Weapon
from board.rules.kernel.clone import Shared
from board.rules.kernel.fight import Fight, Placed
from board.rules.kernel.reach import Mover, distance, walled
from board.rules.kernel.sheets import from_sheet
from board.words import hexes


@dataclass(slots=True)
class Effect:
    """A lasting change to a figure: a spell, a maneuver, a critical result."""

    name: str
    av: int = 0
    dv: int = 0
    initiative: int = 0
    rounds: int | None = None  # rounds left, counted down at the end of each round; None: the combat
    until_turn_of_round: int | None = None  # ends when the figure ends a turn in a later round


@dataclass(slots=True)
class Fig(Placed):
    """One figure now."""

    name: str
    team: str
    size: int
    facing: int  # kept for the footprint only: the ruleset has no facing
    hex: Hex
    mind: int
    body: int
    hp_max: int
    hp: int
    move: int
    skill: int
    initiative_bonus: int
    magic_max: int  # base magic points less armor's defense value
    magic: int
    weapons: list[str]
    ready: str | None  # None: empty-handed (Unarmed)
    armor: str | None
    shield: str | None
    shield_on: bool  # on the arm ("using a shield")
    spells: tuple[str, ...]
    items: list[str]
    surprised: bool
    posture: str = "standing"
    status: str = "ok"  # ok | knocked out | unconscious | dead
    stance: str | None = None  # dodge | parry | block: lasts the round
    shield_penalty: int = 0  # for the next attack after a block
    stunned: bool = False
    stun_served: bool = False  # had its stunned turn; recovers at the end of the round
    bleeding: list[list[int]] = field(default_factory=list)  # [round, rounds left] of each wound
    effects: list[Effect] = field(default_factory=list)
    unloaded: set[str] = field(default_factory=set)  # heavy crossbows that must be loaded
    armor_wear: int = 0
    armor_needs_repair: bool = False
    gm_av: int = 0
    gm_dv: int = 0
    delayed: bool = False  # this round

    @property
    def weapon_name(self) -> str:
        return self.ready or "Unarmed"

    def heal(self, amount: int) -> int:
        """Regain health points, up to full health (an unconscious figure above 0 wakes): how many."""
        healed = max(0, min(amount, self.hp_max - self.hp))
        self.hp += healed
        if self.hp > 0 and self.status == "unconscious":
            self.status = "ok"
        return healed


def fig_from_spec(spec: CCFigure, tables: Tables) -> Fig:
    """A fresh figure from its (checked) sheet."""
    ready: str | None = spec.ready if spec.ready is not None else (spec.weapons[0] if spec.weapons else "")
    ready = ready or None
    weapon = tables.weapons.get(ready or "Unarmed")
    armor_dv = tables.armor[spec.armor]["dv"] if spec.armor else 0
    magic = max(0, spec.magic - armor_dv)  # "reduces your base magic points by ... the armor's defense value"
    shield_on = bool(spec.shield) and not (weapon and weapon.bars_shield)
    return from_sheet(
        Fig,
        spec,
        hp_max=spec.hp,
        magic_max=magic,
        magic=magic,
        ready=ready,
        shield_on=shield_on,
        spells=tuple(spec.spells),
        posture="fallen" if spec.posture != "standing" else "standing",
    )


@dataclass
class CCState(Fight[Fig, Options]):
    """A whole fight; changed only on a private clone by apply()."""

    tables: Shared[Tables]
    # turn: the round; phase: setup, turn or over; order: this round's initiative (kernel Fight)
    delayers: list[str] = field(default_factory=list)  # delayed this round, in the order they asked
    items: dict[Hex, list[str]] = field(default_factory=dict)  # weapons on the ground

    def occupied(self, ignore: str | None = None) -> dict[Hex, str]:
        """Which figure covers each hex (the fallen and the dead are in the way too)."""
        return {c: f.name for f in self.figures.values() if f.name != ignore for c in f.cells}


def initiative(state: CCState, f: Fig) -> int:
    """ "Initiative is figured by adding your Mind and Body. Spells and combat maneuvers may adjust
    this total." Surprise: "-5 initiative penalty during the first round of combat"."""
    total = f.mind + f.body + f.initiative_bonus + sum(e.initiative for e in f.effects)
    if f.surprised and state.turn == 1:
        total += state.tables.modifiers["surprise"]
    return total


def weapon_of(state: CCState, f: Fig) -> Weapon:
    """The weapon in hand (Unarmed when empty-handed)."""
    return state.tables.weapons[f.weapon_name]


def potions(state: CCState, f: Fig) -> list[str]:
    """The potions the figure carries."""
    return [i for i in f.items if state.tables.items[i]["use"] == "drink"]


def attack_rank(
    state: CCState, f: Fig, target: Fig | None, maneuver: str | None = None, aim: bool = False
) -> list[tuple[str, int]]:
    """The Attack Rank's parts: "the sum of attack values from the weapon ... and any spells",
    "improved by combat maneuvers, skill bonus, or aiming for parts ... not covered by armor",
    "penalized by shield use and stun"."""
    parts = [(f.weapon_name, weapon_of(state, f).av)]
    if f.skill:
        parts.append(("skill", f.skill))
    parts += [(e.name, e.av) for e in f.effects if e.av]
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


def defense_rank(state: CCState, f: Fig, weapon: Weapon | None = None, cover: bool = False) -> list[tuple[str, int]]:
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
    parts += [(e.name, e.dv) for e in f.effects if e.dv]
    if f.gm_dv:
        parts.append(("situation (GM)", f.gm_dv))
    return parts


def total(parts) -> int:
    return sum(v for _, v in parts)


def line_of_fire(state: CCState, a: Fig, b: Fig) -> str:
    """ "clear", "cover" (one of the two hex lines crosses a wall) or "blocked" (both do)."""
    blocked = walled(state.battle, a.hex, b.hex)
    return "blocked" if all(blocked) else "cover" if any(blocked) else "clear"


def why_not_target(state: CCState, f: Fig, t: Fig, weapon: Weapon) -> str | None:
    """Why f cannot attack t with weapon now, or None."""
    if t.team == f.team:
        return f"{t.name} is on your side"
    if t.status == "dead":
        return f"{t.name} is dead"
    d = distance(f, t)
    if weapon.missile:
        if d > weapon.range:
            return f"{t.name} is {hexes(d)} away; the {weapon.name} reaches {weapon.range}"
        if line_of_fire(state, f, t) == "blocked":
            return f"a wall blocks the line of fire to {t.name}"
        return None
    if d > weapon.reach:
        return f"{t.name} is {hexes(d)} away; the {weapon.name} reaches {weapon.reach}"
    return None


def reachable(state: CCState, f: Fig) -> dict[Hex, tuple[Hex, ...]]:
    """Hexes a Move turn can end on, within the movement allowance: walls and figures block."""
    return Mover(state.battle, f.hex, f.move, state.occupied(ignore=f.name), f.size, f.facing).reach().paths
