"""Accepted means stored: the host says "ok" only once JetStream holds the entry, and a store
that fails leaves the host's game exactly the stream's, across a paused or dead nats-server."""

from __future__ import annotations

import asyncio
import dataclasses
import signal
from pathlib import Path

import nats
import pytest
from nats.js.api import ConsumerConfig
from nats.js.errors import BadRequestError

from board.game import Game
from board.maps import load_map
from board.net.certs import own_context
from board.net.host import Host
from board.net.server import ServerError, free_port
from board.sides import teams
from tests.net_helpers import DEADLINE, Board, Server, address, start_host


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path / "hosted").start()
    yield server
    server.kill()


def resumed(server: Server) -> Host:
    return Host(server.hosting)


async def stream_last(host: Host) -> int:
    return (await host.js.stream_info(host.subjects.stream)).state.last_seq


async def connected(host: Host) -> None:
    """Wait until the host's connection is back (nats-py reconnects on its own) and the
    restarted server's JetStream answers for the stream (it recovers it from disk first)."""

    async def wait():
        while True:
            if host.nc.is_connected:
                try:
                    await host.js.stream_info(host.subjects.stream)
                    return
                except Exception:
                    pass
            await asyncio.sleep(0.05)

    await asyncio.wait_for(wait(), DEADLINE)


async def quick_host(server: Server):
    """A host whose stores time out after 1 s (the default 5 s only makes the test longer)."""
    host, gm = await start_host(server)
    host.js = host.nc.jetstream(timeout=1.0)
    return host, gm


async def paused(server: Server) -> None:
    """SIGSTOP the server and wait until every thread of it has stopped (the signal is
    delivered asynchronously: a store sent at once could still be taken)."""
    server.process.send_signal(signal.SIGSTOP)
    tasks = Path(f"/proc/{server.process.pid}/task")

    def stopped() -> bool:
        return all((t / "stat").read_text().rsplit(")", 1)[1].split()[0] in "tT" for t in tasks.iterdir())

    async def wait():
        while not stopped():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), DEADLINE)


def command_request(gm: Board, host: Host, index: int = 0) -> dict:
    command = host.referee.game.legal_actions()[index]
    return gm.client.request("command", command=command.model_dump(mode="json", exclude_none=True))


def test_a_store_the_dead_server_never_took_is_refused_and_the_resend_is_stored_once(server):
    async def scenario():
        host, gm = await quick_host(server)
        before = (host.referee.follower.seq, host.referee.game.snapshot())
        request = command_request(gm, host)
        await paused(server)  # the server stops answering mid-store
        reply = await asyncio.wait_for(host.handle(request, gm=True), DEADLINE)
        assert not reply["ok"] and "could not store" in reply["reason"], reply
        server.kill()  # stopped, then killed: the entry in its socket is gone
        server.start()
        await connected(host)
        again = await asyncio.wait_for(host.handle(request, gm=True), DEADLINE)
        assert again["ok"] and not again["duplicate"] and again["seq"] == before[0] + 1, again
        assert await stream_last(host) == before[0] + 1  # stored once
        later = await host.handle(command_request(gm, host), gm=True)
        assert later["ok"], later  # judged on the stream's game, stored after it
        # Another host resumes the stream: the same game, nothing diverged.
        other = resumed(server)
        await other.start()
        assert other.referee.follower.seq == host.referee.follower.seq == later["seq"]
        assert other.referee.game.snapshot() == host.referee.game.snapshot()
        late = await Board(server.hosting, "late").start()
        await late.reach(later["seq"])
        assert late.game.snapshot() == host.referee.game.snapshot()
        await late.stop(), await other.stop(), await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_after_a_server_pause_the_late_store_counts_and_an_innocent_command_is_accepted(server):
    async def scenario():
        host, gm = await quick_host(server)
        start = host.referee.follower.seq
        first = command_request(gm, host)
        await paused(server)
        reply = await asyncio.wait_for(host.handle(first, gm=True), DEADLINE)
        assert not reply["ok"], reply
        server.process.send_signal(signal.SIGCONT)  # the paused server stores what it had
        # An innocent command after the pause is judged on the stream, not refused for its
        # last sequence; the resend of the first is answered as already stored.
        innocent = await asyncio.wait_for(host.handle(command_request(gm, host), gm=True), DEADLINE)
        assert innocent["ok"], innocent
        again = await asyncio.wait_for(host.handle(first, gm=True), DEADLINE)
        assert again["ok"] and again["duplicate"], again
        assert await stream_last(host) == innocent["seq"] == start + 2
        await gm.reach(innocent["seq"])
        assert gm.game.snapshot() == host.referee.game.snapshot()
        other = resumed(server)
        await other.start()
        assert other.referee.game.snapshot() == host.referee.game.snapshot()
        await other.stop(), await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_while_the_server_is_away_every_request_is_refused_and_nothing_is_judged(server):
    async def scenario():
        host, gm = await quick_host(server)
        snapshot = host.referee.game.snapshot()
        await paused(server)
        requests = [command_request(gm, host, i) for i in range(2)]
        for request in requests:
            reply = await asyncio.wait_for(host.handle(request, gm=True), DEADLINE)
            assert not reply["ok"] and "nothing changed" in reply["reason"]
        server.kill()
        server.start()
        await connected(host)
        # the first refusal left the referee to be rebuilt: it is the stream's game again
        reply = await host.handle(gm.client.request("undo"), gm=True)
        assert not reply["ok"] and reply["reason"] == "nothing to undo", reply
        assert host.referee.game.snapshot() == snapshot
        await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_a_held_plot_taken_back_stays_taken_back_when_the_host_resumes(server):
    async def scenario():
        game = Game(load_map("maps/melee-seconds-skirmish.yaml"), {"written_plots": True}, seed=2)
        host, gm = await start_host(server, game=game)
        for _ in range(3):
            assert (await gm.command(host.referee.game.legal_actions()[0]))["ok"]
        assert len(host.referee.held) == 3
        assert (await gm.ask("undo"))["ok"]  # quietly: the third plot was never shown
        assert (await gm.command(host.referee.game.legal_actions()[-1]))["ok"]
        held, ahead = list(host.referee.held), host.referee.game.snapshot()
        assert len(held) == 3
        await gm.stop(), await host.stop()
        other = resumed(server)
        await other.start()
        assert other.referee.held == held and other.referee.game.snapshot() == ahead
        await other.stop()

    asyncio.run(scenario())


