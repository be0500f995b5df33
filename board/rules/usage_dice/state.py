"""The state of a usage-dice fight: figures with their gear, whose side acts, who has acted."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex, hex_distance
from board.rules.kernel.fight import Fight, InFight
from board.rules.usage_dice.gear import Item, catalogue, parse_item
from board.rules.usage_dice.sheet import UDFigure


@dataclass(slots=True)
class Figure(InFight):
    """One figure now."""

    name: str
    team: str
    hex: Hex
    power: int
    full_power: int  # the Power die on the sheet, the most healing restores
    grace: int
    weapons: list[Item]
    armor: list[Item]
    speed: int
    fatigue: int
    fatigue_limit: int
    defence: str  # riposte | defend
    dodge: bool
    sunder: bool
    prone: bool = False
    status: str = "ok"  # ok | incapacitated | dead
    wounds: list[str] = field(default_factory=list)  # incidental, debilitating, severe, mortal
    moved: bool = False
    acted: bool = False
    done: bool = False

    @property
    def melee(self) -> list[Item]:
        """The weapons in hand: every melee weapon (two = dual wielding), or bare hands."""
        held = [w for w in self.weapons if w.kind == "melee"]
        if held:
            return held
        entry = catalogue().weapons["Unarmed"]
        return [Item(entry.name, entry.die, entry.kind, wears=False)]

    @property
    def ranged(self) -> list[Item]:
        return [w for w in self.weapons if w.ranged]

    @property
    def shield(self) -> Item | None:
        return next((a for a in self.armor if a.kind == "shield"), None)

    @property
    def lightly_armored(self) -> bool:
        """No heavy armor worn (helmets and shields do not count)."""
        return not any(a.kind == "heavy" for a in self.armor)


def figure_from_sheet(sheet: UDFigure) -> Figure:
    """A fresh figure from its (checked) sheet."""
    return Figure(
        name=sheet.name, team=sheet.team, hex=Hex(*sheet.at), power=sheet.power,
        full_power=sheet.power, grace=sheet.grace,
        weapons=[parse_item(t, "weapons") for t in sheet.weapons],
        armor=[parse_item(t, "armor") for t in sheet.armor], speed=sheet.speed,
        fatigue=sheet.fatigue, fatigue_limit=sheet.fatigue_limit, defence=sheet.defence,
        dodge=sheet.dodge, sunder=sheet.sunder, prone=sheet.prone)


@dataclass
class UDState(Fight[Figure]):
    """A whole fight; changed only on a private clone by apply()."""

    sides: list[str]  # teams in acting order
    players: str | None  # the players' side (the first figure's team)
    side_index: int = 0
    turn: int = 1
    phase: str = "action"  # action | over
    winner: str | None = None
    items: dict[Hex, list[Item]] = field(default_factory=dict)  # dropped weapons

    @property
    def side(self) -> str | None:
        """The team acting now."""
        return self.sides[self.side_index] if self.sides and self.phase != "over" else None

    @property
    def active(self) -> str | None:
        """The first figure of the acting side that has not finished its turn."""
        for f in self.figures.values():
            if f.team == self.side and f.up and not f.done:
                return f.name
        return None

    def occupant(self, h: Hex) -> Figure | None:
        return next((f for f in self.figures.values() if f.hex == h), None)

    def enemies_adjacent(self, f: Figure) -> list[Figure]:
        """Standing foes next to f: f is engaged when there is any."""
        return [o for o in self.figures.values()
                if o.team != f.team and o.up and hex_distance(o.hex, f.hex) == 1]

    def gm_side(self, f: Figure) -> bool:
        """Whether f is run by the GM (any side but the players')."""
        return f.team != self.players
