"""The host and join sub-commands: a game shared over the network (board/net/)."""

from __future__ import annotations

import argparse
import getpass
import os
import secrets
import socket
import sys
from pathlib import Path

from board.i18n import N_, _
from board.invocation import command_name
from board.net import DEFAULT_PORT
from board.net.invitations import INVITE_ENV
from board.net.tables import TABLE_ENV

HOST_HELP = N_("""\
Each player gets an invitation of their own: a code the server checks, so the host knows
who sent every request from the connection it came on (a name typed in a request is never
believed). Spectator invitations see the game as the players do and can send nothing. In
the board's seats window (J) the GM sees the invitations, copies their join lines, makes
new ones and kicks: a kicked invitation's connection is closed and cannot come back.

The connection is TLS: the host makes its own certificate on first use, and the join line
carries its SHA-256 fingerprint; a joining board refuses a server whose certificate differs.
The server listens on this machine only unless --listen lan (or an address) says otherwise.
The host says "ok" to a command only once the game's stream holds it; `host` with no map
resumes the game from that stream. `host --export-key FILE` writes a host key, and `host
--key FILE` on another machine carries on as the host from the stream on the key's server
(the dice seed stays here: the other machine draws its own; every die rolled is in the stream).

Behind a router, host through a club server instead of opening a port: `--via` with the
line the club's organiser gives (HEXBOARD_TABLE=CODE ... host MAP --via tls://CLUB:7422/
FINGERPRINT). This machine's server then connects out to the club and listens on loopback
only; the game's stream is kept on the club; players join the club with the invitations
printed here; the dice, the held plots' judgement and the invitations' names stay here.
`host --via ...` with no map resumes the table's game from the club (on any machine).
""")

# {INVITE_ENV} is filled in where it is shown (a format field, translated with the text).
JOIN_HELP = N_("""\
The invitation's code is read from the environment variable {INVITE_ENV} (the join line
the host gives sets it), else from --invite-file, else asked for; it is never an argument,
since any user of this machine can read a program's arguments. The address ends with the
host's certificate fingerprint; the board refuses a server whose certificate differs.
A host that came back on another address: press A on the board and give the new one, or
join again with it (the invitation keeps its name and sides). If the host is away, the board
opens on the game as the server keeps it (the log marks what happened since you were last
here) and greets the host when it is back.
""")


def cmd_host(args: argparse.Namespace) -> int:
    """Host a shared game: start nats-server, open the board as the GM, print the join lines."""
    from board.opening import open_game
    from board.net.server import ServerError
    from board.net.session import hosting_folder, hosting_for, hosting_via, invite_for, listen_address, where_hosted
    from board.sides import teams
    from board.ui.play.net_start import host, invitation_lines

    if args.export_key:
        return _export_key(args.export_key)
    if args.key:
        return _resume_from_key(args.key)
    try:
        table = table_code(args) if args.via else ""
        folder = hosting_folder(table)
    except (OSError, ValueError) as error:
        print(f"host: {error}", file=sys.stderr)
        return 1
    new_game = bool(args.map or args.load) or not (args.via or (folder / "host.json").exists())
    game = None
    if new_game:
        # The public seed gives only the start (and a loaded game's past); the host's secret
        # seed rolls every die from here on.
        opened = open_game(args.map or str(_default_map()), secrets.token_hex(8), args.load)
        if opened is None:
            return 1
        game = opened[0]
    try:
        if args.via:
            hosting = hosting_via(folder, args.via, table, args.join_port, new_game)
        else:
            hosting = hosting_for(folder, listen_address(args.listen), args.port, new_game)
        invite_for(
            hosting,
            args.players if args.players is not None else (len(teams(game.battle)) if game is not None else 0),
            args.spectators,
        )
        net = host(hosting, game)
    except (ServerError, OSError, ValueError) as error:
        print(f"host: {error}", file=sys.stderr)
        return 1
    net.invite = where_hosted(hosting)
    lines = invitation_lines(net)
    print(
        ("A new game" if new_game else "The hosted game, resumed from its stream")
        + f"; listening on {net.invite}.\n"
        + (
            "Give each player their own line (it holds their invitation; J on the board shows "
            "them again):\n" + "\n".join(f"  {line}" for line in lines)
            if lines
            else "No invitations yet: J on the board makes them (New player invitation)."
        ),
        flush=True,
    )
    return _open_board(net, "hosting", getattr(args, "ui_scale", None))


def _export_key(path: str) -> int:
    """Write the hosted game's host key (no dice seed in it) for another machine to resume from."""
    from board.net.host_key import HostKey
    from board.net.server import Hosting
    from board.net.session import hosting_folder, join_address

    hosting = Hosting.read(hosting_folder())
    if hosting is None:
        print("host: no hosted game on this machine to export a key for", file=sys.stderr)
        return 1
    try:
        HostKey.of(hosting, join_address(hosting)).write(Path(path))
    except OSError as error:
        print(f"host: cannot write {path}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(
        f"The host key is in {path} (readable by you only). Whoever holds it can host this game: "
        f"keep it as you keep your passwords. On another machine: {command_name()} host --key {path}"
    )
    return 0


def _resume_from_key(path: str) -> int:
    """Carry on as the host of a game from its stream on the server a host key names."""
    from board.net.host_key import HostKeyError, read_key
    from board.ui.play.net_start import resume_from_key
    from board.ui.play.netplay import refusal

    try:
        key = read_key(Path(path))
    except HostKeyError as error:
        print(f"host: {error}", file=sys.stderr)
        return 1
    print(f"Resuming the game {key.game!r} from its stream at {key.server.split('/')[2]}…", flush=True)
    try:
        net = resume_from_key(key)
    except Exception as error:  # the server gone, a certificate that differs: said in words
        print(f"host: cannot resume from {key.server}: {refusal(error)}", file=sys.stderr)
        return 1
    net.invite = key.server.split("/")[2]
    return _open_board(net, "hosting")


