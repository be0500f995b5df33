"""What each sub-command of the command line does: play, screenshot, edit, replay, match, schema
(board/cli.py builds the parser that calls them)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from board.cli_display import use_palette, use_true_scale, use_ui_scale
from board.cli_maps import print_problems
from board.opening import open_game as _open_game
from board.words import plural


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema of the map format, with one ruleset's figure sheet."""
    from pydantic import create_model

    from board.models import MapFile
    from board.rules.registry import get_ruleset

    sheet = get_ruleset(args.ruleset).figure_model()
    figures = (list[sheet], MapFile.model_fields["figures"])  # type: ignore[valid-type]
    model = create_model("MapFile", __base__=MapFile, __doc__=MapFile.__doc__, figures=figures)
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Hexboard map"
    print(json.dumps(schema, indent=2))
    return 0


def _autosaver():
    """The autosave, once the temporary files of writes a kill interrupted are removed."""
    from board.saves import Autosaver, data_dir, remove_interrupted_writes

    remove_interrupted_writes(data_dir())
    return Autosaver()


def cmd_start(args: argparse.Namespace) -> int:
    """The start screen (no sub-command): continue, a new fight, a saved game, the editor."""
    from board.ui.app import run

    use_palette(None)
    use_true_scale(None)
    use_ui_scale(getattr(args, "ui_scale", None))
    return run(None, "Hexboard", autosave=_autosaver())


def cmd_play(args: argparse.Namespace) -> int:
    """Open the board window on a map or a saved game."""
    opened = _open_game(args.map, args.seed, args.load, ruleset=args.ruleset)
    if opened is None:
        return 1
    from board.ui import sound
    from board.ui.app import run

    sound.START_MUTED[0] = args.mute
    use_palette(args.palette)
    use_true_scale(args.hex_inches)
    use_ui_scale(getattr(args, "ui_scale", None))
    game, title = opened
    autosave = None if args.no_autosave else _autosaver()
    # A game left by a crash is offered unless the player asked for a particular one.
    return run(
        game, title, autosave=autosave, offer_resume=autosave is not None and not args.load, calibrate=args.calibrate
    )


def cmd_screenshot(args: argparse.Namespace) -> int:
    """Render the board headlessly (after a script, if given) to a PNG."""
    opened = _open_game(args.map, args.seed, None, args.script, args.ruleset)
    if opened is None:
        return 1
    try:
        width, height = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        print(f"--size: expected WIDTHxHEIGHT such as 1280x800, got {args.size!r}", file=sys.stderr)
        return 2
    percent = getattr(args, "ui_scale", None) or 100
    least = (640 * percent // 100, 400 * percent // 100)  # the panels grow with the UI scale
    if width < least[0] or height < least[1]:
        at = f" at a UI scale of {percent}%" if percent != 100 else ""
        print(f"--size: the board needs at least {least[0]}x{least[1]}{at}, got {width}x{height}", file=sys.stderr)
        return 2
    folder = Path(args.out).resolve().parent
    if not folder.is_dir():
        print(f"{args.out}: the folder {folder} does not exist", file=sys.stderr)
        return 2
    from board.ui import ui_scale
    from board.ui.draw import palette
    from board.ui.app import render_png

    palette.use(args.palette or palette.DEFAULT)  # a screenshot does not follow the remembered one
    ui_scale.use(percent)  # nor the remembered scale
    game, title = opened
    render_png(game, title, args.out, (width, height))
    turn = game.turn().turn
    print(f"{args.out}: {width}x{height}, turn {turn}, {plural(len(game.history), 'command')} applied")
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    """Open the map editor on a map file, or on a new map."""
    from board.draft import draft_from_map, new_draft
    from board.editor import Editor
    from board.maps import load_map
    from board.yamlio import InputError

    path = args.map
    if path and Path(path).exists():
        try:
            editor = Editor(draft_from_map(load_map(path, args.ruleset)), path)
        except InputError as error:
            for problem in error.problems:
                print(problem, file=sys.stderr)
            return 1
    else:
        try:
            cols, rows = (int(n) for n in args.size.lower().split("x"))
        except ValueError:
            print(f"--size: expected COLUMNSxROWS such as 16x12, got {args.size!r}", file=sys.stderr)
            return 2
        name = Path(path).stem.replace("-", " ").replace("_", " ").title() if path else "New map"
        try:
            editor = Editor(
                new_draft(name, (cols, rows), args.layout, args.radius, args.ruleset or "warrior-wizard"), path
            )
        except ValueError as error:
            print(f"edit: {error}", file=sys.stderr)
            return 2
    from board.ui.app import run_editor

    use_ui_scale(getattr(args, "ui_scale", None))

    return run_editor(editor)


def cmd_replay(args: argparse.Namespace) -> int:
    """Run a script headless and print its events, one per line."""
    from board.script import load_script
    from board.yamlio import InputError

    try:
        script = load_script(args.script, args.ruleset)
    except InputError as error:
        return print_problems(error)
    game = script.game

    def show(events) -> None:
        for event in events:
            print(json.dumps(event.as_json(), default=str) if args.json else event.text)

    show(game.events)
    for index, command in enumerate(script.commands):
        outcome = game.submit(command)
        show(outcome.events)
        if not outcome.accepted and args.strict:
            print(f"{args.script}: command {index + 1} refused: {outcome.reason}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(game.snapshot()))
    else:
        info = game.turn()
        print(f"-- turn {info.turn}, {info.phase} phase" + (f", {info.active} to act" if info.active else ""))
    return 0


def _match_problem(args: argparse.Namespace, players: list[str], kinds) -> str | None:
    """What is wrong with match's options before any map is read (None: nothing)."""
    for kind in players:
        if kind not in kinds:
            return f"--players: unknown player {kind!r}; expected {', '.join(kinds)}"
    for flag, value in (("--games", args.games), ("--max-turns", args.max_turns)):
        if value < 1:
            return f"{flag}: expected a whole number of 1 or more, not {value}"
    return None


def cmd_match(args: argparse.Namespace) -> int:
    """Play headless games between computer, random or pushy players; print who won."""
    from board.ai.match import PLAYER_KINDS, run_match
    from board.maps import load_map
    from board.yamlio import InputError

    players = args.players.split(",")
    problem = _match_problem(args, players, PLAYER_KINDS)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    try:
        battle = load_map(args.map, args.ruleset)
    except InputError as error:
        return print_problems(error)

    def progress(index, result) -> None:
        if not args.json:
            sides = " (players swapped teams)" if result.players_swapped else ""
            print(f"game {index + 1}: {result.winner or 'draw'} after {result.turns} turns{sides}")

    try:
        figures = run_match(battle, players, args.games, args.seed, args.max_turns, progress, swap=args.swap)
    except ValueError as error:
        print(f"match: {args.map}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures))
    else:
        wins = ", ".join(f"{team} {n}" for team, n in figures["wins"].items())
        times = figures["decision_ms"]
        print(
            f"{figures['games']} games: {wins}, {figures['draws']} draws; median "
            f"{figures['turns_median']} turns; decisions {times['median']} ms median, "
            f"{times['p95']} ms p95"
        )
    return 0