def test_a_board_whose_game_differs_from_the_hosts_says_so_and_rebuilds_from_the_stream(server):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        for _ in range(3):
            reply = await gm.command(host.referee.game.legal_actions()[0])
            await ann.reach(reply["seq"])
        # Something (a bug, a tampered board) changes ann's game behind the stream's back.
        assert ann.game.submit(ann.game.legal_actions()[-1]).accepted
        reply = await gm.ask("seat", team=teams(gm.game.battle)[0], holder="bo")
        await ann.until(lambda: ann.desyncs and ann.seq >= reply["seq"])
        assert "differed from the host's after entry" in ann.desyncs[0]
        assert ann.game.snapshot() == host.referee.game.snapshot()
        assert ann.follower.seats == host.referee.follower.seats
        await ann.stop(), await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_a_board_that_cannot_reach_the_host_says_so_and_follows_it_to_its_new_address(server, tmp_path):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        red = teams(ann.game.battle)[0]
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        ann.client.patience = 0.2  # say so sooner than a player's board would
        await gm.stop(), await host.stop()
        server.kill()  # the host's machine goes; it comes back on another port
        await ann.until(lambda: any("cannot reach the host" in words for words in ann.links))
        assert f":{server.hosting.port}" in ann.links[-1] and "new address" in ann.links[-1]
        server.hosting.port = free_port()
        server.start()
        host = resumed(server)
        await host.start()
        await ann.client.move(address(server.hosting))
        # the same place in the stream, the same seat: only red's holder may give it up
        assert ann.follower.seats[red] == "ann"
        reply = await ann.ask("seat", team=red, holder=None)
        assert reply["ok"], reply
        await ann.reach(reply["seq"])
        assert ann.game.snapshot() == host.referee.game.snapshot()
        await ann.stop(), await host.stop()

    asyncio.run(scenario())


def test_a_host_the_server_will_not_let_read_its_stream_says_why_without_a_traceback(server):
    async def scenario():
        host, gm = await start_host(server)
        info = await host.js.stream_info(host.subjects.stream)
        # Every consumer the stream may have is taken (as by a player's flood of them).
        await host.js.update_stream(dataclasses.replace(info.config, max_consumers=2))
        await gm.stop(), await host.stop()
        hog = await nats.connect(
            server.hosting.url,
            user="host",
            password=server.hosting.host_password,
            tls=own_context(Path(server.hosting.folder)),
            tls_handshake_first=True,
        )
        for n in range(3):  # take what the boards that left have not freed yet
            try:
                await hog.jetstream().add_consumer(host.subjects.stream, ConsumerConfig(durable_name=f"hog{n}"))
            except BadRequestError:
                break
        with pytest.raises(ServerError, match="cannot read the game back.*maximum consumers"):
            await resumed(server).start()
        # A board needs no consumer: it still reads the game (the feed and direct gets).
        late = await Board(server.hosting, "late", code=server.spectator()).start()
        await late.reach(1)
        await late.stop(), await hog.close()

    asyncio.run(scenario())
