"""Warrior & Wizard (rule text 000): the primary ruleset, behind the Ruleset interface."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, get_args

from board.dice import DiceSource
from board.hexgrid import hex_neighbors
from board.models import Posture
from board.rules.base import Command, Event
from board.rules.kernel.rules import Rules, concrete, lying
from board.rules.kernel.sequence import open_fight
from board.rules.warrior_wizard.spec import FigureSpec, Options
from board.rules.warrior_wizard import sheet
from board.rules.warrior_wizard.params import PARAMS, TAKES
from board.rules.warrior_wizard.engagement import all_engagers, shared_hexes, zone_of
from board.rules.warrior_wizard.state import WWState, figure_from_spec
from board.rules.warrior_wizard.stats import adj_dx
from board.rules.warrior_wizard.turns import TURNS, check_victory
from board.rules.warrior_wizard.tables import load_tables

if TYPE_CHECKING:
    from board.rules.reports import ActionInfo, Prediction, Token

ATTACKS = ("attack", "charge_attack", "attack_hth", "shoot", "shoot_charger")


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
    def handlers(self):
        import board.rules.warrior_wizard.combat_do as combat_do
        import board.rules.warrior_wizard.gm as gm
        import board.rules.warrior_wizard.moves as moves
        return {"move": (moves.plan, moves.apply), "act": (combat_do.check, combat_do.apply),
                "gm": (gm.plan, gm.apply)}

    @cached_property
    def gm_actions(self) -> tuple[str, ...]:
        import board.rules.warrior_wizard.gm as gm
        return gm.GM_ACTIONS

    @cached_property
    def gm_keys(self) -> tuple:
        from board.rules.reports import GMKey
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
        return state, open_fight(state, dice, TURNS)


    def actions(self, state: WWState, figure: str) -> list[ActionInfo]:
        f = state.figures.get(figure)
        if f is None or f.status != "ok" or state.phase == "over":
            return []
        import board.rules.warrior_wizard.combat as combat
        import board.rules.warrior_wizard.disengage as disengage
        import board.rules.warrior_wizard.moves as moves
        if state.phase == "movement":
            return moves.movement_actions(state, f) if state.active == figure else []
        if state.disengage is not None:
            return disengage.choices(state, figure)
        infos = combat.open_actions(state, f)
        if state.active != figure:
            infos = [i for i in infos if i.id in combat.OUT_OF_TURN and not f.turn.acted]
        return [self._offer(state, f, info) for info in infos]

    def _offer(self, state: WWState, f, info: ActionInfo) -> ActionInfo:
        """An action with what the board asks for it: targets, weapons, choices or hexes."""
        if info.needs == "target" and info.enabled:
            import board.rules.warrior_wizard.combat_do as combat_do
            targets = tuple(combat_do.targets_for(state, f, info.id))
            return replace(info, enabled=bool(targets), targets=targets,
                           reason=None if targets else "no valid target in reach",
                           **self._settings(state, f, info.id))
        if info.needs == "weapon":
            lying = state.weapons_under(f) if info.id == "ready" else []
            return replace(info, choices=tuple(dict.fromkeys(f.readiable() + lying)))
        if info.id == "drop":
            postures = {p: {"posture": p} for p in ("prone", "kneeling")}
            return replace(info, choices=tuple(postures), choice_params=postures)
        if info.id == "drop_pickup":
            sets = {f"Drop {w}": {"drop": [w]} for w in (f.ready, f.off_hand) if w}
            if f.shield:
                sets[f"Drop {f.shield}"] = {"drop": ["shield"]}
            for item in sorted(set(state.lying_under(f))):
                sets[f"Pick up {item}"] = {"pick_up": [item]}
            return replace(info, enabled=info.enabled and bool(sets), choices=tuple(sets),
                           choice_params=sets)
        if info.needs == "hex" and info.enabled:
            hexes = {h: (h,) for h in hex_neighbors(f.hex)
                     if self.legal(state, Command(do="act", figure=f.name, action=info.id,
                                                   to=(h.q, h.r)))}
            return replace(info, enabled=bool(hexes), hexes=hexes,
                           reason=None if hexes else "no free hex outside the threat zone")
        return info

    def _settings(self, state: WWState, f, action: str) -> dict[str, dict]:
        """An aimed action's settings (maneuvers, extra damage, spell) as options and words."""
        if action == "cast":
            return {"options": {"spell": tuple(f.spells)} if len(f.spells) > 1 else {}}
        if action not in ("attack", "charge_attack", "attack_hth"):
            return {}
        from board.rules.warrior_wizard.attack import max_extra_damage, strike_choices
        weapon = state.tables.weapon(f.ready) if f.ready and action != "attack_hth" else None
        maneuvers = [None, "slam", "throw"] + (["shield_rush"] if f.shield_ready else [])
        options, words = {"maneuver": tuple(maneuvers)}, {}
        if strike_choices(state, f):
            options["strike_with"] = (None,) + strike_choices(state, f)
        top = max_extra_damage(f, weapon)
        if top:
            options["extra_damage"] = tuple(range(top + 1))
            words["extra_damage"] = tuple(f"+{n} damage, -{n} to hit" if n else "none" for n in range(top + 1))
        return {"options": options, "option_words": words}

    def predict(self, state: WWState, command: Command) -> Prediction | None:
        if command.do != "act" or command.action not in ATTACKS + ("cast",):
            return None
        import board.rules.warrior_wizard.combat_do as combat_do
        from board.rules.warrior_wizard.attack import predict_attack
        _, _, details = combat_do.plan_act(state, command)
        plan = details["attack"] if "attack" in details else details["spell"].attack
        return predict_attack(state, plan) if plan is not None else None

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

    def concrete(self, state: WWState, name: str, info: ActionInfo) -> list[Command]:
        facing = state.figures[name].facing
        if info.needs == "facing":  # standing still, a figure may face any way
            return concrete(name, info, "move", range(6))
        if info.needs == "path":
            return concrete(name, info, "move", {facing, (facing + 1) % 6})
        return super().concrete(state, name, info)


RULESET = WarriorWizard()  # what the registry reads (board/rules/registry.py)
