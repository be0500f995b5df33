"""Which of a command's own fields the rules read: one they never read is one the action does not take.

A ruleset reads the fields of the action it applies (a move reads its path, an attack its
target); a field it never read while accepting the command was ignored, and a player who
wrote it meant something that did not happen. (The params are the action's typed model,
board.rules.kernel.params, which refuses a setting it does not take.)
"""

from __future__ import annotations

from board.rules.base import Command

# "do" picks the ruleset's handler, "dice" is read by the game itself and "params" by the door.
_NOTED = frozenset(Command.model_fields) - {"do", "dice", "params"}
_FIELD_ORDER = tuple(name for name in Command.model_fields if name in _NOTED)


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
for _name in _NOTED:
    setattr(ReadCommand, _name, _Setting(_name))


def noting_reads(command: Command) -> ReadCommand:
    """The command, as a copy that notes the settings read (built as model_construct does,
    without validating again: this runs on every submit). Its __dict__ holds what the rules
    read without noting (do, dice, params) and the command's own values."""
    reading = ReadCommand.__new__(ReadCommand)
    values = command.__dict__
    object.__setattr__(reading, "__dict__", {"do": values["do"], "dice": values["dice"],
                                             "params": values["params"], _SETTINGS: values})
    object.__setattr__(reading, "__pydantic_fields_set__", set(command.__pydantic_fields_set__))
    object.__setattr__(reading, "__pydantic_extra__", None)
    object.__setattr__(reading, "__pydantic_private__", None)
    return reading


def unread_settings(command: ReadCommand) -> list[str]:
    """The fields given in the command that were never read, e.g. ["target", "to"]."""
    values = object.__getattribute__(command, "__dict__")
    settings = values[_SETTINGS]
    return [name for name in _FIELD_ORDER if settings[name] is not None and name not in values]
