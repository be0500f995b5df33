"""Network rows: a player's request to every board showing it, and 8 players' requests held
without loss, over a real nats-server on loopback (wall time: the network is the point)."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from benchmarks.frames import ARENA
from benchmarks.longgame import calm_choice
from benchmarks.timing import Result, percentile, rate_result, times_result
from board.game import Game
from board.maps import load_map, parse_map
from board.net.client import Client
from board.net.host import Host
from board.net.protocol import Follower, Subjects
from board.net.certs import own_context
from board.net.invitations import parse_code
from board.net.server import Hosting, free_port, start_server
from board.net.session import api_prefix, invite_for, join_address
from board.sides import teams


class Board:
    """A headless board: a client and the follower it feeds."""

    def __init__(self, hosting: Hosting, name: str, host: Host | None = None, code: str = "", url: str = ""):
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
            user, password = parse_code(code)
            self.client = Client(url or join_address(hosting), user, password, Subjects(hosting.game), name, self.sink)
        self.follower: Follower | None = None
        self.moved = asyncio.Event()

    def sink(self, item: tuple) -> None:
        if item[0] == "entry":
            if self.follower is None:
                self.follower = Follower.from_setup(item[2])
            else:
                self.follower.apply(item[1], item[2])
            self.moved.set()

    async def reach(self, seq: int) -> None:
        while self.follower is None or self.follower.seq < seq:
            self.moved.clear()
            await asyncio.wait_for(self.moved.wait(), 60)

    async def ask(self, kind: str, **fields) -> dict:
        return await self.client.ask(self.client.request(kind, **fields))


def eight_sides() -> Game:
    """A big open Warrior & Wizard map with eight one-figure sides far apart."""
    rows = "\n".join("  " + " ".join("." for _ in range(16)) for _ in range(12))
    figures = "\n".join(
        f'  - {{name: F{i}, team: T{i}, at: "{2 + (i % 4) * 4:02d}{3 + (i // 4) * 6:02d}", weapons: [Broadsword]}}'
        for i in range(8)
    )
    text = f"name: Eight sides\nlayout: pointy\nterrain: |\n{rows}\nfigures:\n{figures}\n"
    return Game(parse_map(text, "eight-sides"), seed="bench")


async def _table(folder: Path, game: Game, players: list[str]):
    hosting = Hosting.new(folder, "127.0.0.1", free_port())
    invite_for(hosting, len(players))
    server = start_server(hosting)
    host = Host(hosting)
    await host.start(game, {team: None for team in teams(game.battle)})
    codes = [i.code for i in hosting.all_invitations()]
    boards = [Board(hosting, "GM", host)] + [Board(hosting, name, code=code) for name, code in zip(players, codes)]
    for board in boards:
        await board.client.start()
        await board.reach(1)
    return server, host, boards


async def _close(server, host, boards) -> None:
    for board in boards:
        await board.client.stop()
    await host.stop()
    server.kill()
    server.wait()


async def _my_command(board: Board, sides: list[str], rng: random.Random):
    """A calm legal command for one of the board's sides, waiting for its turn."""
    while True:
        game = board.follower.game
        mine = [name for name, token in game.tokens().items() if token.team in sides]
        # Peaceful: a side knocked out could not send its share, and the others would wait for it.
        command = calm_choice(game, rng, mine, peaceful=True)
        if command is not None:
            return command
        board.moved.clear()
        await asyncio.wait_for(board.moved.wait(), 60)


async def _round_trip(player: Board, boards: list[Board], command) -> float:
    """Seconds from a player's request to every board showing the entry."""
    start = time.perf_counter()
    reply = await player.ask("command", command=command.model_dump(mode="json", exclude_none=True))
    for board in boards:
        await board.reach(reply["seq"])
    return time.perf_counter() - start


