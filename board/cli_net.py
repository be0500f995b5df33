"""The host and join sub-commands: a game shared over the network (board/net/)."""

from __future__ import annotations

import argparse
import secrets
import socket
import sys
from pathlib import Path

from board.invocation import command_name
from board.net import DEFAULT_PORT


def cmd_host(args: argparse.Namespace) -> int:
    """Host a shared game: start nats-server, open the board as the GM, print the join line."""
    from board.opening import open_game
    from board.net.server import ServerError
    from board.net.session import hosting_folder, hosting_for, join_line
    from board.ui.netplay import host

    folder = hosting_folder()
    new_game = bool(args.map or args.load) or not (folder / "host.json").exists()
    game = None
    if new_game:
        # The public seed gives only the start (and a loaded game's past); the host's secret
        # seed rolls every die from here on.
        opened = open_game(args.map or str(_default_map()), secrets.token_hex(8), args.load)
        if opened is None:
            return 1
        game = opened[0]
    hosting = hosting_for(folder, args.listen, args.port, new_game)
    try:
        net = host(hosting, game)
    except (ServerError, OSError) as error:
        print(f"host: {error}", file=sys.stderr)
        return 1
    net.invite = join_line(hosting.listen, hosting.port, hosting.code)
    print(("A new game" if new_game else "The hosted game, resumed from its stream") +
          f"; listening on {hosting.listen}:{hosting.port}.\nPlayers join with:\n  {net.invite}",
          flush=True)
    return _open_board(net, "hosting")


def cmd_join(args: argparse.Namespace) -> int:
    """Join a shared game with the host's join line."""
    from board.ui.netplay import join_game, refusal

    try:
        net = join_game(args.url, args.code, args.name, args.side)
    except Exception as error:  # a wrong code, no server there: said in words
        print(f"join: cannot join {args.url}: {refusal(error)}", file=sys.stderr)
        return 1
    return _open_board(net, "joined")


def _open_board(net, how: str) -> int:
    from board.ui.app import run

    game = net.follower.game
    return run(game, f"{game.battle.name} ({how} as {net.role})", net=net)


def _default_map() -> Path:
    from board.opening import DEFAULT_MAP

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
    join = sub.add_parser("join", help=f"join a hosted game: {command_name()} join nats://HOST:PORT CODE")
    join.add_argument("url", help="the host's address, nats://HOST:PORT")
    join.add_argument("code", help="the join code the host printed")
    join.add_argument("--name", default=socket.gethostname()[:32] or "player",
                      help="your name on the other boards (default: this machine's name)")
    join.add_argument("--side", action="append", metavar="TEAM",
                      help="the side to take (again for more; default: the first free side)")
    join.set_defaults(func=cmd_join)
