"""Scripts: a map, ruleset options, a seed and commands. The replay, test and save format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from board.game import Game
from board.maps import load_map, map_from_data
from board.validation import pydantic_problems
from board.rules.base import Command, get_ruleset, ruleset_ids
from board.yamlio import InputError, Marks, Problem, dump_yaml, parse_yaml, read_text

FORMAT = 1


class ScriptFile(BaseModel):
    """A script or saved game as written in YAML."""

    model_config = ConfigDict(extra="forbid")

    hexboard: int = Field(FORMAT, description="format version of this file")
    map: str | dict[str, Any] = Field(description="a map file (relative to this file) or a map inline")
    ruleset: str | None = Field(None, description="defaults to the map's ruleset")
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's optional rules")
    seed: int | str = Field(0, description="seeds every die not forced by a command")
    commands: list[dict[str, Any]] = Field(default_factory=list)


class Script(BaseModel):
    """A checked script: the game it starts and its commands."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    source: ScriptFile
    game: Game
    commands: list[Command]
    marks: Marks  # where each command stands in the file


def load_script(path: str | Path, ruleset: str | None = None) -> Script:
    """Read a script file; InputError names FILE:LINE:COL for every problem."""
    return parse_script(read_text(path), str(path), Path(path).parent, ruleset)


def parse_script(text: str, file: str = "<script>", base: Path = Path("."),
                 ruleset: str | None = None) -> Script:
    """Check script text and build its game (no command applied yet), under the script's
    ruleset, or the one asked for, or else the map's own."""
    data, marks = parse_yaml(text, file)
    if not isinstance(data, dict):
        raise InputError([Problem(file, 1, 1, "expected a script: keys map, seed and commands")])
    if "map" not in data and {"figures", "terrain", "size", "radius"} & set(data):
        raise InputError([Problem(file, 1, 1, "this is a map file, not a script: open it with "
                                              "`main.py play FILE`, or name it in a script (map: FILE)")])
    try:
        source = ScriptFile.model_validate(data)
    except ValidationError as error:
        raise InputError(pydantic_problems(error, marks, data=data)) from None
    if source.hexboard > FORMAT:
        raise InputError([marks.problem(("hexboard",), f"this file is format {source.hexboard}; "
                                                       f"this Hexboard reads format {FORMAT} and older")])
    problems: list[Problem] = []
    commands = []
    for index, raw in enumerate(source.commands):
        try:
            commands.append(Command.model_validate(raw))
        except ValidationError as error:
            problems += pydantic_problems(error, marks, prefix=("commands", index), data=raw)
    battle = None
    play_id = ruleset or source.ruleset  # None: the map's own
    if play_id is not None and play_id not in ruleset_ids():
        raise InputError([marks.problem(("ruleset",) if not ruleset else (), f'unknown ruleset "{play_id}"; '
                                        "expected one of: " + ", ".join(ruleset_ids()))])
    if isinstance(source.map, str):
        map_path = (base / source.map) if not Path(source.map).is_absolute() else Path(source.map)
        try:
            readable = map_path.is_file()
        except (OSError, ValueError):  # ValueError: a NUL in the path
            readable = False
        if not readable:
            problems.append(marks.problem(("map",), f"no map file at {source.map!r} "
                                                    f"(relative to {base or '.'})"))
        else:
            try:
                battle = load_map(map_path, play_id)
            except InputError as error:
                problems += error.problems
    else:
        try:
            # Checked in place, so that problems name this file's own lines.
            battle = map_from_data(data["map"], marks.sub(("map",)), text, play_id)
        except InputError as error:
            problems += error.problems
    game = None
    if battle is not None:
        try:
            options = get_ruleset(battle.ruleset).options_model().model_validate(source.options)
            game = Game(battle, options, source.seed)
        except ValidationError as error:
            problems += pydantic_problems(error, marks, prefix=("options",))
    if problems:
        raise InputError(problems)
    return Script(source=source, game=game, commands=commands, marks=marks)


def game_to_yaml(game: Game, map_ref: str | None = None) -> str:
    """A game as a script: the save format. The map is inlined unless a path is given."""
    from board.maps import map_to_yaml
    from board.yamlio import SafeLoader
    import yaml

    data: dict[str, Any] = {"hexboard": FORMAT}
    data["map"] = map_ref if map_ref else yaml.load(map_to_yaml(game.battle), Loader=SafeLoader)
    data["ruleset"] = game.ruleset.id
    options = game.options.model_dump(exclude_defaults=True)
    if options:
        data["options"] = options
    data["seed"] = game.seed
    data["commands"] = [c.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
                        for c in game.history]
    return dump_yaml(data)
