"""The save format: one command a line, read as JSON for speed, always as YAML would read it."""

import random
from pathlib import Path

import pytest
import yaml

from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.script import game_to_yaml, parse_script, read_save_text
from board.yamlparse import SafeLoader

ROOT = Path(__file__).resolve().parents[1]


def played(name: str, count: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    game = Game(load_map(ROOT / "maps" / f"{name}.yaml"), seed=seed)
    for _ in range(count):
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
    return game


def game_with(*commands: Command) -> Game:
    """A game whose history holds these commands, as written (accepted or not)."""
    game = Game(load_map(ROOT / "maps" / "arena.yaml"))
    game.history.extend(commands)
    return game


@pytest.mark.parametrize("name", ["arena", "dox-skirmish", "usage-dice-skirmish"])
def test_a_save_has_one_command_a_line_and_reads_as_json_exactly_as_yaml(name):
    game = played(name, 25)
    text = game_to_yaml(game)
    assert text.count("\n- {") == len(game.history)
    data, marks = read_save_text(text, "save.yaml")
    assert data == yaml.load(text, Loader=SafeLoader)
    lines = text.splitlines()
    for index in range(len(game.history)):
        line, col = marks.at(("commands", index))
        assert lines[line - 1][col - 1 :].startswith('{"do"')


def test_a_save_of_a_map_given_by_path_is_still_yaml():
    text = game_to_yaml(played("arena", 3), "maps/arena.yaml")
    assert yaml.load(text, Loader=SafeLoader)["map"] == "maps/arena.yaml"
    assert len(parse_script(text, "save.yaml", ROOT).commands) == 3


def test_characters_yaml_reads_as_line_breaks_stay_on_the_commands_line():
    odd = Command(do="act", figure="Ann\u2028Bo\x85b\u00e9\U0001f600", params={"note": "a\u2029b\x7f"})
    text = game_to_yaml(game_with(odd))
    assert text.endswith("\n") and text.count("\n- ") == 1
    data, _ = read_save_text(text, "save.yaml")
    assert data == yaml.load(text, Loader=SafeLoader)
    assert parse_script(text, "save.yaml").commands == [odd]


@pytest.mark.parametrize("value", [1e20, 2.5, -0.0, 10**30])
def test_numbers_read_the_same_either_way(value):
    text = game_to_yaml(game_with(Command(do="act", figure="Ann", params={"x": value})))
    fast = read_save_text(text, "save.yaml")
    as_yaml = yaml.load(text, Loader=SafeLoader)
    assert fast is None or fast[0] == as_yaml  # the JSON reading steps aside when they differ
    assert parse_script(text, "save.yaml").commands[0].params == as_yaml["commands"][0]["params"]


def test_a_hand_written_script_is_read_as_yaml():
    text = "map: maps/arena.yaml\ncommands:\n- do: move\n  figure: Aldric\n"
    assert read_save_text(text, "s.yaml") is None
    assert parse_script(text, "s.yaml", ROOT).commands[0].figure == "Aldric"
