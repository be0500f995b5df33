"""Threat zones and engagement (who is Engaged, and by whom), and the hand-to-hand brawl
of one-hex figures sharing a hex.

"Shift one hex and attack hand-to-hand"; "Short weapons can only attack in the same hex in
hand-to-hand combat"; a missile "into a hand-to-hand brawl in a single hex" takes -1 for each
character and may strike them instead, in a random order. An Engaged one-hex figure enters a
brawl by Shifting into the hex of an adjacent enemy one-hex figure; multihex figures never do.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from board.dice import DiceSource
from board.footprints import threat_zone
from board.hexgrid import Hex
from board.rules.warrior_wizard.state import FigureState, WWState

# "A character who is unconscious, dead, fallen, prone, surprised, etc., has no Threat Zone."
NO_ZONE_POSTURES = ("fallen", "prone")


def zone_of(f: FigureState) -> frozenset[Hex]:
    """The figure's threat zone ("front hexes"), empty when it has none."""
    return _front(f.size, f.hex, f.facing) if hold_of(f) else frozenset()


@lru_cache(maxsize=16384)
def _front(size: int, anchor: Hex, facing: int) -> frozenset[Hex]:
    # Asked for every figure on every frame after a command; figures mostly stand still.
    return frozenset(threat_zone(size, anchor, facing))


def hold_of(f: FigureState) -> frozenset[Hex]:
    """The hexes where f Engages an enemy: its threat zone, and for a one-hex figure its own
    hex, where an enemy who Shifted in brawls with it."""
    # No zone and no hold for a figure down, fallen, prone or surprised (NO_ZONE_POSTURES).
    if f.status == "ok" and f.posture not in NO_ZONE_POSTURES and not f.surprised:
        return _hold(f.size, f.hex, f.facing)
    return frozenset()


@lru_cache(maxsize=16384)
def _hold(size: int, anchor: Hex, facing: int) -> frozenset[Hex]:
    # Asked for every enemy each time a figure's reach is shown, as _front is.
    zone = _front(size, anchor, facing)
    return zone | {anchor} if zone and size == 1 else zone


def engagers_needed(size: int) -> int:
    """Hexes of engaging figures needed to Engage a figure of this size: "a normal human
    (one hex) is unable to, by himself, Engage a dragon (seven hexes or more)": one hex of
    engager per four hexes of target, rounded up (7 hexes need 2)."""
    return ceil(size / 4)


def engagers(state: WWState, f: FigureState) -> list[str]:
    """The figures Engaging f now ("in another character's Threat Zone")."""
    if f.size == 1:  # most figures: one hex to look up, and one engager is enough
        return [g.name for g in state.figures.values() if g.team != f.team and f.hex in hold_of(g)]
    cells = set(f.cells)
    found = [g for g in state.enemies(f) if cells & hold_of(g)]
    if sum(g.size for g in found) < engagers_needed(f.size):
        return []
    return [g.name for g in found]


def all_engagers(state: WWState) -> dict[str, list[str]]:
    """engagers() of every figure at once (none for a figure that is down), each threatened hex
    indexed once: time linear in the figures."""
    threats: dict[Hex, list[FigureState]] = {}
    for g in state.figures.values():
        for cell in hold_of(g):  # its own hex too: a brawl
            threats.setdefault(cell, []).append(g)
    out: dict[str, list[str]] = {}
    for f in state.figures.values():
        found: dict[str, FigureState] = {}
        if f.status == "ok":
            for cell in f.cells:
                found.update((g.name, g) for g in threats.get(cell, ()) if g.team != f.team)
        enough = sum(g.size for g in found.values()) >= engagers_needed(f.size)
        out[f.name] = sorted(found) if found and enough else []
    return out


# --- the brawl: one-hex figures sharing a hex ----------------------------------------------


def in_hex(state: WWState, h: Hex, ignore: str | None = None) -> list[FigureState]:
    """The figures covering hex h (bodies too), f excepted."""
    return [g for g in state.figures.values() if g.name != ignore and (g.hex == h if g.size == 1 else h in g.cells)]


def brawl_refusal(state: WWState, f: FigureState, h: Hex) -> str | None:
    """Why f may not Shift into the occupied hex h to brawl there, or None if it may."""
    there = in_hex(state, h, ignore=f.name)
    big = [g.name for g in (f, *there) if g.size > 1]  # f itself first
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
