"""Combat Actions: the two lists of the text, each action with its precondition."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from collections.abc import Callable

from board.rules.kernel.action import kept
from board.rules.warrior_wizard.engagement import engagers
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import half_movement, movement

Requirement = Callable[[WWState, FigureState], str | None]


@dataclass(frozen=True)
class CombatAction:
    """One entry of the text's action lists: who may take it, and what it needs."""

    id: str
    label: str
    lists: tuple[str, ...]  # "disengaged", "engaged" or both
    moved: int | Literal["half"] | None  # the most hexes moved before it ("half": half of Movement)
    requirements: tuple[Requirement, ...] = ()
    needs: str = "none"  # none, target, hex, weapon or choice
    out_of_turn: bool = False  # may be declared before the figure's turn comes
    limit_words: str = ""  # how a refusal names the movement limit, if not by the label

    def requirement(self, state: WWState, f: FigureState) -> str | None:
        """Why f may not take it now, or None."""
        if self.moved is not None:
            n = half_movement(state, f) if isinstance(self.moved, str) else self.moved
            if f.turn.moved > n:
                return (
                    f"only after moving no more than {n} hex{'es' if n != 1 else ''} "
                    f"({self.limit_words or self.label}); {f.name} moved {f.turn.moved}"
                )
            if f.turn.stood_up:
                return f"{f.name} stood up this turn and may do nothing else"
        for requirement in self.requirements:
            reason = requirement(state, f)
            if reason:
                return reason
        return None


def _down(state: WWState, f: FigureState) -> str | None:
    if f.posture == "standing" and not f.turn.stood_up:
        return f"{f.name} is standing"
    return None


def _on_feet(state: WWState, f: FigureState) -> str | None:
    return None if f.posture == "standing" else f"{f.name} is {f.posture}: stand up first"


def _not_down(state: WWState, f: FigureState) -> str | None:
    # A figure lying down has no threat zone; the board reads it as unable to strike either.
    return f"{f.name} is {f.posture}: stand up first" if f.posture in ("fallen", "prone") else None


def _can_move(state: WWState, f: FigureState) -> str | None:
    # "in order to Dodge, the character must be able to move"
    return None if f.posture == "standing" and movement(state, f) > 0 else f"{f.name} cannot move"


def _breather_on(state: WWState, f: FigureState) -> str | None:
    if not (state.options.breather and state.options.nonlethal_damage):
        return "the optional breather rule is off"
    # "he does nothing else during the turn; no movement": announced in place of moving, so
    # that "+3 to hit" holds all turn, whoever acts first (docs/rules-notes.md).
    return "a breather is taken in the movement phase, in place of moving"


def _ready_ranged(state: WWState, f: FigureState) -> str | None:
    w = state.tables.weapon(f.ready) if f.ready else None
    if w and w.boosts:
        return f"the {w.name} is not thrown: it adds +{w.boost} damage to a thrown {w.boosts}; ready the {w.boosts}"
    if not (w and w.ranged):
        return f"{f.name} has no missile or thrown weapon ready"
    # "A thrown weapon may be thrown by a character with the Thrown Weapons Skill, or with the
    # weapon-specific Skill."
    if not w.missile and not (f.has_skill("Thrown Weapons") or f.has_skill(w.name)):
        return f"throwing the {w.name} needs the Thrown Weapons skill (or the {w.name} skill)"
    return None


def _ready_melee(state: WWState, f: FigureState) -> str | None:
    w = state.tables.weapon(f.ready) if f.ready else None
    if w is not None and not w.melee:
        return f"{f.ready} is not a melee weapon"
    return None


def _ready_melee_weapon(state: WWState, f: FigureState) -> str | None:
    # "Shift one hex and attack: ... attack with a non-missile, ready weapon"; bare hands are
    # "Shift one hex and attack hand-to-hand".
    if not f.ready:
        return f"{f.name} has no ready weapon: attack hand-to-hand instead"
    return _ready_melee(state, f)


def _ready_weapon_in_hand(state: WWState, f: FigureState) -> str | None:
    # "In order to Defend, a character must have a ready weapon in hand"
    w = state.tables.weapon(f.ready) if f.ready else None
    if (w and w.melee) or f.shield_ready:
        return None
    return f"{f.name} has no ready weapon to parry with"


def _has_unready(state: WWState, f: FigureState) -> str | None:
    # A slung shield is readied like a weapon "that is not currently ready".
    return None if f.readiable() else f"{f.name} carries no other weapon to ready"


def _has_unready_or_lying(state: WWState, f: FigureState) -> str | None:
    # Disengaged, a weapon lying at his feet is "a weapon that is not currently ready" too
    # (docs/rules-notes.md).
    if f.readiable() or state.weapons_under(f):
        return None
    return f"{f.name} carries no other weapon to ready and none lies here"


def _has_spells(state: WWState, f: FigureState) -> str | None:
    return None if f.spells else f"{f.name} knows no spells"


def _illusion_present(state: WWState, f: FigureState) -> str | None:
    return None if any(g.illusion for g in state.figures.values()) else "there is no illusion to disbelieve"


def _charged_by_someone(state: WWState, f: FigureState) -> str | None:
    if any(f.name in g.turn.charged for g in state.figures.values()):
        return None
    return "no enemy charged them this turn"


def _has_pole_arm(state: WWState, f: FigureState) -> str | None:
    w = state.tables.weapon(f.ready) if f.ready else None
    return None if w and w.pole_arm else f"{f.name} has no pole arm ready"


