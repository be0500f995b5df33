"""Movement: the hexes each movement action reaches, and checking a path hex by hex."""

from __future__ import annotations

from collections import deque

from board.footprints import footprint_cells
from board.hexgrid import DIRECTIONS, Hex, direction_between, hex_neighbors
from board.rules.base import Refusal
from board.rules.warrior_wizard.engagement import engagers_needed, zone_of
from board.rules.warrior_wizard.load import at_max_lift
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import half_movement, movement

DISENGAGED_MOVES = ("step", "jog", "half_move", "full_move", "delay")
ENGAGED_MOVES = ("shift",)
LABELS = {
    "step": "Step", "jog": "Jog", "half_move": "Half Move", "full_move": "Full Move",
    "delay": "Delay", "shift": "Shift", "continue": "Finish moving", "stand_still": "Stand still",
    "stand_up": "Stand up", "breather": "Take a breather", "lift_step": "Heave one hex (4d6 ST check)",
}


def allowance(state: WWState, f: FigureState, action: str) -> int:
    """How many hexes a movement action allows this figure."""
    if action == "lift_step":  # under the maximum lift: one hex, on a 4d6 ST check
        return 1 if at_max_lift(state, f) else 0
    full = movement(state, f)
    return {
        "step": min(1, full), "jog": min(2, full), "half_move": half_movement(state, f),
        "full_move": full, "delay": half_movement(state, f), "shift": min(1, full),
        "continue": max(0, full - f.turn.moved),
    }[action]


class Board:
    """What a moving figure sees: blocked hexes and the enemies' threat zones."""

    def __init__(self, state: WWState, f: FigureState):
        self.state, self.f = state, f
        self.occupied = state.occupant_map(ignore=f.name)
        self.threats: dict[Hex, list[FigureState]] = {}
        for g in state.enemies(f):
            for cell in zone_of(g):
                self.threats.setdefault(cell, []).append(g)

    def fits(self, anchor: Hex, facing: int) -> bool:
        """Whether the figure's footprint fits there: on the map, off walls and other figures."""
        passable = self.state.battle.passable
        return all(passable(c) and c not in self.occupied
                   for c in footprint_cells(self.f.size, anchor, facing))

    def engagers(self, anchor: Hex, facing: int) -> set[str]:
        """Who would Engage the figure standing there."""
        found = {g.name: g for c in footprint_cells(self.f.size, anchor, facing)
                 for g in self.threats.get(c, ())}
        if sum(g.size for g in found.values()) < engagers_needed(self.f.size):
            return set()
        return set(found)

    def why_not(self, anchor: Hex, facing: int) -> str | None:
        """Why the figure cannot stand there, or None."""
        battle = self.state.battle
        for c in footprint_cells(self.f.size, anchor, facing):
            if c not in battle.cells:
                return f"{battle.label(c)} is off the map" if battle.size else "that is off the map"
            if battle.terrain_at(c).blocks:
                return f"{battle.label(c)} is a wall"
            if c in self.occupied:
                return f"{self.occupied[c]} is in the way at {battle.label(c)}"
        return None


def reachable(state: WWState, f: FigureState, limit: int,
              board: Board | None = None) -> tuple[dict[Hex, tuple[Hex, ...]], frozenset[Hex]]:
    """Hexes reachable within limit hexes, each with a shortest path, and the hexes where
    the move must stop because the figure becomes Engaged there."""
    board = board or Board(state, f)
    if f.size == 1:
        return _reachable_one_hex(state, f, limit, board)
    start_engagers = board.engagers(f.hex, f.facing)
    paths: dict[Hex, tuple[Hex, ...]] = {}
    stops: set[Hex] = set()
    frontier = deque([(f.hex, ())])
    seen = {f.hex}
    while frontier:
        here, path = frontier.popleft()
        if len(path) >= limit:
            continue
        for nxt in hex_neighbors(here):
            if nxt in seen or not board.fits(nxt, f.facing):
                continue
            seen.add(nxt)
            step = path + (nxt,)
            paths[nxt] = step
            # "A character who moves into another character's threat zone becomes Engaged
            # and must stop moving immediately."
            if board.engagers(nxt, f.facing) - start_engagers:
                stops.add(nxt)
            else:
                frontier.append((nxt, step))
    return paths, frozenset(stops)


_STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


def _reachable_one_hex(state: WWState, f: FigureState, limit: int, board: Board
                       ) -> tuple[dict[Hex, tuple[Hex, ...]], frozenset[Hex]]:
    """reachable() for the common one-hex figure: the same answer, on plain tuples (a Hex is
    a tuple, so the map's sets and dicts take them), several times faster."""
    cells, terrain, occupied, threats = state.battle.cells, state.battle.terrain, board.occupied, board.threats
    start = (f.hex.q, f.hex.r)
    already = {g.name for g in threats.get(start, ())}
    paths: dict[Hex, tuple[Hex, ...]] = {}
    stops: set[Hex] = set()
    seen = {start}
    frontier = [(start, ())]
    for _ in range(limit):
        following = []
        for (q, r), path in frontier:
            for dq, dr in _STEPS:
                n = (q + dq, r + dr)
                if n in seen:
                    continue
                seen.add(n)
                if n not in cells or n in occupied or (n in terrain and terrain[n].blocks):
                    continue
                h = Hex(*n)
                step = path + (h,)
                paths[h] = step
                # Entering a new enemy's threat zone stops the move there.
                if any(g.name not in already for g in threats.get(n, ())):
                    stops.add(h)
                else:
                    following.append((n, step))
        frontier = following
    return paths, frozenset(stops)


def shift_hexes(state: WWState, f: FigureState, engaged_with: set[str],
                board: Board | None = None) -> dict[Hex, tuple[Hex, ...]]:
    """Adjacent hexes an Engaged figure may Shift to: Engaged with all it was Engaged with."""
    board = board or Board(state, f)
    return {n: (n,) for n in hex_neighbors(f.hex)
            if board.fits(n, f.facing) and engaged_with <= board.engagers(n, f.facing)}


def check_path(state: WWState, f: FigureState, path: list[Hex], limit: int, facing: int,
               engaged_with: set[str], board: Board | None = None) -> None:
    """Raise Refusal unless the path is a legal move for f (from its hex, hex by hex)."""
    board = board or Board(state, f)
    battle = state.battle
    if len(path) > limit:
        raise Refusal(f"that path is {len(path)} hexes; this move allows {limit}")
    here = f.hex
    for index, nxt in enumerate(path):
        if direction_between(here, nxt) is None:
            raise Refusal(f"the path jumps from {battle.label(here)} to {battle.label(nxt)}; "
                          "each hex must be next to the one before")
        last = index == len(path) - 1
        why = board.why_not(nxt, facing if last else f.facing)
        if why:
            raise Refusal(f"cannot enter {battle.label(nxt)}: {why}")
        new = board.engagers(nxt, f.facing) - engaged_with
        if new and not last:
            names = ", ".join(sorted(new))
            raise Refusal(f"entering {battle.label(nxt)} puts {f.name} in {names}'s threat zone: "
                          "an Engaged figure must stop moving at once")
        here = nxt
    if engaged_with:
        end = path[-1] if path else f.hex
        lost = engaged_with - board.engagers(end, facing)
        if lost:
            raise Refusal("Engaged: a Shift must keep you in the threat zone of "
                          + ", ".join(sorted(lost)) + " (you may only Shift one hex or stand still)")
