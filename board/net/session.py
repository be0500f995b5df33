"""The network beside a board's window: an event loop in its own thread runs the client (and,
for the host, the nats-server and the authority); the board drains `inbox` each frame and
asks through `ask`, so the window's thread never waits on the network."""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from board.game import Game
from board.invocation import command_name
from board.net.client import Client
from board.net.host import Host
from board.net.certs import certificate_fingerprint, own_context
from board.net.host_key import HostKey, server_context
from board.net.invitations import INVITE_ENV, PLAYER, SPECTATOR, Invitation, parse_code, role_of
from board.net.protocol import Subjects
from board.saves import data_dir
from board.net.relay import club_join_address, fetch_club_certificate, parse_via
from board.net.server import Hosting, ServerError, free_port, listening, recorded_server, reload_server, start_server
from board.net.tables import CLUB_DOMAIN, parse_table
from board.sides import teams


class Session:
    """One board's link to a shared game; items arrive in `inbox` as the Client hands them."""

    def __init__(self) -> None:
        # asyncio warns on every TLS connection nats-py closes ("returning true from
        # eof_received() has no effect"): noise on a player's terminal, not news.
        logging.getLogger("asyncio").setLevel(logging.ERROR)
        self.inbox: queue.Queue = queue.Queue()
        self.early: list[tuple] = []  # what came before the game's first entry, for the board
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="hexboard-net", daemon=True)
        self.thread.start()
        self.client: Client | None = None
        self.host: Host | None = None
        self.server: subprocess.Popen | None = None  # the nats-server this session started, if any
        self.name = ""
        self.folder: Path | None = None  # the hosted game's folder (its server's pid is there)
        self.hosting: Hosting | None = None
        self.elsewhere = False  # a host resumed from a host key: the server is another machine's
        self.wake: Callable[[], None] | None = None  # called (from the network thread) when something arrives

    def _arrived(self, item: tuple) -> None:
        self.inbox.put(item)
        if self.wake is not None:
            self.wake()

    def _run(self, coroutine, timeout: float | None = 30):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def join(self, url: str, code: str, name: str) -> None:
        """Connect with an invitation (a player says its name; a spectator only reads);
        raises on a wrong code or certificate, a name taken, or an unreachable server."""
        user, password = parse_code(code)
        spectator = role_of(user) == SPECTATOR
        self.name = "spectator" if spectator else name
        self.client = Client(url, user, password, Subjects(), self.name, self._arrived, hello=not spectator)
        self._run(self.client.start(), 60)
        self.name = self.client.name  # the name the invitation goes by (kept from its first join)

    def host_game(self, hosting: Hosting, game: Game | None) -> None:
        """Start (or reuse) the game's nats-server, the authority and the GM's own board."""
        host_part = hosting.url.split("//")[1].rsplit(":", 1)[0]
        self.folder, self.hosting = Path(hosting.folder), hosting
        if hosting.via:
            self._run(fetch_club_certificate(hosting))  # before the GM's server trusts it
        if not listening(host_part, hosting.port):
            self.server = start_server(hosting)
        else:
            reload_server(hosting)  # one a crashed host left: give it today's invitations
        seats = {team: None for team in teams(game.battle)} if game is not None else None
        self._authority(hosting, own_context(self.folder), game, seats)

    def resume_elsewhere(self, key: HostKey, folder: Path) -> None:
        """Carry on as the host of a game whose stream a server on another machine keeps (a
        club's server, or the GM's own left running): the server's certificate pinned by the
        key's fingerprint, the game rebuilt from the stream, a new dice secret drawn here."""
        tls = self._run(server_context(key))
        self.folder, self.hosting, self.elsewhere = folder, key.hosting(folder, tls), True
        self._authority(self.hosting, tls, None, None)

    def _authority(self, hosting: Hosting, tls, game: Game | None, seats: dict | None) -> None:
        """The host's authority on the server, and the GM's own board beside it."""
        self.host = host = Host(hosting, tls=tls)
        self._run(host.start(game, seats))
        self.name = "GM"
        self.client = Client(
            hosting.url,
            "host",
            hosting.host_password,
            Subjects(hosting.game),
            "GM",
            self._arrived,
            send=lambda request: host.handle(request, gm=True),
            tls=tls,
            api=api_prefix(hosting),
        )
        self._run(self.client.start())

    def _config_here(self) -> tuple[Hosting, Host]:
        """The hosting and host whose invitations change, in the server's config, which only
        the machine running it writes; ServerError if this host resumed from a server elsewhere
        (or hosts nothing)."""
        if self.elsewhere:
            raise ServerError(
                "this host carries on from a server on another machine: invitations "
                "are made and withdrawn where that server's config is"
            )
        if self.hosting is None or self.host is None:
            raise ServerError("this board hosts no game")
        return self.hosting, self.host

    def invite(self, role: str = PLAYER) -> Invitation:
        """A new invitation the server accepts from now on (the GM's)."""
        hosting, host = self._config_here()
        invitation = hosting.invite(role)
        self._run(host.reload())
        return invitation

    def kick(self, user: str) -> None:
        """Withdraw an invitation: the server closes its connections and refuses it from now
        on, and the sides its player held go back to the GM."""
        _, host = self._config_here()
        self._run(host.kick(user))

    def invitations(self) -> list[Invitation]:
        """The invitations that stand (the GM's board; none on a player's)."""
        return self.hosting.all_invitations() if self.hosting is not None else []

    def first(self, timeout: float = 30) -> tuple:
        """Wait for the stream's first entry (the setup); ServerError if none comes."""
        try:
            while True:
                item = self.inbox.get(timeout=timeout)
                if item[0] == "entry":
                    return item
                self.early.append(item)  # news of the link before the game: the board says it
        except queue.Empty:
            raise ServerError("the host's game did not arrive: is the host running?") from None

    def ask(self, kind: str, **fields: Any) -> None:
        """Send a request; its reply comes back through the inbox."""
        if self.client is not None:
            request = self.client.request(kind, **fields)
            asyncio.run_coroutine_threadsafe(self.client.ask(request), self.loop)

    def move(self, url: str) -> None:
        """Follow the game at the host's new address, without waiting: the outcome arrives in
        the inbox as news of the link (the board stays on the old address if nothing answers)."""
        client = self.client
        if client is None or client.send is not None:  # the host's own board stays
            return

        async def moving():
            try:
                await client.move(url)
            except Exception as error:
                self._arrived(
                    (
                        "link",
                        f"cannot join at {url} ({str(error) or type(error).__name__}); still trying the old address",
                    )
                )

        asyncio.run_coroutine_threadsafe(moving(), self.loop)

    def reread(self, after: int) -> None:
        """Have the stream read again from the entry after `after` (a board rebuilding)."""
        if self.client is not None:
            self.loop.call_soon_threadsafe(self.client.reread, after)

    def drain(self) -> list[tuple]:
        """Everything that arrived since the last call."""
        items, self.early = self.early, []
        while True:
            try:
                items.append(self.inbox.get_nowait())
            except queue.Empty:
                return items

    def close(self, stop_server: bool = True) -> None:
        """Disconnect; stop the nats-server this session started (players are told by their
        boards that the connection is lost)."""
        for part in (self.client, self.host):
            if part is not None:
                try:
                    self._run(part.stop(), 5)
                except Exception:
                    pass
        try:
            self._run(_cancel_the_rest(), 5)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        if not self.loop.is_running():  # closed here, not by the garbage collector at exit
            self.loop.close()
        if stop_server and self.server is not None:
            self.server.terminate()
            self.server.wait(10)
        elif stop_server and self.folder is not None:  # one a killed host left running
            stop_recorded_server(self.folder)


