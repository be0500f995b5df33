"""Movement-phase commands: Step, Jog, Half Move, Full Move, Delay, Shift, Stand still, Stand up."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import islice

from board.dice import DiceSource, check
from board.frozen import quick_init
from board.hexgrid import Hex, direction_name, hex_distance
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.action import forget_plans, kept
from board.rules.kernel.events import moved
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.refusals import need, refuse
from board.rules.warrior_wizard import fire, params, spell_upkeep
from board.rules.warrior_wizard.damage import after_move
from board.rules.warrior_wizard.movement import (
    DISENGAGED_MOVES,
    LABELS,
    NOTES,
    Board,
    allowance,
    board_of,
    allowances,
    check_path,
    reachable,
    shift_hexes,
)
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import at_max_lift, movement
from board.rules.warrior_wizard.turns import advance
from board.words import hexes, pronoun, they_do

# In the order the menu offers them (Stand up first, for a figure that is down; the Disengaged
# moves last, in their own order).
MOVES = ("stand_up", "stand_still", "upkeep", "breather", "lift_step", "continue", "shift", *DISENGAGED_MOVES)


@quick_init
@dataclass(frozen=True)
class MovePlan:
    """A checked movement command."""

    # The deed reads the spells let lapse and whether a facing was given.
    command: Command = field(compare=False, repr=False)
    figure: str
    action: str
    path: tuple[Hex, ...]
    facing: int
    engaged_with: frozenset[str]
    board: Board = field(compare=False, repr=False)  # the others' hexes and zones, reused
    keep: tuple = ()  # upkeep: the spells kept up


def infer_action(state: WWState, f: FigureState, steps: int, engaged_with) -> str:
    """The smallest movement action that covers a path of this many hexes."""
    if f.turn.delayed and not engaged_with:
        return "continue"
    if steps and at_max_lift(state, f):
        return "lift_step"
    if engaged_with:
        return "shift" if steps else "stand_still"
    if steps == 0:
        return "stand_still"
    for action in DISENGAGED_MOVES:
        if action != "delay" and steps <= allowance(state, f, action):
            return action
    return "full_move"


def _unreachable(state: WWState, f: FigureState, board: Board, to: Hex, limit: int, engaged_with) -> str:
    """Why a destination is out of reach, in a player's words."""
    where = state.battle.label(to)
    why = board.why_not(to, f.facing)
    if why:
        return f"{f.name} cannot stand at {where}: {why}"
    if engaged_with:
        return (
            f"Engaged by {', '.join(sorted(engaged_with))}: you may only Shift one hex "
            "(staying in their threat zones) or stand still"
        )
    steps = hex_distance(f.hex, to)
    if steps > limit:
        return f"{where} is {hexes(steps)} away; {f.name} may move {limit} this turn"
    return f"no path of {hexes(limit)} or fewer reaches {where} without stopping in a threat zone"


def plan(state: WWState, f: FigureState, command: Command) -> MovePlan:
    """Check a movement command of the figure moving now; raise Refusal with a reason a player
    reads."""
    board = board_of(state, f)
    engaged_with = frozenset(board.engagers(f.hex, f.facing))
    path = tuple([to_hex(state, p) for p in command.path or ()])
    if command.to is not None and not path:
        destination = to_hex(state, command.to)
        if destination != f.hex:  # the allowance of the move named (none for standing up or still)
            limit = allowance(state, f, command.action) if command.action in MOVES[2:] else movement(state, f)
            paths = shift_hexes(state, f, engaged_with, board) if engaged_with else reachable(state, f, limit, board)[0]
            if destination not in paths:
                raise Refusal(_unreachable(state, f, board, destination, limit, engaged_with))
            path = paths[destination]
    action = command.action or infer_action(state, f, len(path), engaged_with)
    facing = f.facing if command.facing is None else command.facing
    if action == "upkeep":
        keep = spell_upkeep.check_keep(state, f, params.Upkeep.of(command).spells)
        return MovePlan(command, f.name, action, (), f.facing, engaged_with, board, keep)
    if action == "breather":
        why = breather_refusal(state, f, engaged_with)
        if why:
            raise Refusal(f"Take a breather: {why}")
        return MovePlan(command, f.name, action, (), f.facing, engaged_with, board)
    if action == "stand_up":
        need(f.posture != "standing", f"{f.name} is already standing")
        why = board.why_not(f.hex, facing)
        if why:
            raise Refusal(f"{f.name} cannot turn to face {facing} here: {why}")
        return MovePlan(command, f.name, action, (), facing, engaged_with, board)
    if f.posture != "standing" and (path or action != "stand_still"):
        raise Refusal(f"{f.name} is {f.posture}: stand up first (it takes the whole movement)")
    if action == "continue" and not f.turn.delayed:
        raise Refusal("only a figure that chose Delay finishes its move later")
    if f.turn.delayed and not engaged_with and action not in ("continue", "stand_still"):
        raise Refusal(
            f"{f.name} delayed: finish moving (up to {hexes(allowance(state, f, 'continue'))}) or stand still"
        )
    if action == "lift_step" and not at_max_lift(state, f):
        raise Refusal(f"{f.name} carries no more than 7x {pronoun(f, 'their')} ST: {they_do(f, 'move')} as usual")
    if engaged_with and action not in ("shift", "stand_still", "lift_step"):
        raise Refusal(
            f"Engaged by {', '.join(sorted(engaged_with))}: you may only Shift one hex, stand still or stand up"
        )
    if action == "shift" and not engaged_with:
        raise Refusal(f"{f.name} is not Engaged: Shift is for Engaged figures; use Step")
    if action == "stand_still" and path:
        raise Refusal("Stand still uses no movement; choose a movement action to move")
    if action != "shift" and path and board.may_enter(path[-1]):
        raise Refusal("only a Shift enters an enemy's hex, to brawl there")
    limit = 0 if action == "stand_still" else allowance(state, f, action)
    check_path(state, f, path, limit, facing, engaged_with, board)
    if not path:
        why = board.why_not(f.hex, facing)
        if why:
            raise Refusal(f"{f.name} cannot turn to face {facing} here: {why}")
    refuse(fire.running_refusal(state, f, path, engaged_with) if f.must_run else None)  # burning, panicking
    return MovePlan(command, f.name, action, path, facing, engaged_with, board)


