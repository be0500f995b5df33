"""A player holding a valid invitation, acting as an attacker against a real nats-server on
loopback: every attempt to pass for someone else, read what is not theirs, or clog the
server is refused, and the game goes on for everyone else."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import nats
import pytest

from board.net.certs import PinMismatch, own_context
from board.net.host import Host
from board.net.invitations import inbox_prefix, parse_code
from board.net.protocol import Subjects, encode
from board.net.server import CONNECTIONS_PER_INVITATION, HOST_CONNECTIONS, MAX_SUBSCRIPTIONS, connection_cap
from board.sides import teams
from board.words import possessive
from tests.net_helpers import (  # noqa: F401 (server: a fixture)
    DEADLINE,
    Board,
    Raw,
    Server,
    address,
    code_for,
    run,
    server,
    start_host,
    start_with_held_plots,
)


def test_a_client_without_an_invitation_is_refused(server):
    async def scenario():
        hosting = server.hosting
        with pytest.raises(Exception) as refused:
            await nats.connect(
                hosting.url,
                user="pxxxxx",
                password="wrong-code",
                tls=own_context(Path(hosting.folder)),
                tls_handshake_first=True,
                allow_reconnect=False,
                max_reconnect_attempts=0,
                connect_timeout=5,
            )
        assert "authorization" in str(refused.value).lower() or "no servers" in str(refused.value).lower()

    run(scenario())


def test_a_request_naming_another_player_in_from_acts_as_its_sender(server):
    async def scenario():
        host, gm = await start_host(server)
        ann, bo = [await Board(server.hosting, name).start() for name in ("ann", "bo")]
        await ann.reach(1)
        red, blue = teams(ann.game.battle)
        assert (await bo.ask("seat", team=blue, holder="bo"))["ok"]
        await ann.reach(2)
        # ann writes bo's name as the sender: the host believes the invitation, not the field
        forged = ann.client.request("seat", team=blue, holder=None)
        forged["from"] = "bo"
        reply = await ann.client.ask(forged)
        assert not reply["ok"] and "you do not play" in reply["reason"]
        theirs = next(c for c in bo.game.legal_actions() if bo.game.tokens()[c.figure].team == blue)
        request = ann.client.request("command", command=theirs.model_dump(mode="json", exclude_none=True))
        request["from"] = "bo"
        reply = await ann.client.ask(request)
        assert not reply["ok"] and f"one of {possessive(blue)} figures" in reply["reason"]
        stolen = ann.client.request("seat", team=red, holder="bo")
        stolen["from"] = "bo"
        assert not (await ann.client.ask(stolen))["ok"]  # nor give a side to another
        assert host.referee.follower.seats == {red: None, blue: "bo"}
        await ann.stop(), await bo.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_player_cannot_send_on_another_invitations_subject(server):
    async def scenario():
        host, gm = await start_host(server)
        bo_user = parse_code(code_for(server.hosting, "bo"))[0]
        async with Raw(server, code_for(server.hosting, "ann")) as ann:
            await ann.nc.publish(Subjects().request_of(bo_user), encode({"rid": "x", "kind": "hello", "name": "bo"}))
            await ann.violation()
        assert not any(i.name for i in server.hosting.all_invitations())
        await gm.stop(), await host.stop()

    run(scenario())


@pytest.mark.parametrize(
    "name", ["GM", "gm", " GM ", "GМ", "Ｇｍ", "computer", "the GM", "ann", "ANN ", "аnn", "a\u200bnn"]
)
def test_a_name_that_reads_as_the_gm_or_another_player_is_refused(server, name):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        with pytest.raises(ConnectionError, match="taken|visible characters"):
            await Board(server.hosting, name, code=code_for(server.hosting, "mallory")).start()
        await ann.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_an_invitation_keeps_the_name_it_first_took(server):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.stop()
        again = await Board(server.hosting, "bo", code=code_for(server.hosting, "ann")).start()
        assert again.client.name == "ann"
        red = teams(gm.game.battle)[0]
        await again.reach(1)
        assert (await again.ask("seat", team=red, holder="ann"))["ok"]
        await again.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_player_cannot_read_another_boards_replies_or_any_shared_inbox(server):
    async def scenario():
        host, gm = await start_host(server)
        bo_user = parse_code(code_for(server.hosting, "bo"))[0]
        async with Raw(server, code_for(server.hosting, "ann")) as ann:
            for subject in (f"{inbox_prefix(bo_user)}.>", "_INBOX.>", ">", "$JS.>"):
                await ann.nc.subscribe(subject)
                await ann.violation()
        # a request whose reply subject is bo's inbox gets no answer sent there
        async with Raw(server, code_for(server.hosting, "bo")) as bo:
            sub = await bo.nc.subscribe(f"{inbox_prefix(bo_user)}.trap")
            ann_user = parse_code(code_for(server.hosting, "ann"))[0]
            async with Raw(server, code_for(server.hosting, "ann")) as ann:
                await ann.nc.publish(
                    Subjects().request_of(ann_user),
                    encode({"rid": "r1", "kind": "hello", "name": "ann"}),
                    reply=f"{inbox_prefix(bo_user)}.trap",
                )
                # ann's own request, asked properly afterwards, is answered: the host has seen both
                reply = await ann.nc.request(
                    Subjects().request_of(ann_user), encode({"rid": "r2", "kind": "hello", "name": "ann"}), timeout=10
                )
                assert json.loads(reply.data)["ok"]
            with pytest.raises(nats.errors.TimeoutError):
                await sub.next_msg(timeout=0.5)
        await gm.stop(), await host.stop()

    run(scenario())


def test_a_player_cannot_create_or_delete_consumers_and_others_still_join_and_the_host_resumes(server):
    async def scenario():
        host, gm = await start_host(server)
        stream = Subjects().stream
        async with Raw(server, code_for(server.hosting, "ann")) as ann:
            for n in range(50):
                await ann.nc.publish(f"$JS.API.CONSUMER.CREATE.{stream}.c{n}", b"{}")
                await ann.nc.publish(f"$JS.API.CONSUMER.DURABLE.CREATE.{stream}.d{n}", b"{}")
            await ann.nc.publish(f"$JS.API.CONSUMER.DELETE.{stream}.x", b"")
            await ann.nc.publish(f"$JS.API.STREAM.PURGE.{stream}", b"")
            await ann.nc.publish(Subjects().log, b"{}")
            for _ in range(103):
                await ann.violation()
        assert (await host.js.stream_info(stream)).state.consumer_count == 0
        late = await Board(server.hosting, "late").start()
        await late.reach(1)
        await gm.stop(), await host.stop()
        again = Host(server.hosting)
        await again.start()
        assert again.referee.follower.seq == 1
        await late.stop(), await again.stop()

    run(scenario())


def test_one_connection_cannot_hold_more_than_its_share_of_subscriptions(server):
    async def scenario():
        host, gm = await start_host(server)
        async with Raw(server, code_for(server.hosting, "ann")) as ann:
            for _ in range(MAX_SUBSCRIPTIONS + 5):
                try:
                    await ann.nc.subscribe(Subjects().feed)
                except Exception:
                    break
            await asyncio.wait_for(ann.closed.wait(), DEADLINE)  # the server closed it
        log = (Path(server.hosting.folder) / "server.log").read_text()
        assert "maximum subscriptions exceeded" in log
        bo = await Board(server.hosting, "bo").start()  # the server serves everyone else
        await bo.reach(1)
        await bo.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_no_route_reads_the_held_plots_even_while_the_host_restarts(server):
    async def scenario():
        host, gm = await start_with_held_plots(server)
        held = [json.dumps(e["command"], separators=(",", ":")) for e in host.referee.held]
        subjects = Subjects()
        async with Raw(server, code_for(server.hosting, "ann")) as ann:
            heard = []

            async def keep(msg):
                heard.append(msg.data.decode())

            # everything this invitation may read, open while the host goes and comes back
            for subject in (subjects.feed, subjects.notes, f"{inbox_prefix(parse_code(ann.code)[0])}.>"):
                await ann.nc.subscribe(subject, cb=keep)
            await gm.stop(), await host.stop()
            again = Host(server.hosting)
            await again.start()  # it reads the held stream back
            assert len(again.referee.held) == 3
            # and every route to the held stream is closed
            await ann.nc.publish(f"$JS.API.DIRECT.GET.{subjects.held_stream}", b'{"seq": 1}')
            await ann.nc.publish(f"$JS.API.STREAM.MSG.GET.{subjects.held_stream}", b'{"seq": 1}')
            await ann.nc.publish(f"$JS.API.CONSUMER.CREATE.{subjects.held_stream}", b"{}")
            await ann.nc.subscribe(subjects.held)
            for _ in range(4):
                await ann.violation()
            await ann.nc.flush()
            assert not any(plot in words for plot in held for words in heard)
            await again.stop()

    run(scenario())


def test_a_kicked_invitation_is_cut_off_and_cannot_come_back_and_its_sides_go_to_the_gm(server):
    async def scenario():
        host, gm = await start_host(server)
        ann, bo = [await Board(server.hosting, name).start() for name in ("ann", "bo")]
        red, blue = teams(gm.game.battle)
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        assert (await bo.ask("seat", team=blue, holder="bo"))["ok"]
        code = code_for(server.hosting, "ann")
        async with Raw(server, code) as raw:  # ann's second connection, open when the kick comes
            await host.kick(parse_code(code)[0])
            await asyncio.wait_for(raw.closed.wait(), DEADLINE)
        await ann.until(lambda: any("no longer in the game" in words for words in ann.links))
        assert host.referee.follower.seats == {red: None, blue: "bo"}
        await gm.reach(host.referee.follower.seq)
        with pytest.raises(Exception, match="(?i)authorization|no servers"):
            await Raw(server, code).__aenter__()
        with pytest.raises(Exception, match="(?i)authorization"):
            await Board(server.hosting, "ann", code=code).start()
        # bo plays on
        mine = (
            next(c for c in bo.game.legal_actions() if bo.game.tokens()[c.figure].team == blue)
            if any(bo.game.tokens()[c.figure].team == blue for c in bo.game.legal_actions())
            else None
        )
        if mine is not None:
            assert (await bo.command(mine))["ok"]
        await ann.stop(), await bo.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_spectator_sees_the_game_as_players_do_and_can_send_nothing(server):
    async def scenario():
        host, gm = await start_with_held_plots(server, plots=3)
        watcher = await Board(server.hosting, "watcher", code=server.spectator()).start()
        await watcher.reach(host.referee.follower.seq)
        assert watcher.game.snapshot() == gm.game.snapshot()  # the stream's, not the host's held plots
        assert watcher.game.snapshot() != host.referee.game.snapshot()
        user = parse_code(server.spectator())[0]
        async with Raw(server, server.spectator()) as raw:
            await raw.nc.publish(Subjects().request_of(user), encode({"rid": "s", "kind": "hello", "name": "x"}))
            await raw.violation()
            await raw.nc.publish(Subjects().request_of(parse_code(code_for(server.hosting, "ann"))[0]), b"{}")
            await raw.violation()
        await watcher.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_board_refuses_a_server_whose_certificate_is_not_the_one_in_its_join_line(server, tmp_path):
    async def scenario():
        impostor = Server(tmp_path / "impostor").start()  # same address form, another certificate
        try:
            pinned = address(server.hosting).rsplit("/", 1)[1]
            fake = f"{impostor.hosting.url}/{pinned}"
            with pytest.raises(PinMismatch):
                await Board(impostor.hosting, "ann", code=code_for(impostor.hosting, "ann"), url=fake).start()
            with pytest.raises(ConnectionError, match="fingerprint"):
                await Board(server.hosting, "ann", url=server.hosting.url).start()  # no pin at all
        finally:
            impostor.kill()

    run(scenario())


def test_the_server_speaks_only_tls_and_says_nothing_of_the_game_in_clear(server):
    async def scenario():
        reader, writer = await asyncio.open_connection("127.0.0.1", server.hosting.port)
        writer.write(b"CONNECT {}\r\nPING\r\n")
        await writer.drain()
        try:
            heard = await asyncio.wait_for(reader.read(4096), 10)
        except (TimeoutError, ConnectionError):
            heard = b""
        writer.close()
        assert b"INFO" not in heard and b"hexboard" not in heard.lower() and b"PONG" not in heard
        with pytest.raises(Exception):  # noqa: B017 (whatever nats-py raises when the handshake fails)
            await nats.connect(
                f"nats://127.0.0.1:{server.hosting.port}",
                allow_reconnect=False,
                max_reconnect_attempts=0,
                connect_timeout=3,
            )

    run(scenario())


def test_one_invitation_cannot_use_up_the_servers_connections_and_others_still_join(server):
    async def scenario():
        host, gm = await start_host(server)
        code = code_for(server.hosting, "ann")
        held, refused = [], 0
        for _ in range(CONNECTIONS_PER_INVITATION + 3):
            try:
                held.append(await Raw(server, code).__aenter__())
            except Exception as error:
                assert "maximum" in str(error).lower() or "connections" in str(error).lower(), error
                refused += 1
        assert len(held) == CONNECTIONS_PER_INVITATION and refused == 3
        bo = await Board(server.hosting, "bo").start()  # another invitation is not counted with ann's
        await bo.reach(1)
        for raw in held:
            await raw.__aexit__()
        await bo.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_spectators_board_refuses_to_send_in_words_instead_of_waiting_forever(server):
    async def scenario():
        host, gm = await start_host(server)
        watcher = await Board(server.hosting, "watcher", code=server.spectator()).start()
        await watcher.reach(1)
        reply = await watcher.ask("seat", team=teams(watcher.game.battle)[0], holder="watcher")
        assert not reply["ok"] and "spectator" in reply["reason"]
        await watcher.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_many_invitations_each_at_its_cap_leave_room_for_the_host_and_every_other_invitation(tmp_path):
    """The server's connection cap grows with the invitations (each capped by its own
    account): 24 invitations holding every connection they may (72, more than a fixed cap of
    64 would allow) do not stop the 25th player joining, a spectator watching, or the host
    resuming."""
    server = Server(tmp_path / "hosted", players=25, spectators=1).start()

    async def scenario():
        host, gm = await start_host(server)
        held = []
        for n in range(24):
            code = code_for(server.hosting, f"p{n}")
            for _ in range(CONNECTIONS_PER_INVITATION):
                held.append(await Raw(server, code).__aenter__())
        last = await Board(server.hosting, "last").start()
        watcher = await Board(server.hosting, "watcher", code=server.spectator()).start()
        await last.reach(1), await watcher.reach(1)
        await gm.stop(), await host.stop()
        again, board = await start_host(server)  # resumes from the stream
        assert (await last.ask("seat", team=teams(last.game.battle)[0], holder="last"))["ok"]
        for raw in held:
            await raw.__aexit__()
        await last.stop(), await watcher.stop(), await board.stop(), await again.stop()

    try:
        run(scenario())
    finally:
        server.kill()
    config = json.loads((Path(server.hosting.folder) / "nats.conf").read_text())
    assert (
        config["max_connections"]
        == connection_cap(server.hosting)
        == CONNECTIONS_PER_INVITATION * 26 + HOST_CONNECTIONS
    )


def test_an_invitation_made_during_the_game_is_heard_and_one_withdrawn_is_not(server):
    """A new invitation gets the host's ear (its own subscription) and room on the server;
    a kicked one loses both."""

    async def scenario():
        host, gm = await start_host(server)
        before = connection_cap(server.hosting)
        made = server.hosting.invite()
        await host.reload()
        config = json.loads((Path(server.hosting.folder) / "nats.conf").read_text())
        assert config["max_connections"] == before + CONNECTIONS_PER_INVITATION
        newcomer = await Board(server.hosting, "newcomer", code=made.code).start()  # hello answered
        reply = await newcomer.ask("seat", team=teams(gm.game.battle)[0], holder="newcomer")
        assert reply["ok"], reply
        await host.kick(made.user)
        assert made.user not in host.subs
        await newcomer.stop(), await gm.stop(), await host.stop()

    run(scenario())
