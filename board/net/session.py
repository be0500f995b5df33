"""The network beside a board's window: an event loop in its own thread runs the client (and,
for the host, the nats-server and the authority); the board drains `inbox` each frame and
asks through `ask`, so the window's thread never waits on the network."""

from __future__ import annotations

import asyncio
import os
import queue
import shutil
import signal
import socket
import threading
import time
from pathlib import Path
from typing import Any

from board.game import Game
from board.invocation import command_name
from board.net.client import Client
from board.net.host import Host
from board.net.protocol import Subjects
from board.saves import data_dir
from board.net.server import Hosting, ServerError, listening, start_server
from board.sides import teams


class Session:
    """One board's link to a shared game; items arrive in `inbox` as the Client hands them."""

    def __init__(self) -> None:
        self.inbox: queue.Queue = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="hexboard-net", daemon=True)
        self.thread.start()
        self.client: Client | None = None
        self.host: Host | None = None
        self.server = None  # the nats-server this session started, if any
        self.name = ""
        self.folder: Path | None = None  # the hosted game's folder (its server's pid is there)
        self.wake = None  # called (from the network thread) when something arrives

    def _arrived(self, item: tuple) -> None:
        self.inbox.put(item)
        if self.wake is not None:
            self.wake()

    def _run(self, coroutine, timeout: float | None = 30):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def join(self, url: str, code: str, name: str) -> None:
        """Connect as a player; raises on a wrong code or an unreachable server."""
        self.name = name
        self.client = Client(url, "player", code, Subjects(), name, self._arrived)
        self._run(self.client.start())

    def host_game(self, hosting: Hosting, game: Game | None) -> None:
        """Start (or reuse) the game's nats-server, the authority and the GM's own board."""
        host_part = hosting.url.split("//")[1].rsplit(":", 1)[0]
        self.folder = Path(hosting.folder)
        if not listening(host_part, hosting.port):
            self.server = start_server(hosting)
        self.host = Host(hosting.url, hosting.host_password, Subjects(hosting.game), hosting.secret)
        seats = {team: None for team in teams(game.battle)} if game is not None else None
        self._run(self.host.start(game, seats))
        self.name = "GM"
        self.client = Client(hosting.url, "host", hosting.host_password, Subjects(hosting.game), "GM",
                             self._arrived, send=lambda request: self.host.handle(request, gm=True))
        self._run(self.client.start())

    def first(self, timeout: float = 30) -> tuple:
        """Wait for the stream's first entry (the setup); ServerError if none comes."""
        try:
            while True:
                item = self.inbox.get(timeout=timeout)
                if item[0] == "entry":
                    return item
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
        async def moving():
            try:
                await self.client.move(url)
            except Exception as error:
                self._arrived(("link", f"cannot join at {url} ({str(error) or type(error).__name__}); "
                                       "still trying the old address"))
        if self.client is not None and self.client.send is None:  # the host's own board stays
            asyncio.run_coroutine_threadsafe(moving(), self.loop)

    def reread(self, after: int) -> None:
        """Have the stream read again from the entry after `after` (a board rebuilding)."""
        if self.client is not None:
            self.loop.call_soon_threadsafe(self.client.reread, after)

    def drain(self) -> list[tuple]:
        """Everything that arrived since the last call."""
        items = []
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
    try:
        pid = int((folder / "server.pid").read_text())
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return
    if b"nats-server" in command:  # the pid is still that server, not a reused number
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


def hosting_folder() -> Path:
    """Where a hosted game keeps its stream, config and secrets."""
    return data_dir() / "net" / "game"


def join_line(listen: str, port: int, code: str) -> str:
    """The command a player types, with this machine's name when listening everywhere."""
    where = socket.gethostname() if listen in ("0.0.0.0", "::", "") else listen
    return f"{command_name()} join nats://{where}:{port} {code}"


def hosting_for(folder: Path, listen: str, port: int, new_game: bool) -> Hosting:
    """The hosting kept in the folder, or a new one (a new code and secret, the old stream
    removed) for a new game."""
    kept = Hosting.read(folder)
    if kept is not None and not new_game:
        kept.listen, kept.port = listen, port
        return kept
    stop_recorded_server(folder)  # a server left by a killed host holds the old game
    if (folder / "jetstream").exists():
        shutil.rmtree(folder / "jetstream")
    hosting = Hosting.new(folder, listen, port)
    hosting.write()
    return hosting
