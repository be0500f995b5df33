"""Frozen dataclasses built quickly: an __init__ that fills every field in one call."""

from __future__ import annotations

import dataclasses

_FACTORY = object()  # the default of a field with a default_factory: call the factory


def quick_init(cls: type) -> type:
    """Give a frozen dataclass an __init__ of the same signature that sets its __dict__ in one
    call, where the generated one calls object.__setattr__ once per field: several times
    slower, and events, plans and dice results are made on every command (issue 17)."""
    fields = dataclasses.fields(cls)
    if (
        not getattr(cls, "__dataclass_params__").frozen
        or hasattr(cls, "__post_init__")
        or "__slots__" in cls.__dict__
        or any(not f.init or f.kw_only for f in fields)
    ):
        raise TypeError(f"{cls.__name__}: quick_init is for a plain frozen dataclass")
    namespace: dict = {"FACTORY": _FACTORY, "set_attribute": object.__setattr__}
    params, values = [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            namespace[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
            values.append(f"{f.name!r}: {f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=FACTORY")
            values.append(f"{f.name!r}: factory_{f.name}() if {f.name} is FACTORY else {f.name}")
        else:
            params.append(f.name)
            values.append(f"{f.name!r}: {f.name}")
    source = f"def __init__(self, {', '.join(params)}):\n    set_attribute(self, '__dict__', {{{', '.join(values)}}})\n"
    exec(source, namespace)  # noqa: S102 - the source is built from the class's own field names
    init = namespace["__init__"]
    init.__qualname__, init.__doc__ = f"{cls.__qualname__}.__init__", f"Make a {cls.__name__}."
    setattr(cls, "__init__", init)  # noqa: B010 (the checker refuses a method assigned to a class)
    return cls
