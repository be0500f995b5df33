"""The map tools on the command line: check, import-tiled, export-tiled and print-map."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from board.i18n import _


def print_problems(error) -> int:
    """Print an InputError's problems (FILE:LINE:COL: message) to stderr; exit status 1."""
    for problem in error.problems:
        print(problem, file=sys.stderr)
    return 1


def cmd_check(args: argparse.Namespace) -> int:
    """Validate map files; print every problem as FILE:LINE:COL: message."""
    from board.maps import load_map
    from board.yamlio import InputError

    status = 0
    for path in args.files:
        try:
            battle = load_map(path, args.ruleset)
        except InputError as error:
            status = 1
            for problem in error.problems:
                print(problem)
            continue
        if not args.quiet:
            print(f"{path}: ok: {summary(battle)}")
    return status


def summary(battle) -> str:
    """One line about a map: name, size, terrain and figures by team."""
    shape = f"{battle.size[0]}x{battle.size[1]}" if battle.size else f"radius {max(abs(h.q) for h in battle.cells)}"
    teams: dict[str, int] = {}
    for spec in battle.figures:
        teams[spec.team] = teams.get(spec.team, 0) + 1
    sides = ", ".join(f"{team} {n}" for team, n in teams.items()) or "no figures"
    walls = sum(t.kind == "wall" for t in battle.terrain.values())
    fire = sum(t.kind == "fire" for t in battle.terrain.values())
    return (
        f'"{battle.name}", {battle.layout}-top {shape} ({len(battle.cells)} hexes, '
        f"{walls} walls, {fire} burning), {len(battle.figures)} figures ({sides})"
    )


def cmd_import_tiled(args: argparse.Namespace) -> int:
    """Convert a hexagonal Tiled map (.tmx) to a map file; problems as FILE:LINE."""
    from board.tiled import ImportOptions, convert
    from board.tiled.objects import parse_figure_marks
    from board.tiled.terrain import parse_mapping
    from board.yamlio import InputError

    try:
        options = ImportOptions(
            parse_mapping(args.terrain), args.empty, args.hidden_layers, parse_figure_marks(args.figures)
        )
        imported = convert(args.tmx, options)
    except InputError as error:
        return print_problems(error)
    try:
        Path(args.out).write_text(imported.text, encoding="utf-8")
    except OSError as error:
        print(f"{args.out}: cannot write the map: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"{args.out}: {summary(imported.battle)}")
    print("\n".join(imported.report))
    return 0


def cmd_export_tiled(args: argparse.Namespace) -> int:
    """Write a map as a hexagonal Tiled map (.tmx) with a generated tileset image beside it."""
    from board.maps import load_map
    from board.tiled.export import export
    from board.yamlio import InputError

    try:
        battle = load_map(args.map)
    except InputError as error:
        return print_problems(error)
    try:
        image = export(battle, Path(args.out))
    except OSError as error:
        print(f"{args.out}: cannot write the map: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"{args.out}: {summary(battle)}; tileset image {image.name}")
    return 0


def cmd_print_map(args: argparse.Namespace) -> int:
    """Render a map at true scale for printing, as a PNG that records its DPI."""
    from board.maps import load_map
    from board.yamlio import InputError

    if not (args.hex_inches > 0 and args.dpi > 0):
        print("--hex-inches and --dpi must be positive", file=sys.stderr)
        return 2
    try:
        battle = load_map(args.map, args.ruleset)
    except InputError as error:
        return print_problems(error)
    from board.ui.editor.printmap import print_map

    try:
        width, height = print_map(
            battle, args.out, args.hex_inches, args.dpi, figures=not args.no_figures, labels=not args.no_labels
        )
    except (ValueError, OSError, RuntimeError) as error:  # pygame.error is a RuntimeError
        print(f"{args.out}: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 1
    print(
        f"{args.out}: {width}x{height} px = {width / args.dpi:.2f} x {height / args.dpi:.2f} in "
        f"at {args.dpi} dpi; hexes {args.hex_inches:g} in across the flats"
    )
    return 0


def ruleset_argument(parser: argparse.ArgumentParser, default: str | None = None) -> None:
    from board.rules.registry import ruleset_ids

    parser.add_argument(
        "--ruleset",
        choices=ruleset_ids(),
        default=default,
        help=_(
            "play under this rule system instead of the map's own "
            "(docs/rulesets.md); each figure uses its sheet for it, or defaults"
        )
        if default is None
        else _("whose figure sheet to describe (default %(default)s)"),
    )


def add_parsers(sub) -> None:
    """The map tools' sub-commands, added to main.py's parser."""
    tiled = sub.add_parser("import-tiled", help=_("convert a hexagonal Tiled map (.tmx) to a map file"))
    tiled.add_argument("tmx", metavar="MAP.tmx", help=_("a hexagonal map saved by Tiled (mapeditor.org)"))
    tiled.add_argument("out", metavar="OUT.yaml", help=_("the map file to write"))
    tiled.add_argument(
        "--terrain",
        metavar="VALUE=TERRAIN,...|FILE.yaml",
        help=_(
            "what the tiles' values become: open, wall, fire, coals or off (not part of "
            "the map); a value is a tile's class, a property value (or NAME:VALUE), a "
            "Wang colour, an image name or TILESET:ID; the summary lists those found"
        ),
    )
    tiled.add_argument(
        "--empty",
        choices=("open", "wall", "off"),
        help=_(
            "what a cell no layer paints becomes (default: the map's `empty` property, "
            "else open); off: the map's shape follows the painted cells"
        ),
    )
    tiled.add_argument(
        "--hidden-layers", action="store_true", help=_("read hidden layers too (by default they are skipped)")
    )
    tiled.add_argument(
        "--figures",
        metavar="CLASS[=TEAM],...",
        help=_(
            "objects of these classes or names become figures (of TEAM), such as "
            "spawn points; objects of class `figure` always do; others are counted"
        ),
    )
    tiled.set_defaults(func=cmd_import_tiled)

    export = sub.add_parser("export-tiled", help=_("write a map as a hexagonal Tiled map (.tmx)"))
    export.add_argument("map", metavar="MAP.yaml", help=_("map file"))
    export.add_argument(
        "out", metavar="OUT.tmx", help=_("the Tiled map to write; its tileset image goes beside it as OUT-terrain.png")
    )
    export.set_defaults(func=cmd_export_tiled)

    printer = sub.add_parser("print-map", help=_("render a map at true scale for printing, to a PNG"))
    printer.add_argument("map", metavar="MAP.yaml", help=_("map file"))
    printer.add_argument("out", metavar="OUT.png", help=_("the PNG to write"))
    printer.add_argument(
        "--hex-inches", type=float, default=1.0, help=_("hex size across the flats, in inches (default 1.0)")
    )
    printer.add_argument("--dpi", type=int, default=300, help=_("printer resolution (default 300)"))
    printer.add_argument("--no-figures", action="store_true", help=_("leave the figures off"))
    printer.add_argument("--no-labels", action="store_true", help=_('leave the "CCRR" hex labels off'))
    ruleset_argument(printer)
    printer.set_defaults(func=cmd_print_map)

    check = sub.add_parser("check", help=_("validate map files; print FILE:LINE:COL: message for each problem"))
    check.add_argument("files", nargs="+", metavar="FILE", help=_("map files (YAML)"))
    check.add_argument("-q", "--quiet", action="store_true", help=_("print only problems"))
    ruleset_argument(check)
    check.set_defaults(func=cmd_check)