def deed(state: WWState, f: FigureState, p: MovePlan, dice: DiceSource) -> list[Event]:
    """Carry out a checked movement command."""
    forget_plans(state)  # the board seen from f's hex among them: f is about to move
    f = state.own(f.name)  # a move changes only the mover (and, after it, a new turn all)
    record = f.turn
    events: list[Event] = []
    # "If he moves, but fails to announce he is performing upkeep, any spell that required
    # upkeep to continue for this turn fails": params.lapse names the spells he lets go.
    for name in params.Move.of(p.command).lapse:
        for active in [s for s in state.spells if s.caster == f.name and s.name.casefold() == str(name).casefold()]:
            events += spell_upkeep.end_spell(state, active, f"{f.name} lets it lapse")
    if p.action == "upkeep":  # announced before moving: his turn to move goes on
        return events + spell_upkeep.keep(state, f, p.keep)
    if state.spells:  # most fights: no spell up to lapse
        events += spell_upkeep.lapse_unkept(state, f)
    if p.action == "breather":
        return events + _breather(state, f) + advance(state, dice)
    if not record.delayed:
        record.engaged_at_start = tuple(sorted(p.engaged_with))
        record.start = f.hex
    if p.action == "stand_up":
        # "Standing up, from a fallen, prone, or kneeling position, costs the character's full
        # Movement for the Turn."
        f.posture, f.facing, record.stood_up, record.move_action = "standing", p.facing, True, "stand_up"
        events.append(Event("stands", f"{f.name} stands up", f.name))
        return events + advance(state, dice)
    path = list(p.path)
    if p.action == "lift_step":
        # "Character can move 1 hex with 4d6 Effective Strength check, otherwise no movement"
        lifted, event = lift_check(state, f, dice)
        events.append(event)
        path = path if lifted else []
    path, fire_events = fire.check_entry(state, f, path, dice)
    events += fire_events
    start = f.hex
    for h in path:
        f.hex = h
        record.entered.append(h)
    f.facing = p.facing
    record.moved += len(path)
    record.move_action = record.move_action if p.action == "continue" else p.action
    board = p.board  # the other figures have not moved: their hexes and zones still hold
    engaged_now = board.engagers(f.hex, f.facing)
    record.charged = tuple(sorted(engaged_now - p.engaged_with))
    label = state.battle.label
    if path:
        text = (
            f"{f.name}: {LABELS[p.action]} {label(start)} -> {label(f.hex)} "
            f"({len(path)} hex{'' if len(path) == 1 else 'es'})"
        )
    else:
        facing = direction_name(f.facing, state.battle.layout)
        text = f"{f.name} stands still" + (f", facing {facing}" if p.command.facing is not None else "")
    events.append(moved(f.name, path, text, action=p.action, facing=f.facing, engaged_with=sorted(engaged_now)))
    if record.charged:
        events.append(
            Event(
                "engaged",
                f"{f.name} is Engaged by {', '.join(record.charged)} and stops",
                f.name,
                {"by": list(record.charged)},
            )
        )
    events += after_move(state, f, path, dice)  # a fire may kill the last of a side: advance asks
    record.delayed = p.action == "delay"
    if record.delayed:
        state.queue.append(f.name)  # "finish moving later in the phase"
    return events + advance(state, dice)


def lift_check(state: WWState, f: FigureState, dice: DiceSource) -> tuple[bool, Event]:
    """The 4d6 Effective Strength check to move one hex under the maximum lift."""
    result = check(4, f.effective_st, dice)
    verb = (
        f"heaves {pronoun(f, 'their')} load one hex"
        if result.success
        else f"cannot budge under {pronoun(f, 'their')} load"
    )
    return result.success, Event(
        "lift_check",
        f"{f.name} {verb} (4d6 rolls {result.total} vs ST {f.effective_st})",
        f.name,
        {"faces": list(result.faces), "needed": f.effective_st, "success": result.success},
    )


