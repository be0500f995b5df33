"""Usage dice (rule text 002): no initiative, move + one action, ability + gear dice, wounds by Power."""

from __future__ import annotations

from typing import Any

from board.dice import DiceSource
from board.rules.kernel.glyphs import glyph
from board.rules.kernel.rules import Rules, lying
from board.rules.base import Command, Event, Refusal
from board.rules.reports import ActionInfo, Prediction, Token, TurnInfo
from board.rules.usage_dice import actions as acts
from board.rules.usage_dice import gm, resolve
from board.rules.usage_dice.params import PARAMS, TAKES
from board.rules.usage_dice.predict import predict as predict_odds
from board.rules.usage_dice.sheet import RULESET_ID, Options, UDFigure, card, check_figure, sheet_of
from board.rules.usage_dice.state import UDState, figure_from_sheet, side_order, start


class UsageDice(Rules):
    """Sides take turns; each figure moves and takes one action; gear wears down its usage die."""

    id = RULESET_ID
    name = "Usage Dice"
    facing = False
    gm_actions = gm.GM_ACTIONS
    handlers = {"move": (acts.plan, resolve.apply), "act": (acts.plan, resolve.apply),
                "gm": (gm.plan, gm.apply)}
    trusted_needs = frozenset({"hex"})  # the hexes offered are the reachable ones
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = ("Exact over the dice; damage lands as wounds (armor's usage die, then a Power roll), "
                 "so the rows give each wound's chance, not points. Usage dice worn down by this roll "
                 'are not foreseen.')

    sheet_type, options_type, params_types, takes = UDFigure, Options, PARAMS, TAKES
    sheet_check, card_rows = staticmethod(check_figure), staticmethod(card)

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[UDState, list[Event]]:
        sheets = [check_figure(sheet_of(spec), lambda path, message: None) for spec in battle.figures]
        figures = {s.name: figure_from_sheet(s) for s in sheets}
        teams = list(dict.fromkeys(s.team for s in sheets))
        sides = side_order(teams, options.surprised)
        state = UDState(battle=battle, options=options, figures=figures, players=teams[0] if teams else None,
                        turn=1, phase="action", order=sides, queue=list(sides))
        return state, start(state)

    def phase_label(self, state: UDState) -> str:
        return "Over" if state.over else f"{state.side} to act"

    def turn_info(self, state: UDState) -> TurnInfo:
        """A side has the turn: its figures yet to act are the order, in map order."""
        acting = tuple(f.name for f in state.figures.values() if f.team == state.side and f.up and not f.done)
        return super().turn_info(state).but(order=acting, queue=(), team=state.side)

    def ground_items(self, state) -> dict:
        return lying(state.items, lambda item: item.name)

    def tokens(self, state: UDState) -> dict[str, Token]:
        out = {}
        for f in state.figures.values():
            # Wounds first: the token shows them at a glance (issue 18), then the usage dice.
            wounds = [f"{len(f.wounds)} wound{'s' * (len(f.wounds) > 1)}"] if f.wounds else []
            gear = wounds + [i.label for i in f.weapons + f.armor]
            out[f.name] = Token(
                name=f.name, team=f.team, hex=f.hex, cells=(f.hex,),
                facing=None, status=f.status, posture="prone" if f.prone else "standing",
                meter=(f.power, f.full_power), meter_label="Power", caption=" · ".join(gear),
                engaged_with=tuple(o.name for o in state.enemies_adjacent(f)) if f.up else (),
                glyph=glyph(next((w.name for w in f.weapons if w.name != "Unarmed"), None)))
        return out

    def actions(self, state: UDState, figure: str) -> list[ActionInfo]:
        f = state.figures.get(figure)
        if f is None or state.phase == "over" or not f.up or f.team != state.side or f.done:
            return []
        return acts.infos(state, f)

    def predict(self, state: UDState, command: Command) -> Prediction | None:
        if command.do != "act" or command.action not in acts.AIMED:
            return None
        try:
            details = acts.plan(state, command)
        except Refusal:
            return None
        return predict_odds(state, details)

    def snapshot(self, state: UDState) -> dict[str, Any]:
        figures = {}
        for f in state.figures.values():
            figures[f.name] = {
                "hex": [f.hex.q, f.hex.r], "status": f.status, "team": f.team,
                "power": f.power, "grace": f.grace, "fatigue": f.fatigue,
                "weapons": {w.name: w.die for w in f.weapons},
                "armor": {a.name: a.die for a in f.armor},
                "loaded": {w.name: w.loaded for w in f.ranged},
                "wounds": list(f.wounds), "prone": f.prone,
                "moved": f.moved, "acted": f.acted, "done": f.done,
                "engaged": bool(state.enemies_adjacent(f)) if f.up else False,
            }
        items = {f"{h.q},{h.r}": [i.label for i in pile] for h, pile in state.items.items()}
        return {"turn": state.turn, "phase": state.phase, "side": state.side,
                "winner": state.winner, "figures": figures, "items": items}


RULESET = UsageDice()  # what the registry reads (board/rules/registry.py)
