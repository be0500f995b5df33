"""Warrior & Wizard (rule text 000): the primary ruleset, behind the Ruleset interface."""

from __future__ import annotations

from functools import cache, cached_property
from typing import TYPE_CHECKING

from board.rules.base import Command
from board.rules.kernel.rules import Rules
from board.rules.warrior_wizard import sheet, view
from board.rules.warrior_wizard.params import PARAMS, TAKES
from board.rules.warrior_wizard.spec import FigureSpec, Options
from board.rules.warrior_wizard.tactics import TACTICS
from board.rules.warrior_wizard.turns import check_victory

if TYPE_CHECKING:
    from board.rules.reports import ActionInfo


@cache
def _plays():
    """The modules that play (actions, menus, GM), imported at their first use: loading a map
    and setting up a game needs none of them (issue 17, the headless start)."""
    from board.rules.warrior_wizard import actions

    return actions


class WarriorWizard(Rules):
    """The Warrior & Wizard rules: phases, engagement, movement and combat actions."""

    id, name, facing = "warrior-wizard", "Warrior & Wizard", True
    tactics = TACTICS
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = (
        "Exact over every die, with armor, shield and this turn's modifiers as they stand; a "
        "defence or a GM change made before the roll is not foreseen."
    )
    sheet_type, options_type, params_types, takes = FigureSpec, Options, PARAMS, TAKES
    victory = staticmethod(check_victory)  # illusions do not fight
    sheet_check, card_rows = staticmethod(sheet.check_figure), staticmethod(sheet.card)
    sheet_choices, sheet_warnings = staticmethod(sheet.sheet_choices), staticmethod(sheet.strength_penalties)
    setup, tokens, snapshot = staticmethod(view.setup), staticmethod(view.tokens), staticmethod(view.snapshot)
    gm_keys = cached_property(view.gm_keys)

    # Built at first use: the modules that play load then (issue 17).
    @cached_property
    def spec(self) -> tuple:
        return _plays().SPEC

    @cached_property
    def handlers(self) -> dict:  # built at first use, as spec
        return {"gm": (_plays().gm.plan, _plays().gm.apply)}

    @cached_property
    def gm_actions(self) -> tuple[str, ...]:
        return _plays().gm.GM_ACTIONS

    def implied(self, command: Command):
        return _plays().implied(command)

    acting = cached_property(lambda self: _plays().acting)  # every command's whose-turn check: called directly

    def actions(self, state, figure: str) -> list[ActionInfo]:
        return _plays().menu(self, state, figure)


RULESET = WarriorWizard()  # what the registry reads (board/rules/registry.py)
