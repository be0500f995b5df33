"""GM commands: the common ones (kernel/gm.py), and setting posture, marking chases, setting
figures or weapons alight."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.gm import GM, gm_event
from board.rules.kernel.queue import named
from board.rules.kernel.refusals import need
from board.rules.warrior_wizard import params
from board.rules.warrior_wizard.damage import can_wake, update_status
from board.rules.warrior_wizard.sheet import check_figure
from board.rules.warrior_wizard.spec import FigureSpec
from board.rules.warrior_wizard.state import FigureState, WWState, figure_from_spec
from board.rules.warrior_wizard.turns import advance, chase_order
from board.words import they_do


def make(state: WWState, spec: FigureSpec) -> FigureState:
    """The figure from a checked sheet, its weapons by their table names."""
    return figure_from_spec(
        spec.model_copy(update={"weapons": [state.tables.weapon(name).name for name in spec.weapons]})
    )


def occupied(state: WWState, f: FigureState) -> dict:
    """Where the others stand (its own hex: it may share it in a brawl)."""
    taken = state.occupant_map(ignore=f.name)
    if f.size == 1 and f.name in state.figures:
        taken.pop(f.hex, None)  # its own hex, which it may share in a brawl
    return taken


def hurt(state: WWState, f: FigureState, amount: int, dice: DiceSource) -> list[Event]:
    """GM damage is lethal."""
    f.lethal += amount
    return update_status(state, f)


def heal(state: WWState, f: FigureState, amount: int) -> int:
    """Nonlethal damage heals first; one who can wake up does."""
    healed = min(amount, f.damage)
    from_nonlethal = min(healed, f.nonlethal)
    f.nonlethal -= from_nonlethal
    f.lethal -= healed - from_nonlethal
    if can_wake(state, f):
        f.status = "ok"
    return healed


def forget(state: WWState, f: FigureState, was_active: bool) -> list[Event]:
    """A removed figure chases nobody and is chased by nobody."""
    state.chases = {p: q for p, q in state.chases.items() if f.name not in (p, q)}
    return []


def plan_posture(state: WWState, f: FigureState, command: Command) -> str:
    return params.Posture.of(command).posture


def do_posture(state: WWState, f: FigureState, posture: str, dice: DiceSource) -> list[Event]:
    f.posture = posture
    return [gm_event("posture", f"GM sets {f.name} {f.posture}", f.name)]


def plan_chase(state: WWState, f: FigureState, command: Command) -> str | None:
    """The figure chased (None: no longer chasing)."""
    if command.target is not None:
        named(state, command.target)
    return command.target


def do_chase(state: WWState, f: FigureState, target: str | None, dice: DiceSource) -> list[Event]:
    if target is None:
        state.chases.pop(f.name, None)
        return [gm_event("chase", f"GM: {f.name} is no longer chasing", f.name)]
    state.chases[f.name] = target
    # "In a chase, the character ahead always moves first": from this movement phase on,
    # if neither has moved yet.
    if state.phase == "movement":
        state.queue = chase_order(state.queue, {f.name: target})
    return [gm_event("chase", f"GM: {f.name} chases {target}; {target} moves first", f.name)]


def plan_ignite(state: WWState, f: FigureState, command: Command) -> params.Ignite:
    """The settings: the ready weapon lit (or put out) if params.weapon is given, else the
    figure's extent of fire."""
    settings = params.Ignite.of(command)
    need(f.ready or not settings.weapon, f"{f.name} has no ready weapon to set alight")
    return settings


def do_ignite(state: WWState, f: FigureState, settings: params.Ignite, dice: DiceSource) -> list[Event]:
    if settings.weapon is not None:
        # "Generally, a weapon that is on fire does +2 damage" (a flaming arrow: a bow's shots).
        f.flaming = f.ready if settings.weapon else None
        now = f"{f.name}'s {f.flaming} is on fire" if f.flaming else f"{f.name}'s weapon no longer burns"
    else:
        f.on_fire = None if settings.extent == "out" else settings.extent
        now = f"{f.name} is " + ("no longer on fire" if f.on_fire is None else f"on fire ({f.on_fire})")
    return [gm_event("ignite", f"GM: {now}", f.name)]


class WarriorWizardGM(GM):
    actions = ("place", "damage", "heal", "posture", "add", "remove", "chase", "ignite", "surprise")
    turns = True
    sheet = FigureSpec
    # "A character who is ... surprised, etc., has no Threat Zone."
    surprise = ("surprised", "surprised: no threat zone this turn", "no longer surprised")
    # the kernel's GM declares turn_over as None (no turns) rather than an optional callable
    turn_over = staticmethod(advance)
    check_figure, make, occupied = staticmethod(check_figure), staticmethod(make), staticmethod(occupied)
    hurt, heal, forget = staticmethod(hurt), staticmethod(heal), staticmethod(forget)
    plan_posture, do_posture = staticmethod(plan_posture), staticmethod(do_posture)
    plan_chase, do_chase = staticmethod(plan_chase), staticmethod(do_chase)
    plan_ignite, do_ignite = staticmethod(plan_ignite), staticmethod(do_ignite)

    def plan(self, state, command):
        if command.action in self.actions and state.disengage is not None:
            d = state.disengage
            raise Refusal(
                f"wait: {d.waiting[0]} is choosing whether to attack {d.figure} as "
                f"{they_do(state.figures[d.figure], 'disengage')}"
            )
        return super().plan(state, command)

    def apply(self, state, command, dice):
        if command.action != "add" and command.figure in state.figures:
            state.own(command.figure)  # the one figure a GM command changes
        return super().apply(state, command, dice)


GM_RULES = WarriorWizardGM()
GM_ACTIONS, plan, apply = GM_RULES.actions, GM_RULES.plan, GM_RULES.apply
