"""Scripts: a map, ruleset options, a seed and commands. The replay, test and save format."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from board.game import Game
from board.invocation import command_name
from board.resources import version
from board.maps import load_map, map_from_data, map_to_yaml
from board.models import Note
from board.sides import PLAYER_KINDS
from board.validation import pydantic_problems
from board.rules.base import Command
from board.rules.registry import get_ruleset, ruleset_ids
from board.yamlio import InputError, Marks, Problem, read_text
from board.yamlparse import SafeDumper, SafeLoader, dump_yaml, parse_yaml

FORMAT = 1
_NOT_YAML = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


class ScriptFile(BaseModel):
    """A script or saved game as written in YAML."""

    # Both models build their validators when a script is first read, not at import: the start
    # screen and the board import this module, and most runs read no script.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    hexboard: int = Field(FORMAT, description="format version of this file")
    written_by: str | None = Field(
        None, description='the Hexboard that wrote it ("Hexboard 0.1.0"); older saves have none'
    )
    map: str | dict[str, Any] = Field(description="a map file (relative to this file) or a map inline")
    ruleset: str | None = Field(None, description="defaults to the map's ruleset")
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's optional rules")
    seed: int | str = Field(0, description="seeds every die not forced by a command")
    players: dict[str, str] = Field(
        default_factory=dict,
        description="who plays each team: person (the default), computer:easy, computer:normal, computer:hard",
    )
    ai_seed: int | str = Field(0, description="the computer players' own seed (never the dice's)")
    notes: dict[int, Note] = Field(
        default_factory=dict,
        description="why the computer chose a command, by the command's index from 0 (shown in the combat log)",
    )
    commands: list[dict[str, Any]] = Field(default_factory=list)


class Script(BaseModel):
    """A checked script: the game it starts and its commands."""

    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    source: ScriptFile
    game: Game
    commands: list[Command]
    marks: Marks  # where each command stands in the file


def load_script(path: str | Path, ruleset: str | None = None) -> Script:
    """Read a script file; InputError names FILE:LINE:COL for every problem."""
    return parse_script(read_text(path), str(path), Path(path).parent, ruleset)


def parse_script(
    text: str, file: str = "<script>", base: Path = Path("."), ruleset: str | None = None, fast: bool = True
) -> Script:
    """Check script text and build its game (no command applied yet), under the script's
    ruleset, or the one asked for, or else the map's own."""
    quick = read_save_text(text, file) if fast else None
    data, marks = quick or parse_yaml(text, file)
    if not isinstance(data, dict):
        raise InputError([Problem(file, 1, 1, "expected a script: keys map, seed and commands")])
    if "map" not in data and {"figures", "terrain", "size", "radius"} & set(data):
        raise InputError(
            [
                Problem(
                    file,
                    1,
                    1,
                    "this is a map file, not a script: open it with "
                    f"`{command_name()} play FILE`, or name it in a script (map: FILE)",
                )
            ]
        )
    try:
        source = ScriptFile.model_validate(data)
    except ValidationError as error:
        raise InputError(pydantic_problems(error, marks, data=data)) from None
    if source.hexboard > FORMAT:
        raise InputError(
            [
                marks.problem(
                    ("hexboard",),
                    f"this file is format {source.hexboard}; this Hexboard reads format {FORMAT} and older",
                )
            ]
        )
    problems: list[Problem] = []
    commands = []
    for index, raw in enumerate(source.commands):
        try:
            commands.append(Command.model_validate(raw))
        except ValidationError as error:
            problems += pydantic_problems(error, marks, prefix=("commands", index), data=raw)
    if problems and quick:  # the YAML reading gives every bad key its own line and column
        return parse_script(text, file, base, ruleset, fast=False)
    battle = None
    play_id = ruleset or source.ruleset  # None: the map's own
    if play_id is not None and play_id not in ruleset_ids():
        raise InputError(
            [
                marks.problem(
                    ("ruleset",) if not ruleset else (),
                    f'unknown ruleset "{play_id}"; expected one of: ' + ", ".join(ruleset_ids()),
                )
            ]
        )
    if isinstance(source.map, str):
        map_path = (base / source.map) if not Path(source.map).is_absolute() else Path(source.map)
        try:
            readable = map_path.is_file()
        except (OSError, ValueError):  # ValueError: a NUL in the path
            readable = False
        if not readable:
            problems.append(marks.problem(("map",), f"no map file at {source.map!r} (relative to {base or '.'})"))
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
    problems += _players_problems(source, marks)
    problems += [
        marks.problem(
            ("notes", index),
            f"a note for command {index}, but the file has {len(source.commands)} commands (counted from 0)",
        )
        for index in source.notes
        if not 0 <= index < len(source.commands)
    ]
    if game is not None:
        game.players, game.ai_seed, game.notes = dict(source.players), source.ai_seed, dict(source.notes)
    if problems:
        raise InputError(problems)
    return Script(source=source, game=game, commands=commands, marks=marks)


