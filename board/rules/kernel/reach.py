"""One reach search for every ruleset: where a figure may move, the path to each hex, where it
stops, and how far apart two figures stand. A ruleset gives its movement rule as a Mover's
fields (see docs/rulesets.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import TYPE_CHECKING, NamedTuple, Protocol
from collections.abc import Callable, Mapping

from board.footprints import footprint_cells
from board.hexgrid import Hex, hex_distance, hex_linedraw_both
from board.rules.base import Refusal
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.refusals import refuse
from board.words import hexes

if TYPE_CHECKING:
    from board.battle import BattleMap

Step = Callable[[Hex, Hex], bool]  # (from, to) -> may the figure take this step
HexPath = tuple[Hex, ...]


class Hexes(Protocol):
    """What a move asks of its stopping hexes: a set or tuple of hexes, or a Where."""

    def __contains__(self, h: Hex, /) -> bool: ...


class Reach(NamedTuple):
    """Every hex a move can end on -> its path (start excluded; nearest first), and the hexes
    where the path must stop (ActionInfo.hexes and stop_hexes)."""

    paths: dict[Hex, HexPath]
    stops: frozenset[Hex] = frozenset()


class Where:
    """The hexes where a rule holds, asked one at a time: `h in Where(rule)` is rule(h)."""

    def __init__(self, rule: Callable[[Hex], bool]):
        self.rule = rule

    def __contains__(self, h: Hex) -> bool:
        return self.rule(h)


@dataclass
class Mover:
    """A figure's movement rule for one move: what reach() searches and walk() checks."""

    battle: BattleMap  # its cells, walls and table of passable neighbours
    start: Hex
    limit: int  # the movement allowance: hexes, or cost points when cost is given
    blocked: Mapping[Hex, str] = field(default_factory=dict)  # hex -> who or what blocks it
    size: int = 1
    facing: int = 0
    enter: Step | None = None  # an extra rule of the ruleset for each step
    stop: Hexes = ()  # entering one of these hexes ends the move there (see Where)
    cost: Callable[[Hex, Hex], int] | None = None  # None: every hex costs 1
    _fits: Step | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.size > 1:  # a multihex figure: every cell of its footprint must be open
            passable, blocked, rule = self.battle.passable, self.blocked, self.enter

            def fits(here: Hex, there: Hex) -> bool:
                return all(
                    passable(c) and c not in blocked for c in footprint_cells(self.size, there, self.facing)
                ) and (rule is None or rule(here, there))

            self._fits = fits
        else:
            self._fits = self.enter

    def reach(self) -> Reach:
        """Every hex within the allowance, each with a cheapest path (ties: the first found).

        Found once for the same map, start, allowance, blocked hexes and footprint when the move
        has no rule of its own to ask (none but hexes): the menu, every move planned and the
        submit after it ask the same question, and so do the positions that follow until a
        figure moves. Each caller gets its own dict of the paths."""
        key = self._key()
        found = _FOUND.get(key) if key is not None else None
        if found is None or found[0] is not self.battle:
            found = (self.battle, self._search())
            if key is not None:
                # A few positions back is enough: kept longer, they only cost the collector.
                if len(_FOUND) >= _FOUND_MAX:
                    _FOUND.clear()
                _FOUND[key] = found
        return Reach(dict(found[1].paths), found[1].stops)

    def _key(self) -> tuple | None:
        """What reach() reads, as a key; None when a rule of the ruleset's (a callable) is asked."""
        if self.enter is not None or self.cost is not None or not isinstance(self.stop, (tuple, frozenset, set)):
            return None
        facing = self.facing if self.size > 1 else 0
        return (
            id(self.battle),
            self.start,
            self.limit,
            frozenset(self.blocked),
            self.size,
            facing,
            frozenset(self.stop),
        )

    def _search(self) -> Reach:
        if self.cost is not None:
            return self._dijkstra(self.cost)
        ways, enter, stop = self.battle.ways, self._fits, self.stop
        paths: dict[Hex, HexPath] = {}
        stops: set[Hex] = set()
        seen = {self.start, *self.blocked} if self.size == 1 else {self.start}
        nexts = ways.get if enter is None else _tested(ways, seen, enter)
        frontier: list[tuple[Hex, HexPath]] = [(self.start, ())]
        for _ in range(self.limit):  # one ring of steps at a time: breadth first
            following: list[tuple[Hex, HexPath]] = []
            for here, path in frontier:
                for there in nexts(here, ()):
                    if there in seen:
                        continue
                    seen.add(there)
                    step = paths[there] = path + (there,)
                    if there in stop:
                        stops.add(there)
                    else:
                        following.append((there, step))
            frontier = following
        return Reach(paths, frozenset(stops))

    def _dijkstra(self, cost: Callable[[Hex, Hex], int]) -> Reach:
        """reach() when hexes cost more than one to enter (cost, the Mover's): cheapest first."""
        ways, enter, stop = self.battle.ways, self._fits, self.stop
        spent = {self.start: 0}
        paths: dict[Hex, HexPath] = {}
        stops: set[Hex] = set()
        queue: list[tuple[int, int, Hex, HexPath]] = [(0, 0, self.start, ())]
        order = 0  # ties leave the queue in the order they joined it
        while queue:
            points, _, here, path = heappop(queue)
            if points > spent[here]:
                continue  # a dearer way there, found before the cheaper one
            if path:
                paths[here] = path
                if here in stop:
                    stops.add(here)
                    continue
            for there in ways.get(here, ()):
                if (there in self.blocked and self.size == 1) or (enter is not None and not enter(here, there)):
                    continue
                total = points + cost(here, there)
                if total <= self.limit and total < spent.get(there, total + 1):
                    spent[there] = total
                    order += 1
                    heappush(queue, (total, order, there, path + (there,)))
        return Reach(paths, frozenset(stops))

    def walk(self, path) -> str | None:
        """Why a path a player gives breaks the rule, in words, or None: the same rule as reach()."""
        label, here, spent = self.battle.label, self.start, 0
        for index, there in enumerate(path):
            if hex_distance(here, there) != 1:
                return f"the path jumps from {label(here)} to {label(there)}; each hex must be next to the one before"
            why = self.battle.why_not_stand(self.size, there, self.facing, self.blocked)
            if why or (self.enter is not None and not self.enter(here, there)):
                return f"the path is blocked: {why or f'{label(there)} may not be entered'}"
            spent += 1 if self.cost is None else self.cost(here, there)
            if spent > self.limit:
                if self.cost is None:
                    return f"that path is {hexes(len(path))}; this move allows {self.limit}"
                return f"that path costs more than the {self.limit} this move allows"
            if index < len(path) - 1 and there in self.stop:
                return f"the move must stop at {label(there)}"
            here = there
        return None

    def route(self, state, command, out_of_reach: Callable[[Hex], str]) -> tuple[Hex, ...]:
        """A move command's path: the one it gives, if walk() allows it, or else the way reach()
        finds to its `to`; Refusal with walk's reason, or out_of_reach(the hex)."""
        if command.path:
            path = tuple(to_hex(state, p) for p in command.path)
            refuse(self.walk(path))
            return path
        if command.to is None:
            raise Refusal("give the path or the hex to move to")
        to = to_hex(state, command.to)
        found = self.reach().paths.get(to)
        if found is None:
            raise Refusal(out_of_reach(to))
        return found


