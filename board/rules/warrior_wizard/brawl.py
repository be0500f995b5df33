"""The hand-to-hand brawl: one-hex figures sharing a hex.

"Shift one hex and attack hand-to-hand"; "Short weapons can only attack in the same hex in
hand-to-hand combat"; a missile "into a hand-to-hand brawl in a single hex" takes -1 for each
character and may strike them instead, in a random order. An Engaged one-hex figure enters a
brawl by Shifting into the hex of an adjacent enemy one-hex figure; multihex figures never do.
"""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import Hex
from board.rules.warrior_wizard.state import FigureState, WWState


def in_hex(state: WWState, h: Hex, ignore: str | None = None) -> list[FigureState]:
    """The figures covering hex h (bodies too), f excepted."""
    return [g for g in state.figures.values()
            if g.name != ignore and (g.hex == h if g.size == 1 else h in g.cells)]


def why_not(state: WWState, f: FigureState, h: Hex) -> str | None:
    """Why f may not Shift into the occupied hex h to brawl there, or None if it may."""
    there = in_hex(state, h, ignore=f.name)
    if f.size > 1:
        return f"{f.name} is a multihex figure: multihex figures do not brawl in one hex"
    big = [g.name for g in there if g.size > 1]
    if big:
        return f"{big[0]} is a multihex figure: multihex figures do not brawl in one hex"
    if not any(g.team != f.team and g.status == "ok" for g in there):
        return "only a hex holding an enemy who is up may be entered (to brawl there)"
    return None


def partners(state: WWState, f: FigureState) -> list[FigureState]:
    """The others in f's hex when f is a one-hex figure: its brawl (empty when none)."""
    if f.size > 1:
        return []
    return [g for g in in_hex(state, f.hex, ignore=f.name) if g.size == 1]


def shared_hexes(state: WWState) -> set[Hex]:
    """The hexes where one-hex figures brawl (two or more in one hex), in one pass."""
    seen: set[Hex] = set()
    shared: set[Hex] = set()
    for g in state.figures.values():
        if g.size == 1:
            (shared if g.hex in seen else seen).add(g.hex)
    return shared


def same_hex(a: FigureState, b: FigureState) -> bool:
    """Whether two figures share a hex (a brawl)."""
    return a.size == 1 and b.size == 1 and a.hex == b.hex


def random_order(names: list[str], dice: DiceSource) -> list[str]:
    """The names shuffled with the game's dice: "When attacking into a brawl, choose the order
    in which characters are targeted randomly" (seeded, so a replay repeats it)."""
    left, out = list(names), []
    while len(left) > 1:
        out.append(left.pop(dice.roll(len(left)) - 1))
    return out + left
