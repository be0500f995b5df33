"""Which of a command's own fields an action takes, a piece of its spec ("what it needs"): one
given that the action does not take is refused by name, as an unknown setting is, because a
player who wrote it meant something that would not happen."""

from __future__ import annotations

from board.rules.base import Command

# The fields an action may take; `do` and `action` pick it, `params` is its typed model
# (kernel/params.py) and `dice` is read by the game itself.
FIELDS = ("figure", "path", "to", "facing", "target", "weapon")

# (do, action) -> the fields it takes, e.g. "figure target"; (do, "*") for every action of a
# command not named; an action named nowhere takes only its figure.
Takes = dict[tuple[str, str | None], str]


def taken(words: str) -> frozenset[str]:
    """The fields named ("figure target"), with those every command may give (do, action,
    params, dice)."""
    return frozenset(words.split()).union(("do", "action", "params", "dice"))


FIGURE_ONLY = taken("figure")  # what an action named nowhere takes


def refused_fields(command: Command, taken: frozenset[str]) -> str | None:
    """The sentence refusing the fields given that are not `taken`, or None."""
    values = command.__dict__
    unread = [name for name in FIELDS if values[name] is not None and name not in taken]
    if not unread:
        return None
    return f"{command.action or command.do} does not take {', '.join(unread)}"
