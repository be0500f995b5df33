"""Which of a command's own fields an action takes, a piece of its spec ("what it needs"): one
given that the action does not take is refused by name, as an unknown setting is, because a
player who wrote it meant something that would not happen."""

from __future__ import annotations

from functools import cache

from board.rules.base import Command

# The fields an action may take; `do` and `action` pick it, `params` is its typed model
# (kernel/params.py) and `dice` is read by the game itself.
FIELDS = ("figure", "path", "to", "facing", "target", "weapon")

# (do, action) -> the fields it takes, e.g. "figure target"; (do, "*") for every action of a
# command not named; an action named nowhere takes only its figure.
Takes = dict[tuple[str, str | None], str]


@cache
def _taken(words: str) -> frozenset[str]:
    return frozenset(words.split())


def untaken(command: Command, takes: Takes) -> list[str]:
    """The fields given in the command that its action does not take, e.g. ["target", "to"]."""
    words = takes.get((command.do, command.action))
    if words is None:
        words = takes.get((command.do, "*"), "figure")
    taken = _taken(words)
    values = command.__dict__
    return [name for name in FIELDS if values[name] is not None and name not in taken]


def refused_fields(command: Command, takes: Takes) -> str | None:
    """The sentence refusing the fields the action does not take, or None."""
    unread = untaken(command, takes)
    if not unread:
        return None
    return f"{command.action or command.do} does not take {', '.join(unread)}"
