"""Where figures can go and see: reachable hexes, lines of fire, shove destinations."""

from __future__ import annotations

from collections import deque

from board.hexgrid import Hex, direction_between, hex_distance, hex_linedraw_both, hex_neighbor, hex_neighbors
from board.rules.usage_dice.state import Figure, UDState


def to_hex(state: UDState, position) -> Hex:
    """A command's position ([q, r] or a "CCRR" label) as a hex."""
    if isinstance(position, str):
        from board.hexgrid import parse_label
        return parse_label(position, state.battle.layout)
    return Hex(*position)


def open_ground(state: UDState, h: Hex) -> bool:
    """A hex a figure may walk into: on the map, not a wall, not fire, nobody there."""
    return (state.battle.passable(h) and state.battle.terrain_at(h).kind != "fire"
            and state.occupant(h) is None)


def reachable(state: UDState, f: Figure, steps: int | None = None) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex f can move to within its speed, with the shortest path (start excluded)."""
    limit = f.speed if steps is None else steps
    paths: dict[Hex, tuple[Hex, ...]] = {f.hex: ()}
    queue = deque([f.hex])
    while queue:
        here = queue.popleft()
        if len(paths[here]) >= limit:
            continue
        for nxt in hex_neighbors(here):
            if nxt not in paths and open_ground(state, nxt):
                paths[nxt] = paths[here] + (nxt,)
                queue.append(nxt)
    del paths[f.hex]
    return paths


def path_problem(state: UDState, f: Figure, path: tuple[Hex, ...]) -> str | None:
    """Why a path cannot be walked now, or None."""
    if not path:
        return "the path is empty"
    if len(path) > f.speed:
        return f"{len(path)} hexes is farther than {f.name}'s speed of {f.speed}"
    here = f.hex
    for h in path:
        if hex_distance(here, h) != 1:
            return f"{state.battle.label(h)} is not next to {state.battle.label(here)}"
        if not open_ground(state, h):
            return f"{state.battle.label(h)} is blocked (a wall, fire or a figure)"
        here = h
    return None


def line_of_fire(state: UDState, a: Hex, b: Hex) -> bool:
    """Whether walls leave a line from a to b (either nudge of the line will do)."""
    for line in hex_linedraw_both(a, b):
        if not any(state.battle.terrain_at(h).blocks for h in line[1:-1]):
            return True
    return False


def shove_destination(state: UDState, actor: Figure, target: Figure) -> tuple[Hex | None, str]:
    """The hex directly away from the shover, or None with the reason it cannot be entered."""
    direction = direction_between(actor.hex, target.hex)
    dest = hex_neighbor(target.hex, direction)
    if dest not in state.battle.cells:
        return None, f"{target.name} stands at the map's edge: nowhere to shove"
    if state.battle.terrain_at(dest).blocks:
        return None, f"a wall is behind {target.name}: nowhere to shove"
    other = state.occupant(dest)
    if other is not None:
        return None, f"{other.name} stands behind {target.name}"
    return dest, ""


def wrong_target(state: UDState, shooter: Figure, target: Figure) -> Figure | None:
    """Who a miss into a melee hits: of the figures up next to the target, the one nearest the
    shooter (the first on the map on a tie)."""
    near = [o for o in state.figures.values()
            if o.up and o.name not in (target.name, shooter.name) and hex_distance(o.hex, target.hex) == 1]
    return min(near, key=lambda o: hex_distance(o.hex, shooter.hex), default=None)


def volley_weapon(state: UDState, t: Figure, shooter: Figure):
    """The weapon t returns a volley with: loaded, in range, a line of fire, not engaged."""
    usable = [w for w in t.ranged if w.loaded and hex_distance(t.hex, shooter.hex) <= w.range]
    if not usable or state.enemies_adjacent(t) or not line_of_fire(state, t.hex, shooter.hex):
        return None
    return max(usable, key=lambda w: w.die)
