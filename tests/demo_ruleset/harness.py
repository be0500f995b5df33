"""The demo's sample map and its registration for the time of a test (what a ruleset under
board/rules/ has as maps/ID-skirmish.yaml and its folder)."""

from __future__ import annotations

from contextlib import contextmanager
from collections.abc import Iterator

from board.hexgrid import Hex, hex_range
from board.maps import BattleMap, Terrain
from board.rules import registry
from demo_ruleset import DEMO, ID, Demo, DemoFigure


def demo_battle(radius: int = 3, walls=((0, 0), (1, -1))) -> BattleMap:
    """The demo's sample map: a small hexagon with two walls, two figures a side."""
    figures = [
        DemoFigure(name="Ash", team="Red", at=(-3, 1)),
        DemoFigure(name="Bex", team="Red", at=(-3, 2)),
        DemoFigure(name="Cor", team="Blue", at=(3, -1), hp=4),
        DemoFigure(name="Dun", team="Blue", at=(3, -2)),
    ]
    return BattleMap(
        name="Demo",
        ruleset=ID,
        layout="flat",
        cells=frozenset(hex_range(Hex(0, 0), radius)),
        terrain={Hex(*w): Terrain("wall") for w in walls},
        figures=figures,
        source=None,
    )


@contextmanager
def registered() -> Iterator[Demo]:
    """The demo registered for the time of a test; the board's ruleset list never shows it."""
    registry.register(DEMO)
    try:
        yield DEMO
    finally:
        registry._RULESETS.pop(ID, None)
