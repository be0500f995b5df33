"""Usage dice (rule text 002): no initiative, move + one action, ability + gear dice, wounds by Power."""

from __future__ import annotations

from functools import cached_property

from board.dice import DiceSource
from board.rules.kernel.action import Action
from board.rules.kernel.rules import Rules
from board.rules.kernel.sequence import open_fight
from board.rules.reports import TurnInfo
from board.rules.base import Command, Event
from board.rules.usage_dice import gm, resolve, view
from board.rules.usage_dice.actions import (
    STUNTS,
    aim,
    closed,
    items_here,
    plan_aimed,
    plan_move,
    plan_pick_up,
    plan_stance,
    reach,
    stances,
)
from board.rules.usage_dice.params import PARAMS, TAKES, Attack, PickUp, Stance, Test
from board.rules.usage_dice.predict import predict as predict_odds
from board.rules.usage_dice.sheet import RULESET_ID, Options, UDFigure, card, check_figure
from board.rules.usage_dice.state import TURNS, UDState, advance, new_fight
from board.rules.usage_dice.tactics import TACTICS


def aimed(id: str, label: str, why_not, takes: str = "figure target", deed=resolve.attack, test=Attack) -> Action:
    """An aimed action: engaging in combat, firing or a stunt, aimed at a foe with the settings
    of an attack (with its odds); or a revive, at a friend with a test's."""
    return Action(
        id,
        label,
        deed,
        needs="target",
        takes=takes,
        params=test,
        plan=plan_aimed,
        why_not=why_not,
        menu=aim(id),
        odds=predict_odds if test is Attack else None,
    )


def move(id: str, label: str, why_not) -> Action:
    """A move, or a second move as the action: to a hex within reach."""
    return Action(
        id, label, resolve.move, needs="hex", takes="figure path to", plan=plan_move, why_not=why_not, menu=reach
    )


# What a figure may do on its side's turn, in menu order: a move and one action (the kernel derives
# the menu, the legal commands, check, dispatch and the odds from it: kernel/action.py).
SPEC = (
    move("move", "Move", closed("moved", "prone")),
    Action("stand", "Stand up", resolve.stand, why_not=closed("moved", "standing")),
    aimed("engage", "Engage in combat", closed("acted", "unengaged")),
    aimed("shoot", "Fire", closed("acted", "no bow", "engaged", "unloaded"), "figure target weapon"),
    *(aimed(stunt, f"Stunt: {stunt.replace('_', ' ')}", closed("acted", "unengaged")) for stunt in STUNTS),
    move("dash", "Second move", closed("prone", "acted")),
    Action("reload", "Reload", resolve.reload, why_not=closed("acted", "loaded")),
    aimed("revive", "Revive a companion", closed("acted"), deed=resolve.revive, test=Test),
    Action(
        "pick_up",
        "Pick up",
        resolve.pick_up,
        needs="choice",
        takes="figure weapon",
        params=PickUp,
        plan=plan_pick_up,
        why_not=closed("acted", "bare"),
        menu=items_here,
    ),
    Action("stance", "Stance", resolve.stance, needs="choice", params=Stance, plan=plan_stance, menu=stances),
    Action("pass", "End turn", resolve.done),
)


def as_move(command: Command) -> Command:
    """A `move` command (figure, path or to) is the move action's."""
    return command.model_copy(update={"do": "act", "action": "move"})


class UsageDice(Rules):
    """Sides take turns; each figure moves and takes one action; gear wears down its usage die."""

    id = RULESET_ID
    name = "Usage Dice"
    tactics = TACTICS
    facing = False
    gm_actions = gm.GM_ACTIONS
    spec, phase = SPEC, "action"
    # Each menu entry is built by the checks its plan makes (reach, targets, items, stances): its
    # commands are legal by construction, and the legal list does not plan them again.
    trusted_needs = frozenset({"none", "hex", "target", "choice"})
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = (
        "Exact over the dice; damage lands as wounds (armor's usage die, then a Power roll), "
        "so the rows give each wound's chance, not points. Usage dice worn down by this roll "
        "are not foreseen."
    )

    sheet_type, options_type, params_types, takes = UDFigure, Options, PARAMS, TAKES
    sheet_check, card_rows = staticmethod(check_figure), staticmethod(card)
    after_deed = staticmethod(resolve.spent)  # what the action used up of the figure's turn
    # What the board and a replay read of a fight (usage_dice/view.py).
    shown, snapshot = staticmethod(view.shown), staticmethod(view.snapshot)
    ground_items = staticmethod(view.ground_items)

    @cached_property
    def handlers(self) -> dict:
        """Beside the actions' `act`: the GM's commands, and `move` (the move action's)."""
        plan, deed = self.plan, self._deed
        move = (lambda state, c: plan(state, as_move(c)), lambda state, c, dice: deed(state, as_move(c), dice))
        return {"gm": (gm.plan, gm.apply), "move": move}

    def offered(self, state: UDState, f) -> bool:
        """Any figure of the acting side may act until it has finished its turn."""
        return not state.over and f.up and not state.not_its_turn(f)

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[UDState, list[Event]]:
        state = new_fight(battle, options, battle.figures)
        # The first turn, then on past a first side with nobody up.
        return state, open_fight(state, dice, TURNS) + advance(state)

    def phase_label(self, state: UDState) -> str:
        return "Over" if state.over else f"{state.side} to act"

    def turn_info(self, state: UDState) -> TurnInfo:
        """A side has the turn: its figures yet to act are the order, in map order."""
        return super().turn_info(state).but(order=state.acting, queue=(), team=state.side)


RULESET = UsageDice()  # what the registry reads (board/rules/registry.py)