async def _latency(n: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        server, host, boards = await _table(Path(folder), Game(load_map(ARENA), seed="bench"), ["ann", "bo"])
        red, blue = teams(boards[0].follower.game.battle)
        await boards[1].ask("seat", team=red, holder="ann")
        await boards[2].ask("seat", team=blue, holder="bo")
        for board in boards:
            await board.reach(host.referee.follower.seq)
        rng, times = random.Random(2), []
        while len(times) < n:
            game = boards[1].follower.game
            legal = [c for c in game.legal_actions() if not c.target]
            command = rng.choice(legal)
            player = boards[1] if game.tokens()[command.figure].team == red else boards[2]
            times.append(await _round_trip(player, boards, command))
        await _close(server, host, boards)
    return times


def latency(n: int) -> Result:
    """A player's command to all three boards (the GM's and two players') showing it."""
    times = asyncio.run(_latency(n))
    return times_result(
        "net_latency",
        "Request to every board showing it (loopback, 3 boards)",
        times,
        target=20.0,
        note="wall time; p95 target 50 ms",
    )


async def _eight(per_client: int) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as folder:
        names = [f"p{i}" for i in range(8)]
        server, host, boards = await _table(Path(folder), eight_sides(), names)
        sides = teams(boards[0].follower.game.battle)
        for board, name, team in zip(boards[1:], names, sides):
            assert (await board.ask("seat", team=team, holder=name))["ok"]
        answered = [0] * 8
        done = asyncio.Event()

        async def play(i: int, board: Board) -> None:
            """Take this side's turns until every player has sent its share (a player that
            is through still plays its turns, or the others would wait for it)."""
            rng = random.Random(i)
            while not done.is_set():
                turn = asyncio.ensure_future(_my_command(board, [sides[i]], rng))
                finished = asyncio.ensure_future(done.wait())
                await asyncio.wait([turn, finished], return_when=asyncio.FIRST_COMPLETED)
                if not turn.done():
                    turn.cancel()
                    return
                finished.cancel()
                reply = await board.ask("command", command=turn.result().model_dump(mode="json", exclude_none=True))
                answered[i] += 1
                if min(answered) >= per_client:
                    done.set()
                if reply["ok"]:
                    await board.reach(reply["seq"])

        start = time.perf_counter()
        await asyncio.gather(*(play(i, board) for i, board in enumerate(boards[1:])))
        last = host.referee.follower.seq
        for board in boards:
            await board.reach(last)
        seconds = time.perf_counter() - start
        same = all(b.follower.game.snapshot() == host.referee.game.snapshot() for b in boards)
        held = len(host.referee.game.history)
        note = (
            f"{held} commands on {len(boards)} boards in {seconds:.1f} s; "
            f"{'every board identical, none lost' if same and min(answered) >= per_client else 'LOSS'}"
        )
        await _close(server, host, boards)
    return sum(answered) / seconds, note


def eight_clients(per_client: int) -> Result:
    """8 players each sending `per_client` commands: every one answered, every board equal."""
    rate, note = asyncio.run(_eight(per_client))
    return rate_result("net_8_clients", f"8 players x {per_client} commands, held", [rate], note=note)


async def _round_trips(players: int, n: int, warmup: int) -> list[float]:
    """Each accepted command's round trip (asked, stored, on every board) with `players`
    players, after `warmup` commands that are not counted."""
    with tempfile.TemporaryDirectory() as folder:
        game = Game(load_map(ARENA), seed="bench") if players == 2 else eight_sides()
        names = [f"p{i}" for i in range(players)]
        server, host, boards = await _table(Path(folder), game, names)
        sides = teams(boards[0].follower.game.battle)
        by_team = dict(zip(sides, boards[1:]))
        for board, name, team in zip(boards[1:], names, sides):
            assert (await board.ask("seat", team=team, holder=name))["ok"]
        for board in boards:
            await board.reach(host.referee.follower.seq)
        rng, times = random.Random(players), []
        while len(times) < warmup + n:
            game = host.referee.game
            command = rng.choice([c for c in game.legal_actions() if not c.target])
            player = by_team[game.tokens()[command.figure].team]
            times.append(await _round_trip(player, boards, command))
        await _close(server, host, boards)
    return times[warmup:]


def round_trip(players: int, n: int, warmup: int) -> Result:
    """A player's command, stored and shown on every board, with 2 or 8 players (p99 noted)."""
    times = asyncio.run(_round_trips(players, n, warmup))
    return times_result(
        f"net_round_trip_{players}",
        f"Round trip, {players} players + GM, after {warmup} warm-up commands",
        times,
        target=100.0,
        note=f"wall time; p99 {percentile(times, 99) * 1000:.1f} ms (target 100 ms)",
    )
