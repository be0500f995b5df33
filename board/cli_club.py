"""The serve sub-command: a club server relaying many tables (board/net/club.py)."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from board.i18n import N_, _
from board.invocation import command_name
from board.net import DEFAULT_PORT

SERVE_HELP = N_("""\
A club server: nats-server relaying many games, each table in accounts of its own (a player
of one table can reach nothing of another) with limits on its connections, subscriptions
and storage. GMs host through it without opening a port at home (`host MAP --via ...`: their
server joins the club as a leaf node); players join it with the invitations their GM gives.

  serve --name club.example.org         make the club (first run) and run it
  serve --add-table oak                 a new table: prints the line for its GM
  serve --tables                        the tables and their GMs' lines
  serve --config-only                   write club.conf (for nats-server -c) and stop

Open the players' port (default 4222) and the leaf-node port (default 7422) to the
Internet. Three nodes make a cluster that keeps every game on all three: make the club on
one machine, copy its folder (club.json, cert.pem, key.pem) to the two others, and run
each with its own --node and --cluster-port and the same --routes (each node's
host:cluster-port). The folder's jetstream/ directory holds the games (back it up).
""")


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the club server, or change its tables."""
    from board.net.club import Club, new_route_password, start_club, write_club_config
    from board.net.server import ServerError

    folder = Path(args.folder) if args.folder else _club_folder()
    club = Club.read(folder)
    if club is None:
        if (folder / "club.json").exists():
            print(f"serve: {folder / 'club.json'} is not a club's file", file=sys.stderr)
            return 1
        club = Club(str(folder), names=args.name or [])
    _apply_options(club, args)
    if club.clustered and not club.route_password:
        club.route_password = new_route_password()
    try:
        if args.add_table:
            club.add_table(args.add_table)
        if args.remove_table:
            club.remove_table(args.remove_table)
    except ValueError as error:
        print(f"serve: {error}", file=sys.stderr)
        return 1
    club.write()
    config = write_club_config(club)
    if args.add_table or args.remove_table or args.tables:
        _reload_if_running(folder)
        for line in table_lines(club, [args.add_table] if args.add_table else sorted(club.tables)):
            print(line)
        return 0
    if args.config_only:
        print(f"{config} (run: nats-server -c {config})")
        return 0
    try:
        process = start_club(club)
    except (ServerError, OSError) as error:
        print(f"serve: {error}", file=sys.stderr)
        return 1
    print(
        f"The club ({club.node}) runs: players' port {club.port}, leaf-node port {club.leaf_port}"
        + (f", cluster port {club.cluster_port}" if club.clustered else "")
        + f"; {len(club.tables)} tables. Ctrl-C stops it.",
        flush=True,
    )
    # A service manager's stop (SIGTERM) stops the club's nats-server too, as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda signum, frame: process.send_signal(signal.SIGTERM))
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.send_signal(signal.SIGTERM)
        return process.wait()


def _apply_options(club, args: argparse.Namespace) -> None:
    """The command line's settings over the kept ones (a setting not given stays)."""
    for option in ("listen", "port", "leaf_port", "node", "cluster_port"):
        value = getattr(args, option)
        if value is not None:
            setattr(club, option, value)
    if args.routes:
        club.routes = [part.strip() for part in args.routes.split(",") if part.strip()]
    if args.name and not club.names:
        club.names = args.name


def _reload_if_running(folder: Path) -> None:
    """A running node reads its new tables (SIGHUP): new tables open, removed ones close."""
    from board.net.server import recorded_server, signal_reload

    pid = recorded_server(folder)
    if pid is not None:
        # Twice, as for a host's new invitation: nats-server (2.15) ties a new account's
        # imports to the exporting account as it was before the reload; a second reload
        # ties them to the one that serves.
        signal_reload(pid, folder, 10.0)
        signal_reload(pid, folder, 10.0)


def table_lines(club, names: list[str]) -> list[str]:
    """Each table with the line its GM runs (the table's code travels in the environment)."""
    from board.net.certs import certificate_fingerprint
    from board.net.tables import TABLE_ENV, table_code

    # A cluster's GMs are told of every node (each on this node's leaf-node port).
    hosts = (
        [route.rsplit(":", 1)[0] for route in club.routes]
        if club.clustered
        else [club.names[0] if club.names else "THIS-SERVER"]
    )
    via = ",".join(f"{host}:{club.leaf_port}" for host in hosts)
    pin = certificate_fingerprint(Path(club.folder))
    port = "" if club.port == DEFAULT_PORT else f" --join-port {club.port}"
    return [
        f"table {name}: {TABLE_ENV}={table_code(name, club.tables[name])} {command_name()} host MAP "
        f"--via tls://{via}/{pin}{port}"
        for name in names
    ]


def _club_folder() -> Path:
    from board.saves import data_dir

    return data_dir() / "club"


def add_parser(sub) -> None:
    """The serve sub-command."""
    serve = sub.add_parser(
        "serve",
        help=_("run a club server relaying many games (GMs host through it)"),
        description=_(SERVE_HELP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_argument("--folder", help=_("the club's folder (default: the data folder's club/)"))
    serve.add_argument(
        "--name",
        action="append",
        metavar="HOST",
        help=_(
            "a host name or address players and GMs reach the club by (again for "
            "more; the first run puts them in the club's certificate)"
        ),
    )
    serve.add_argument("--listen", help=_("address to listen on (default 0.0.0.0: every network)"))
    serve.add_argument("--port", type=int, help=_("players' port (default {port})").format(port=DEFAULT_PORT))
    serve.add_argument("--leaf-port", type=int, help=_("GMs' servers' port (default 7422)"))
    serve.add_argument("--node", help=_("this node's name in a cluster (each its own)"))
    serve.add_argument("--cluster-port", type=int, help=_("this node's port for the other nodes"))
    serve.add_argument(
        "--routes", metavar="HOST:PORT,...", help=_("every node's host:cluster-port (the same list on each node)")
    )
    serve.add_argument("--add-table", metavar="NAME", help=_("open a table and print its GM's line"))
    serve.add_argument("--remove-table", metavar="NAME", help=_("close a table (its game stays on disk)"))
    serve.add_argument("--tables", action="store_true", help=_("print every table's GM line"))
    serve.add_argument(
        "--config-only", action="store_true", help=_("write the node's nats-server config (club.conf) and stop")
    )
    serve.set_defaults(func=cmd_serve)
