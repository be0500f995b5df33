"""Set-up for the usage-dice tests: sheets and tiny hexagonal battles (the command shortcuts are
in tests/helpers.py).

The first figure's team is the players' side and acts first (unless the option `surprised` is on).
"""

from __future__ import annotations

from typing import Any

from board.game import Game
from board.hexgrid import Hex, hex_range
from board.maps import BattleMap, Terrain
from board.rules.usage_dice.sheet import UDFigure

RULESET = "usage-dice"


def figure(name: str, team: str, at, **fields: Any) -> UDFigure:
    """A usage-dice sheet (Power d6, Grace d6, a Sword d8, no armor unless given)."""
    return UDFigure.model_validate({"name": name, "team": team, "at": tuple(at), **fields})


def battle(*figures: UDFigure, radius: int = 6, walls=(), fire=()) -> BattleMap:
    """A hexagonal battle of this radius, with walls and fire at the given axial hexes."""
    terrain = {Hex(*w): Terrain("wall") for w in walls}
    terrain.update({Hex(*h): Terrain("fire", "flames") for h in fire})
    return BattleMap(
        name="Test",
        ruleset=RULESET,
        layout="flat",
        cells=frozenset(hex_range(Hex(0, 0), radius)),
        terrain=terrain,
        figures=list(figures),
        source=None,
    )


def new_game(*figures: UDFigure, options: dict | None = None, seed: int | str = 0, **kw) -> Game:
    """A game on a tiny battle under the usage-dice rules."""
    return Game(battle(*figures, **kw), options, seed, RULESET)
