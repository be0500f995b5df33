"""quick_init: a frozen dataclass built in one call, exactly as its generated __init__ builds it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from board.frozen import quick_init


@dataclass(frozen=True)
class Slow:
    kind: str
    figure: str | None = None
    data: dict = field(default_factory=dict)


@quick_init
@dataclass(frozen=True)
class Quick:
    kind: str
    figure: str | None = None
    data: dict = field(default_factory=dict)


@pytest.mark.parametrize(
    "args, kwargs",
    [
        (("a",), {}),
        (("a", "b"), {}),
        (("a", None, {"x": 1}), {}),
        (("a",), {"data": None}),
        ((), {"kind": "a", "figure": "f"}),
    ],
)
def test_quick_init_fills_the_fields_as_the_generated_init_does(args, kwargs):
    slow, quick = Slow(*args, **kwargs), Quick(*args, **kwargs)
    assert dataclasses.astuple(slow) == dataclasses.astuple(quick)
    assert repr(quick) == repr(slow).replace("Slow", "Quick")


def test_a_quick_frozen_dataclass_stays_frozen_hashable_and_replaceable():
    quick = Quick("a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.kind = "b"
    assert Quick("a").data is not quick.data  # a new dict from the factory each time
    assert dataclasses.replace(quick, figure="f") == Quick("a", "f") and quick == Quick("a")
    assert hash(Quick("a", "f", ())) == hash(Quick("a", "f", ()))
    with pytest.raises(TypeError):
        Quick()


def test_quick_init_refuses_what_it_cannot_build_alike():
    @dataclass
    class Mutable:
        kind: str

    @dataclass(frozen=True)
    class Checked:
        kind: str

        def __post_init__(self):
            pass

    for cls in (Mutable, Checked):
        with pytest.raises(TypeError, match="plain frozen dataclass"):
            quick_init(cls)