# Reaches found, by Mover._key(), with the map they were found on (an id is reused once a map is
# gone: the map kept beside it tells a stale entry apart).
_FOUND: dict[tuple, tuple[BattleMap, Reach]] = {}
_FOUND_MAX = 32


def _tested(ways: dict[Hex, tuple[Hex, ...]], seen: set[Hex], enter: Step) -> Callable:
    """ways.get, keeping only the steps the ruleset's test allows (asked of new hexes only).
    Apart from reach() so that its own variables stay fast locals, not closure cells."""

    def nexts(here: Hex, _=()) -> list[Hex]:
        return [t for t in ways.get(here, ()) if t not in seen and enter(here, t)]

    return nexts


def distance(a, b, a_at: Hex | None = None) -> int:
    """Hexes between the nearest cells of two figures (a standing at a_at if given)."""
    if a.size == 1 and b.size == 1:  # most pairs: no footprints to compare
        return hex_distance(a.hex if a_at is None else a_at, b.hex)
    cells = a.cells if a_at is None else footprint_cells(a.size, a_at, a.facing)
    return min(hex_distance(x, y) for x in cells for y in b.cells)


def walled(battle: BattleMap, a: Hex, b: Hex) -> list[bool]:
    """For each of the two lines from a to b (nudged either way: they differ along a hex edge),
    whether a wall stands between the ends: a line of sight or fire is blocked by a wall on both."""
    return [any(battle.terrain_at(h).blocks for h in line[1:-1]) for line in hex_linedraw_both(a, b)]
