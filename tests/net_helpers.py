"""Network play in tests: a real nats-server on loopback, headless boards that follow the
stream, and players that take their sides' turns. Every wait is for a condition (an entry
applied, a reply), with a generous deadline that only stops a hung test."""

from __future__ import annotations

import asyncio
import random
import subprocess

import nats

import pytest
from pathlib import Path

from board.game import Game
from board.maps import load_map
from board.net.client import Client
from board.net.host import Host
from board.net.protocol import Desynced, Follower, Subjects
from board.net.certs import certificate_fingerprint, own_context
from board.net.invitations import PLAYER, SPECTATOR, inbox_prefix, parse_code, role_of
from board.net.server import Hosting, free_port, start_server
from board.net.session import api_prefix, invite_for
from board.sides import teams

DEADLINE = 60.0  # seconds: a guard against a hang, never a measure
FIGHT = "maps/combat-chart-skirmish.yaml"


class Killable:
    """A nats-server process a test may kill (SIGKILL) and start again."""

    process: subprocess.Popen | None = None

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Server(Killable):
    """nats-server for one test: start, kill (SIGKILL) and start again on the same folder."""

    def __init__(self, folder: Path, players: int = 6, spectators: int = 1):
        self.hosting = Hosting.new(folder, "127.0.0.1", free_port())
        self.hosting.write()
        invite_for(self.hosting, players, spectators)
        self.process: subprocess.Popen | None = None

    def spectator(self) -> str:
        """A spectator invitation's code."""
        return next(i.code for i in self.hosting.all_invitations() if i.role == SPECTATOR)

    def start(self) -> Server:
        self.process = start_server(self.hosting)
        return self


_HANDED: dict[tuple[str, str], str] = {}  # (game folder, player name): its invitation's code


def code_for(hosting: Hosting, name: str) -> str:
    """The invitation a test's player uses: one of its own, the same each time it joins."""
    key = (hosting.folder, name)
    if key not in _HANDED:
        handed = set(_HANDED.values())
        _HANDED[key] = next(i.code for i in hosting.all_invitations() if i.role == PLAYER and i.code not in handed)
    return _HANDED[key]


class Raw:
    """An attacker's own NATS connection with a valid invitation; what the server refuses
    arrives in `refused`."""

    def __init__(self, server: Server, code: str, prefix: str | None = None):
        self.server, self.code, self.prefix = server, code, prefix
        self.refused: asyncio.Queue = asyncio.Queue()
        self.closed = asyncio.Event()
        self.nc = None

    async def __aenter__(self):
        self.user, password = parse_code(self.code)
        user = self.user
        hosting = self.server.hosting

        async def on_error(error):
            await self.refused.put(str(error).lower())

        async def on_closed():
            self.closed.set()

        self.nc = await nats.connect(
            hosting.url,
            user=user,
            password=password,
            tls=own_context(Path(hosting.folder)),
            tls_handshake_first=True,
            inbox_prefix=self.prefix or inbox_prefix(user),
            error_cb=on_error,
            closed_cb=on_closed,
            allow_reconnect=False,
        )
        return self

    async def __aexit__(self, *exc):
        if not self.nc.is_closed:
            await self.nc.close()

    async def violation(self) -> str:
        words = await asyncio.wait_for(self.refused.get(), DEADLINE)
        assert "permissions violation" in words, words
        return words


def address(hosting: Hosting) -> str:
    """The join address, with the certificate's fingerprint."""
    return f"{hosting.url}/{certificate_fingerprint(Path(hosting.folder))}"