def _something_to_drop_or_take(state: WWState, f: FigureState) -> str | None:
    if f.ready or f.off_hand or f.shield or state.lying_under(f):
        return None
    return "nothing in hand to drop and nothing here to pick up"


D, E = ("disengaged",), ("engaged",)
STILL = "stand still"
ACTIONS: tuple[CombatAction, ...] = (
    CombatAction("stand_up", "Stand up", D + E, None, (_down,)),
    # _breather_on always refuses in the combat phase, before any movement limit is asked.
    CombatAction("breather", "Take a breather", D, None, (_breather_on,)),
    CombatAction("shoot", "Move one hex and shoot", D, 1, (_on_feet, _ready_ranged), "target"),
    CombatAction("cast", "Move one hex and cast", D, 1, (_has_spells,), "target"),
    CombatAction("disbelieve", "Move one hex and disbelieve", D, 1, (_illusion_present,), "target"),
    CombatAction("ready", "Move two hexes and ready", D, 2, (_has_unready_or_lying,), "weapon"),
    CombatAction("drop", "Half move and drop", D, "half", (_on_feet,), "choice"),
    CombatAction("dodge", "Half move and Dodge", D, "half", (_can_move,), out_of_turn=True),
    CombatAction("charge_attack", "Charge and attack", D, "half", (_on_feet, _ready_melee), "target"),
    CombatAction(
        "shoot_charger",
        "Stand still and shoot a charging enemy",
        E,
        0,
        (_ready_ranged, _charged_by_someone),
        "target",
        limit_words=STILL,
    ),
    CombatAction(
        "drop_pickup",
        "Stand still, drop and/or pick up weapons",
        E,
        0,
        (_something_to_drop_or_take,),
        "choice",
        limit_words=STILL,
    ),
    CombatAction("attack", "Shift one hex and attack", E, 1, (_not_down, _ready_melee_weapon), "target"),
    CombatAction("defend", "Shift one hex and defend", E, 1, (_ready_weapon_in_hand,), out_of_turn=True),
    CombatAction("switch", "Shift one hex and switch", E, 1, (_has_unready,), "weapon"),
    CombatAction("attack_hth", "Shift one hex and attack hand-to-hand", E, 1, (_not_down,), "target"),
    CombatAction("cast", "Shift one hex and cast", E, 1, (_has_spells,), "target"),
    CombatAction("disbelieve", "Shift one hex and disbelieve", E, 1, (_illusion_present,), "target"),
    CombatAction("disengage", "Disengage", E, 0, (_on_feet,), "hex"),
    CombatAction(
        "set_pole",
        "Set pole arm against a charge",
        D + E,
        1,
        (_has_pole_arm,),
        out_of_turn=True,
        limit_words="a set pole arm",
    ),
    CombatAction("pass", "Do nothing", D + E, None),
)
OUT_OF_TURN = tuple(a.id for a in ACTIONS if a.out_of_turn)  # Defend, Dodge, set a pole arm
BY_ID = {i: tuple(a for a in ACTIONS if a.id == i) for i in {a.id for a in ACTIONS}}  # each id's entries, in order
AT_RANGE = ("shoot", "shoot_charger", "cast")  # missiles and thrown spells: a line of fire


def lists_open(state: WWState, f: FigureState) -> tuple[str, ...]:
    """Which action lists apply to f now.

    The Disengaged list applies to a figure that was Disengaged when it moved, or is now
    ("Important General Rule of Thumb"). The Engaged list applies to a figure Engaged now
    that began its move Engaged, or moved at most one hex: "A character who performs a Step
    action into another character's threat zone ... may be treated as if he performed a Shift
    action". Worked out once in a position: the menu asks for every action, the plan and the deed
    again.
    """
    return kept(state, ("lists", f.name), lambda: _lists_open(state, f))


def _lists_open(state: WWState, f: FigureState) -> tuple[str, ...]:
    now = bool(engagers(state, f))
    started = bool(f.turn.engaged_at_start)
    lists = []
    if not now or not started:
        lists.append("disengaged")
    if now and (started or f.turn.moved <= 1):
        lists.append("engaged")
    return tuple(lists)


def on_list(state: WWState, f: FigureState, wanted: str) -> CombatAction | str:
    """The entry of that action on a list open to f (the first), or why it is on none."""
    lists = lists_open(state, f)
    for action in BY_ID[wanted]:
        if not set(lists).isdisjoint(action.lists):
            return action
    which = "Engaged" if "engaged" in lists else "Disengaged"
    return (
        f"{which}: {f.name} cannot {wanted.replace('_', ' ')} "
        f"(that is on the {'Disengaged' if which == 'Engaged' else 'Engaged'} list)"
    )


def refusal(wanted: str) -> Requirement:
    """The kernel's why_not of an action: off the open lists, or its requirement unmet."""

    def why_not(state: WWState, f: FigureState) -> str | None:
        action = on_list(state, f, wanted)
        if isinstance(action, str):
            return action
        reason = action.requirement(state, f)
        return f"{action.label}: {reason}" if reason else None

    return why_not


def listed(state: WWState, f: FigureState) -> list[CombatAction]:
    """The entries of the lists open to f, each action once, in the text's order."""
    lists = set(lists_open(state, f))
    found: dict[str, CombatAction] = {}
    for action in ACTIONS:
        if lists.intersection(action.lists):
            found.setdefault(action.id, action)  # the first entry of each id
    return list(found.values())
