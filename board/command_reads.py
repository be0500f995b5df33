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
    """A command's params that note every key read (and, in .fields, every field)."""

    def __init__(self, data: dict):
        super().__init__(data)
        self.read: set = set()
        self.fields: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key) -> bool:
        self.read.add(key)
        return super().__contains__(key)

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


class ReadCommand(Command):
    """A command that notes which of its settings are read (each field, a property below)."""


def _noting(name: str) -> property:
    """A field of ReadCommand that notes, in params.fields, that it was read."""
    def read(self):
        values = self.__dict__
        values["params"].fields.add(name)
        return values[name]
    return property(read)


# Set after the class is made, so that pydantic still sees the fields as Command's. A property
# is found before the instance's __dict__, so it sees each read of a field, and nothing else.
for _name in _NOTED:
    setattr(ReadCommand, _name, _noting(_name))


def noting_reads(command: Command) -> ReadCommand:
    """The command, as a copy that notes the settings read (built as model_construct does,
    without validating again: this runs on every submit)."""
    reading = ReadCommand.__new__(ReadCommand)
    object.__setattr__(reading, "__dict__", {**command.__dict__, "params": _Params(command.params)})
    object.__setattr__(reading, "__pydantic_fields_set__", set(command.model_fields_set))
    object.__setattr__(reading, "__pydantic_extra__", None)
    object.__setattr__(reading, "__pydantic_private__", None)
    return reading


def unread_settings(command: ReadCommand) -> list[str]:
    """The settings given in the command that were never read, e.g. ["target", "params.lapse"]."""
    values = object.__getattribute__(command, "__dict__")
    params = values["params"]
    unread = [name for name in _FIELD_ORDER if name not in params.fields and values[name] is not None]
    return unread + [f"params.{key}" for key in dict.keys(params) if key not in params.read]