async def _cancel_the_rest() -> None:
    """Cancel the tasks the NATS client leaves (heartbeat checks), so none dies pending."""
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def stop_recorded_server(folder: Path) -> None:
    """Stop the nats-server an earlier host of this folder started, if it still runs."""
    pid = recorded_server(folder)
    if pid is not None:
        os.kill(pid, signal.SIGTERM)
        for _ in range(200):  # it exits within moments; wait for the port to be free
            if not _running(pid):
                break
            time.sleep(0.02)


def _running(pid: int) -> bool:
    """True while the process runs (a zombie waiting for its parent has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def api_prefix(hosting: Hosting) -> str:
    """JetStream's API prefix where the host's stream is kept: a club's domain, through it."""
    return f"$JS.{CLUB_DOMAIN}.API" if hosting.via else "$JS.API"


def hosting_folder(table: str = "") -> Path:
    """Where a hosted game keeps its stream, config and secrets (a club table's game, its
    config and secrets: the stream is on the club), so hosting at a club's table leaves the
    game hosted here, and another table's, as they were."""
    return data_dir() / "net" / (f"table-{parse_table(table)[0]}" if table else "game")


def resumed_folder() -> Path:
    """Where a host resumed from a host key keeps its invitations and its own dice secret."""
    return data_dir() / "net" / "resumed"


