"""Where figures can go and see: reachable hexes, lines of fire, shove destinations."""

from __future__ import annotations

from board.hexgrid import Hex, direction_between, hex_distance, hex_linedraw_both, hex_neighbor
from board.rules.kernel.reach import Mover
from board.rules.usage_dice.state import Figure, UDState


def mover(state: UDState, f: Figure, steps: int | None = None) -> Mover:
    """f's move (its speed, or steps): walls, fire and other figures block."""
    blocked = dict.fromkeys(state.battle.fires, "a fire")
    blocked.update((g.hex, g.name) for g in state.figures.values() if g is not f)
    return Mover(state.battle, f.hex, f.speed if steps is None else steps, blocked)


def reachable(state: UDState, f: Figure, steps: int | None = None) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex f can move to within its speed, with the shortest path (start excluded)."""
    return mover(state, f, steps).reach().paths


def path_problem(state: UDState, f: Figure, path: tuple[Hex, ...]) -> str | None:
    """Why a path cannot be walked now, or None."""
    if not path:
        return "the path is empty"
    if len(path) > f.speed:
        return f"{len(path)} hexes is farther than {f.name}'s speed of {f.speed}"
    return mover(state, f).walk(path)


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
