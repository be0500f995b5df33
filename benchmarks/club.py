"""A club under load: many games at once on a three-node cluster (each GM's server a leaf
node, two players a game on different nodes), the command round trip and the nodes' memory;
optionally with one node killed half way. Run on demand:

    nice python -m benchmarks.club --games 50 --commands 100 [--kill]

Wall time: the network and the servers are the point. A round trip is from a player's
request to its own board showing the entry; a request refused while a node dies ("could not
store it") is sent again, and the time counts from the first try."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

from benchmarks.frames import ARENA
from benchmarks.longgame import calm_choice
from benchmarks.network import Board
from benchmarks.timing import percentile
from board.game import Game
from board.maps import load_map
from board.net.club import club_via, local_club, start_club
from board.net.host import Host
from board.net.relay import fetch_club_certificate
from board.net.server import start_server
from board.net.session import hosting_via, invite_for
from board.net.tables import table_code
from board.sides import teams


def rss_mib(pid: int) -> tuple[float, float]:
    """(resident now, peak) of a process, in MiB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


class Load:
    """Every game's shared counters: accepted commands, round trips, refusals."""

    def __init__(self, total: int):
        self.total, self.accepted, self.refused = total, 0, 0
        self.times: list[float] = []
        self.after_kill: list[float] = []
        self.killed = False
        self.half = asyncio.Event()


async def _game(
    n: int,
    folder: Path,
    clubs,
    via: str,
    commands: int,
    load: Load,
    setting_up: asyncio.Semaphore,
    go: asyncio.Event,
    ready: list[int],
):
    """One table: its GM's server and host, two players on two nodes (set up a few tables at
    a time, not timed), then each player sending `commands` commands in turn once every
    table is ready."""
    async with setting_up:
        server, host, boards, red, blue = await _set_up(n, folder, clubs, via)
    ready.append(n)
    if len(ready) == len(clubs[0].tables):
        go.set()
    await go.wait()
    rng, sent = random.Random(n), {"ann": 0, "bo": 0}

    def done() -> bool:  # both have sent their share (one that has goes on taking its turns)
        return min(sent.values()) >= commands

    await asyncio.gather(
        _play(boards[1], "ann", [red], done, sent, rng, load, boards[2]),
        _play(boards[2], "bo", [blue], done, sent, rng, load, boards[1]),
    )
    return server, host, boards


async def _set_up(n: int, folder: Path, clubs, via: str):
    name = f"t{n}"
    hosting = hosting_via(
        folder / f"gm-{n}", via, table_code(name, clubs[0].tables[name]), clubs[0].port, new_game=True
    )
    invite_for(hosting, 2)
    await fetch_club_certificate(hosting)
    server = await asyncio.to_thread(start_server, hosting)
    game = Game(load_map(ARENA), seed=f"club-{n}")
    host = Host(hosting)
    await host.start(game, {team: None for team in teams(game.battle)})
    codes = [i.code for i in hosting.all_invitations()]
    pin = hosting.pin
    urls = [f"tls://127.0.0.1:{clubs[(n + k) % len(clubs)].port}/{pin}" for k in (0, 1)]
    boards = [Board(hosting, "GM", host)] + [
        Board(hosting, who, code=code, url=url) for who, code, url in zip(("ann", "bo"), codes, urls)
    ]
    for board in boards:
        await board.client.start()
        await board.reach(1)
    red, blue = teams(game.battle)
    await boards[1].ask("seat", team=red, holder="ann")
    await boards[2].ask("seat", team=blue, holder="bo")
    return server, host, boards, red, blue


async def _play(
    board: Board, who: str, sides: list[str], done, sent: dict[str, int], rng: random.Random, load: Load, other: Board
) -> None:
    while not done():
        game = board.follower.game
        mine = [name for name, token in game.tokens().items() if token.team in sides]
        command = calm_choice(game, rng, mine, peaceful=True)
        if command is None:
            board.moved.clear()
            await asyncio.wait_for(board.moved.wait(), 300)
            continue
        request = board.client.request("command", command=command.model_dump(mode="json", exclude_none=True))
        start = time.perf_counter()
        while True:
            reply = await board.client.ask(request)  # the same id: stored once however often sent
            if reply.get("duplicate"):  # stored after all, by a try whose answer was lost
                reply = {**reply, "ok": True}
            if reply.get("ok"):
                break
            if reply.get("stored") is False:
                load.refused += 1
                await asyncio.sleep(0.1)
                continue
            break  # refused by the rules (a race with the other side's move): choose again
        if not reply.get("ok"):
            continue
        await board.reach(reply["seq"])
        spent = time.perf_counter() - start
        (load.after_kill if load.killed else load.times).append(spent)
        sent[who] += 1
        load.accepted += 1
        other.moved.set()  # a wake-up: the other player checks done() again
        if load.accepted * 2 >= load.total:
            load.half.set()


async def _run(games: int, commands: int, kill: bool) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        clubs = local_club(folder / "club", tuple(f"t{n}" for n in range(games)), nodes=3)
        nodes = [await asyncio.to_thread(start_club, club) for club in clubs]
        load = Load(games * 2 * commands)
        setting_up = asyncio.Semaphore(4)
        via = club_via(clubs)
        go, ready, began = asyncio.Event(), [], [0.0]
        killer = asyncio.create_task(_kill_half_way(load, nodes[1])) if kill else None

        async def clock() -> None:
            await go.wait()
            began[0] = time.perf_counter()

        timer = asyncio.create_task(clock())
        tables = await asyncio.gather(
            *(_game(n, folder, clubs, via, commands, load, setting_up, go, ready) for n in range(games))
        )
        elapsed = time.perf_counter() - began[0]
        await timer
        memory = {club.node: rss_mib(node.pid) for club, node in zip(clubs, nodes) if node.poll() is None}
        leaf = [rss_mib(server.pid)[0] for server, _, _ in tables]
        if killer is not None:
            await killer
        for server, host, boards in tables:
            for board in boards:
                await board.client.stop()
            await host.stop()
            server.kill()
        for node in nodes:
            node.kill()
            node.wait()
    every = load.times + load.after_kill
    report = {
        "games": games,
        "commands_per_player": commands,
        "accepted": load.accepted,
        "seconds_playing": round(elapsed, 1),
        "commands_per_second": round(load.accepted / elapsed, 1),
        "round_trip_ms": {"p50": round(percentile(every, 50) * 1000, 1), "p99": round(percentile(every, 99) * 1000, 1)},
        "node_memory_mib": {
            name: {"rss": round(now, 1), "peak": round(peak, 1)} for name, (now, peak) in memory.items()
        },
        "gm_server_rss_mib_mean": round(sum(leaf) / len(leaf), 1),
    }
    if kill:
        report["killed"] = "node-2, once half the commands were accepted"
        report["refused_then_sent_again"] = load.refused
        if load.after_kill:
            report["round_trip_after_kill_ms"] = {
                "p50": round(percentile(load.after_kill, 50) * 1000, 1),
                "p99": round(percentile(load.after_kill, 99) * 1000, 1),
                "max": round(max(load.after_kill) * 1000, 1),
            }
    return report


async def _kill_half_way(load: Load, node) -> None:
    await load.half.wait()
    node.kill()
    load.killed = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--commands", type=int, default=100, help="commands each player sends")
    parser.add_argument("--kill", action="store_true", help="kill one node when half are accepted")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(_run(args.games, args.commands, args.kill)), indent=1))


if __name__ == "__main__":
    main()