def breather_refusal(state: WWState, f: FigureState, engaged_with) -> str | None:
    """Why f may not take a breather now, or None.

    "This means he does nothing else during the turn; no movement, no fighting, no spending
    STR on maintaining spells": it is taken in place of moving, so that it holds all turn."""
    if not (state.options.breather and state.options.nonlethal_damage):
        return "the optional breather rule is off"
    if engaged_with:
        return f"{f.name} is Engaged (a breather is on the Disengaged list)"
    if f.turn.upkeep_paid:
        return f"{f.name} spent ST keeping a spell up this turn"
    if f.turn.delayed:
        return f"{f.name} has already moved this turn"
    if f.must_run:
        return f"{f.name} is on fire and panics: {pronoun(f)} must run"
    return None


def _breather(state: WWState, f: FigureState) -> list[Event]:
    """No movement, and the breather is his combat action: +3 to hit him all turn."""
    record = f.turn
    record.start, record.move_action, record.stance, record.acted = f.hex, "breather", "breather", True
    return [Event("stance", f"{f.name} takes a breather", f.name, {"stance": "breather"})]


def offer(state: WWState, f: FigureState) -> dict[str, dict]:
    """The movement actions the active figure is offered now, each with the open part of its menu
    entry (hexes and paths, greyed with the reason): worked out once in a position, for every
    move's entry (actions.py)."""
    return kept(state, ("offer", f.name), lambda: _offer(state, f))


def _offer(state: WWState, f: FigureState) -> dict[str, dict]:
    board = board_of(state, f)
    engaged_with = board.engagers(f.hex, f.facing)
    out: dict[str, dict] = {"stand_still": {}}
    # Upkeep (announced before moving) and the breather, where they may be taken.
    pending = spell_upkeep.due(state, f) if not (f.turn.delayed or f.turn.move_action) else []
    if pending:
        cost = sum(s.upkeep for s in pending)
        why = None if spell_upkeep.can_pay(state, f, cost) else f"{cost} ST would knock {f.name} out"
        label = f"Keep up {', '.join(s.name for s in pending)} ({cost} ST)"
        out["upkeep"] = {"label": label, "enabled": why is None, "reason": why}
    if state.options.breather and not engaged_with and not f.turn.delayed:
        why = breather_refusal(state, f, engaged_with)
        out["breather"] = {"enabled": why is None, "reason": why}
    if f.posture != "standing":
        return {"stand_up": {}, **out}
    if at_max_lift(state, f):
        hexes = shift_hexes(state, f, engaged_with, board) if engaged_with else reachable(state, f, 1, board)[0]
        hexes = {h: p for h, p in hexes.items() if not board.may_enter(h)}
        return {**out, "lift_step": _open(hexes, "no hex to move to")}
    if f.turn.delayed and not engaged_with:
        paths, stops = reachable(state, f, allowance(state, f, "continue"), board)
        return {**out, "continue": {"hexes": paths, "stop_hexes": stops}}
    if engaged_with:
        out["shift"] = _open(shift_hexes(state, f, engaged_with, board), "no hex keeps the engagement")
        why = f"Engaged by {', '.join(sorted(engaged_with))}: only Shift, Stand still or Stand up"
        return out | {action: {"enabled": False, "reason": why} for action in DISENGAGED_MOVES}
    # One search at the largest allowance serves every action: a path's length says which.
    limits = allowances(state, f)
    paths, stops = reachable(state, f, limits["full_move"], board)
    must_run = f.must_run and any(len(p) >= fire.RUN for p in paths.values())
    if must_run:
        out["stand_still"] = {"enabled": False, "reason": f"{f.name} is on fire and panics: {pronoun(f)} must run"}
    # reachable() finds the hexes nearest first, so those within a limit come first.
    lengths = [len(p) for p in paths.values()]
    within: dict[int, dict] = {}  # the hexes within each limit, worked out once per count
    for action in DISENGAGED_MOVES:
        limit = limits[action]
        count = bisect_right(lengths, limit)
        if count not in within:
            within[count] = paths if count == len(paths) else dict(islice(paths.items(), count))
        hexes = within[count]
        reason = None if limit > 0 else "no Movement left"
        if must_run and limit < fire.RUN:
            reason = f"{f.name} is on fire and panics: {pronoun(f)} must run ({fire.RUN} or more hexes)"
        out[action] = {
            "hexes": hexes,
            "stop_hexes": frozenset(h for h in stops if h in hexes),
            "enabled": reason is None,
            "reason": reason,
            "note": NOTES.get(action, ""),
            "default": action == "full_move",
        }
    return out


def _open(hexes: dict, none: str) -> dict:
    """A move's entry with these hexes, greyed with the reason `none` if there are none."""
    return {"hexes": hexes, "enabled": bool(hexes), "reason": None if hexes else none}