def table_code(args: argparse.Namespace) -> str:
    """A club table's code: the environment, or a file; ValueError if neither has one."""
    if os.environ.get(TABLE_ENV):
        return os.environ[TABLE_ENV].strip()
    if args.table_file:
        return Path(args.table_file).read_text().strip()
    raise ValueError(f"--via needs the table's code: set {TABLE_ENV} (the organiser's line does) or use --table-file")


def invitation_code(args: argparse.Namespace) -> str | None:
    """The invitation's code: the environment, a file, or typed at a prompt."""
    if os.environ.get(INVITE_ENV):
        return os.environ[INVITE_ENV].strip()
    if args.invite_file:
        return Path(args.invite_file).read_text().strip()
    if sys.stdin.isatty():
        return getpass.getpass("The invitation's code (not shown): ").strip()
    return None


def cmd_join(args: argparse.Namespace) -> int:
    """Join a shared game with the host's join line."""
    from board.ui.play.net_start import join_game
    from board.ui.play.netplay import refusal

    try:
        code = invitation_code(args)
    except OSError as error:
        print(f"join: cannot read the invitation: {error}", file=sys.stderr)
        return 1
    if not code:
        print(
            f"join: no invitation: set {INVITE_ENV} (the host's join line does) or use --invite-file", file=sys.stderr
        )
        return 1
    print(f"Connecting to {args.url.split('/')[2] if '://' in args.url else args.url}…", flush=True)
    try:
        net = join_game(args.url, code, args.name, args.side)
    except Exception as error:  # a wrong code, no server there: said in words
        print(f"join: cannot join {args.url}: {refusal(error)}", file=sys.stderr)
        return 1
    return _open_board(net, "joined", getattr(args, "ui_scale", None))


def _open_board(net, how: str, percent: int | None = None) -> int:
    from board.ui import settings, ui_scale
    from board.ui.app import run

    ui_scale.use(percent or settings.remembered_ui_scale())  # --ui-scale, else the one chosen last

    game = net.follower.game
    return run(game, f"{game.battle.name} ({how} as {net.role})", net=net)


def _default_map() -> Path:
    from board.resources import DEFAULT_MAP

    return DEFAULT_MAP


def add_parsers(sub) -> None:
    """The host and join sub-commands."""
    host = sub.add_parser(
        "host",
        help=_("host a game other machines join (starts nats-server)"),
        description=_(HOST_HELP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    host.add_argument(
        "map",
        nargs="?",
        help=_("map for a new game (none: resume the hosted game if there is one, else maps/arena.yaml)"),
    )
    host.add_argument("--load", metavar="SAVE", help=_("host a saved game from where it stands"))
    host.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=_("TCP port (default {port})").format(port=DEFAULT_PORT)
    )
    host.add_argument(
        "--listen",
        default="local",
        metavar="WHERE",
        help=_(
            "where the server listens: local (the default: this machine only), "
            "lan (this machine's address on its local network), or an address"
        ),
    )
    host.add_argument(
        "--players", type=int, metavar="N", help=_("player invitations to make (default: one per side of a new game)")
    )
    host.add_argument(
        "--spectators",
        type=int,
        default=0,
        metavar="N",
        help=_("spectator invitations to make: read-only, no secret plots (default 0)"),
    )
    host.add_argument(
        "--export-key",
        metavar="FILE",
        help=_(
            "write the hosted game's host key to FILE (the host's password on its "
            "server and the invitations, never the dice seed) and exit"
        ),
    )
    host.add_argument(
        "--key",
        metavar="FILE",
        help=_(
            "carry on as the host of the game a host key names, from its stream on "
            "the key's server (another machine's; a new dice secret is drawn here)"
        ),
    )
    host.add_argument(
        "--via",
        metavar="tls://CLUB:7422/FINGERPRINT",
        help=_(
            "host through a club server (its organiser's line gives the address; the "
            "table's code is read from {env}): nothing listens here but loopback"
        ).format(env=TABLE_ENV),
    )
    host.add_argument(
        "--table-file",
        metavar="FILE",
        help=_("read the club table's code from FILE (instead of {env})").format(env=TABLE_ENV),
    )
    host.add_argument(
        "--join-port",
        type=int,
        default=DEFAULT_PORT,
        help=_("with --via: the club's port players join on (default {port})").format(port=DEFAULT_PORT),
    )
    host.set_defaults(func=cmd_host)
    join = sub.add_parser(
        "join",
        help=_(
            "join a hosted game with the line the host gave: {INVITE_ENV}=CODE "
            "{command} join tls://HOST:PORT/FINGERPRINT"
        ).format(INVITE_ENV=INVITE_ENV, command=command_name()),
        description=_(JOIN_HELP).format(INVITE_ENV=INVITE_ENV),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    join.add_argument(
        "url", help=_("the host's address with its certificate's fingerprint, tls://HOST:PORT/FINGERPRINT")
    )
    join.add_argument(
        "--invite-file",
        metavar="FILE",
        help=_("read the invitation's code from FILE (instead of {INVITE_ENV})").format(INVITE_ENV=INVITE_ENV),
    )
    join.add_argument(
        "--name",
        default=socket.gethostname()[:32] or "player",
        help=_(
            "your name on the other boards (default: this machine's name); an "
            "invitation keeps the name it first joined with"
        ),
    )
    join.add_argument(
        "--side",
        action="append",
        metavar="TEAM",
        help=_("the side to take (again for more; default: the first free side)"),
    )
    join.set_defaults(func=cmd_join)
