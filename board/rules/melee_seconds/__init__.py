"""Melee Seconds (rule text 004): six-second Melee Rounds plotted and resolved second by second."""

from __future__ import annotations

from functools import cached_property

from board.battle import BattleMap
from board.dice import DiceSource
from board.rules.base import Command, Event
from board.rules.kernel.gm import GM, gm_event, gm_takes
from board.rules.kernel.refusals import need
from board.rules.kernel.rules import Rules
from board.rules.kernel.sequence import start_turn
from board.rules.melee_seconds import actions, secrets, view
from board.rules.melee_seconds.effects import wound
from board.rules.melee_seconds.params import PARAMS
from board.rules.melee_seconds.resolve import advance
from board.rules.melee_seconds.sheet import MSFigureSpec, Options, card, check_figure, load
from board.rules.melee_seconds.state import Fighter, MSState, fighter_from_spec, forget_aims, melee
from board.rules.melee_seconds.tactics import TACTICS
from board.rules.melee_seconds.turns import TURNS, timeline


class MeleeSecondsGM(GM):
    """The common GM commands (kernel/gm.py), and permitting a change of General Plot (2.5)."""

    actions = ("place", "damage", "heal", "add", "remove", "allow_change")
    turns = True
    sheet = MSFigureSpec
    check_figure = staticmethod(check_figure)

    def make(self, state: MSState, spec: MSFigureSpec) -> Fighter:
        return fighter_from_spec(spec)

    def hurt(self, state: MSState, f: Fighter, amount: int, dice: DiceSource) -> list[Event]:
        return wound(state, f, amount)

    def joined(self, state: MSState, f: Fighter, dice: DiceSource) -> list[Event]:
        state.order.append(f.name)
        return []

    def forget(self, state: MSState, f: Fighter, was_active: bool) -> list[Event]:
        forget_aims(state, f.name)
        return []

    def plan_allow_change(self, state: MSState, f: Fighter, command: Command) -> dict:
        need(state.phase == "plot", "a General Plot may be changed at the beginning of a second (2.5)")
        return {}

    def do_allow_change(self, state: MSState, f: Fighter, details: dict, dice: DiceSource) -> list[Event]:
        f.may_change = True
        text = f"GM permits {f.name} to change its General Plot (2.5)"
        return [gm_event("allow_change", text, f.name)]


GM_RULES = MeleeSecondsGM()


class MeleeSeconds(Rules):
    """General Plots and Initiative dice per Melee Round; Specific Plots resolved each second."""

    id = "melee-seconds"
    name = "Melee Seconds"
    facing = True  # 6.4 speaks of attacks "against the Side or Rear if they have turned"
    tactics = TACTICS
    gm_actions = GM_RULES.actions
    handlers = {"gm": (GM_RULES.plan, GM_RULES.apply)}
    commands_hint = " (moving is a Specific Plot: act move)"
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = (
        "Exact for this strike: the roll, parry and armour as they stand; the plots of later seconds are not foreseen."
    )

    sheet_type, options_type, params_types, takes = MSFigureSpec, Options, PARAMS, gm_takes(turns=True)
    sheet_check, card_rows = staticmethod(check_figure), staticmethod(card)
    actors = staticmethod(actions.actors)
    # What a side cannot see, and a copy with guesses in its place (board/ai/worlds.py).
    unseen, with_generals = staticmethod(secrets.unseen), staticmethod(secrets.with_generals)

    @cached_property
    def spec(self):
        """Its actions (actions.py), the section 7 ones as actions.yaml names them."""
        return actions.spec(self.check, load().actions)

    def offered(self, state: MSState, f: Fighter) -> bool:
        return f.up and state.phase != "over"

    def after_command(self, state: MSState, dice: DiceSource) -> list[Event]:
        """Victory, then the Melee moves on while nobody has a plot to state (1.1: until one
        side stands)."""
        return self.victory(state) + advance(state, dice)

    def setup(self, battle: BattleMap, options: Options, dice: DiceSource) -> tuple[MSState, list[Event]]:
        state = melee(battle, options)
        return state, start_turn(state, dice, TURNS) + self.after_command(state, dice)

    timeline = staticmethod(timeline)
    phase_label, shown, snapshot = (
        staticmethod(view.phase_label),
        staticmethod(view.shown),
        staticmethod(view.snapshot),
    )


RULESET = MeleeSeconds()  # what the registry reads (board/rules/registry.py)
