"""Threat zones and engagement: who is Engaged, and by whom."""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from board.footprints import threat_zone
from board.hexgrid import Hex
from board.rules.warrior_wizard.state import FigureState, WWState

# "A character who is unconscious, dead, fallen, prone, surprised, etc., has no Threat Zone."
NO_ZONE_POSTURES = ("fallen", "prone")


def has_threat_zone(f: FigureState) -> bool:
    """Whether the figure threatens anything at all."""
    return f.status == "ok" and f.posture not in NO_ZONE_POSTURES and not f.surprised


def zone_of(f: FigureState) -> frozenset[Hex]:
    """The figure's threat zone ("front hexes"), empty when it has none."""
    if not has_threat_zone(f):
        return frozenset()
    return _front(f.size, f.hex, f.facing)


@lru_cache(maxsize=16384)
def _front(size: int, anchor: Hex, facing: int) -> frozenset[Hex]:
    # Asked for every figure on every frame after a command; figures mostly stand still.
    return frozenset(threat_zone(size, anchor, facing))


def hold_of(f: FigureState) -> frozenset[Hex]:
    """The hexes where f Engages an enemy: its threat zone, and for a one-hex figure its own
    hex, where an enemy who Shifted in brawls with it."""
    return _hold(f.size, f.hex, f.facing) if has_threat_zone(f) else frozenset()


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
