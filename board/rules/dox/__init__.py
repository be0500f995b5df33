"""Dox (rule text 003, physical combat): Offense roll - Defense = dox; strike, grapple, area
attacks and mounted combat on the hex board, behind the Ruleset interface; its rounds: initiative
by an Athlete trait roll, then each figure in turn moves and takes one action (the text has no
turn structure: this is the reading in docs/rules-notes.md); and its GM commands: the common ones
(kernel/gm.py), marking a figure surprised, making an animal obey unrolled."""

from __future__ import annotations

from typing import Any

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal, listed
from board.rules.reports import ActionInfo, GMKey, Prediction, Token
from board.rules.kernel.glyphs import glyph
from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.rules import Rules, lying
from board.rules.kernel.sequence import open_fight
from board.rules.dox import actions, attacks, grapple, moves
from board.rules.dox.params import PARAMS, TAKES
from board.rules.dox.plain_actions import order_words, plan_order
from board.rules.dox.sheet import DoxFigure, Options, check_figure
from board.rules.dox.state import DoxState, fig_from_spec, new_state
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


ODDS = {"strike": attacks.strike_odds, "disarm": attacks.strike_odds,  # known before the dice
        "area_attack": attacks.area_odds,
        "grapple": grapple.grab_odds, "grab_disarm": grapple.grab_odds}


class Dox(Rules):
    """The dox rules: rounds in initiative order, each figure moves then takes one action."""

    id = "dox"
    name = "Dox"
    facing = False  # "Both texts use spaces rather than facing"
    gm_actions = GM_RULES.actions
    gm_keys = (GMKey("s", "surprise", "S surprise"),)
    handlers = {"move": (moves.plan, moves.apply), "act": (actions.check, actions.apply),
                "gm": (GM_RULES.plan, GM_RULES.apply)}
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

    def tokens(self, state: DoxState) -> dict[str, Token]:
        out = {}
        for f in state.figures.values():
            caption = f.weapon
            if f.mount:
                caption += f", on {f.mount}"
            hold = state.hold_by(f.name)
            if hold:
                caption += f", holds {hold.victim} ({hold.dox})"
            out[f.name] = Token(
                name=f.name, team=f.team, hex=f.hex, cells=(f.hex,), facing=None,
                status=f.status, posture=f.posture,
                meter=(max(0, f.max_wounds - f.wounds), f.max_wounds), meter_label="wounds left",
                caption=caption, engaged_with=tuple(h.grappler for h in state.holds_on(f.name)),
                glyph=glyph(f.weapon, big=f.kind != "person"))
        return out

    def actions(self, state: DoxState, figure: str) -> list[ActionInfo]:
        f = state.figures.get(figure)
        if f is None or state.over or state.active != figure:
            return []
        if state.phase == "fortune":
            return actions.fortune_menu(state)
        if state.phase == "movement":
            return moves.movement_menu(state, f)
        return actions.action_menu(state, f)

    def after_command(self, state: DoxState, dice: DiceSource) -> list[Event]:
        return settle(state, dice)

    def predict(self, state: DoxState, command: Command) -> Prediction | None:
        """Exact odds for strike, disarm, area_attack, grapple and grab_disarm; None otherwise."""
        odds = ODDS.get(command.action or "") if command.do == "act" else None
        try:
            return odds(state, command) if odds else None
        except Refusal:
            return None

    def card(self, state: DoxState, name: str) -> list[tuple[str, str]]:
        """The sheet's rows: strength, the four dox, defences, fortune, wounds and gear."""
        f = state.figures[name]
        traits = f"Warrior {f.warrior}, Athlete {f.athlete}, Marksman {f.marksman}, Rider {f.rider}"
        rows = [("Kind", f.kind), ("Strength", str(f.strength)), ("Dox", traits),
                ("Defence", f"Dodge {f.dodge}, Parry {f.parry}"), ("Fortune", str(f.fortune)),
                ("Wounds", f"{f.wounds} of {f.max_wounds}"),
                ("Weapon", f"{f.weapon} (damage {state.weapon(f).damage:+d})"),
                ("Armor", f.armor or "none"), ("Shield", f.shield or "none"), ("Move", str(f.move))]
        rows += listed("Carried", [g for g in f.gear if g != f.weapon])
        rows += listed("Riding", [f.mount] if f.mount else []) + [("Posture", f.posture)]
        return rows + ([("Status", f.status)] if f.status != "ok" else [])

    def snapshot(self, state: DoxState) -> dict[str, Any]:
        figures = {}
        for f in state.figures.values():
            hold = state.hold_by(f.name)
            figures[f.name] = {
                "hex": [f.hex.q, f.hex.r], "status": f.status, "posture": f.posture,
                "wounds": f.wounds, "max_wounds": f.max_wounds, "fortune": f.fortune,
                "weapon": f.weapon, "mount": f.mount, "unaware": f.unaware,
                "holds": [hold.victim, hold.dox] if hold else None,
                "held_by": sorted(h.grappler for h in state.holds_on(f.name)),
                "order": list(f.order) if f.order else None,
            }
        items = {state.battle.label(h): list(v) for h, v in sorted(state.items.items())}
        return {"turn": state.turn, "phase": state.phase, "active": state.active,
                "figures": figures, "items": items}

    def concrete(self, state: DoxState, name: str, info: ActionInfo) -> list[Command]:
        if info.phase != "action":  # a move, or how much Fortune to burn
            return super().concrete(state, name, info)
        return actions.concrete(state, name, info)


RULESET = Dox()  # what the registry reads (board/rules/registry.py)
