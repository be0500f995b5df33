"""What every ruleset's GM commands check the same way: the command, the figure, a new sheet."""

from __future__ import annotations

from pydantic import ValidationError

from board.rules.base import Command, Refusal


def gm_figure(state, command: Command, actions: tuple[str, ...]):
    """The figure a GM command names (None for add); Refusal for an unknown command or name."""
    if command.action not in actions:
        raise Refusal(f'unknown GM command "{command.action}"; expected one of: {", ".join(actions)}')
    if command.action == "add":
        return None
    f = state.figures.get(command.figure or "")
    if f is None:
        raise Refusal(f'no figure named "{command.figure}"')
    return f


def new_sheet(state, command: Command, model, check_figure):
    """The sheet of a figure the GM adds (params.figure, or params.spec): valid for the
    ruleset's sheet model and tables, with a name not on the map yet."""
    data = command.params.get("figure", command.params.get("spec"))
    if not isinstance(data, dict):
        raise Refusal("give the new figure in params.figure (the map file's figure fields)")
    try:
        spec = model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise Refusal(f"new figure: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    if spec.name in state.figures:
        raise Refusal(f'a figure named "{spec.name}" is already on the map')
    problems: list[str] = []
    spec = check_figure(spec, lambda path, message: problems.append(message))
    if problems:
        raise Refusal(f"new figure: {problems[0]}")
    return spec
