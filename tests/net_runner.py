"""A player's board in its own process, for the tests that kill one: it joins, takes its side
(unless the stream says it has it), plays until the fight is over, prints each entry it
applies ("seq N"), and writes its final snapshot as JSON.

    python -m tests.net_runner URL CODE NAME TEAM OUT SEED"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from board.net.server import Hosting
from tests.net_helpers import Board, over, play_turns


async def main(url: str, code: str, name: str, team: str, out: str, seed: str) -> None:
    board = Board(Hosting(folder=""), name, code=code, url=url)
    printed = board.sink

    def sink(item):
        printed(item)
        if item[0] == "entry":
            print(f"seq {item[1]}", flush=True)

    board.client.sink = sink
    await board.start()
    await board.reach(1)
    if board.follower.seats.get(team) != name:
        await board.ask("seat", team=team, holder=name)
    await play_turns(board, [team], random.Random(seed), lambda b: over(b.game))
    with open(out, "w") as file:
        json.dump({"seq": board.seq, "snapshot": board.game.snapshot()}, file)
    await board.stop()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:7]))