def join_address(hosting: Hosting) -> str:
    """Where players connect, with the certificate's fingerprint they check: this machine's
    name when the server listens everywhere; the club's address for a club's table."""
    if hosting.via:
        return club_join_address(hosting)
    listen = hosting.listen
    where = socket.gethostname() if listen in ("0.0.0.0", "::", "") else listen
    return f"tls://{where}:{hosting.port}/{certificate_fingerprint(Path(hosting.folder))}"


def join_line(hosting: Hosting, invitation: Invitation) -> str:
    """The line a player pastes in a shell: the invitation's code goes in the environment
    (only its own user can read a process's environment; any user can read its arguments)."""
    return f"{INVITE_ENV}={invitation.code} {command_name()} join {join_address(hosting)}"


def where_hosted(hosting: Hosting) -> str:
    """Where players reach the game, in words (for the GM): where the server listens, or
    the club it is hosted through."""
    if hosting.via:
        host, port = club_join_address(hosting).split("//")[1].split("/")[0].rsplit(":", 1)
        return f"the club {host}, port {port} (this machine: loopback only)"
    return where_listening(hosting.listen, hosting.port)


def where_listening(listen: str, port: int) -> str:
    """Where the server listens, in words."""
    if listen in ("127.0.0.1", "::1", "localhost"):
        return f"this machine only (port {port})"
    if listen in ("0.0.0.0", "::", ""):
        return f"every network of this machine (port {port})"
    return f"{listen}, port {port} (the local network)"


def listen_address(choice: str) -> str:
    """The address to listen on for a choice: "local" (this machine only), "lan" (this
    machine's address on its local network), or an address as given."""
    if choice == "local":
        return "127.0.0.1"
    if choice != "lan":
        return choice
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def hosting_for(folder: Path, listen: str, port: int, new_game: bool) -> Hosting:
    """The hosting kept in the folder, or a new one (a new code and secret, the old stream
    removed) for a new game."""
    kept = Hosting.read(folder)
    if kept is not None and not new_game and not kept.via:
        kept.listen, kept.port = listen, port
        return kept
    return _new_hosting(folder, listen, port)


def _new_hosting(folder: Path, listen: str, port: int) -> Hosting:
    stop_recorded_server(folder)  # a server left by a killed host holds the old game
    if (folder / "jetstream").exists():
        shutil.rmtree(folder / "jetstream")
    hosting = Hosting.new(folder, listen, port)
    hosting.write()
    return hosting


def hosting_via(folder: Path, via: str, table: str, join_port: int, new_game: bool) -> Hosting:
    """The hosting kept in the folder (the same table's game resumes), or a new one for a
    club's table: the GM's server listens on a free loopback port and joins the club as a
    leaf node (a new game's stream at the table is replaced when the host starts)."""
    where, pin = parse_via(via)
    parse_table(table)
    kept = Hosting.read(folder)
    if kept is None or new_game or kept.table != table:
        kept = _new_hosting(folder, "127.0.0.1", free_port())
        kept.table = table
    kept.via, kept.pin, kept.join_port = ",".join(where), pin, join_port
    kept.write()
    return kept


def invite_for(hosting: Hosting, players: int, spectators: int = 0) -> None:
    """Make invitations until there are this many of each kind (before the server starts)."""
    for role, wanted in ((PLAYER, players), (SPECTATOR, spectators)):
        have = sum(1 for i in hosting.all_invitations() if i.role == role)
        for _ in range(wanted - have):
            hosting.invite(role)
