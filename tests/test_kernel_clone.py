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
from board.rules.base import Command
from board.rules.kernel.clone import Cloneable, OnWrite, Shared

ROOT = Path(__file__).resolve().parents[1]
MAPS = ("arena", "combat-chart-skirmish", "dox-skirmish", "melee-seconds-skirmish", "usage-dice-skirmish")


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
    at: Hex = Hex(0, 0)  # noqa: RUF009 (a Hex is an immutable tuple)
    leaf: Leaf | None = None
    leaves: dict[str, list[Leaf]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    marks: tuple[Mark, ...] = ()
    children: list[Tree] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)


def test_a_clone_copies_containers_and_dataclasses_and_shares_what_cannot_change():
    mark, table = Mark("x"), Table()
    tree = Tree(
        table,
        leaf=Leaf([1]),
        leaves={"a": [Leaf([2])]},
        seen={"b"},
        marks=(mark,),
        children=[Tree(table, leaf=None)],
        notes=[{"n": 1}],
    )
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
    if isinstance(value, (list, dict, set)) or (
        dataclasses.is_dataclass(value) and not value.__dataclass_params__.frozen
    ):
        if id(value) in found:
            return
        found[id(value)] = value
    if dataclasses.is_dataclass(value):
        hints = typing.get_type_hints(type(value), include_extras=True)
        for f in dataclasses.fields(value):
            if typing.get_origin(hints[f.name]) is not typing.Annotated:  # Shared[...], OnWrite[...]
                mutable_parts(getattr(value, f.name), found)
            elif _on_write(hints[f.name]):
                found[id(getattr(value, f.name))] = getattr(value, f.name)  # the dict, not its values
    elif isinstance(value, dict):
        for key, item in value.items():
            mutable_parts(key, found)
            mutable_parts(item, found)
    elif isinstance(value, (list, set, tuple, frozenset)):
        for item in value:
            mutable_parts(item, found)


def _on_write(tp) -> bool:
    return typing.get_origin(tp) is typing.Annotated and typing.get_args(tp)[1:] == typing.get_args(OnWrite[dict])[1:]


def random_play(game, rng, count: int):
    """Up to count legal commands picked at random, each from the game as it stands then."""
    for _ in range(count):
        legal = game.ruleset.legal_commands(game.state)
        if not legal:
            return
        yield rng.choice(legal)


@pytest.mark.parametrize("name", MAPS)
def test_every_rulesets_state_clones_equal_and_sharing_nothing_mutable(name):
    rng = random.Random(3)
    game = Game(load_map(ROOT / "maps" / f"{name}.yaml"), seed=3)
    for command in random_play(game, rng, 60):
        assert game.submit(command).accepted
        twin = game.state.clone()
        assert twin == game.state
        original, copied = {}, {}
        mutable_parts(game.state, original)
        mutable_parts(twin, copied)
        shared = [original[i] for i in original.keys() & copied.keys()]
        assert not shared, f"a clone shares {shared[:3]}"


@dataclass
class Flock(Cloneable):
    birds: OnWrite[dict[str, Leaf]]
    count: int = 0


def test_an_on_write_dict_is_shared_by_a_clone_until_an_item_is_asked_for_to_change():
    from board.rules.kernel.clone import own_item

    flock = Flock({"a": Leaf([1]), "b": Leaf([2])})
    twin = flock.clone()
    assert twin == flock and twin.birds is not flock.birds and twin.birds["a"] is flock.birds["a"]
    mine = own_item(twin, "birds", "a")
    assert mine is twin.birds["a"] is own_item(twin, "birds", "a")  # copied once
    assert mine is not flock.birds["a"] and mine.hits is not flock.birds["a"].hits and mine == flock.birds["a"]
    mine.hits.append(3)
    assert flock.birds["a"].hits == [1] and twin.birds["b"] is flock.birds["b"]
    assert own_item(flock, "birds", "a") is flock.birds["a"]  # never cloned: it owns its items


def test_an_on_write_field_must_be_a_dict():
    @dataclass
    class Holder(Cloneable):
        items: OnWrite[list[Leaf]]

    with pytest.raises(TypeError, match=r"Holder.items: OnWrite is for a dict"):
        Holder([]).clone()


W_AND_W_MAPS = ("arena", "burning", "dungeon", "outdoor")
GM_CHANGES = (
    {"action": "damage", "params": {"amount": 3}},
    {"action": "heal", "params": {"amount": 2}},
    {"action": "posture", "params": {"posture": "prone"}},
    {"action": "surprise"},
    {"action": "ignite", "params": {"extent": "half"}},
    {"action": "remove"},
)


def contents(state) -> str:
    """Everything a state holds but what every clone shares (the map, options, rule tables)."""
    return repr(
        [getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in ("battle", "options", "tables")]
    )


@pytest.mark.parametrize("name", MAPS + W_AND_W_MAPS[1:])
def test_no_command_changes_the_state_it_was_applied_to(name):
    """A clone shares figures until a command asks for its own copy: one that forgot to ask
    would change the state before it, which undo and the computer's search read again."""
    rng = random.Random(5)
    game = Game(load_map(ROOT / "maps" / f"{name}.yaml"), seed=5)
    for command in random_play(game, rng, 150):
        if rng.random() < 0.1 and name in W_AND_W_MAPS:  # the GM's changes too
            command = Command(do="gm", figure=rng.choice(sorted(game.state.figures)), **rng.choice(GM_CHANGES))
        before, text = game.state, contents(game.state)
        game.submit(command)
        assert contents(before) == text, f"{command.short()} changed the state it was applied to"
