"""An action's settings (a command's params) as a typed model, validated once at the door.

Each action names a `Params` subclass (a ruleset's `params_types`, keyed by (do, action));
an action that names none takes no settings. The kernel's dispatch validates a command's params
against it before the rules see the command, and refuses an unknown or ill-typed setting with
a sentence a player reads; the rules then read typed attributes (`Model.of(command).name`)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from board.rules.base import Command, Refusal


class Params(BaseModel):
    """The settings an action takes: none unless a subclass names them (strict, no others)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    # field -> the sentence a player reads when that setting is missing or of the wrong kind.
    hints: ClassVar[dict[str, str]] = {}

    @classmethod
    def of(cls, command: Command) -> Any:
        """The command's settings as this model (validated here if the door did not)."""
        params = command.params
        if isinstance(params, cls):
            return params
        if isinstance(params, Params):  # the door read them as another action's: a table slip
            raise RuntimeError(f"{command.action} settings were read as {type(params).__name__}, not {cls.__name__}")
        if params:
            return validated(cls, command)
        # Most commands give no settings: the defaults, read once per model (frozen, so shared).
        default = _DEFAULTS.get(cls)
        if default is None:
            default = _DEFAULTS[cls] = validated(cls, command)  # Refusal if a setting is required
        return default


_DEFAULTS: dict[type[Params], Params] = {}


def validated(model: type[Params], command: Command) -> Params:
    """The command's params as the model, or Refusal saying which setting is wrong and why."""
    try:
        return model.model_validate(command.params)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        if first["type"] == "extra_forbidden":
            raise Refusal(f"{command.action or command.do} does not take params.{key}") from None
        where = ".".join(map(str, first["loc"]))
        raise Refusal(model.hints.get(key) or f"params.{where}: {first['msg']}") from None


def typed(command: Command, model: type[Params]) -> Command:
    """The command with its params read as the action's model (Refusal if they do not fit)."""
    params = command.params
    if isinstance(params, model) or (not params and model in _DEFAULTS):
        return command
    if not params:
        model.of(command)  # Refusal if the action needs a setting; else its defaults, shared
        return command
    # A copy with the typed params (a check of every candidate command makes one).
    return made({**command.__dict__, "params": validated(model, command)}, command.__pydantic_fields_set__ | {"params"})


def made(fields: dict[str, Any], given: set[str]) -> Command:
    """A Command of values the kernel made itself (a menu's candidate, a typed copy): built as
    validation or model_copy builds one, but without their cost (a legal list makes hundreds).
    `fields` holds every field; `given`, those set."""
    command = object.__new__(Command)
    object.__setattr__(command, "__dict__", fields)
    object.__setattr__(command, "__pydantic_fields_set__", given)
    object.__setattr__(command, "__pydantic_extra__", None)
    object.__setattr__(command, "__pydantic_private__", None)
    return command
