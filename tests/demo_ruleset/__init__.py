"""Demo: the smallest ruleset that plays on the board, the worked example of docs/rulesets.md.

Each figure in turn moves up to its Move along open hexes, then may attack an adjacent enemy:
1d6, at or above the option `hit_on` hits for 1 damage (a 6: 2). At 0 HP it dies; the last side
standing wins. The GM has the kernel's commands and one of the demo's own, `rally` (back to full
HP). Only the tests register it (harness.py `registered()`, with its sample map): the board's
ruleset list reads the folders under board/rules/, so players never see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from board.dice import DiceSource
from board.hexgrid import Hex, hex_distance
from board.maps import BattleMap
from board.models import FigureBase
from board.rules.base import Command, Event, Refusal
from board.rules.reports import GMKey, Token
from board.rules.kernel.action import Action
from board.rules.kernel.events import moved
from board.rules.kernel.fight import Fight, InFight
from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.reach import Mover
from board.rules.kernel.sequence import Turns, open_fight, pass_turn
from board.rules.kernel.rules import Rules

ID = "demo"


class DemoFigure(FigureBase):
    """The figure sheet: the fields a map file gives beside name, team and at."""

    hp: int = Field(3, ge=1, le=20, description="hit points")
    move: int = Field(3, ge=0, le=10, description="hexes a figure may move in its turn")


class Options(BaseModel):
    """The demo's one optional rule."""

    model_config = ConfigDict(extra="forbid")
    hit_on: int = Field(4, ge=2, le=6, description="a d6 roll at or above this hits")


@dataclass
class Fighter(InFight):  # up while its status is "ok"
    name: str
    team: str
    hex: Hex
    hp: int
    hp_max: int
    move: int

    @property
    def status(self) -> str:
        return "ok" if self.hp > 0 else "dead"


def fighter(spec: DemoFigure) -> Fighter:
    return Fighter(spec.name, spec.team, Hex(*spec.at), spec.hp, spec.hp, spec.move)


@dataclass
class DemoState(Fight[Fighter, Options]):
    """The map, options and figures; the kernel's Fight adds turn, phase (movement, combat,
    over), winner, order and queue (queue[0] acts), and writes its clone()."""

    def occupied(self, ignore: str | None = None) -> dict[Hex, str]:
        return {f.hex: f.name for f in self.figures.values() if f.name != ignore}


# --- rules ------------------------------------------------------------------------------------


def mover(state: DemoState, f: Fighter) -> Mover:
    """f's move: up to its Move in open hexes (the dead lie where they fell, in the way too)."""
    return Mover(state.battle, f.hex, f.move, blocked=state.occupied(ignore=f.name))


def foes_beside(state: DemoState, f: Fighter) -> list[str]:
    return [o.name for o in state.figures.values() if o.up and o.team != f.team and hex_distance(o.hex, f.hex) == 1]


def plan_move(state: DemoState, f: Fighter, command: Command) -> tuple[Hex, ...]:
    path = tuple(to_hex(state, p) for p in command.path or ())
    why = mover(state, f).walk(path) if path else "a move needs a path"
    if why:
        raise Refusal(f"{f.name} cannot move along that path: {why}")
    return path


def plan_attack(state: DemoState, f: Fighter, command: Command) -> Fighter:
    if command.target not in foes_beside(state, f):
        raise Refusal(f"{command.target} is not a standing enemy next to {f.name}")
    return state.figures[command.target]


# The turn (kernel/sequence.py): each figure in turn has a movement, then a combat phase; the
# kernel asks victory, passes the turn on, and begins a new turn, in the same order, after the last.
TURNS = Turns(
    ("movement", "combat"), by_figure=True, starts=lambda state: [Event("turn", f"{state.active}'s turn", state.active)]
)


def next_turn(state: DemoState, dice: DiceSource) -> list[Event]:
    """The next standing figure's movement phase, or the end of the fight."""
    return pass_turn(state, dice, TURNS)


def do_move(state: DemoState, f: Fighter, path: tuple[Hex, ...], dice: DiceSource) -> list[Event]:
    events = [moved(f.name, path, f"{f.name} moves {len(path)} hexes")] if path else []
    f.hex, state.phase = (path[-1] if path else f.hex), "combat"
    return events + ([] if foes_beside(state, f) else next_turn(state, dice))


