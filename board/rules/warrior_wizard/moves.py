"""Movement-phase commands: Step, Jog, Half Move, Full Move, Delay, Shift, Stand still, Stand up."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.dice import DiceSource
from board.hexgrid import Hex, direction_name, hex_distance, parse_label
from board.rules.base import ActionInfo, Command, Event, Refusal
from board.rules.warrior_wizard import fire, spells
from board.rules.warrior_wizard.movement import (
    DISENGAGED_MOVES, LABELS, NOTES, Board, allowance, check_path, reachable, shift_hexes,
)
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import movement
from board.rules.warrior_wizard.turns import advance, check_victory

MOVES = ("stand_still", "stand_up", "step", "jog", "half_move", "full_move", "delay", "shift", "continue")


@dataclass(frozen=True)
class MovePlan:
    """A checked movement command."""

    figure: str
    action: str
    path: tuple[Hex, ...]
    facing: int
    engaged_with: frozenset[str]
    board: Board = field(compare=False, repr=False)  # the others' hexes and zones, reused


def to_hex(state: WWState, value) -> Hex:
    """A command's position (axial pair or "CCRR" label) as a Hex."""
    if isinstance(value, str):
        try:
            return parse_label(value, state.battle.layout)
        except ValueError as error:
            raise Refusal(str(error)) from None
    return Hex(*value)


def acting_figure(state: WWState, command: Command, phase: str) -> FigureState:
    """The commanded figure, if it exists and it is its turn in this phase."""
    if state.phase == "over":
        raise Refusal("the fight is over")
    if not command.figure or command.figure not in state.figures:
        known = ", ".join(state.figures)
        raise Refusal(f'no figure named "{command.figure}"; on the map: {known}')
    f = state.figures[command.figure]
    if state.phase != phase:
        raise Refusal(f"it is the {state.phase} phase, not the {phase} phase")
    if f.status != "ok":
        raise Refusal(f"{f.name} is {f.status}")
    if state.active != f.name:
        raise Refusal(f"it is {state.active}'s turn to {'move' if phase == 'movement' else 'act'}"
                      f" (order: {', '.join(state.queue)})")
    return f


def infer_action(state: WWState, f: FigureState, steps: int, engaged_with) -> str:
    """The smallest movement action that covers a path of this many hexes."""
    if f.turn.delayed and not engaged_with:
        return "continue"
    if engaged_with:
        return "shift" if steps else "stand_still"
    if steps == 0:
        return "stand_still"
    for action in DISENGAGED_MOVES:
        if action != "delay" and steps <= allowance(state, f, action):
            return action
    return "full_move"


def _unreachable(state: WWState, f: FigureState, board: Board, to: Hex, limit: int,
                 engaged_with) -> str:
    """Why a destination is out of reach, in a player's words."""
    where = state.battle.label(to)
    why = board.why_not(to, f.facing)
    if why:
        return f"{f.name} cannot stand at {where}: {why}"
    if engaged_with:
        return (f"Engaged by {', '.join(sorted(engaged_with))}: you may only Shift one hex "
                "(staying in their threat zones) or stand still")
    steps = hex_distance(f.hex, to)
    if steps > limit:
        return f"{where} is {steps} hexes away; {f.name} may move {limit} this turn"
    return f"no path of {limit} hexes or fewer reaches {where} without stopping in a threat zone"


def plan(state: WWState, command: Command) -> MovePlan:
    """Check a movement command; raise Refusal with a reason a player reads."""
    f = acting_figure(state, command, "movement")
    board = Board(state, f)
    engaged_with = frozenset(board.engagers(f.hex, f.facing))
    path = tuple(to_hex(state, p) for p in command.path or ())
    if command.to is not None and not path:
        destination = to_hex(state, command.to)
        if destination != f.hex:
            limit = allowance(state, f, command.action) if command.action in MOVES[2:] else movement(state, f)
            paths = (shift_hexes(state, f, set(engaged_with), board) if engaged_with
                     else reachable(state, f, limit, board)[0])
            if destination not in paths:
                raise Refusal(_unreachable(state, f, board, destination, limit, engaged_with))
            path = paths[destination]
    action = command.action or infer_action(state, f, len(path), engaged_with)
    facing = f.facing if command.facing is None else command.facing
    if action not in MOVES:
        raise Refusal(f'unknown movement action "{action}"; expected one of: {", ".join(MOVES)}')
    if action == "stand_up":
        if f.posture == "standing":
            raise Refusal(f"{f.name} is already standing")
        why = board.why_not(f.hex, facing)
        if why:
            raise Refusal(f"{f.name} cannot turn to face {facing} here: {why}")
        return MovePlan(f.name, action, (), facing, engaged_with, board)
    if f.posture != "standing" and (path or action != "stand_still"):
        raise Refusal(f"{f.name} is {f.posture}: stand up first (it takes the whole movement)")
    if action == "continue" and not f.turn.delayed:
        raise Refusal("only a figure that chose Delay finishes its move later")
    if f.turn.delayed and not engaged_with and action not in ("continue", "stand_still"):
        raise Refusal(f"{f.name} delayed: finish moving (up to {allowance(state, f, 'continue')} hexes) "
                      "or stand still")
    if engaged_with and action not in ("shift", "stand_still"):
        raise Refusal(f"Engaged by {', '.join(sorted(engaged_with))}: you may only Shift one hex, "
                      "stand still or stand up")
    if action == "shift" and not engaged_with:
        raise Refusal(f"{f.name} is not Engaged: Shift is for Engaged figures; use Step")
    if action == "stand_still" and path:
        raise Refusal("Stand still uses no movement; choose a movement action to move")
    limit = 0 if action == "stand_still" else allowance(state, f, action)
    check_path(state, f, list(path), limit, facing, set(engaged_with), board)
    if not path:
        why = board.why_not(f.hex, facing)
        if why:
            raise Refusal(f"{f.name} cannot turn to face {facing} here: {why}")
    panic = fire.running_refusal(state, f, path, engaged_with)
    if panic:
        raise Refusal(panic)
    return MovePlan(f.name, action, path, facing, engaged_with, board)


