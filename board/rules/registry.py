"""Which rule systems there are; each is imported the first time it is asked for."""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import Any

_RULESETS: dict[str, Any] = {}
_HERE = os.path.dirname(__file__)
_NOT_RULESETS = {"kernel"}  # packages under board/rules/ that every ruleset builds on


def register(ruleset) -> None:
    """Make a ruleset available by its id without a package under board/rules/ (a test's)."""
    _RULESETS[ruleset.id] = ruleset


@cache
def ruleset_ids() -> tuple[str, ...]:
    """The ids of every ruleset, sorted: the packages under board/rules/, "_" read as "-".

    Read from the folder, not by importing them, so that --help or one map costs one ruleset."""
    return tuple(
        sorted(
            entry.name.replace("_", "-")
            for entry in os.scandir(_HERE)
            if entry.is_dir()
            and entry.name not in _NOT_RULESETS
            and os.path.exists(os.path.join(entry.path, "__init__.py"))
        )
    )


def get_ruleset(ruleset_id: str):
    """The ruleset with that id; KeyError listing the known ones."""
    if ruleset_id not in _RULESETS and ruleset_id in ruleset_ids():
        # The package's RULESET is read here: a ruleset never imports the registry (no cycle).
        register(importlib.import_module(f"board.rules.{ruleset_id.replace('-', '_')}").RULESET)
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise KeyError(f'unknown ruleset "{ruleset_id}"; known: {", ".join(ruleset_ids())}') from None
