"""Which settings of a command the rules read: one they never read is one the action does not take.

A ruleset reads the settings of the action it applies (a move reads its path, an attack its
target); a setting it never read while accepting the command was ignored, and a player who
wrote it meant something that did not happen. Noting the reads finds these for every ruleset
and action without a table of which action takes which setting.
"""

from __future__ import annotations

from board.rules.base import Command

# "do" picks the ruleset's handler and "dice" is read by the game itself, never by the rules.
_NOTED = frozenset(Command.model_fields) - {"do", "dice"}
_FIELD_ORDER = tuple(name for name in Command.model_fields if name in _NOTED and name != "params")


class _Params(dict):
    """A command's params that note every key read."""

    def __init__(self, data: dict):
        dict.__init__(self, data)
        self.read: set = set()

    def __getitem__(self, key):
        self.read.add(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self.read.add(key)
        return dict.get(self, key, default)

    def __contains__(self, key) -> bool:
        self.read.add(key)
        return dict.__contains__(self, key)

    def _read_all(self) -> None:  # a walk over every key reads them all
        self.read.update(dict.keys(self))

    def __iter__(self):
        self._read_all()
        return dict.__iter__(self)

    def keys(self):
        self._read_all()
        return dict.keys(self)

    def items(self):
        self._read_all()
        return dict.items(self)

    def values(self):
        self._read_all()
        return dict.values(self)


_SETTINGS = "_settings"  # the key, in a ReadCommand's __dict__, of the command's own values


class _Setting:
    """A setting of ReadCommand: its first read notes it by putting the value in the instance's
    __dict__, where later reads find it without a call (a descriptor without __set__ comes
    after the instance's __dict__)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        values = instance.__dict__
        value = values[self.name] = values[_SETTINGS][self.name]
        return value


class ReadCommand(Command):
    """A command that notes which of its settings are read (each setting, a _Setting below)."""


# Set after the class is made, so that pydantic still sees the fields as Command's.
for _name in _NOTED - {"params"}:  # params notes its own keys
    setattr(ReadCommand, _name, _Setting(_name))


def noting_reads(command: Command) -> ReadCommand:
    """The command, as a copy that notes the settings read (built as model_construct does,
    without validating again: this runs on every submit). Its __dict__ holds what the rules
    read without noting (do, dice, params, which notes its keys) and the command's own values."""
    reading = ReadCommand.__new__(ReadCommand)
    values = command.__dict__
    params = values["params"]
    # Most commands give no params: an empty dict has no key to leave unread, nothing to note.
    object.__setattr__(reading, "__dict__", {"do": values["do"], "dice": values["dice"],
                                             "params": _Params(params) if params else {}, _SETTINGS: values})
    object.__setattr__(reading, "__pydantic_fields_set__", set(command.__pydantic_fields_set__))
    object.__setattr__(reading, "__pydantic_extra__", None)
    object.__setattr__(reading, "__pydantic_private__", None)
    return reading


def unread_settings(command: ReadCommand) -> list[str]:
    """The settings given in the command that were never read, e.g. ["target", "params.lapse"]."""
    values = object.__getattribute__(command, "__dict__")
    settings, params = values[_SETTINGS], values["params"]
    unread = [name for name in _FIELD_ORDER if settings[name] is not None and name not in values]
    if params:  # a _Params (none was made for empty params)
        unread += [f"params.{key}" for key in dict.keys(params) if key not in params.read]
    return unread
