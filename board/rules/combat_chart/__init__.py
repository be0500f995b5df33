"""The combat-chart ruleset (rule text 001): initiative by Mind + Body, Attack Rank against
Defense Rank on a 3d6 combat chart, critical hits and misses, shields and crossbows."""

from __future__ import annotations

from typing import Any

from board.dice import DiceSource
from board.rules.kernel.glyphs import glyph
from board.rules.kernel.rules import Rules, lying
from board.rules.kernel.sequence import open_fight
from board.rules.base import Command, Event, Refusal
from board.rules.reports import ActionInfo, Prediction, Token
from board.rules.combat_chart import acts, gm, turns
from board.rules.combat_chart.params import PARAMS, TAKES
from board.rules.combat_chart.sheet import CCFigure, Options, card, check_figure
from board.rules.combat_chart.state import (CCState, attack_rank, defense_rank, fig_from_spec,
                                            initiative, total)
from board.rules.combat_chart.tables import load


class CombatChart(Rules):
    """Rounds of 10 seconds, one turn each in initiative order; attacks read the combat chart."""

    id = "combat-chart"
    name = "Combat Chart"
    facing = False  # "spaces rather than facing": no facing, no threat zones
    gm_actions = gm.GM_ACTIONS
    handlers = {"act": (acts.plan, acts.apply), "gm": (gm.plan, gm.apply)}
    victory = staticmethod(turns.check_victory)
    commands_hint = ' (a move is the "move" act)'
    trusted_needs = frozenset({"hex"})  # the hexes offered are the reachable ones
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = ('Exact over every die, with armor, stance and effects as they stand; a parry, dodge '
                 'or block chosen before the roll is not foreseen.')

    sheet_type, options_type, params_types, takes = CCFigure, Options, PARAMS, TAKES
    sheet_check, card_rows = staticmethod(check_figure), staticmethod(card)

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[CCState, list[Event]]:
        tables = load()
        state = CCState(battle=battle, options=options, tables=tables,
                        figures={s.name: fig_from_spec(s, tables) for s in battle.figures})
        events: list[Event] = []
        if options.perception_vs_surprise:
            # "A successful Perception check can be used to avoid surprise"
            for f in state.figures.values():
                if f.surprised:
                    ok, data = turns.attribute_roll(state, f, "perception", dice)
                    f.surprised = not ok
                    events.append(Event("roll", f"{f.name}'s Perception: {data['roll']} vs {data['needed']}, "
                                        + ("not surprised" if ok else "surprised"), f.name, {**data, "dice": 3}))
        return state, events + open_fight(state, dice, turns.TURNS)

    def phase_label(self, state: CCState) -> str:
        return "Over" if state.phase == "over" else f"Round {state.turn}" + (
            f": {state.active}'s turn" if state.active else "")

    def ground_items(self, state) -> dict:
        return lying(state.items)

    def tokens(self, state: CCState) -> dict[str, Token]:
        out = {}
        for f in state.figures.values():
            words = [f.ready or "unarmed"] + ([f.stance] if f.stance else []) + (["stunned"] if f.stunned else [])
            out[f.name] = Token(name=f.name, team=f.team, hex=f.hex, cells=f.cells, size=f.size, facing=None,
                                status=f.status, posture=f.posture, meter=(max(f.hp, 0), f.hp_max),
                                meter_label="HP", caption=", ".join(words),
                                glyph=glyph(f.ready, caster=bool(f.spells), big=f.size >= 3))
        return out

    def actions(self, state: CCState, figure: str) -> list[ActionInfo]:
        f = state.figures.get(figure)
        if f is None or state.phase == "over" or state.active != figure:
            return []
        return acts.action_list(state, f)

    def predict(self, state: CCState, command: Command) -> Prediction | None:
        choice = acts.CHOICES.get(command.action) if command.do == "act" else None
        if choice is None or choice.odds is None:
            return None
        try:
            _, plan = acts.plan(state, command)
        except Refusal:
            return None
        return choice.odds(state, plan)

    def snapshot(self, state: CCState) -> dict[str, Any]:
        figures = {}
        for f in state.figures.values():
            figures[f.name] = {
                "hex": [f.hex.q, f.hex.r], "status": f.status, "hp": f.hp, "hp_max": f.hp_max,
                "initiative": initiative(state, f), "attack_rank": total(attack_rank(state, f, None)),
                "defense_rank": total(defense_rank(state, f)), "posture": f.posture, "ready": f.ready,
                "shield_on": f.shield_on, "stance": f.stance, "stunned": f.stunned, "magic": f.magic,
                "bleeding": sum(w[1] for w in f.bleeding), "effects": [e.name for e in f.effects],
                "weapons": list(f.weapons), "armor_needs_repair": f.armor_needs_repair,
            }
        return {"turn": state.turn, "phase": state.phase, "order": list(state.order),
                "winner": state.winner, "figures": figures}


RULESET = CombatChart()  # what the registry reads (board/rules/registry.py)
