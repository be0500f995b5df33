"""Warrior & Wizard (rule text 000): the primary ruleset, behind the Ruleset interface."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, get_args

from board.dice import DiceSource
from board.models import Posture
from board.rules.base import Command, Event
from board.rules.kernel.rules import Rules, lying
from board.rules.warrior_wizard.spec import FigureSpec, Options
from board.rules.warrior_wizard import sheet
from board.rules.warrior_wizard.params import PARAMS, TAKES
from board.rules.warrior_wizard.engagement import all_engagers, shared_hexes, zone_of
from board.rules.warrior_wizard.state import WWState, figure_from_spec
from board.rules.warrior_wizard.stats import adj_dx
from board.rules.warrior_wizard.turns import check_victory, start_turn
from board.rules.warrior_wizard.tables import load_tables

if TYPE_CHECKING:
    from board.rules.reports import ActionInfo, Token

class WarriorWizard(Rules):
    """The Warrior & Wizard rules: phases, engagement, movement and combat actions."""

    id = "warrior-wizard"
    name = "Warrior & Wizard"
    facing = True
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = ("Exact over every die, with armor, shield and this turn's modifiers as they stand; a "
                 'defence or a GM change made before the roll is not foreseen.')
    sheet_type, options_type, params_types, takes = FigureSpec, Options, PARAMS, TAKES
    victory = staticmethod(check_victory)  # illusions do not fight
    sheet_check, card_rows = staticmethod(sheet.check_figure), staticmethod(sheet.card)
    sheet_choices = staticmethod(sheet.sheet_choices)
    sheet_warnings = staticmethod(sheet.strength_penalties)

    # The modules that play (commands, menus, GM) and what the board reads (tokens, the turn
    # banner, GM keys) are imported at their first use: loading a map and setting up a game
    # needs none of them (issue 17, the headless start).
    @cached_property
    def spec(self) -> tuple:
        from board.rules.warrior_wizard.actions import SPEC
        return SPEC

    @cached_property
    def handlers(self):
        import board.rules.warrior_wizard.gm as gm
        return {"gm": (gm.plan, gm.apply)}

    def action_of(self, command: Command):
        from board.rules.warrior_wizard.actions import IMPLIED
        return super().action_of(command) or (IMPLIED if command.do == "move" and not command.action else None)

    def acting(self, state: WWState, command: Command, phase: str | None):
        from board.rules.warrior_wizard.combat_do import acting
        return acting(state, command, phase)

    def actions(self, state: WWState, figure: str) -> list[ActionInfo]:
        from board.rules.warrior_wizard.actions import menu
        return menu(self, state, figure)

    @cached_property
    def gm_actions(self) -> tuple[str, ...]:
        import board.rules.warrior_wizard.gm as gm
        return gm.GM_ACTIONS

    @cached_property
    def gm_keys(self) -> tuple:
        from board.rules.kernel.shell import GMKey
        return (GMKey("p", "posture", "P posture", "posture", "posture", get_args(Posture)),
                GMKey("s", "surprise", "S surprise"),
                GMKey("i", "ignite", "I fire", "extent", "on_fire", ("limb", "half", "whole", "out")),
                GMKey("c", "chase", "C chase", target=True))

    def ground_items(self, state) -> dict:
        return lying(state.items)

    def tokens(self, state: WWState) -> dict[str, Token]:
        from board.rules.reports import Token  # at its first use, as above

        out = {}
        shared = shared_hexes(state)
        engaged_by = all_engagers(state)
        for f in state.figures.values():  # all_engagers(): each list sorted
            out[f.name] = Token(
                name=f.name, team=f.team, hex=f.hex, cells=tuple(f.cells), size=f.size,
                facing=f.facing, status=f.status, posture=f.posture,
                meter=(f.effective_st, f.st), meter_label="ST", caption=f.ready or "",
                on_fire=f.on_fire, threat_zone=frozenset(zone_of(f)),
                engaged_with=tuple(engaged_by[f.name]), shares_hex=f.size == 1 and f.hex in shared,
                glyph=sheet.glyph_of(state, f))
        return out

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[WWState, list[Event]]:
        state = WWState(battle=battle, options=options, tables=load_tables(),
                        figures={spec.name: figure_from_spec(spec) for spec in battle.figures})
        events = check_victory(state)
        if state.phase != "over":
            events += start_turn(state, dice)
        return state, events


    def snapshot(self, state: WWState) -> dict[str, Any]:
        figures = {}
        engaged_by = all_engagers(state)
        for f in state.figures.values():
            by = engaged_by[f.name]  # sorted
            figures[f.name] = {
                "hex": [f.hex.q, f.hex.r], "facing": f.facing, "st": f.effective_st,
                "adj_dx": adj_dx(state, f), "posture": f.posture, "status": f.status,
                "engaged": bool(by), "engaged_with": by,
                "threat_zone": [[h.q, h.r] for h in sorted(zone_of(f))],
            }
        return {"turn": state.turn, "phase": state.phase, "figures": figures}


RULESET = WarriorWizard()  # what the registry reads (board/rules/registry.py)
