"""Melee Seconds (rule text 004): six-second Melee Rounds plotted and resolved second by second."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from board.dice import DiceSource
from board.rules.kernel.glyphs import glyph
from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.queue import acting
from board.rules.kernel.rules import Rules, lying
from board.rules.base import Command, Event, Refusal
from board.rules.reports import Prediction, Token
from board.rules.melee_seconds import actions, reach, secrets
from board.rules.melee_seconds.params import PARAMS, TAKES
from board.rules.melee_seconds.procedure import Strike, predict
from board.rules.melee_seconds.sheet import (
    MSFigureSpec, Options, card, check_figure, load, sheet_of)
from board.rules.melee_seconds.state import MSState, fighter_from_spec, need
from board.rules.melee_seconds.resolve import advance, wound
from board.rules.melee_seconds.turns import hidden, shown_general, timeline


class MeleeSecondsGM(GM):
    """The common GM commands (kernel/gm.py), and permitting a change of General Plot (2.5)."""

    actions = ("place", "damage", "heal", "add", "remove", "allow_change")
    turns = True
    sheet = MSFigureSpec
    check_figure = staticmethod(check_figure)

    def make(self, state, spec):
        return fighter_from_spec(spec)

    def hurt(self, state, f, amount, dice):
        return wound(state, f, amount)

    def heal(self, state, f, amount):
        return f.heal(amount)

    def joined(self, state, f, dice):
        state.order.append(f.name)
        return []

    def forget(self, state, f, was_active):
        state.hidden.discard(f.name)
        for o in state.figures.values():  # what is aimed at it ends (docs/rules-notes.md)
            if o.ongoing is not None and o.ongoing.params.target == f.name:
                o.ongoing = None
                if o.plot is not None and o.plot.kind == "continue":
                    o.plot = None
            if o.plot is not None and o.plot.target == f.name:
                o.plot = None
        return []

    def plan_allow_change(self, state, f, command):
        need(state.phase == "plot",
             "a General Plot may be changed at the beginning of a second (2.5)")
        return {}

    def do_allow_change(self, state, f, details, dice):
        f.may_change = True
        text = f"GM permits {f.name} to change its General Plot (2.5)"
        return [gm_event("allow_change", text, f.name)]


GM_RULES = MeleeSecondsGM()


class MeleeSeconds(Rules):
    """General Plots and Initiative dice per Melee Round; Specific Plots resolved each second."""

    id = "melee-seconds"
    name = "Melee Seconds"
    facing = True  # 6.4 speaks of attacks "against the Side or Rear if they have turned"
    gm_actions = GM_RULES.actions
    handlers = {"gm": (GM_RULES.plan, GM_RULES.apply)}
    commands_hint = " (moving is a Specific Plot: act move)"
    # What the odds tooltip cannot know (issue 18: "say what its prediction can and cannot know").
    odds_note = ('Exact for this strike: the roll, parry and armour as they stand; the plots of later '
                 'seconds are not foreseen.')

    sheet_type, options_type, params_types, takes = MSFigureSpec, Options, PARAMS, TAKES
    sheet_check, card_rows = staticmethod(check_figure), staticmethod(card)
    actors = staticmethod(actions.actors)
    # What a side cannot see, and a copy with guesses in its place (board/ai/worlds.py).
    unseen, with_generals = staticmethod(secrets.unseen), staticmethod(secrets.with_generals)

    @cached_property
    def spec(self):  # type: ignore[override]
        """Its actions (actions.py), the section 7 ones as actions.yaml names them."""
        return actions.spec(self.check, load().actions)

    def acting(self, state: MSState, command: Command, phase: str | None):
        """Anyone up with a plot to state may state it (each action words its phase itself)."""
        return acting(state, command)

    def offered(self, state: MSState, f) -> bool:
        return f.up and state.phase != "over"

    def after_command(self, state: MSState, dice: DiceSource) -> list[Event]:
        """Then the Melee moves on while nobody has a plot to state (1.1: the kernel's victory
        check comes first: until one side stands)."""
        return advance(state, dice)

    def setup(self, battle, options: Options, dice: DiceSource) -> tuple[MSState, list[Event]]:
        specs = [sheet_of(spec, self.id) for spec in battle.figures]
        state = MSState(battle=battle, options=options, tables=load(),
                        figures={s.name: fighter_from_spec(s) for s in specs},
                        turn=1, phase="general", order=[s.name for s in specs])
        events = [Event("turn", "Melee Round 1 begins: state General Plots; everyone rolls "
                        "Initiative this round (3.2)", None, {"turn": 1})]
        return state, events + self.victory(state) + self.after_command(state, dice)

    timeline = staticmethod(timeline)

    def phase_label(self, state: MSState) -> str:
        return {"general": f"Round {state.turn}: General Plots", "over": "Melee over",
                "plot": f"Round {state.turn}, second {state.second}: Specific Plots"}[state.phase]

    def ground_items(self, state) -> dict:
        return lying(state.ground)

    def tokens(self, state: MSState) -> dict[str, Token]:
        out = {}
        for f in state.figures.values():
            caption = f.ready or "empty-handed"
            if f.full_defensive and f.name not in state.hidden:
                caption += " | Full Def."
            if f.entangled:
                caption += " | tangled"
            out[f.name] = Token(name=f.name, team=f.team, hex=f.hex, cells=tuple(f.cells),
                                size=f.size, facing=f.facing, status=f.status,
                                posture="standing" if f.up else "fallen",
                                meter=(max(0, f.left), f.sheet.hits), meter_label="Hits",
                                caption=caption, glyph=glyph(f.ready, bool(f.sheet.spells), f.size >= 3))
        return out

    def predict(self, state: MSState, command: Command) -> Prediction | None:
        """The odds of an attack plot (the kernel's `odds` would not know the attacker)."""
        if command.do != "act" or command.action not in ("attack", "charge", "ranged"):
            return None
        try:
            _, f, p = self.plan(state, self.typed(command))
        except Refusal:
            return None
        t = state.figures[p.target]
        at = p.to or f.hex
        # Odds are for the attacker's side: an enemy's secret plot (a spell) must not show.
        seen = f.team == t.team or not secrets.plot_secret(state, t)
        return predict(state, Strike(f.name, t.name, reach.zone(t, at), p.kind == "ranged",
                                     p.params.weapon, seen))

    def snapshot(self, state: MSState) -> dict[str, Any]:
        figures = {}
        for f in state.figures.values():
            figures[f.name] = {
                "hex": [f.hex.q, f.hex.r], "facing": f.facing, "status": f.status,
                "damage": f.damage, "hits_left": f.left, "ready": f.ready, "off_hand": f.off_hand,
                "general": shown_general(state, f),
                "full_defensive": f.full_defensive and f.name not in state.hidden,
                "initiative": list(f.initiative), "lost": list(f.lost), "amr_used": f.amr_used,
                "plot": None if f.plot is None else ("?" if hidden(state, f) else f.plot.text),
                "ongoing": f.ongoing.label if f.ongoing else None, "loaded": f.loaded,
                "shields_used": f.shields_used, "entangled": f.entangled,
            }
        return {"turn": state.turn, "second": state.second, "phase": state.phase,
                "figures": figures}


RULESET = MeleeSeconds()  # what the registry reads (board/rules/registry.py)
