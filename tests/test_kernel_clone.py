"""The kernel's clone: a copier generated from a dataclass's field types, sharing nothing mutable."""

from __future__ import annotations

import dataclasses
import random
import typing
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from board.game import Game
from board.hexgrid import Hex
from board.maps import load_map
from board.rules.kernel.clone import Cloneable, Shared

ROOT = Path(__file__).resolve().parents[1]
MAPS = ("arena", "combat-chart-skirmish", "dox-skirmish", "melee-seconds-skirmish",
        "usage-dice-skirmish")


class Table:
    """Not a dataclass: a clone may hold it only as Shared."""


@dataclass(slots=True)
class Leaf:
    hits: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Mark:
    text: str


@dataclass
class Tree(Cloneable):
    table: Shared[Table]
    at: Hex = Hex(0, 0)
    leaf: Leaf | None = None
    leaves: dict[str, list[Leaf]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    marks: tuple[Mark, ...] = ()
    children: list[Tree] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)


def test_a_clone_copies_containers_and_dataclasses_and_shares_what_cannot_change():
    mark, table = Mark("x"), Table()
    tree = Tree(table, leaf=Leaf([1]), leaves={"a": [Leaf([2])]}, seen={"b"}, marks=(mark,),
                children=[Tree(table, leaf=None)], notes=[{"n": 1}])
    twin = tree.clone()
    assert twin == tree and twin is not tree
    assert twin.table is table and twin.marks[0] is mark and twin.at is tree.at
    assert twin.leaf is not tree.leaf and twin.leaf.hits is not tree.leaf.hits
    assert twin.leaves["a"][0] is not tree.leaves["a"][0] and twin.seen is not tree.seen
    assert twin.children[0] is not tree.children[0] and twin.children[0].leaf is None
    assert twin.notes[0] is not tree.notes[0]


def test_a_field_of_a_type_the_copier_cannot_read_is_an_error_naming_it():
    @dataclass
    class Holder(Cloneable):
        table: Table

    with pytest.raises(TypeError, match=r"Holder.table: cannot tell how to clone .*Shared"):
        Holder(Table()).clone()


def mutable_parts(value, found: dict[int, object]) -> None:
    """Every list, dict, set and unfrozen dataclass reachable from value (Shared fields aside)."""
    if isinstance(value, (list, dict, set)) or (dataclasses.is_dataclass(value)
                                                and not value.__dataclass_params__.frozen):
        if id(value) in found:
            return
        found[id(value)] = value
    if dataclasses.is_dataclass(value):
        hints = typing.get_type_hints(type(value), include_extras=True)
        for f in dataclasses.fields(value):
            if typing.get_origin(hints[f.name]) is not typing.Annotated:  # Shared[...]
                mutable_parts(getattr(value, f.name), found)
    elif isinstance(value, dict):
        for key, item in value.items():
            mutable_parts(key, found)
            mutable_parts(item, found)
    elif isinstance(value, (list, set, tuple, frozenset)):
        for item in value:
            mutable_parts(item, found)


@pytest.mark.parametrize("name", MAPS)
def test_every_rulesets_state_clones_equal_and_sharing_nothing_mutable(name):
    rng = random.Random(3)
    game = Game(load_map(ROOT / "maps" / f"{name}.yaml"), seed=3)
    for _ in range(60):
        legal = game.ruleset.legal_commands(game.state)
        if not legal:
            break
        assert game.submit(rng.choice(legal)).accepted
        twin = game.state.clone()
        assert twin == game.state
        original, copied = {}, {}
        mutable_parts(game.state, original)
        mutable_parts(twin, copied)
        shared = [original[i] for i in original.keys() & copied.keys()]
        assert not shared, f"a clone shares {shared[:3]}"
