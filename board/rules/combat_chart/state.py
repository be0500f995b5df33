"""The state of a combat-chart fight: figures with their lasting effects, the round and its order."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex
from board.rules.combat_chart.sheet import CCFigure
from board.rules.combat_chart.tables import Tables
from board.rules.kernel.clone import Shared
from board.rules.kernel.fight import Fight, Placed


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
    acted: bool = False  # this round
    delayed: bool = False  # this round

    @property
    def weapon_name(self) -> str:
        """The weapon it fights with now."""
        return self.ready or "Unarmed"


def fig_from_spec(spec: CCFigure, tables: Tables) -> Fig:
    """A fresh figure from its (checked) sheet."""
    ready = spec.ready if spec.ready is not None else (spec.weapons[0] if spec.weapons else "")
    ready = ready or None
    weapon = tables.weapons.get(ready or "Unarmed")
    armor_dv = tables.armor[spec.armor]["dv"] if spec.armor else 0
    magic = max(0, spec.magic - armor_dv)  # "reduces your base magic points by ... the armor's defense value"
    shield_on = bool(spec.shield) and not (weapon and weapon.bars_shield)
    return Fig(name=spec.name, team=spec.team, size=spec.size, facing=spec.facing, hex=Hex(*spec.at),
               mind=spec.mind, body=spec.body, hp_max=spec.hp, hp=spec.hp, move=spec.move,
               skill=spec.skill, initiative_bonus=spec.initiative_bonus, magic_max=magic, magic=magic,
               weapons=list(spec.weapons), ready=ready, armor=spec.armor, shield=spec.shield,
               shield_on=shield_on, spells=tuple(spec.spells), items=list(spec.items),
               surprised=spec.surprised, posture="fallen" if spec.posture != "standing" else "standing")


@dataclass
class CCState(Fight[Fig]):
    """A whole fight; changed only on a private clone by apply()."""

    tables: Shared[Tables]
    round: int = 0
    phase: str = "setup"  # turn | over
    order: list[str] = field(default_factory=list)  # this round's initiative order
    queue: list[str] = field(default_factory=list)  # still to act; queue[0] acts now
    delayers: list[str] = field(default_factory=list)  # delayed this round, in the order they asked
    items: dict[Hex, list[str]] = field(default_factory=dict)  # weapons on the ground
    winner: str | None = None

    @property
    def active(self) -> str | None:
        """The figure whose turn it is."""
        return self.queue[0] if self.queue else None

    def occupied(self, ignore: str | None = None) -> dict[Hex, str]:
        """Which figure covers each hex (the fallen and the dead are in the way too)."""
        return {c: f.name for f in self.figures.values() if f.name != ignore for c in f.cells}