def do_attack(state: DemoState, f: Fighter, target: Fighter, dice: DiceSource) -> list[Event]:
    roll = dice.roll(6)
    taken = 0 if roll < state.options.hit_on else 2 if roll == 6 else 1
    return [
        Event(
            "attack",
            f"{f.name} attacks {target.name}: rolled {roll}, " + ("hit" if taken else "miss"),
            f.name,
            {"target": target.name, "roll": roll},
        ),
        Event("damage", f"{target.name} takes {taken}", target.name, {"taken": taken}),
        *wound(target, taken),
        *next_turn(state, dice),
    ]


def reach(state: DemoState, f: Fighter) -> dict:
    hexes = mover(state, f).reach().paths
    return {"hexes": hexes, "enabled": bool(hexes), "reason": None if hexes else "no room"}


# Each action: id, label, deed (state, figure, plan, dice), then what the kernel derives the menu,
# the legal commands, check and dispatch from (kernel/action.py).
SPEC = (
    Action("move", "Move", do_move, "movement", "move", "path", "figure path", plan=plan_move, menu=reach),
    Action("stay", "Stay", do_move, "movement", "move", plan=lambda state, f, command: ()),
    Action(
        "attack",
        "Attack",
        do_attack,
        "combat",
        needs="target",
        takes="figure target",
        plan=plan_attack,
        menu=lambda state, f: {"targets": tuple(foes_beside(state, f))},
    ),
    Action("pass", "Pass", lambda state, f, plan, dice: next_turn(state, dice), "combat"),
)


def wound(f: Fighter, amount: int) -> list[Event]:
    f.hp = max(0, f.hp - amount)
    return [] if f.up else [Event("dies", f"{f.name} dies", f.name)]


class DemoGM(GM):
    """The kernel's GM commands (place, damage, heal, remove, add: kernel/gm.py) on demo figures,
    and one of its own: rally, a pair plan_rally (Refusal) and do_rally."""

    actions = ("place", "damage", "heal", "remove", "add", "rally")
    multihex, sheet, make = False, DemoFigure, staticmethod(lambda state, spec: fighter(spec))
    turn_over = staticmethod(next_turn)  # a figure out of the fight on its turn passes it on

    def hurt(self, state: DemoState, f: Fighter, amount: int, dice: DiceSource) -> list[Event]:
        return wound(f, amount)

    def heal(self, state: DemoState, f: Fighter, amount: int) -> int:
        healed = min(amount, f.hp_max - f.hp)
        f.hp += healed
        return healed

    def joined(self, state: DemoState, f: Fighter, dice: DiceSource) -> list[Event]:
        state.order.append(f.name)  # acts from the next turn on
        return []

    def plan_rally(self, state: DemoState, f: Fighter, command: Command) -> dict:
        if not 0 < f.hp < f.hp_max:
            raise Refusal(f"{f.name} cannot be rallied (dead, or unhurt)")
        return {}

    def do_rally(self, state: DemoState, f: Fighter, details: dict, dice: DiceSource) -> list[Event]:
        f.hp = f.hp_max
        return [gm_event("rally", f"GM rallies {f.name}: back to {f.hp} HP", f.name)]


GM_RULES = DemoGM()


class Demo(Rules):
    """The Ruleset interface (board/rules/base.py) over the rules above: the kernel's Rules
    dispatches each command's "do" to its (plan, apply) and lists the legal commands."""

    id, name, facing, gm_actions, spec = ID, "Demo", False, GM_RULES.actions, SPEC
    handlers = {"gm": (GM_RULES.plan, GM_RULES.apply)}  # any command beside the actions'
    gm_keys = (GMKey("r", "rally", "R rally"),)
    sheet_type, options_type = DemoFigure, Options
    card_rows = staticmethod(lambda state, f: [("HP", f"{f.hp} of {f.hp_max}")])
    odds_note = "1d6 against the option hit_on."

    def setup(self, battle: BattleMap, options: Options, dice: DiceSource):
        figures = {s.name: fighter(s) for s in battle.figures}  # acting in the map's order
        state = DemoState(battle, options, figures, order=list(figures))
        return state, open_fight(state, dice, TURNS)  # the kernel's: victory, else turn 1 begins

    def tokens(self, state: DemoState) -> dict[str, Token]:
        return {
            f.name: Token(f.name, f.team, f.hex, (f.hex,), status=f.status, meter=(f.hp, f.hp_max), meter_label="HP")
            for f in state.figures.values()
        }

    def snapshot(self, state: DemoState) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "phase": state.phase,
            "active": state.active,
            "winner": state.winner,
            "figures": {f.name: {"hex": list(f.hex), "hp": f.hp} for f in state.figures.values()},
        }


DEMO = Demo()
