"""Opening a game for the command line (play, screenshot, host): a map, a saved game, or a map
with a script applied. Apart from cli.py so that cli_net.py needs no import of it (no cycle)."""

from __future__ import annotations

import sys

from board.resources import DEFAULT_MAP


def open_game(map_path: str, seed, load: str | None, script: str | None = None,
              ruleset: str | None = None):
    """A Game from a map (and seed), a saved game, or a map with a script applied.

    Returns (game, title) or prints the problems and returns None."""
    from board.game import Game
    from board.maps import load_map
    from board.script import load_script
    from board.yamlio import InputError

    try:
        if load:
            from board.saves import load_game

            game = load_game(load)
            return game, game.battle.name
        battle = load_map(map_path, ruleset)
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