def _players_problems(source: ScriptFile, marks: Marks) -> list[Problem]:
    """A problem for each side given to an unknown kind of player."""
    return [
        marks.problem(("players", team), f"unknown player {kind!r}; expected one of: " + ", ".join(PLAYER_KINDS))
        for team, kind in source.players.items()
        if kind not in PLAYER_KINDS
    ]


def read_save_text(text: str, file: str) -> tuple[dict, Marks] | None:
    """A save as written by game_to_yaml: the header read as YAML, the commands (one JSON
    object a line, last in the file) as JSON, many times faster for a long game. None when
    the text is not in that shape, or a line reads differently as JSON than as YAML: then
    the whole text is read as YAML."""
    cut = text.rfind("\ncommands:\n")
    if cut < 0:
        return None
    lines = text[cut + len("\ncommands:\n") :].split("\n")
    if lines[-1] == "":
        lines.pop()
    commands = []
    for line in lines:
        if not line.startswith("- {"):
            return None
        try:
            commands.append(
                json.loads(line[2:], object_pairs_hook=_no_repeats, parse_float=_yaml_float, parse_constant=_refuse)
            )
        except (ValueError, RecursionError):
            return None
    data, marks = parse_yaml(text[: cut + 1], file)
    if not isinstance(data, dict) or "commands" in data:
        return None
    data["commands"] = commands
    heading = text.count("\n", 0, cut) + 2  # the line of "commands:"
    marks.spots[("commands",)] = (heading + 1, 1)
    for index in range(len(commands)):
        marks.spots[("commands", index)] = (heading + 1 + index, 3)
    return data, marks


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object; a repeated key is for the YAML reading to report."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a repeated key")
    return out


def _yaml_float(text: str) -> float:
    """A JSON float that YAML 1.1 also reads as a float (it wants a dot: 1e5 is a string)."""
    if "." not in text:
        raise ValueError("not a YAML float")
    return float(text)


def _refuse(text: str) -> None:
    raise ValueError(f"{text} is not JSON")


def command_json(command: Command) -> str:
    """A command as one line of JSON, which is also YAML: the save's and journal's format."""
    text = json.dumps(command.model_dump(mode="json", exclude_none=True, exclude_defaults=True), ensure_ascii=False)
    # Characters YAML reads as line breaks or refuses, escaped the way JSON and YAML both read.
    return _NOT_YAML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def game_header(game: Game, map_ref: str | None = None) -> str:
    """The save without its commands: format, map (inline unless a path is given), ruleset,
    options and seed."""
    data: dict[str, Any] = {"hexboard": FORMAT, "written_by": f"Hexboard {version()}"}
    data["map"] = map_ref if map_ref else yaml.load(map_to_yaml(game.battle), Loader=SafeLoader)
    data["ruleset"] = game.ruleset.id
    options = game.options.model_dump(exclude_defaults=True)
    if options:
        data["options"] = options
    data["seed"] = game.seed
    computers = {team: kind for team, kind in game.players.items() if kind != "person"}
    if computers:
        data["players"] = computers
        data["ai_seed"] = game.ai_seed
    notes = {index: text for index, text in sorted(game.notes.items()) if index < len(game.history)}
    if notes:
        data["notes"] = notes
    if isinstance(data["map"], str) and "options" not in data:
        # All scalars: PyYAML would write one {flow} line, which the commands cannot follow.
        return yaml.dump(data, Dumper=SafeDumper, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return dump_yaml(data)


def commands_yaml(lines: list[str]) -> str:
    """The commands key, last in a save: one command a line, so a save reads back fast."""
    return "commands:\n" + "".join(f"- {line}\n" for line in lines) if lines else "commands: []\n"


def game_to_yaml(game: Game, map_ref: str | None = None) -> str:
    """A game as a script: the save format. The map is inlined unless a path is given."""
    return game_header(game, map_ref) + commands_yaml([command_json(c) for c in game.history])
