"""Movement: the hexes each movement action reaches, and checking a path hex by hex."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence, Set
from math import ceil

from board.footprints import footprint_cells
from board.hexgrid import Hex, direction_between, hex_distance, hex_neighbors
from board.rules.base import Refusal
from board.rules.kernel.action import kept
from board.rules.kernel.reach import Mover, Reach, Where
from board.rules.warrior_wizard.engagement import brawl_refusal, engagers_needed, hold_of
from board.rules.warrior_wizard.state import FigureState, WWState
from board.rules.warrior_wizard.stats import at_max_lift, movement
from board.words import hexes

DISENGAGED_MOVES = ("step", "jog", "half_move", "full_move", "delay")
LABELS = {
    "step": "Step",
    "jog": "Jog",
    "half_move": "Half Move",
    "full_move": "Full Move",
    "delay": "Delay",
    "shift": "Shift",
    "continue": "Finish moving",
    "stand_still": "Stand still",
    "stand_up": "Stand up",
    "breather": "Take a breather",
    "lift_step": "Heave one hex (4d6 ST check)",
}

# What each movement leaves open, from the combat actions' "moved no more than" conditions.
NOTES = {
    "step": "one hex: may still shoot, cast, ready a weapon or attack",
    "jog": "two hexes: may still ready a weapon or attack; no shooting or casting",
    "half_move": "up to half MA: may still charge and attack, dodge or drop; no shooting or casting",
    "full_move": "beyond half MA: no attack this turn",
}


# Each movement action's allowance, from the figure's full Movement this turn.
LIMITS: dict[str, Callable[[int, FigureState], int]] = {
    "step": lambda full, f: min(1, full),
    "jog": lambda full, f: min(2, full),
    "half_move": lambda full, f: ceil(full / 2),  # half_movement(), from the one movement() worked out
    "full_move": lambda full, f: full,
    "delay": lambda full, f: ceil(full / 2),
    "shift": lambda full, f: min(1, full),
    "continue": lambda full, f: max(0, full - f.turn.moved),
}


def allowances(state: WWState, f: FigureState) -> dict[str, int]:
    """How many hexes each movement action allows this figure."""
    full = movement(state, f)
    return {action: limit(full, f) for action, limit in LIMITS.items()}


def allowance(state: WWState, f: FigureState, action: str) -> int:
    """How many hexes a movement action allows this figure."""
    if action == "lift_step":  # under the maximum lift: one hex, on a 4d6 ST check
        return 1 if at_max_lift(state, f) else 0
    return LIMITS[action](movement(state, f), f)


class Board:
    """What a moving figure sees: blocked hexes and the enemies' threat zones."""

    def __init__(self, state: WWState, f: FigureState, brawls: bool = False):
        self.state, self.f = state, f
        self.occupied = state.occupant_map(ignore=f.name)
        self.threats: dict[Hex, list[FigureState]] = {}
        add = self.threats.setdefault
        for g in state.figures.values():
            if g.team != f.team:  # an enemy
                for cell in hold_of(g):  # its own hex too: a brawl
                    add(cell, []).append(g)
        # Occupied hexes it may stand in: its own, in a brawl, and those a Shift may enter
        # (worked out hex by hex when asked: most moves never ask about an enemy's hex).
        placed = f.name in state.figures and f.size == 1  # not a figure the GM is adding
        self._own = f.hex if placed else None
        self._brawls: dict[Hex, bool] = {}
        # brawls: a Shift may enter an adjacent enemy's hex, to brawl there (if f is Engaged)
        self.shifting = brawls and bool(self.engagers(f.hex, f.facing))

    def may_enter(self, c: Hex) -> bool:
        """Whether the figure may stand in c although it is occupied: its own hex, or (Shifting)
        an adjacent enemy's hex where it may brawl."""
        if c == self._own:
            return True
        if not self.shifting:
            return False
        known = self._brawls.get(c)
        if known is None:
            known = self._brawls[c] = (
                c in self.occupied and hex_distance(c, self.f.hex) == 1 and brawl_refusal(self.state, self.f, c) is None
            )
        return known

    def fits(self, anchor: Hex, facing: int) -> bool:
        """Whether the figure's footprint fits there: on the map, off walls and other figures."""
        passable = self.state.battle.passable
        return all(
            passable(c) and (c not in self.occupied or self.may_enter(c))
            for c in footprint_cells(self.f.size, anchor, facing)
        )

    def engagers(self, anchor: Hex, facing: int) -> set[str]:
        """Who would Engage the figure standing there."""
        if self.f.size == 1:  # one enemy hex engages a one-hex figure; most hexes: none
            here = self.threats.get(anchor)
            return {g.name for g in here} if here else set()
        found = {g.name: g for c in footprint_cells(self.f.size, anchor, facing) for g in self.threats.get(c, ())}
        if sum(g.size for g in found.values()) < engagers_needed(self.f.size):
            return set()
        return set(found)

    def stop_rule(self) -> Where | Collection[Hex]:
        """Where a move from the figure's hex stops: "A character who moves into another
        character's threat zone becomes Engaged and must stop moving immediately" (one already
        Engaged: a new engager's zone)."""
        f, threats = self.f, self.threats
        if f.size > 1:
            start = self.engagers(f.hex, f.facing)
            return Where(lambda h: bool(self.engagers(h, f.facing) - start))
        already = {g.name for g in threats.get(f.hex, ())}
        if not already:  # the common case: any threat zone, a lookup per hex
            return threats
        return {h for h, gs in threats.items() if any(g.name not in already for g in gs)}

    def why_not(self, anchor: Hex, facing: int) -> str | None:
        """Why the figure cannot stand there, or None."""
        battle = self.state.battle
        size = self.f.size
        for c in (anchor,) if size == 1 else footprint_cells(size, anchor, facing):
            if c not in battle.ways:  # the map's passable hexes: what most hexes asked are
                if c not in battle.cells:
                    return f"{battle.label(c)} is off the map" if battle.size else "that is off the map"
                return f"{battle.label(c)} is a wall"
            if c in self.occupied and not self.may_enter(c):
                why = f"{self.occupied[c]} is in the way at {battle.label(c)}"
                reason = self.shifting and brawl_refusal(self.state, self.f, c)
                if reason:  # a Shift into an enemy's hex: say why it may not brawl there
                    why += f" ({reason})"
                return why
        return None


