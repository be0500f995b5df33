"""Usage dice (rule text 002): no initiative, move + one action, ability + gear dice, wounds by Power."""

from __future__ import annotations

from typing import Any

from board.dice import DiceSource
from board.footprints import footprint_cells
from board.rules.base import ActionInfo, Command, Event, Prediction, Refusal, Token
from board.rules.usage_dice import actions as acts
from board.rules.usage_dice import gm, resolve
from board.rules.usage_dice.card import card as figure_card
from board.rules.usage_dice.predict import predict as predict_odds
from board.rules.usage_dice.sheet import RULESET_ID, Options, UDFigure, check_figure, sheet_of
from board.rules.usage_dice.state import UDState, figure_from_sheet
from board.rules.usage_dice.turns import side_order, start


class UsageDice:
    """Sides take turns; each figure moves and takes one action; gear wears down its usage die."""

    id = RULESET_ID
    name = "Usage Dice"
    facing = False
    gm_actions = gm.GM_ACTIONS
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = ("Exact over the dice; damage lands as wounds (armor's usage die, then a Power roll), "
                 "so the rows give each wound's chance, not points. Usage dice worn down by this roll "
                 'are not foreseen.')

    def figure_model(self) -> type[UDFigure]:
        return UDFigure

    def check_figure(self, spec, problem) -> UDFigure:
        return check_figure(spec, problem)

    def options_model(self) -> type[Options]:
        return Options

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[UDState, list[Event]]:
        sheets = [check_figure(sheet_of(spec), lambda path, message: None) for spec in battle.figures]
        figures = {s.name: figure_from_sheet(s) for s in sheets}
        teams = list(dict.fromkeys(s.team for s in sheets))
        state = UDState(battle=battle, options=options, figures=figures,
                        sides=side_order(teams, options.surprised), players=teams[0] if teams else None)
        return state, start(state)

    def turn_info(self, state: UDState) -> dict[str, Any]:
        over = state.phase == "over"
        acting = [] if over else [f.name for f in state.figures.values()
                                  if f.team == state.side and f.up and not f.done]
        label = "Over" if over else f"{state.side} to act"
        return {"turn": state.turn, "phase": state.phase, "phase_label": label,
                "active": None if over else state.active, "order": acting, "winner": state.winner,
                "side": state.side}

    def card(self, state, figure: str) -> list[tuple[str, str]]:
        return figure_card(state, figure)

    def tokens(self, state: UDState) -> dict[str, Token]:
        out = {}
        for f in state.figures.values():
            # Wounds first: the token shows them at a glance (issue 18), then the usage dice.
            wounds = [f"{len(f.wounds)} wound{'s' * (len(f.wounds) > 1)}"] if f.wounds else []
            gear = wounds + [i.label for i in f.weapons + f.armor]
            out[f.name] = Token(
                name=f.name, team=f.team, hex=f.hex, cells=tuple(footprint_cells(1, f.hex, 0)),
                facing=None, status=f.status, posture="prone" if f.prone else "standing",
                meter=(f.power, f.full_power), meter_label="Power", caption=" · ".join(gear),
                engaged_with=tuple(o.name for o in state.enemies_adjacent(f)) if f.up else ())
        return out

    def actions(self, state: UDState, figure: str) -> list[ActionInfo]:
        f = state.figures.get(figure)
        if f is None or state.phase == "over" or not f.up or f.team != state.side or f.done:
            return []
        return acts.infos(state, f)

    def check(self, state: UDState, command: Command) -> None:
        if command.do in ("act", "move"):
            acts.plan(state, command)
        elif command.do == "gm":
            gm.plan(state, command)
        else:
            raise Refusal(f'unknown command "{command.do}"; expected move, act or gm')

    def apply(self, state: UDState, command: Command, dice: DiceSource) -> list[Event]:
        if command.do in ("act", "move"):
            return resolve.apply(state, command, dice)
        if command.do == "gm":
            return gm.apply(state, command, dice)
        raise Refusal(f'unknown command "{command.do}"; expected move, act or gm')

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

    def legal_commands(self, state: UDState) -> list[Command]:
        out: list[Command] = []
        for name in state.figures:
            for info in self.actions(state, name):
                if info.enabled:
                    # Reachable hexes are legal by construction; everything else is checked.
                    found = _commands_for(name, info)
                    out += found if info.needs == "hex" else [c for c in found if _legal(self, state, c)]
        return out


def _commands_for(name: str, info: ActionInfo) -> list[Command]:
    base = {"do": "act", "figure": name, "action": info.id}
    if info.needs == "target":
        return [Command(**base, target=t) for t in info.targets]
    if info.needs == "hex":
        return [Command(**base, to=(h.q, h.r)) for h in info.hexes]
    if info.needs == "choice":
        return [Command(**base, params=p) for p in info.choice_params.values()]
    return [Command(**base)]


def _legal(ruleset: UsageDice, state: UDState, command: Command) -> bool:
    try:
        ruleset.check(state, command)
    except Refusal:
        return False
    return True


RULESET = UsageDice()  # what the registry reads (board/rules/registry.py)
