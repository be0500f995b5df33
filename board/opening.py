"""Opening a game for the command line (play, screenshot, host): a map, a saved game, or a map
with a script applied. Apart from cli.py so that cli_net.py needs no import of it (no cycle)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

# A script or save has a top-level map: or commands: key; a map file has neither.
_SCRIPT_KEY = re.compile(r"^(map|commands)[ \t]*:", re.M)


def is_saved_game(path: str | Path) -> bool:
    """True for a file that reads as a saved game or script rather than as a map."""
    try:
        if not Path(path).is_file():  # a folder, a pipe: the map loader says what it is
            return False
        with open(path, encoding="utf-8", errors="replace") as stream:
            return bool(_SCRIPT_KEY.search(stream.read(1 << 16)))
    except (OSError, ValueError):  # unreadable: the map loader says why
        return False


def load_any_map(path: str | Path, ruleset: str | None = None):
    """A map file, or a hexagonal Tiled map (.tmx) converted as `import-tiled` does."""
    from board.maps import load_map, parse_map

    if Path(path).suffix.lower() != ".tmx":
        return load_map(path, ruleset)
    from board.tiled import convert

    return parse_map(convert(path).text, str(path), ruleset)


def open_game(map_path: str, seed, load: str | None, script: str | None = None, ruleset: str | None = None):
    """A Game from a map (a map file or a Tiled map, and a seed), a saved game (named by load,
    or as the map), or a map with a script applied.

    Returns (game, title) or prints the problems and returns None."""
    from board.game import Game
    from board.script import load_script
    from board.yamlio import InputError

    if not load and not script and is_saved_game(map_path):
        load = map_path  # `hexboard FILE` (the desktop's "open with") opens a save too
    try:
        if load:
            from board.saves import load_game

            game = load_game(load)
            return game, game.battle.name
        battle = load_any_map(map_path, ruleset)
        game = Game(battle, seed=seed)
        if script:
            scripted = load_script(script, ruleset)
            game = scripted.game
            for command in scripted.commands:
                game.submit(command)
        return game, game.battle.name
    except InputError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return None