def board_of(state: WWState, f: FigureState) -> Board:
    """f's Board in this position (Shifting into a brawl open if f is Engaged), made once for the
    menu and every move planned from it, the submit's among them (`kept`: its clone plans in the
    same position). It holds that position's figures, but only reads them, and a move's deed
    asks it only about the others, whom the move leaves where they are."""
    return kept(state, ("board", f.name), lambda: Board(state, f, brawls=True))


def reachable(state: WWState, f: FigureState, limit: int, board: Board | None = None) -> Reach:
    """Hexes within limit, each with a shortest path, and where the move stops (Engaged)."""
    board = board or Board(state, f)
    # Mover.stop reads only `h in stop`, but the kernel annotates it Collection, which a Where
    # (no len, no iteration) is not
    return Mover(state.battle, f.hex, limit, board.occupied, f.size, f.facing, stop=board.stop_rule()).reach()


def shift_hexes(state: WWState, f: FigureState, engaged_with: Set[str], board: Board) -> dict[Hex, tuple[Hex, ...]]:
    """Adjacent hexes an Engaged figure may Shift to: Engaged with all it was Engaged with."""
    return {
        n: (n,) for n in hex_neighbors(f.hex) if board.fits(n, f.facing) and engaged_with <= board.engagers(n, f.facing)
    }


def check_path(
    state: WWState, f: FigureState, path: Sequence[Hex], limit: int, facing: int, engaged_with: Set[str], board: Board
) -> None:
    """Raise Refusal unless the path is a legal move for f (from its hex, hex by hex)."""
    battle = state.battle
    if len(path) > limit:
        raise Refusal(f"that path is {hexes(len(path))}; this move allows {limit}")
    here = f.hex
    for index, nxt in enumerate(path):
        if direction_between(here, nxt) is None:
            raise Refusal(
                f"the path jumps from {battle.label(here)} to {battle.label(nxt)}; "
                "each hex must be next to the one before"
            )
        last = index == len(path) - 1
        why = board.why_not(nxt, facing if last else f.facing)
        if why:
            raise Refusal(f"cannot enter {battle.label(nxt)}: {why}")
        new = board.engagers(nxt, f.facing) - engaged_with
        if new and not last:
            names = ", ".join(sorted(new))
            raise Refusal(
                f"entering {battle.label(nxt)} puts {f.name} in {names}'s threat zone: "
                "an Engaged figure must stop moving at once"
            )
        here = nxt
    if engaged_with:
        end = path[-1] if path else f.hex
        lost = engaged_with - board.engagers(end, facing)
        if lost:
            raise Refusal(
                "Engaged: a Shift must keep you in the threat zone of "
                + ", ".join(sorted(lost))
                + " (you may only Shift one hex or stand still)"
            )
