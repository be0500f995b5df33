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
from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.rules import Rules, lying
from board.rules.kernel.sequence import open_fight
from board.rules.dox import actions, moves, view
from board.rules.dox.params import PARAMS, TAKES
from board.rules.dox.plain_actions import order_words, plan_order
from board.rules.dox.sheet import DoxFigure, Options, check_figure
from board.rules.dox.state import DoxState, fig_from_spec, new_state
from board.rules.dox.tactics import TACTICS
from board.rules.dox.turns import TURNS, begin, settle
from board.rules.dox.wounds import check_victory, knock_down


class DoxGM(GM):
    actions = ("place", "damage", "heal", "remove", "add", "surprise", "obey")
    damage_words = "wounds"
    heal_text = "GM heals {amount} of {name}'s wounds"
    sheet = DoxFigure
    check_figure = staticmethod(check_figure)
    multihex = False
    surprise = ("unaware", "caught unaware: no Dodge or Parry until their turn", "no longer unaware")

    def make(self, state, spec):
        f = fig_from_spec(spec, state.options)
        f.mount = None  # a new figure comes on foot
        return f

    def occupied(self, state, f):
        """Everyone but f, its rider and its mount, who move with it."""
        carried = {f.name, f.mount} | {r.name for r in state.figures.values() if r.mount == f.name}
        return {g.hex: g.name for g in state.figures.values() if g.name not in carried}

    def placed(self, state, f):
        for g in state.figures.values():
            if g.mount == f.name or g.name == f.mount:
                g.hex = f.hex
        state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]

    def hurt(self, state, f, amount, dice):
        f.wounds += amount
        return knock_down(state, f) if f.up and f.wounds >= f.max_wounds else []

    def heal(self, state, f, amount):
        healed = min(amount, f.wounds)
        f.wounds -= healed
        if not f.up and f.wounds < f.max_wounds:
            f.status = "ok"
        return healed

    def joined(self, state, f, dice):
        state.order.append(f.name)  # it joins the fight at the end of this round's order
        state.queue.append(f.name)
        f.acted = f.moved = True
        return []

    def forget(self, state, f, was_active):
        state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]
        state.pending = [p for p in state.pending if p.victim != f.name]
        for rider in state.figures.values():
            if rider.mount == f.name:
                rider.mount = None
        if state.queue[:1] == [f.name]:  # it was taking its turn: the next figure's begins now
            del state.queue[0]
            return begin(state)
        return []  # the kernel takes it out of the order and the queue

    def plan_obey(self, state, f, command):
        return {"order": plan_order(state, f, command)}

    def do_obey(self, state, f, details, dice):
        f.order = details["order"]  # the GM waives the Ranger roll
        text = f"GM: {f.name} obeys ({order_words(f.order)})"
        return [gm_event("obey", text, f.name, order=list(f.order))]


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
    odds_note = ('Exact over the dice; Fortune burned after the roll (which may undo a wound) is not '
                 'foreseen.')

    sheet_type, options_type, sheet_check = DoxFigure, Options, staticmethod(check_figure)
    params_types, takes, victory = PARAMS, TAKES, staticmethod(check_victory)

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[DoxState, list[Event]]:
        state, events = new_state(battle, options)
        return state, events + open_fight(state, dice, TURNS)

    phase_labels = {"movement": "move or stay", "action": "one action",
                    "fortune": "burn Fortune?", "over": "the fight is over"}

    def ground_items(self, state) -> dict:
        return lying(state.items)

    # What the board, the figure card and replay --json read of a fight (view.py).
    tokens = staticmethod(view.tokens)
    card_rows = staticmethod(view.card)
    snapshot = staticmethod(view.snapshot)

    @cached_property
    def spec(self) -> tuple[Action, ...]:
        return actions.spec(self.check)

    def typed(self, command: Command) -> Command:
        return super().typed(moves.named(command))

    def after_command(self, state: DoxState, dice: DiceSource) -> list[Event]:
        return settle(state, dice)


RULESET = Dox()  # what the registry reads (board/rules/registry.py)
