"""Warrior & Wizard's actions as the kernel's Action spec (kernel/action.py): the movement
actions, the combat actions of the text's two lists and an engager's two choices while a figure
disengages. The kernel derives the legal commands, check, dispatch and the odds from them; the
menu offers them as the text lists them (combat.py)."""

from __future__ import annotations

from dataclasses import replace

from board.hexgrid import hex_neighbors
from board.rules.base import Command, Refusal
from board.rules.kernel.action import Action
from board.rules.kernel.refusals import refused
from board.rules.kernel.rules import Rules, concrete
from board.rules.reports import ActionInfo, Prediction
from board.rules.warrior_wizard import combat, disengage, gm, moves, spells  # noqa: F401 - gm: the GM's, for the ruleset
from board.rules.warrior_wizard import combat_do as do
from board.rules.warrior_wizard.combat_do import acting  # noqa: F401 - the ruleset's whose-turn check
from board.rules.warrior_wizard.attack import AttackPlan, max_extra_damage, predict_attack
from board.rules.warrior_wizard.targets import strike_choices
from board.rules.warrior_wizard.movement import LABELS
from board.rules.warrior_wizard.params import Attack, Cast, Drop, DropPickUp, Upkeep
from board.rules.warrior_wizard.state import FigureState, WWState
from board.words import they_do

# --- movement: one plan, one deed and what the menu offers (moves.offer), moves.py ----------------

MOVE_NEEDS = {"stand_still": "facing", "stand_up": "none", "upkeep": "none", "breather": "none"}


def _moves(state: WWState, f: FigureState, info: ActionInfo) -> list[Command]:
    """The moves behind a movement entry that plan: along each path, ending as the figure faces
    or one side round; standing still, facing any way. Planned here (the figure moving now, so
    the kernel's whose-turn check holds), not remembered with the position's plans: a position
    has a hundred or more, and keeping each plan alive until the next command costs more in
    garbage collection than planning again the one submitted."""
    facings = range(6) if info.needs == "facing" else {f.facing, (f.facing + 1) % 6}
    out = []
    for command in concrete(f.name, info, "move", facings):
        try:
            moves.plan(state, f, command)
        except Refusal:
            continue
        out.append(command)
    return out


def _move(id: str) -> Action:
    needs = MOVE_NEEDS.get(id, "path")
    commands = _moves if needs in ("path", "facing") else None
    return Action(
        id,
        LABELS.get(id, id),
        moves.deed,
        "movement",
        "move",
        needs,
        "figure path to facing",
        Upkeep if id == "upkeep" else None,
        moves.plan,
        menu=lambda state, f: moves.offer(state, f)[id],
        shown=lambda state, f: id in moves.offer(state, f),
        commands=commands,
        trusted=commands is not None,
    )


# A move naming only its path or destination: the smallest movement that covers it (moves.py).
IMPLIED = _move("move")


def implied(command: Command) -> Action | None:
    """The action of a move that names none."""
    return IMPLIED if command.do == "move" and not command.action else None


# --- combat: each action's plan, deed, the open part of its menu entry and its odds ---------------


def _settings(state: WWState, f: FigureState, action: str) -> dict[str, dict]:
    """An aimed action's settings (maneuvers, extra damage, spell) as options and words."""
    if action == "cast":
        return {"options": {"spell": tuple(f.spells)} if len(f.spells) > 1 else {}}
    if action not in ("attack", "charge_attack", "attack_hth"):
        return {}
    weapon = state.tables.weapon(f.ready) if f.ready and action != "attack_hth" else None
    maneuvers = [None, "slam", "throw"] + (["shield_rush"] if f.shield_ready else [])
    options: dict[str, tuple[str | int | None, ...]] = {"maneuver": tuple(maneuvers)}
    words: dict[str, tuple[str, ...]] = {}
    if strike_choices(state, f):
        options["strike_with"] = (None,) + strike_choices(state, f)
    top = max_extra_damage(f, weapon)
    if top:
        options["extra_damage"] = tuple(range(top + 1))
        words["extra_damage"] = tuple(f"+{n} damage, -{n} to hit" if n else "none" for n in range(top + 1))
    return {"options": options, "option_words": words}


def _aimed(action: str):
    def menu(state: WWState, f: FigureState) -> dict:
        return {"targets": tuple(do.targets_for(state, f, action)), **_settings(state, f, action)}  # none: greyed

    return menu


def _weapons(action: str):
    def menu(state: WWState, f: FigureState) -> dict:
        lying = state.weapons_under(f) if action == "ready" else []
        return {"choices": tuple(dict.fromkeys(f.readiable() + lying))}

    return menu


def _postures(state: WWState, f: FigureState) -> dict:
    postures = {p: {"posture": p} for p in ("prone", "kneeling")}
    return {"choices": tuple(postures), "choice_params": postures}


