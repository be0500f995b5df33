"""Cloning a state: a copy function written out once per dataclass from its fields' types.

`Game` clones the state before every command, so a clone must be fast and share nothing
mutable. Values that cannot change (numbers, strings, Hex, tuples, frozensets, frozen dataclasses,
pydantic models, Any) are shared; lists, dicts and sets are copied, their items by the same
rules; a dataclass by its own copier; `Shared[T]` marks what every clone shares on purpose (the
map, the rule tables); `OnWrite[dict[K, V]]` a dict whose values are copied only when a command
asks to change one (`own_item`). Any other type is an error naming the field, not a silently
shared value. A field the class derives (a property over it: dox's phase) is not copied: the copy
derives it from what is.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from fractions import Fraction
from typing import Annotated, Any, TypeAlias, TypeVar, Union

from pydantic import BaseModel

_SHARED = object()  # the Annotated marker of Shared[T]
_ON_WRITE = object()  # the Annotated marker of OnWrite[T]
_ATOMS = (int, float, complex, str, bytes, bool, type(None), Fraction, tuple, frozenset, range)

T = TypeVar("T")

# `Shared[T]`: a field every clone shares with its original (read-only after setup). An
# Annotated alias, so a checker reads the field as a T and the copier below finds the marker.
Shared: TypeAlias = Annotated[T, _SHARED]

# `OnWrite[dict[K, V]]`: a dict whose clone shares its values with the original until `own_item`
# copies one; whoever changes a value must ask `own_item` for it first.
OnWrite: TypeAlias = Annotated[T, _ON_WRITE]


def copy_of(value):
    """An independent copy of a dataclass, by its generated copier."""
    copier = _COPIERS.get(type(value))
    if copier is None:
        copier = _COPIERS[type(value)] = _NAMESPACE[_generated(type(value))]
    return copier(value)


def own_item(owner, field: str, key):
    """owner.<field>[key] as owner's own to change: copied the first time a clone asks for it
    (the clone shares it with its original until then); a state never cloned owns them all."""
    copied = getattr(owner, f"_copied_{field}", None)
    items = getattr(owner, field)
    if copied is None or key in copied:
        return items[key]
    copied.add(key)
    item = items[key] = copy_of(items[key])
    return item


class Cloneable:
    """A dataclass whose `clone()` copies it deeply enough that no clone shares a mutable value."""

    __slots__ = ()

    def clone(self):
        """An independent copy."""
        return copy_of(self)


_NAMES: dict[type, str] = {}  # each class's copier, by its name in _NAMESPACE
_NAMESPACE: dict[str, Any] = {"new_object": object.__new__}
_COPIERS: dict[type, Any] = {}  # each class's copier, once written out: copy_of looks it up once


def _generated(cls: type) -> str:
    """The name of the class's copier, written out the first time it is asked for."""
    name = _NAMES.get(cls)
    if name is None:
        name = _NAMES[cls] = f"copy_{len(_NAMES)}_{cls.__name__}"  # first: a field may hold a cls
        _NAMESPACE[f"cls_{name}"] = cls
        try:
            hints = typing.get_type_hints(cls, include_extras=True)
            hints = {k: _bound(tp, cls) for k, tp in hints.items()}
            fields = [f for f in dataclasses.fields(cls) if not isinstance(getattr(cls, f.name, None), property)]
            lines = [f"    new.{f.name} = {_expr(hints[f.name], f'old.{f.name}', 1, cls, f.name)}" for f in fields]
            lines += [f"    new._copied_{f.name} = set()" for f in fields if _on_write(hints[f.name])]
        except Exception:
            del _NAMES[cls]
            raise
        source = f"def {name}(old):\n    new = new_object(cls_{name})\n" + "\n".join(lines) + "\n    return new\n"
        exec(source, _NAMESPACE)  # noqa: S102 (built from the class's own field names and types)
    return name


def _bound(tp, cls: type):
    """tp with its type variables replaced by what cls binds them to (`CCState(Fight[Fig, Options])`)."""
    if isinstance(tp, typing.TypeVar):
        for klass in cls.__mro__:
            for base in getattr(klass, "__orig_bases__", ()):
                params = getattr(typing.get_origin(base), "__parameters__", ())
                if tp in params:
                    return typing.get_args(base)[params.index(tp)]
        return tp
    params = getattr(tp, "__parameters__", ())
    return tp[tuple(_bound(p, cls) for p in params)] if params else tp


def _on_write(tp) -> bool:
    """Whether tp is marked OnWrite."""
    return typing.get_origin(tp) is Annotated and _ON_WRITE in typing.get_args(tp)[1:]


def _shared(tp) -> bool:
    """Whether a value of type tp cannot change (or is marked Shared), so clones may share it."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        return _SHARED in args[1:] or _shared(args[0])
    if origin in (Union, types.UnionType, tuple, frozenset):
        return all(a is Ellipsis or _shared(a) for a in args)
    if tp is Any or tp is object or not isinstance(tp, type):
        return tp is Any or tp is object
    if issubclass(tp, _ATOMS + (BaseModel, enum.Enum)):
        return True
    # typeshed's DataclassInstance leaves out __dataclass_params__, which every dataclass has
    return dataclasses.is_dataclass(tp) and tp.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _unless_empty(comprehension: str, value: str, empty: str) -> str:
    """The comprehension, or the `empty` container when `value` is empty: a comprehension is a
    call, and most of a state's lists of dataclasses (spells, items) are empty."""
    return f"({comprehension} if {value} else {empty})"


def _expr(tp, value: str, depth: int, cls: type, field: str) -> str:
    """Python source for a copy of `value` (an expression) of type tp."""
    if _shared(tp):
        return value
    if _on_write(tp):
        base = typing.get_args(tp)[0]
        if typing.get_origin(base) is not dict:
            raise TypeError(f"{cls.__name__}.{field}: OnWrite is for a dict, not {base!r}")
        return f"dict({value})"
    origin, args = typing.get_origin(tp) or tp, typing.get_args(tp)
    item, key = f"x{depth}", f"k{depth}"
    if origin in (Union, types.UnionType):  # T | None; any other union must be all shared
        kinds = [a for a in args if a is not type(None)]
        if len(kinds) == 1:  # T | None
            return f"(None if {value} is None else {_expr(kinds[0], value, depth, cls, field)})"
    elif origin is list or origin is set:
        inner = _expr(args[0] if args else Any, item, depth + 1, cls, field)
        copies = f"{inner} for {item} in {value}"
        if inner == item:
            return f"{origin.__name__}({value})"
        if origin is list:
            return _unless_empty(f"[{copies}]", value, "[]")
        return _unless_empty(f"{{{copies}}}", value, "set()")
    elif origin is dict:
        inner = _expr(args[1] if args else Any, item, depth + 1, cls, field)
        return (
            f"dict({value})"
            if inner == item
            else _unless_empty(f"{{{key}: {inner} for {key}, {item} in {value}.items()}}", value, "{}")
        )
    elif isinstance(origin, type) and dataclasses.is_dataclass(origin):
        return f"{_generated(origin)}({value})"
    raise TypeError(
        f"{cls.__name__}.{field}: cannot tell how to clone a {tp!r}; make it a "
        f"dataclass, or mark it Shared[...] if every clone may share it"
    )
