"""Fire: burning hexes, hot coals, figures on fire (rule text 000, "Fire Damage"); the burns of
a path are damage.py's."""

from __future__ import annotations

from board.dice import Dice, DiceSource, check
from board.hexgrid import Hex, hex_neighbor
from board.rules.base import Event
from board.rules.warrior_wizard.damage import burn, fire_at
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import movement
from board.words import pronoun

# "One limb only ...: 1d6-4 per Turn ... Half the body: 1d6-2 ... Whole body: 1d6"
BURN = {"limb": Dice(1, 6, -4), "half": Dice(1, 6, -2), "whole": Dice(1, 6)}
# "an Intelligence Check to avoid running (3d6 for one limb, 4d6 for half body, 5d6 for whole body)"
PANIC_DICE = {"limb": 3, "half": 4, "whole": 5}
# "one Turn of running turns one burning limb into a half-body burn, and a half-body burn
# into a full body burn"
SPREAD = {"limb": "half", "half": "whole", "whole": "whole"}
EXTENT = {"limb": "one limb", "half": "half the body", "whole": "the whole body"}
RUN = 3  # hexes moved in a turn that count as running


def _fire(kind: str, f: FigureState, words: str, data: dict) -> Event:
    """A fire event about f, in the log's fire colour."""
    return Event(kind, f"{f.name} {words}", f.name, data, tone="fire")


def _iq_check(
    state: WWState, f: FigureState, n: int, what: str, dice: DiceSource, data: dict | None = None
) -> tuple[bool, dict, str]:
    """An n-dice IQ check: (success, event data, "IQ check 3d6 rolls 12 vs 10")."""
    result = check(n, f.iq, dice)
    info = {
        "check": what,
        "dice": n,
        "faces": list(result.faces),
        "roll": result.total,
        "target": f.iq,
        "success": result.success,
        **(data or {}),
    }
    return result.success, info, f"IQ check {n}d6 rolls {result.total} vs {f.iq}"


def _way_out(state: WWState, f: FigureState) -> Hex | None:
    """The first adjacent hex, in direction order, that is free and not burning."""
    # Movement (reach, engagement) is imported at its first use: the turn sequence runs this
    # module's start and end of turn, and setting up a game needs no movement (issue 17).
    from board.rules.warrior_wizard.movement import Board

    board = Board(state, f)
    for direction in range(6):
        h = hex_neighbor(f.hex, direction)
        # Free in every facing, so the move's own facing change cannot overlap anything.
        if all(board.fits(h, d) and not fire_at(state, f, h, d) for d in range(6)):
            return h
    return None


def check_entry(state: WWState, f: FigureState, path: list[Hex], dice: DiceSource) -> tuple[list[Hex], list[Event]]:
    """The part of the path the figure dares to walk, and the IQ checks rolled.

    "A character must succeed on a 3d6 Intelligence Check to move into or stay in a burning hex."
    """
    if not state.battle.fires:  # most maps: no hex burns
        return path, []
    label = state.battle.label
    if not path:
        if f.turn.moved or f.turn.delayed or f.posture != "standing" or not fire_at(state, f, f.hex):
            return path, []
        ok, data, text = _iq_check(state, f, 3, "stay", dice, {"hex": [f.hex.q, f.hex.r]})
        if ok:
            return path, [_fire("fire_check", f, f"holds {pronoun(f, 'their')} ground in the fire ({text})", data)]
        out = _way_out(state, f)
        if out is None:
            return path, [_fire("fire_check", f, f"cannot bear the fire but finds no way out ({text})", data)]
        data["to"] = [out.q, out.r]
        return [out], [_fire("fire_check", f, f"cannot bear the fire and steps out to {label(out)} ({text})", data)]
    for index, h in enumerate(path):
        if fire_at(state, f, h):
            ok, data, text = _iq_check(state, f, 3, "enter", dice, {"hex": [h.q, h.r]})
            if ok:
                return path, [_fire("fire_check", f, f"dares the fire at {label(h)} ({text})", data)]
            data["stopped_after"] = index
            return path[:index], [_fire("balks", f, f"balks at the fire at {label(h)} ({text})", data)]
    return path, []