def _drop_or_take(state: WWState, f: FigureState) -> dict:
    sets = {f"Drop {w}": {"drop": [w]} for w in (f.ready, f.off_hand) if w}
    if f.shield:
        sets[f"Drop {f.shield}"] = {"drop": ["shield"]}
    for item in sorted(set(state.lying_under(f))):
        sets[f"Pick up {item}"] = {"pick_up": [item]}
    return {"enabled": bool(sets), "choices": tuple(sets), "choice_params": sets}


def _away(state: WWState, f: FigureState) -> dict:
    """The hexes a Disengage may step to."""
    steps = {h: Command(do="act", figure=f.name, action="disengage", to=(h.q, h.r)) for h in hex_neighbors(f.hex)}
    hexes = {h: (h,) for h, step in steps.items() if refused(disengage.check_hex, state, f, step) is None}
    return {"enabled": bool(hexes), "hexes": hexes, "reason": None if hexes else "no free hex outside the threat zone"}


def _odds(state: WWState, plan: do.Acted[AttackPlan | spells.SpellPlan]) -> Prediction | None:
    attack = plan.found if isinstance(plan.found, AttackPlan) else plan.found.attack  # a spell's: a thrown one
    return predict_attack(state, attack) if attack is not None else None


ATTACK = dict(plan=do.plan_attack, handler=do.attack, odds=_odds, params=Attack, takes="figure target")
# id -> its plan (what it needs beyond the kernel's checks), the deed's own part, its menu part,
# odds, settings (params.py) and the command's fields it takes
DOING = {
    "stand_up": dict(handler=do.stand_up),
    "breather": {},
    "shoot": dict(ATTACK, menu=_aimed("shoot")),
    "cast": dict(
        plan=spells.check, handler=spells.apply, menu=_aimed("cast"), odds=_odds, params=Cast, takes="figure target to"
    ),
    "disbelieve": dict(
        plan=spells.check, handler=spells.apply, menu=_aimed("disbelieve"), params=Cast, takes="figure target"
    ),
    "ready": dict(plan=do.plan_weapon, handler=do.ready, menu=_weapons("ready"), takes="figure weapon"),
    "drop": dict(handler=do.drop_down, menu=_postures, params=Drop),
    "dodge": dict(handler=do.stance),
    "charge_attack": dict(ATTACK, menu=_aimed("charge_attack")),
    "shoot_charger": dict(ATTACK, menu=_aimed("shoot_charger")),
    "drop_pickup": dict(plan=do.plan_drop_pickup, handler=do.drop_pickup, menu=_drop_or_take, params=DropPickUp),
    "attack": dict(ATTACK, menu=_aimed("attack")),
    "defend": dict(handler=do.stance),
    "switch": dict(plan=do.plan_weapon, handler=do.ready, menu=_weapons("switch"), takes="figure weapon"),
    "attack_hth": dict(ATTACK, menu=_aimed("attack_hth")),
    "disengage": dict(plan=disengage.check_hex, handler=disengage.start, menu=_away, takes="figure to facing"),
    "set_pole": dict(handler=do.stance),
    "pass": {},
}


def _act(id: str, plan=None, handler=None, menu=None, odds=None, params=None, takes="figure") -> Action:
    first = combat.BY_ID[id][0]
    planned, deed = do.acted(plan, handler)
    return Action(
        id,
        first.label,
        deed,
        "combat",
        "act",
        first.needs,
        takes,
        params,
        planned,
        why_not=combat.refusal(id),
        odds=odds,
        **({"menu": menu} if menu else {}),
    )


def _choice(id: str) -> Action:
    return Action(id, id, do.choose, "combat", takes="figure target", plan=lambda state, f, command: command)


SPEC = (
    *(_move(id) for id in moves.MOVES),
    *(_act(id, **DOING[id]) for id in DOING),
    *(_choice(id) for id in disengage.CHOICES),
)


def menu(rules, state: WWState, name: str) -> list[ActionInfo]:
    """A figure's menu: the movement actions while it moves, an engager's choice while a figure
    disengages, else the actions of its open lists (before its turn: Defend, Dodge and a set
    pole arm), each worded as its list words it."""
    if state.phase == "movement":
        return Rules.actions(rules, state, name)  # the active figure's moves, as the spec offers them
    f = state.figures.get(name)
    if f is None or f.status != "ok" or state.phase == "over":
        return []
    d = state.disengage
    if d is not None:
        if not d.waiting or d.waiting[0] != name:
            return []
        words = {
            "strike_disengaging": f"Attack {d.figure} as {they_do(state.figures[d.figure], 'disengage')}",
            "let_go": f"Let {d.figure} go",
        }
        return [rules.entry(state, f, replace(rules.table["act", id], label=label)) for id, label in words.items()]
    out = []
    for entry in combat.listed(state, f):
        if state.active == name or (entry.out_of_turn and not f.turn.acted):
            info = rules.entry(
                state, f, replace(rules.table["act", entry.id], label=entry.label, why_not=entry.requirement)
            )
            out.append(replace(info, line_of_fire=True) if entry.id in combat.AT_RANGE else info)
    return out
