"""The state of a usage-dice fight: figures with their gear, whose side acts, who has acted;
no initiative: sides act in turn, the players' side first unless surprised."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from board.battle import BattleMap
from board.dice import ScriptedDice
from board.hexgrid import Hex, hex_distance
from board.rules.base import Event
from board.rules.kernel.fight import Fight, InFight
from board.rules.kernel import sequence
from board.rules.kernel.sheets import from_sheet
from board.rules.usage_dice.gear import Item, catalogue, parse_item
from board.rules.usage_dice.sheet import Options, UDFigure


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
    stance_set: tuple[str, ...] = ()  # the parts of its stance changed this turn

    @property
    def melee(self) -> list[Item]:
        """The weapons in hand: every melee weapon (two = dual wielding), or bare hands."""
        held = [w for w in self.weapons if w.kind == "melee"]
        return held or [replace(catalogue().weapons["Unarmed"], range=1, wears=False)]

    @property
    def ranged(self) -> list[Item]:
        return [w for w in self.weapons if w.ranged]

    @property
    def shield(self) -> Item | None:
        return next((a for a in self.armor if a.kind == "shield"), None)


def figure_from_sheet(sheet: UDFigure) -> Figure:
    """A fresh figure from its (checked) sheet."""
    return from_sheet(
        Figure,
        sheet,
        full_power=sheet.power,
        weapons=[parse_item(t, "weapons") for t in sheet.weapons],
        armor=[parse_item(t, "armor") for t in sheet.armor],
    )


@dataclass
class UDState(Fight[Figure, Options]):
    """A whole fight; changed only on a private clone by apply()."""

    # Sides act in turn, not figures: order holds the teams in acting order, queue those still
    # to act this turn (queue[0] acts); phase is action or over (kernel Fight).
    players: str | None  # the players' side (the first figure's team)
    items: dict[Hex, list[Item]] = field(default_factory=dict)  # dropped weapons

    @property
    def side(self) -> str | None:
        return self.queue[0] if self.queue else None

    @property
    def acting(self) -> tuple[str, ...]:
        """The figures of the acting side that have not finished their turn, in map order."""
        return tuple(f.name for f in self.figures.values() if f.team == self.side and f.up and not f.done)

    @property
    def active(self) -> str | None:
        """The first of them."""
        return next(iter(self.acting), None)

    def not_its_turn(self, f: Figure) -> str | None:
        if f.team != self.side:
            return f"it is {self.side}'s turn, not {f.team}'s"
        return f"{f.name} has finished its turn" if f.done else None

    def occupied(self, ignore: str | None = None) -> dict[Hex, str]:
        return {f.hex: f.name for f in self.figures.values() if f.name != ignore}

    def enemies_adjacent(self, f: Figure) -> list[Figure]:
        """Standing foes next to f: f is engaged when there is any."""
        return [o for o in self.figures.values() if o.team != f.team and o.up and hex_distance(o.hex, f.hex) == 1]

    def gm_side(self, f: Figure) -> bool:
        """Whether f is run by the GM (any side but the players')."""
        return f.team != self.players


def new_fight(battle: BattleMap, options: Options, sheets: list[UDFigure]) -> UDState:
    """The fight before its first turn: the sides in their acting order, the players' side first."""
    teams = list(dict.fromkeys(s.team for s in sheets))
    sides = teams[1:] + teams[:1] if options.surprised else teams  # surprised, the players' side goes last
    figures = {s.name: figure_from_sheet(s) for s in sheets}
    players = teams[0] if teams else None
    return UDState(battle, options, figures, players, order=sides)


def new_turn(state: UDState, dice=None) -> list[Event]:
    """A new turn: every figure may move and act again."""
    for f in state.figures.values():
        f.moved = f.acted = f.done = False
        f.stance_set = ()
    return [Event("turn", f"Turn {state.turn}", None, {"turn": state.turn})]


def to_act(state: UDState) -> list[Event]:
    """A side takes the turn, if it has a figure that can act (the first of the fight says so)."""
    if state.active is None:
        return []
    first = state.turn == 1 and state.queue == state.order
    why = " first" + (" (the players are surprised)" if state.options.surprised else "") if first else ""
    return [Event("phase", f"{state.side} to act{why}", None, {"side": state.side, "turn": state.turn})]


# The turn (kernel/sequence.py): sides act in turn, not figures; a side's turn passes once nobody
# of it can act.
TURNS = sequence.Turns(
    ("action",), by_figure=True, begin=new_turn, acts=None, starts=to_act, finished=lambda state: state.active is None
)


def advance(state: UDState) -> list[Event]:
    """Check victory; when the acting side has nobody left to act, hand over to the next side."""
    return sequence.settle(state, ScriptedDice(()), TURNS)  # a usage-dice turn begins with no roll
