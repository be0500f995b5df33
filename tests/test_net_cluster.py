"""A club of three nodes with every table's stream kept on all three (real nats-servers on
loopback): killing a node in the middle of a game loses no command the host said "ok" to,
and every board (the players', the GM's server joined as a leaf node) carries on by itself
on the nodes left; the node comes back and catches up."""

from __future__ import annotations

import asyncio
import random

import pytest

from board.net.protocol import Subjects
from board.sides import teams
from tests.club_helpers import Table, make_club
from tests.net_helpers import DEADLINE, Board, run

COMMANDS = 6  # each player's accepted commands before the kill, and again after it


@pytest.fixture
def cluster(tmp_path):
    nodes = make_club(tmp_path / "club", tables=("oak",), nodes=3)
    for node in nodes:
        node.start()
    yield nodes
    for node in nodes:
        node.kill()


async def take_turns(
    board: Board, sides: list[str], rng: random.Random, accepted: list[str], done, others: list[Board]
) -> None:
    """Command this board's sides until done() (a refusal, such as "could not store it"
    while a node dies, is followed by another try); the other players' boards are woken
    after each accepted command, so one waiting for its turn sees done() change."""
    while not done() and not board.game.is_terminal():
        game = board.game
        mine = [c for c in game.legal_actions() if c.figure and game.tokens()[c.figure].team in sides]
        if not mine:
            board.moved.clear()
            await asyncio.wait_for(board.moved.wait(), DEADLINE)
            continue
        request = board.client.request("command", command=rng.choice(mine).model_dump(mode="json", exclude_none=True))
        reply = await asyncio.wait_for(board.client.ask(request), DEADLINE)
        if reply["ok"]:
            accepted.append(request["rid"])
            for other in others:
                other.moved.set()  # a wake-up only: a waiting board checks done() again
            await board.reach(reply["seq"])


@pytest.mark.parametrize("victim", ["the stream's leader", "the GM's server's node"])
def test_killing_a_node_mid_game_loses_no_accepted_command_and_the_boards_carry_on(cluster, tmp_path, victim):
    async def scenario():
        # Killing the GM's server's node: it knows only that node, and reconnects to the
        # others the club told it of (as the players' boards do).
        told = cluster if victim == "the stream's leader" else cluster[:1]
        oak = await Table(tmp_path / "gm-oak", told, "oak", players=3).start()
        info = await oak.host.js.stream_info(Subjects().stream)
        assert info.config.num_replicas == 3
        red, blue = teams(oak.gm.game.battle)
        # The players join the node to be killed: they reconnect to the nodes the club told
        # them of (and, if it led the stream, the stream elects another leader).
        leader = info.cluster.leader
        dead = next(node for node in cluster if node.club.node == leader) if told is cluster else cluster[0]
        ann = await oak.player("ann", 0, url=_address(oak, dead))
        bo = await oak.player("bo", 1, url=_address(oak, dead))
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        assert (await bo.ask("seat", team=blue, holder="bo"))["ok"]
        rng, accepted = random.Random(7), {"ann": [], "bo": []}

        async def play(count):
            def done():
                return all(len(rids) >= count for rids in accepted.values())

            await asyncio.gather(
                take_turns(ann, [red], rng, accepted["ann"], done, [bo]),
                take_turns(bo, [blue], rng, accepted["bo"], done, [ann]),
            )

        await play(COMMANDS)
        if told is cluster:
            assert (await oak.host.js.stream_info(Subjects().stream)).cluster.leader == leader
        dead.kill()
        await play(2 * COMMANDS)
        for board in (ann, bo):
            lost = board.links.index("connection lost: reconnecting")
            assert "connected" in board.links[lost:]
        assert all(len(rids) >= 2 * COMMANDS for rids in accepted.values()), "the game ended early"
        # Every command the host accepted is in the stream, as a board joining now reads it.
        seq = oak.host.referee.follower.seq
        alive = next(node for node in cluster if node is not dead)
        late = await oak.player("late", 2, url=_address(oak, alive))
        await late.reach(seq)
        assert set(accepted["ann"] + accepted["bo"]) <= late.rids
        assert late.game.history == oak.host.referee.game.history
        # The node comes back and catches up; the game goes on.
        dead.start()
        await play(2 * COMMANDS + 2)
        await asyncio.gather(*(board.reach(oak.host.referee.follower.seq) for board in (ann, bo, late, oak.gm)))
        for board in (ann, bo, late):
            await board.stop()
        await oak.stop()

    run(scenario())


def _address(table: Table, node) -> str:
    """The table's join address at one node of the club."""
    return table.address.replace(f":{table.hosting.join_port}/", f":{node.club.port}/")
