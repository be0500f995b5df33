"""The host and join sub-commands: a game shared over the network (board/net/)."""

from __future__ import annotations

import argparse
import secrets
import socket
import sys
from pathlib import Path

from board.net.server import DEFAULT_PORT


def hosting_folder() -> Path:
    """Where a hosted game keeps its stream, config and secrets."""
    from board.saves import data_dir

    return data_dir() / "net" / "game"


def join_line(listen: str, port: int, code: str) -> str:
    """The command a player types, with this machine's name when listening everywhere."""
    where = socket.gethostname() if listen in ("0.0.0.0", "::", "") else listen
    return f"python3 main.py join nats://{where}:{port} {code}"


def cmd_host(args: argparse.Namespace) -> int:
    """Host a shared game: start nats-server, open the board as the GM, print the join line."""
    from board.cli import _open_game
    from board.net.server import ServerError
    from board.net.session import Session, hosting_for

    folder = hosting_folder()
    new_game = bool(args.map or args.load) or not (folder / "host.json").exists()
    game = None
    if new_game:
        # The public seed gives only the start (and a loaded game's past); the host's secret
        # seed rolls every die from here on.
        opened = _open_game(args.map or str(_default_map()), secrets.token_hex(8), args.load)
        if opened is None:
            return 1
        game = opened[0]
    hosting = hosting_for(folder, args.listen, args.port, new_game)
    session = Session()
    try:
        session.host_game(hosting, game)
        first = session.first()
    except (ServerError, OSError) as error:
        session.close()
        print(f"host: {error}", file=sys.stderr)
        return 1
    print(("A new game" if new_game else "The hosted game, resumed from its stream") +
          f"; listening on {hosting.listen}:{hosting.port}.\nPlayers join with:\n  "
          + join_line(hosting.listen, hosting.port, hosting.code), flush=True)
    return _open_board(session, first, "GM", "hosting")


def cmd_join(args: argparse.Namespace) -> int:
    """Join a shared game with the host's join line."""
    from board.net.server import ServerError
    from board.net.session import Session

    session = Session()
    try:
        session.join(args.url, args.code, args.name)
        first = session.first()
    except Exception as error:  # a wrong code, no server there: said in words
        session.close()
        words = "the join code was refused" if "authorization" in str(error).lower() else str(error)
        print(f"join: cannot join {args.url}: {words or type(error).__name__}", file=sys.stderr)
        return 1
    return _open_board(session, first, args.name, "joined", args.side)


def _open_board(session, first: tuple, role: str, how: str, sides: list[str] | None = None) -> int:
    from board.net.protocol import Follower
    from board.ui.app import run
    from board.ui.netplay import NetPlay

    follower = Follower.from_setup(first[2])
    free = [team for team, holder in follower.seats.items() if holder is None]
    for team in (sides if sides else free[:1]) if role != "GM" else []:
        session.ask("seat", team=team, holder=role)
    net = NetPlay(session, follower, role)
    return run(follower.game, f"{follower.game.battle.name} ({how} as {role})", net=net)


def _default_map() -> Path:
    from board.cli import DEFAULT_MAP

    return DEFAULT_MAP


def add_parsers(sub) -> None:
    """The host and join sub-commands."""
    host = sub.add_parser("host", help="host a game other machines join (starts nats-server)")
    host.add_argument("map", nargs="?", help="map for a new game (none: resume the hosted game "
                                             "if there is one, else maps/arena.yaml)")
    host.add_argument("--load", metavar="SAVE", help="host a saved game from where it stands")
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    host.add_argument("--listen", default="0.0.0.0",
                      help="the address to listen on (default 0.0.0.0: every network of this "
                           "machine; 127.0.0.1: this machine only)")
    host.set_defaults(func=cmd_host)
    join = sub.add_parser("join", help="join a hosted game: main.py join nats://HOST:PORT CODE")
    join.add_argument("url", help="the host's address, nats://HOST:PORT")
    join.add_argument("code", help="the join code the host printed")
    join.add_argument("--name", default=socket.gethostname()[:32] or "player",
                      help="your name on the other boards (default: this machine's name)")
    join.add_argument("--side", action="append", metavar="TEAM",
                      help="the side to take (again for more; default: the first free side)")
    join.set_defaults(func=cmd_join)