def start_of_turn(state: WWState, dice: DiceSource) -> list[Event]:
    """Each burning figure checks IQ to avoid running; a failure means it must run this turn.

    "The character must succeed on an Intelligence Check to avoid running (3d6 for one limb,
    4d6 for half body, 5d6 for whole body); attempting to stop running while already doing so
    is at +1 die."
    """
    events = []
    for f in state.figures.values():
        f.must_run = False
        if f.on_fire is None:
            f.running_on_fire = False
            continue
        if not f.up:
            continue
        n = PANIC_DICE[f.on_fire] + f.running_on_fire
        ok, data, text = _iq_check(state, f, n, "avoid running", dice, {"extent": f.on_fire})
        f.must_run = not ok
        verb = f"keeps {pronoun(f, 'their')} head" if ok else f"panics and must run ({RUN} or more hexes)"
        words = f"is on fire ({EXTENT[f.on_fire]}) and {verb} ({text})"
        events.append(_fire("fire_check" if ok else "panic", f, words, data))
    return events


def running_refusal(state: WWState, f: FigureState, path, engaged_with) -> str | None:
    """Why a panicking burning figure may not make this move (it must run 3 hexes if it can)."""
    needed = RUN - f.turn.moved
    if not f.must_run or needed <= 0 or len(path) >= needed:
        return None
    if f.posture != "standing" or engaged_with:
        return None  # no run is open to it: standing up or Shifting is all it can do
    from board.rules.warrior_wizard.movement import allowance, reachable  # as in _way_out

    limit = allowance(state, f, "continue") if f.turn.delayed else movement(state, f)
    if not any(len(p) >= needed for p in reachable(state, f, limit)[0].values()):
        return None
    more = " more" if f.turn.moved else ""
    return f"{f.name} is on fire and panics: {pronoun(f)} must run ({needed} or more hexes{more})"


def end_of_turn(state: WWState, dice: DiceSource) -> list[Event]:
    """Burning figures and figures staying in burning hexes take damage."""
    events: list[Event] = []
    burning_map = bool(state.battle.fires)
    for f in state.figures.values():
        if f.status == "dead":
            continue
        stage = fire_at(state, f, f.hex) if burning_map else None
        if stage and f.turn.moved == 0 and not f.turn.displaced:
            # "A character who, for some reason, stays put in a burning hex, takes 1d6 damage
            # per turn he stays there."
            expr = Dice(1 + (stage == "coals"), 6)
            events += burn(state, f, expr, "staying in " + ("hot coals" if stage == "coals" else "flames"), dice)
        if f.on_fire and f.status != "dead":
            events += _on_fire(state, f, f.on_fire, dice)
    return events


def _on_fire(state: WWState, f: FigureState, extent: str, dice: DiceSource) -> list[Event]:
    """One turn of burning (over extent, f.on_fire), then the fire spreads (running) or goes out
    (stop, drop and roll)."""
    ran = f.turn.moved >= RUN
    expr = BURN[extent]
    if extent == "whole" and ran:
        expr = Dice(1, 6, 2)  # "running while burning increases whole body damage by +2 per Turn"
    events = burn(state, f, expr, f"on fire, {EXTENT[extent]}" + (", running" if ran else ""), dice)
    if f.posture == "prone":
        # "Stop, drop, and roll can put out a fire in one Turn; the character takes one full
        # Turn of burning"
        f.on_fire, f.running_on_fire = None, False
        events.append(Event("fire_out", f"{f.name} rolls on the ground and puts the fire out", f.name, tone="good"))
        return events
    f.running_on_fire = ran
    if ran and SPREAD[extent] != extent:
        f.on_fire = SPREAD[extent]
        events.append(
            Event(
                "fire_spreads",
                f"Running fans the flames: {f.name} now burns over {EXTENT[f.on_fire]}",
                f.name,
                {"from": extent, "to": f.on_fire},
                tone="fire",
            )
        )
    return events
