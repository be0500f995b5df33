"""The combat-chart ruleset (rule text 001): initiative by Mind + Body, Attack Rank against
Defense Rank on a 3d6 combat chart, critical hits and misses, shields and crossbows."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.kernel.rules import Rules
from board.rules.kernel.sequence import open_fight
from board.rules.base import Event
from board.rules.combat_chart import acts, gm, turns, view
from board.rules.combat_chart.params import PARAMS
from board.rules.combat_chart.sheet import CCFigure, Options, card, check_figure
from board.rules.combat_chart.state import CCState, fig_from_spec
from board.rules.combat_chart.tables import load
from board.rules.combat_chart.tactics import TACTICS


class CombatChart(Rules):
    """Rounds of 10 seconds, one turn each in initiative order; attacks read the combat chart."""

    id = "combat-chart"
    name = "Combat Chart"
    tactics = TACTICS
    facing = False  # "spaces rather than facing": no facing, no threat zones
    gm_actions = gm.GM_ACTIONS
    spec, phase, after_deed = acts.SPEC, "turn", staticmethod(acts.after_deed)  # the turn's choices
    handlers = {"gm": (gm.plan, gm.apply)}
    victory = staticmethod(turns.check_victory)
    commands_hint = ' (a move is the "move" act)'
    # Open entries whose commands are legal by construction: the reachable hexes, the choices and
    # the plain choices offered (attacks: acts.ATTACK; a spell's target may not suit every spell).
    trusted_needs = frozenset({"hex", "choice", "none"})
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = (
        "Exact over every die, with armor, stance and effects as they stand; a parry, dodge "
        "or block chosen before the roll is not foreseen."
    )

    sheet_type, options_type, params_types = CCFigure, Options, PARAMS
    sheet_check, card_rows = staticmethod(check_figure), staticmethod(card)
    shown, snapshot = staticmethod(view.shown), staticmethod(view.snapshot)

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[CCState, list[Event]]:
        tables = load()
        figures = {s.name: fig_from_spec(s, tables) for s in battle.figures}
        state = CCState(battle=battle, options=options, tables=tables, figures=figures)
        return state, turns.perceive(state, dice) + open_fight(state, dice, turns.TURNS)

    def phase_label(self, state: CCState) -> str:
        return (
            "Over"
            if state.phase == "over"
            else f"Round {state.turn}" + (f": {state.active}'s turn" if state.active else "")
        )


RULESET = CombatChart()  # what the registry reads (board/rules/registry.py)
