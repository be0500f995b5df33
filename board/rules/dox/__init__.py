"""Dox (rule text 003, physical combat): Offense roll - Defense = dox; strike, grapple, area
attacks and mounted combat on the hex board, behind the Ruleset interface; its rounds: initiative
by an Athlete trait roll, then each figure in turn moves and takes one action (the text has no
turn structure: this is the reading in docs/rules-notes.md); and its GM commands: the common ones
(kernel/gm.py), marking a figure surprised, making an animal obey unrolled."""

from __future__ import annotations

from functools import cached_property

from board.dice import DiceSource
from board.rules.base import Command, Event
from board.rules.reports import GMKey
from board.rules.kernel.action import Action
from board.rules.kernel.gm import GM
from board.rules.kernel.rules import Rules
from board.rules.kernel import sequence
from board.rules.dox import actions, gm, view
from board.rules.dox.params import PARAMS, TAKES
from board.rules.dox.sheet import DoxFigure, Options, check_figure
from board.rules.dox.state import DoxState, new_state
from board.rules.dox.tactics import TACTICS
from board.rules.dox.turns import TURNS


class DoxGM(GM):
    actions = ("place", "damage", "heal", "remove", "add", "surprise", "obey")
    damage_words = "wounds"
    heal_text = "GM heals {amount} of {name}'s wounds"
    sheet = DoxFigure
    check_figure = staticmethod(check_figure)
    multihex = False
    surprise = ("unaware", "caught unaware: no Dodge or Parry until their turn", "no longer unaware")

    make, occupied, placed = staticmethod(gm.make), staticmethod(gm.occupied), staticmethod(gm.placed)
    hurt, joined, forget = staticmethod(gm.hurt), staticmethod(gm.joined), staticmethod(gm.forget)
    plan_obey, do_obey = staticmethod(gm.plan_obey), staticmethod(gm.do_obey)


GM_RULES = DoxGM()


class Dox(Rules):
    """The dox rules: rounds in initiative order, each figure moves then takes one action."""

    id = "dox"
    name = "Dox"
    facing = False  # "Both texts use spaces rather than facing"
    tactics = TACTICS
    gm_actions = GM_RULES.actions
    gm_keys = (GMKey("s", "surprise", "S surprise"),)
    handlers = {"gm": (GM_RULES.plan, GM_RULES.apply)}
    acting = staticmethod(actions.whose_turn)
    offered = staticmethod(lambda state, f: state.active == f.name)  # a Fortune question's victim too
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = "Exact over the dice; Fortune burned after the roll (which may undo a wound) is not foreseen."

    sheet_type, options_type, sheet_check = DoxFigure, Options, staticmethod(check_figure)
    params_types, takes = PARAMS, TAKES

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[DoxState, list[Event]]:
        state, events = new_state(battle, options)
        return state, events + sequence.open_fight(state, dice, TURNS)

    phase_labels = {
        "movement": "move or stay",
        "action": "one action",
        "fortune": "burn Fortune?",
        "over": "the fight is over",
    }

    # What the board, the figure card and replay --json read of a fight (view.py).
    shown = staticmethod(view.shown)
    card_rows = staticmethod(view.card)
    snapshot = staticmethod(view.snapshot)

    @cached_property
    def spec(self) -> tuple[Action, ...]:
        return actions.spec(self)

    def implied(self, command: Command) -> Action | None:
        """A move naming no action (`{do: move, to: ...}`) is a "move"."""
        return self.table["move", "move"] if command.do == "move" and command.action is None else None

    def after_command(self, state: DoxState, dice: DiceSource) -> list[Event]:
        """Victory; then, once no Fortune question is open, the turn passes on if the active
        figure is done (acted or down), and a new round starts after the last figure."""
        return sequence.settle(state, dice, TURNS)


RULESET = Dox()  # what the registry reads (board/rules/registry.py)
