"""Reach and movement: who is within whose Weapon Reach, and where a figure may move (6.1-6.3)."""

from __future__ import annotations

from board.footprints import relative_zone
from board.hexgrid import Hex, direction_between, hex_linedraw
from board.rules.kernel.action import kept
from board.rules.kernel.reach import Mover, Step, Where, distance
from board.rules.melee_seconds.state import Fighter, MSState
from board.rules.melee_seconds.sheet import Weapon


def weapon(state: MSState, f: Fighter, name: str | None = None) -> Weapon | None:
    """The weapon in hand (or the one named, 5.2), if it is in the catalogue."""
    name = name or f.ready
    return state.tables.weapons.get(name) if name else None


def melee_weapon(state: MSState, f: Fighter) -> str | None:
    """The melee weapon it fights with unless a plot names another: the ready one first."""
    return next((n for n in f.in_hand if melee_reach(state, f, n) is not None), None)


def melee_reach(state: MSState, f: Fighter, name: str | None = None) -> tuple[int, int] | None:
    """(min, max) Reach of the melee weapon in hand (or the one named), or None (empty-handed,
    ranged weapon)."""
    if name is None and f.ready is None and f.off_hand:
        name = f.off_hand
    w = weapon(state, f, name)
    return None if w is None or w.ranged or w.reach == (0, 0) else w.reach


def in_reach(state: MSState, a: Fighter, t: Fighter, a_at: Hex | None = None, name: str | None = None) -> bool:
    """Whether t stands within the Reach of a's melee weapon (or the one named)."""
    reach = melee_reach(state, a, name)
    return reach is not None and reach[0] <= distance(a, t, a_at) <= reach[1]


def step_rule(state: MSState, f: Fighter, charge: str | None = None, name: str | None = None) -> Step:
    """6.1: "Combatants may move freely within the combat area, except within the Reach of an
    Opponent's Weapon." A step that enters an opponent's Reach or closes within it is refused,
    unless 6.3 lets f close on that opponent, or f charges it (6.2) no nearer than its own
    weapon's minimum Reach. The opponents' Reaches (those up with a melee weapon in hand, the
    farthest of their weapons) are looked up once, not at every step."""
    guards = []
    for o in state.enemies(f):
        reaches = [r[1] for n in o.in_hand if (r := melee_reach(state, o, n))]
        if o.up and reaches and o.name not in f.may_close:
            guards.append((o, max(reaches)))
    nearest = (melee_reach(state, f, name) or (1, 1))[0]

    def allowed(a: Hex, b: Hex) -> bool:
        for o, reach in guards:
            after = distance(f, o, b)
            closer = after <= reach and after < distance(f, o, a)
            if closer and not (o.name == charge and after >= nearest):
                return False
        return True

    return allowed


def reachable(
    state: MSState, f: Fighter, charge: str | None = None, name: str | None = None
) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex f may end on this second (speed hexes), with the path there.

    A charge stops at the first hex that brings the target within its own Reach: "only as far
    as the maximum Reach of their own Weapon" (6.2). Worked out once in a position."""
    return kept(state, ("kept", "reach", f.name, charge, name), lambda: _reachable(state, f, charge, name))


def _reachable(state: MSState, f: Fighter, charge: str | None, name: str | None) -> dict[Hex, tuple[Hex, ...]]:
    if f.entangled or not f.up:
        return {}
    target = state.figures.get(charge) if charge else None
    stop = Where(lambda h: in_reach(state, f, target, h, name)) if target is not None else ()
    return (
        Mover(
            state.battle,
            f.hex,
            f.sheet.speed,
            state.occupied(ignore=f.name),
            f.size,
            f.facing,
            enter=step_rule(state, f, charge, name),
            stop=stop,
        )
        .reach()
        .paths
    )


def charge_path(state: MSState, f: Fighter, target: Fighter, name: str | None = None) -> tuple[Hex, ...] | None:
    """The shortest move this second that brings target within f's Reach (6.2), or None."""
    paths = reachable(state, f, target.name, name)  # the nearest first
    return next((p for h, p in paths.items() if in_reach(state, f, target, h, name)), None)


def zone(t: Fighter, attacker_at: Hex) -> str:
    """Where an attack from attacker_at strikes t: front, side or rear (6.4)."""
    found = relative_zone(t.size, t.hex, t.facing, attacker_at)
    return "front" if found == "inside" else found


def face_towards(a: Hex, b: Hex, default: int) -> int:
    """The facing from a towards b (the nearest hex side), or default if they coincide."""
    if a == b:
        return default
    step = direction_between(a, b)
    if step is None:  # else towards the first hex of the line to b, a neighbour of a
        step = direction_between(a, hex_linedraw(a, b)[1])
        if step is None:
            raise ValueError(f"the line from {a} to {b} does not begin with a neighbour of {a}")
    return step


def line_clear(state: MSState, a: Hex, b: Hex) -> bool:
    """No wall between two hexes (figures do not block a shot on this board)."""
    return not any(state.battle.terrain_at(h).blocks for h in hex_linedraw(a, b)[1:-1])