class Board:
    """A headless board: a client and its follower, with a way to wait for the stream."""

    def __init__(
        self, hosting: Hosting, name: str, code: str | None = None, host: Host | None = None, url: str | None = None
    ):
        if host:
            self.client = Client(
                hosting.url,
                "host",
                hosting.host_password,
                Subjects(hosting.game),
                name,
                self.sink,
                lambda request: host.handle(request, gm=True),
                tls=own_context(Path(hosting.folder)),
                api=api_prefix(hosting),
            )
        else:
            user, password = parse_code(code or code_for(hosting, name))
            self.client = Client(
                url or address(hosting),
                user,
                password,
                Subjects(hosting.game),
                name,
                self.sink,
                hello=role_of(user) == PLAYER,
            )
        self.follower: Follower | None = None
        self.moved = asyncio.Event()  # an entry was applied
        self.heard = asyncio.Event()  # anything came: an entry, a note, news of the link
        self.links: list[str] = []
        self.notes: list[str] = []
        self.desyncs: list[str] = []  # what this board said when its game differed from the host's
        self.rids: set[str] = set()  # the request ids of the entries applied (without the invitation)

    def sink(self, item: tuple) -> None:
        if item[0] == "entry":
            _, seq, entry = item
            self.rids.add(str(entry.get("rid")).split(":", 1)[-1])
            if self.follower is None:
                self.follower = Follower.from_setup(entry)
            else:
                try:
                    self.follower.apply(seq, entry)
                except Desynced as error:  # as the board's window does: say so, read again
                    self.desyncs.append(str(error))
                    self.client.reread(self.follower.seq)
            self.moved.set()
        elif item[0] == "link":
            self.links.append(item[1])
        elif item[0] == "note":
            self.notes.append(item[1])
        self.heard.set()

    @property
    def game(self) -> Game:
        return self.follower.game

    @property
    def seq(self) -> int:
        return self.follower.seq if self.follower else 0

    async def start(self) -> Board:
        await self.client.start()
        return self

    async def reach(self, seq: int) -> None:
        """Wait until the entry at seq is applied."""

        async def wait():
            while self.seq < seq:
                self.moved.clear()
                await self.moved.wait()

        await asyncio.wait_for(wait(), DEADLINE)

    async def until(self, condition) -> None:
        """Wait until condition() holds, checking it each time the board hears something."""

        async def wait():
            while not condition():
                self.heard.clear()
                await self.heard.wait()

        await asyncio.wait_for(wait(), DEADLINE)

    async def ask(self, kind: str, **fields) -> dict:
        return await asyncio.wait_for(self.client.ask(self.client.request(kind, **fields)), DEADLINE)

    async def command(self, command) -> dict:
        return await self.ask("command", command=command.model_dump(mode="json", exclude_none=True))

    async def stop(self) -> None:
        await self.client.stop()


def over(game: Game) -> bool:
    return game.is_terminal()


async def start_host(server: Server, path: str = FIGHT, game: Game | None = None) -> tuple[Host, Board]:
    """The host's authority and its own board (the GM's)."""
    hosting = server.hosting
    host = Host(hosting)
    game = game if game is not None else Game(load_map(path), seed="public")
    await host.start(game, {t: None for t in teams(game.battle)})
    board = await Board(hosting, "GM", host=host).start()
    await board.reach(1)
    return host, board


async def play_turns(board: Board, sides: list[str], rng: random.Random, until) -> int:
    """Take this board's sides' turns with random legal commands until `until(board)`;
    returns how many commands it had accepted."""
    accepted = 0
    while not until(board):
        game = board.game
        mine = [c for c in game.legal_actions() if c.figure and game.tokens()[c.figure].team in sides]
        if not mine:
            board.moved.clear()
            await asyncio.wait_for(board.moved.wait(), DEADLINE)
            continue
        attacks = [c for c in mine if c.target]
        reply = await board.command(rng.choice(attacks or mine))
        if reply["ok"]:
            accepted += 1
            await board.reach(reply["seq"])
    return accepted


async def start_with_held_plots(server: Server, plots: int = 3) -> tuple[Host, Board]:
    """A host of a Melee Seconds game with written plots, holding the GM's first plots."""
    game = Game(load_map("maps/melee-seconds-skirmish.yaml"), {"written_plots": True}, seed=2)
    host, gm = await start_host(server, game=game)
    for _ in range(plots):
        assert (await gm.command(host.referee.game.legal_actions()[0]))["ok"]
    assert len(host.referee.held) == plots
    return host, gm


@pytest.fixture
def server(tmp_path):
    """A nats-server for one test, on a free loopback port (import it into a test module)."""
    server = Server(tmp_path / "hosted").start()
    yield server
    server.kill()


def run(coroutine):
    """Run a test's scenario to its end."""
    return asyncio.run(coroutine)
