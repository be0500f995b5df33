"""The command line: its parser and main(). What the sub-commands do is in board/cli_commands.py,
the map tools in board/cli_maps.py, host and join in board/cli_net.py."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from board.cli_display import PALETTES, UI_SCALE_HELP, hex_inches, ui_scale_percent
from board.cli_maps import add_parsers as add_map_parsers, ruleset_argument
from board.i18n import LANGUAGES, _
from board.invocation import command_name
from board.resources import DEFAULT_MAP
from board.resources import version
from board.cli_commands import cmd_edit, cmd_match, cmd_play, cmd_replay, cmd_schema, cmd_screenshot, cmd_start


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
