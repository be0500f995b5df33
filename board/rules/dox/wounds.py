"""Wounds, Fortune, falling out of the saddle, going down, and victory."""

from __future__ import annotations


from board.dice import DiceSource
from board.hexgrid import hex_neighbors
from board.rules.base import Event
from board.rules.kernel.events import FALLS, UNCONSCIOUS, damaged
from board.rules.dox.moves import shift
from board.rules.dox.rolls import trait_roll
from board.rules.dox.state import DoxState, Fig, Pending
from board.rules.kernel.victory import check_victory
from board.words import plural, pronoun, they_do


def wound(state: DoxState, source: str, victim: Fig, wounds: int) -> list[Event]:
    """Inflict wounds, or first ask the victim about Fortune: "If the victim has Fortune points,
    he may burn them at this time to negate the wounds he would have taken." """
    if wounds <= 0:
        return [damaged(victim.name, 0, f"{victim.name} takes no wounds")]
    if victim.fortune > 0:
        state.pending.append(Pending(victim.name, wounds, source))
        return [
            Event(
                "status",
                f"{victim.name} would take {plural(wounds, 'wound')}: burn Fortune ({victim.fortune} left)?",
                victim.name,
                {"pending_wounds": wounds, "fortune": victim.fortune},
            )
        ]
    return take(state, victim, wounds)


def burn(state: DoxState, points: int) -> list[Event]:
    """The first pending victim burns `points` Fortune, one wound negated per point."""
    p = state.pending.pop(0)
    f = state.figures[p.victim]
    f.fortune -= points
    events = (
        [
            Event(
                "status",
                f"{f.name} burns {plural(points, 'Fortune point')}",
                f.name,
                {"burned": points, "fortune": f.fortune},
            )
        ]
        if points
        else []
    )
    left = p.wounds - points
    if left <= 0:
        return events + [damaged(f.name, 0, f"{f.name} negates every wound")]
    return events + take(state, f, left)


def take(state: DoxState, f: Fig, wounds: int) -> list[Event]:
    """Wounds that stick; at max_wounds the figure is down."""
    f.wounds += wounds
    events = [
        damaged(
            f.name, wounds, f"{f.name} takes {plural(wounds, 'wound')} ({f.wounds} of {f.max_wounds})", total=f.wounds
        )
    ]
    if f.wounds >= f.max_wounds and f.up:
        events += knock_down(state, f)
    return events


def knock_down(state: DoxState, f: Fig) -> list[Event]:
    """The figure is out of the fight: holds end, a rider comes off, a mount's rider falls."""
    f.status, f.posture = "down", "prone"
    events = [Event(UNCONSCIOUS, f"{f.name} is down", f.name, {"status": "down"})]
    state.holds = [h for h in state.holds if f.name not in (h.grappler, h.victim)]
    rider = state.rider_of(f.name)
    if rider is not None:
        events += unseat(state, rider, "the mount goes down")
    if f.mount:
        mount, f.mount = f.mount, None  # a body lies beside the horse, not in the saddle
        spot = _landing(state, f)
        if spot is not None:
            where = state.battle.label(spot)
            events += shift(state, f, [spot], f"{f.name} slumps from {mount} to {where}")
    return events + check_victory(state)


def _landing(state: DoxState, f: Fig):
    ignore = (f.name,)
    return next((h for h in hex_neighbors(f.hex) if state.free(h, ignore)), None)


def unseat(state: DoxState, rider: Fig, why: str) -> list[Event]:
    """The rider falls prone into a free hex next to the mount (with no room, he clings on)."""
    spot = _landing(state, rider)
    if spot is None:
        return [
            Event(
                "status",
                f"{rider.name} would fall ({why}) but has nowhere to land: {they_do(rider, 'cling')} on",
                rider.name,
            )
        ]
    mount = rider.mount
    rider.mount, rider.posture = None, "prone"
    where = state.battle.label(spot)
    events = shift(state, rider, [spot], f"{rider.name} comes off {mount} at {where}", forced=True)
    return events + [
        Event(
            FALLS, f"{rider.name} falls from {mount} ({why})", rider.name, {"hex": [spot.q, spot.r], "posture": "prone"}
        )
    ]


def keep_seat(state: DoxState, rider: Fig, challenge: int, dice: DiceSource) -> list[Event]:
    """ "If a character is hit by an attack while mounted, he must make a Rider roll to keep his
    seat. The challenge level should be equal to the amount of damage done by the attack before
    Protection is applied." """
    r = trait_roll(state, rider.rider, 0, dice)
    kept = r.total >= challenge
    events = [
        Event(
            "roll",
            f"{rider.name} rolls Rider {r.total} vs {challenge}: "
            + f"{'keeps' if kept else 'loses'} {pronoun(rider, 'their')} seat",
            rider.name,
            {**r.data(), "challenge": challenge, "success": kept},
        )
    ]
    return events if kept else events + unseat(state, rider, "thrown by the blow")