def apply(state: WWState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a checked movement command."""
    p = plan(state, command)
    f = state.figures[p.figure]
    record = f.turn
    events: list[Event] = []
    # "If he moves, but fails to announce he is performing upkeep, any spell that required
    # upkeep to continue for this turn fails": params.lapse names the spells he lets go.
    lapse = command.params.get("lapse", [])
    if not isinstance(lapse, list):
        raise Refusal("params.lapse is a list of spell names")
    for name in lapse:
        for active in [s for s in state.spells if s.caster == f.name and s.name.casefold() == str(name).casefold()]:
            events += spells.end_spell(state, active, f"{f.name} lets it lapse")
    if not record.delayed:
        record.engaged_at_start = tuple(sorted(p.engaged_with))
        record.start = f.hex
    if p.action == "stand_up":
        # "Standing up, from a fallen, prone, or kneeling position, costs the character's full
        # Movement for the Turn."
        f.posture, f.facing, record.stood_up, record.move_action = "standing", p.facing, True, "stand_up"
        events.append(Event("stands", f"{f.name} stands up", f.name))
        return events + advance(state, dice)
    path, fire_events = fire.check_entry(state, f, list(p.path), dice)
    events += fire_events
    start = f.hex
    for h in path:
        f.hex = h
        record.entered.append(h)
    f.facing = p.facing
    record.moved += len(path)
    record.move_action = record.move_action if p.action == "continue" else p.action
    board = p.board  # the other figures have not moved: their hexes and zones still hold
    record.charged = tuple(sorted(board.engagers(f.hex, f.facing) - p.engaged_with))
    label = state.battle.label
    if path:
        text = (f"{f.name}: {LABELS[p.action]} {label(start)} -> {label(f.hex)} "
                f"({len(path)} hex{'' if len(path) == 1 else 'es'})")
    else:
        facing = direction_name(f.facing, state.battle.layout)
        text = f"{f.name} stands still" + (f", facing {facing}" if command.facing is not None else "")
    events.append(Event("moves", text, f.name, {
        "action": p.action, "path": [[h.q, h.r] for h in path], "facing": f.facing,
        "engaged_with": list(board.engagers(f.hex, f.facing))}))
    if record.charged:
        events.append(Event("engaged", f"{f.name} is Engaged by {', '.join(record.charged)} and stops",
                            f.name, {"by": list(record.charged)}))
    events += fire.after_move(state, f, path, dice)
    events += check_victory(state)  # a fire may have killed the last of a side
    if p.action == "delay":
        record.delayed = True
        state.queue.append(f.name)  # "finish moving later in the phase"
    else:
        record.delayed = False
    return events + advance(state, dice)


def movement_actions(state: WWState, f: FigureState) -> list[ActionInfo]:
    """The movement actions the active figure may take, with reachable hexes for each."""
    board = Board(state, f)
    engaged_with = board.engagers(f.hex, f.facing)
    out = [ActionInfo("stand_still", LABELS["stand_still"], "movement", needs="none")]
    if f.posture != "standing":
        out.insert(0, ActionInfo("stand_up", LABELS["stand_up"], "movement"))
        return out
    if f.turn.delayed and not engaged_with:
        paths, stops = reachable(state, f, allowance(state, f, "continue"), board)
        out.append(ActionInfo("continue", LABELS["continue"], "movement", needs="path",
                              hexes=paths, stop_hexes=stops))
        return out
    if engaged_with:
        hexes = shift_hexes(state, f, engaged_with, board)
        out.append(ActionInfo("shift", LABELS["shift"], "movement", needs="path", hexes=hexes,
                              enabled=bool(hexes), reason=None if hexes else "no hex keeps the engagement"))
        for action in DISENGAGED_MOVES:
            out.append(ActionInfo(action, LABELS[action], "movement", enabled=False,
                                  reason=f"Engaged by {', '.join(sorted(engaged_with))}: "
                                         "only Shift, Stand still or Stand up"))
        return out
    # One search at the largest allowance serves every action: a path's length says which.
    paths, stops = reachable(state, f, movement(state, f), board)
    must_run = f.must_run and any(len(p) >= fire.RUN for p in paths.values())
    for action in DISENGAGED_MOVES:
        limit = allowance(state, f, action)
        hexes = {h: p for h, p in paths.items() if len(p) <= limit}
        reason = None if limit > 0 else "no Movement left"
        if must_run and limit < fire.RUN:
            reason = f"{f.name} is on fire and panics: he must run ({fire.RUN} or more hexes)"
        out.append(ActionInfo(action, LABELS[action], "movement", needs="path", hexes=hexes,
                              stop_hexes=frozenset(h for h in stops if h in hexes),
                              enabled=reason is None, reason=reason, note=NOTES.get(action, "")))
    if must_run:
        out[0] = ActionInfo("stand_still", LABELS["stand_still"], "movement", enabled=False,
                            reason=f"{f.name} is on fire and panics: he must run")
    return out
