"""Command-line sub-commands: play, screenshot, edit, replay, match, schema (the map tools are in
board/cli_maps.py, host and join in board/cli_net.py)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from board.cli_display import (
    PALETTES,
    UI_SCALE_HELP,
    hex_inches,
    ui_scale_percent,
    use_palette,
    use_true_scale,
    use_ui_scale,
)
from board.cli_maps import add_parsers as add_map_parsers, print_problems, ruleset_argument
from board.i18n import LANGUAGES, _
from board.invocation import command_name
from board.opening import open_game as _open_game
from board.resources import DEFAULT_MAP
from board.resources import version
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
    from board.editor import Editor, draft_from_map, new_draft
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


class Parser(argparse.ArgumentParser):
    """The command line's parser, which knows its sub-commands' names."""

    command_names: frozenset[str] = frozenset()


def build_parser() -> Parser:
    """The argument parser with every sub-command."""
    from board.rules.registry import ruleset_ids

    prog = command_name()
    parser = Parser(
        prog=prog,
        description=_("Hexboard: a hex-map battle board for tabletop combat."),
        epilog=_(
            "With no sub-command, opens the start screen, the default map (maps/arena.yaml) "
            "ready to play; with a file first ({prog} FILE [play options]), opens it: a map, a "
            "saved game or a Tiled map (.tmx)."
        ).format(prog=prog),
    )
    parser.add_argument(
        "--version", action="version", version=f"Hexboard {version()}", help=_("show program's version number and exit")
    )
    parser.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        help=_(
            "the language of the board and of these messages, for this run "
            "(default: the one chosen last on the start screen, else the "
            "system's, from LANGUAGE or LANG)"
        ),
    )
    parser.add_argument("--ui-scale", type=ui_scale_percent, metavar="PERCENT", help=_(UI_SCALE_HELP))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help=_("open the board window on a map (the default)"))
    play.add_argument(
        "map",
        nargs="?",
        default=str(DEFAULT_MAP),
        help=_("a map file, a saved game or a Tiled map (.tmx) (default: maps/arena.yaml)"),
    )
    play.add_argument("--seed", default=0, help=_("seed for the dice (default 0)"))
    play.add_argument("--load", metavar="SAVE", help=_("open a saved game (a script file) instead"))
    ruleset_argument(play)
    play.add_argument(
        "--no-autosave",
        action="store_true",
        help=_(
            "do not keep the autosave (by default every command is saved, and a game "
            "left by a crash is offered for resuming at the next start)"
        ),
    )
    play.add_argument("--mute", action="store_true", help=_("start with the sound off (N turns it on)"))
    play.add_argument(
        "--palette",
        choices=PALETTES,
        help=_(
            "colours for this run: default, colour-blind (Okabe-Ito colours with "
            "patterns) or high-contrast (default: the one chosen last with V)"
        ),
    )
    play.add_argument(
        "--hex-inches",
        type=hex_inches,
        metavar="INCHES",
        help=_(
            "true scale: draw hexes INCHES across the flats (between opposite sides), "
            "for miniatures on a screen lying flat; remembered for the next starts "
            "(off forgets it). The screen's size is taken from the display, else "
            "measured once against a bank card (the calibration screen)"
        ),
    )
    play.add_argument(
        "--calibrate",
        action="store_true",
        help=_(
            "measure the screen against a bank card or a ruler first (again), for "
            "--hex-inches; the measure is remembered"
        ),
    )
    # SUPPRESS: `--ui-scale 200 play` (before the sub-command) is not undone by play's default.
    play.add_argument(
        "--ui-scale", type=ui_scale_percent, metavar="PERCENT", default=argparse.SUPPRESS, help=_(UI_SCALE_HELP)
    )
    play.set_defaults(func=cmd_play)

    shot = sub.add_parser("screenshot", help=_("render the board headlessly to a PNG"))
    shot.add_argument("map", help=_("map file"))
    shot.add_argument("out", metavar="OUT.png", help=_("the PNG to write"))
    shot.add_argument("--script", help=_("a script to apply first (its own map and seed are used)"))
    shot.add_argument("--size", default="1280x800", help=_("window size WIDTHxHEIGHT (default 1280x800)"))
    shot.add_argument("--seed", default=0, help=_("seed for the dice (default 0)"))
    ruleset_argument(shot)
    shot.add_argument("--palette", choices=PALETTES, help=_("colours: default, colour-blind or high-contrast"))
    shot.add_argument(
        "--ui-scale",
        type=ui_scale_percent,
        metavar="PERCENT",
        default=argparse.SUPPRESS,
        help=_("the size of text, panels and buttons in percent, 100 to 300 (default 100)"),
    )
    shot.set_defaults(func=cmd_screenshot)

    add_map_parsers(sub)

    edit = sub.add_parser("edit", help=_("open the map editor on a map (a new map if the file does not exist)"))
    edit.add_argument("map", nargs="?", help=_("the map file to edit or create"))
    edit.add_argument("--size", default="16x12", help=_("a new map's COLUMNSxROWS (default 16x12)"))
    edit.add_argument("--radius", type=int, help=_("make the new map a hexagon of this radius instead"))
    edit.add_argument(
        "--layout",
        choices=("flat", "pointy"),
        default="flat",
        help=_("a new map's hexes: flat-top or pointy-top (default flat)"),
    )
    edit.add_argument(
        "--ruleset",
        choices=ruleset_ids(),
        help=_(
            "whose figure sheets the map holds "
            "(a new map: default warrior-wizard; a map file: converts it, keeping its "
            "sheets under sheets:)"
        ),
    )
    edit.set_defaults(func=cmd_edit)

    replay = sub.add_parser("replay", help=_("run a script headless and print its events"))
    replay.add_argument("script", metavar="SCRIPT.yaml", help=_("a script or saved game (docs/scripts.md)"))
    ruleset_argument(replay)
    replay.add_argument(
        "--json", action="store_true", help=_("print events as JSON lines, then the final state as the last line")
    )
    replay.add_argument("--strict", action="store_true", help=_("stop with exit status 2 at the first refused command"))
    replay.set_defaults(func=cmd_replay)

    match = sub.add_parser("match", help=_("play headless games between computer players; who won"))
    match.add_argument("map", help=_("map file"))
    ruleset_argument(match)
    match.add_argument(
        "--players",
        required=True,
        metavar="P1,P2",
        help=_(
            "who plays each team, in the order of the map's teams: computer "
            "(normal), computer:easy, computer:normal, computer:hard, random "
            "(uniform over legal actions) or pushy (the benchmarks' scripted player)"
        ),
    )
    match.add_argument(
        "--games",
        type=int,
        default=10,
        help=_("games to play (default 10); in the second half the sides swap (--swap)"),
    )
    match.add_argument(
        "--swap",
        choices=("teams", "places", "none"),
        default="teams",
        help=_(
            "how the second half swaps sides: teams (default: each player plays "
            "the other team, its figures and starting places), places (the teams "
            "exchange starting places, if the map allows) or none; wins count for "
            "the player, under the team it was named for"
        ),
    )
    match.add_argument("--seed", default=1, help=_("seed of the first game's dice (default 1)"))
    match.add_argument(
        "--max-turns", type=int, default=50, help=_("a game still undecided after this turn is a draw (default 50)")
    )
    match.add_argument(
        "--json",
        action="store_true",
        help=_(
            'print one JSON object: {"games", '
            '"wins": {TEAM: n}, "draws", "turns_median", "decision_ms": {"median", "p95"}}'
        ),
    )
    match.set_defaults(func=cmd_match)

    from board.cli_club import add_parser as add_club_parser
    from board.cli_net import add_parsers
    from board.desktop import add_parser as add_desktop_parser

    add_parsers(sub)
    add_club_parser(sub)
    add_desktop_parser(sub)
    schema = sub.add_parser("schema", help=_("print the JSON Schema of the map format"))
    ruleset_argument(schema, default="warrior-wizard")
    schema.set_defaults(func=cmd_schema)
    parser.command_names = frozenset(sub.choices)
    return parser


def _is_map_argument(parser: Parser, first: str) -> bool:
    """True when the first argument names a map (a file, or a .yaml name), not a sub-command."""
    return (
        not first.startswith("-")
        and first not in parser.command_names
        and (first.endswith((".yaml", ".yml")) or Path(first).is_file())
    )


def _use_language(argv: list[str]) -> None:
    """The language asked for with --language (this run only), else the one remembered, else
    the system's: chosen before the parser is built, so that --help is in it."""
    from board import i18n

    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--language")  # checked against the choices by the full parser
    option = early.parse_known_args(argv)[0].language
    remembered = None
    if option not in i18n.LANGUAGES:
        from board.ui import settings

        remembered = settings.load().get("language")
    i18n.activate(i18n.choose(option, remembered))


def main(argv: list[str] | None = None) -> int:
    """Run a sub-command; return the process exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    _use_language(argv)
    parser = build_parser()
    if argv and _is_map_argument(parser, argv[0]):
        argv = ["play", *argv]  # `main.py maps/arena.yaml --ruleset dox` plays that map
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_start(args)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (`schema | head`): stop quietly, without a traceback at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
