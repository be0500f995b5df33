"""Fairness at the host: one player's flood is refused at the door and delays nobody else's
command; every request, however malformed, gets an answer; seat toggles stay bounded."""

from __future__ import annotations

import asyncio
import json

import pytest

from board.game import Game
from board.maps import load_map
from board.net.fairness import MAX_DEPTH, FairQueue, read_request, sender_of
from board.net.host import Host
from board.net.protocol import Subjects, decode, encode
from board.net.referee import SEAT_CHANGES
from board.sides import teams
from tests.net_helpers import DEADLINE, FIGHT, Board, Raw, Server, code_for, start_host
from tests.test_net_referee import table


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path / "hosted").start()
    yield server
    server.kill()


def test_senders_are_served_in_turn_and_a_full_queue_is_refused_at_once():
    queue = FairQueue(per_sender=3)
    assert [queue.put("flood", n) for n in range(3)] == [None] * 3
    assert "too many requests" in queue.put("flood", 3)
    assert queue.put("ann", "a") is None
    assert [queue.take() for _ in range(4)] == [0, "a", 1, 2]
    assert queue.take() is None and len(queue) == 0


def test_a_request_joins_its_users_queue_else_its_connections():
    assert sender_of("hexboard.game.req.ann", "hexboard.game.req", "_INBOX.x.1") == "user:ann"
    assert (
        sender_of("hexboard.game.req", "hexboard.game.req", "_INBOX.abc.7")
        == sender_of("hexboard.game.req", "hexboard.game.req", "_INBOX.abc.8")
        != sender_of("hexboard.game.req", "hexboard.game.req", "_INBOX.xyz.8")
    )


def test_only_so_many_senders_wait_at_once():
    queue = FairQueue(senders=2)
    assert queue.put("a", 1) is None and queue.put("b", 1) is None
    assert "busy" in queue.put("c", 1)


@pytest.mark.parametrize(
    "payload, words",
    [
        (b"[" * 5_000 + b"]" * 5_000, "nests deeper"),
        (b'{"a":' * 2_000 + b"1" + b"}" * 2_000, "nests deeper"),
        (b'{"a":' * 17 + b"1" + b"}" * 17, "nests deeper"),
        (b"x" * (65 * 1024), "larger than"),
        (b"[1, 2]", "not a JSON object"),
        (b"\xff\xfe{", "not a JSON object"),
        (b'{"rid": "r", "kind": ', "not a JSON object"),
    ],
)
def test_a_malformed_request_is_read_as_a_reason_never_an_exception(payload, words):
    request, reason = read_request(payload)
    assert request is None and words in reason


def test_brackets_inside_strings_are_not_nesting():
    text = json.dumps({"rid": "[" * 100, "kind": "seat", "team": "{" * 100})
    assert read_request(text.encode()) == (json.loads(text), None)
    assert read_request(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)[1] == "the request is not a JSON object"


def test_a_player_toggling_a_seat_makes_a_bounded_number_of_entries():
    referee, _ = table()
    red = teams(referee.game.battle)[0]
    entries = 0
    for n in range(100):
        verdict = referee.decide(
            {"rid": f"t{n}", "kind": "seat", "team": red, "holder": "ann" if n % 2 == 0 else None}, sender="ann"
        )
        entries += len(verdict.entries)
    assert entries == SEAT_CHANGES
    taken = referee.decide({"rid": "again", "kind": "seat", "team": red, "holder": "ann"}, sender="ann")
    assert "changed sides" in taken.reason
    # a move of the game starts the count again
    assert referee.decide(
        {"rid": "move", "kind": "command", "command": referee.game.legal_actions()[0].model_dump(mode="json")}, gm=True
    ).accepted
    assert referee.decide({"rid": "after", "kind": "seat", "team": red, "holder": "ann"}, sender="ann").accepted
    assert (
        referee.decide({"rid": "same", "kind": "seat", "team": red, "holder": "ann"}, sender="ann").reason
        == f"you play {red} already"
    )


async def hostile_player(server: Server, name: str) -> Raw:
    """A player's own raw connection on its invitation, named to the host (so its requests
    are judged, not refused for want of a name)."""
    raw = await Raw(server, code_for(server.hosting, name)).__aenter__()
    subject = Subjects(server.hosting.game).request_of(raw.user)
    hello = await raw.nc.request(
        subject, encode({"rid": f"{name}-hello", "kind": "hello", "name": name}), timeout=DEADLINE
    )
    assert decode(hello.data)["ok"], hello.data
    return raw


async def flood(server: Server, count: int, payload) -> tuple[Raw, list[dict], asyncio.Event]:
    """A player's connection that sends `count` requests without waiting; the replies."""
    return await flood_from(await hostile_player(server, "mallory"), count, payload)


async def flood_from(raw: Raw, count: int, payload) -> tuple[Raw, list[dict], asyncio.Event]:
    """`count` requests sent on a player's own connection without waiting; the replies."""
    replies: list[dict] = []
    done = asyncio.Event()

    async def heard(msg):
        replies.append(decode(msg.data))
        if len(replies) == count:
            done.set()

    inbox = raw.nc.new_inbox()
    await raw.nc.subscribe(f"{inbox}.*", cb=heard)
    subject = Subjects(raw.server.hosting.game).request_of(raw.user)
    for n in range(count):
        await raw.nc.publish(subject, payload(n), reply=f"{inbox}.{n}")
    await raw.nc.flush()
    return raw, replies, done


def test_one_players_flood_does_not_hold_up_another_players_command(server):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        red, blue = teams(ann.game.battle)
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]

        def garbage(n):  # judged and refused: the flooder's seat requests for a side it lacks
            return encode({"rid": f"f{n}", "from": "mallory", "kind": "seat", "team": blue, "holder": None})

        raw, replies, done = await flood(server, 10_000, garbage)
        mine = next((c for c in ann.game.legal_actions() if ann.game.tokens()[c.figure].team == red), None)
        request = (
            ann.client.request("command", command=mine.model_dump(mode="json", exclude_none=True))
            if mine
            else ann.client.request("seat", team=red, holder=None)
        )
        reply = await ann.client.ask(request)
        assert reply["ok"], reply
        # Judged after at most one of the flood's requests once it was queued (senders in
        # turn), whatever the flood's size: its backlog waits behind, or is refused.
        _rid, queued, judged = next(s for s in host.served if s[0] == request["rid"])
        assert judged - queued <= 2
        await asyncio.wait_for(done.wait(), DEADLINE)  # every flood request answered
        # Whether any was refused "too many requests" depends on how fast the host kept up
        # (a race): the full queue's refusal is test_senders_are_served_in_turn_and_a_full_...
        assert all(not r["ok"] and r["reason"] for r in replies)
        await raw.__aexit__(), await ann.stop(), await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_every_malformed_request_gets_a_reply(server):
    async def scenario():
        host, gm = await start_host(server)
        payloads = [
            b"[" * 100_000,
            b"[" * 8_000,
            b'{"a":' * 1_000,
            b"not json",
            b"[]",
            b"\xff",
            b"{}",
            b'{"rid": 5}',
            encode({"rid": "x" * 65, "from": "m", "kind": "seat"}),
            encode({"rid": "a", "from": ["m"], "kind": "command"}),
            encode({"rid": "b", "from": "m", "kind": {"a": 1}}),
            encode({"rid": "c", "from": "m", "kind": "command", "command": [1, 2]}),
            encode({"rid": "d", "from": "m", "kind": "command", "command": {"do": 5}}),
            encode({"rid": "e", "from": "m", "kind": "seat", "team": ["x"], "holder": "m"}),
            encode(
                {
                    "rid": "f",
                    "from": "m",
                    "kind": "command",
                    "command": {"do": "move", "figure": "Korr", "path": [[1e308, -1]]},
                }
            ),
        ]
        raw = await hostile_player(server, "mallory")
        subject = Subjects(server.hosting.game).request_of(raw.user)
        replies = [decode((await raw.nc.request(subject, payload, timeout=DEADLINE)).data) for payload in payloads]
        wrong = [r for r in replies if r["ok"] or not r["reason"]]
        assert all(not r["ok"] and isinstance(r["reason"], str) and r["reason"] for r in replies), wrong
        # and the host still judges honest requests
        assert (await gm.ask("seat", team=teams(gm.game.battle)[0], holder="ann"))["ok"]
        await raw.__aexit__(), await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_a_flood_waits_in_its_invitations_own_subscription_and_another_players_request_goes_first(server):
    """The door, not only the queue: the host reads each invitation's subject on its own
    subscription and yields after each message, so a request that arrives behind a flood
    already waiting at the host is taken in at once, not after the flood's 10,000.
    The host's door is held shut while the flood and the request arrive (so both are
    waiting, whatever the machine's speed), then opened: the order it takes them in is
    what is checked."""

    async def scenario():
        game = Game(load_map(FIGHT), seed="public")
        host = Host(server.hosting)
        door, arrived, order = asyncio.Event(), [], []
        door.set()
        real = host._on_request

        async def held_at_the_door(msg):
            arrived.append(msg.subject)
            await door.wait()
            order.append(msg.subject)
            await real(msg)

        host._on_request = held_at_the_door  # before start: the subscriptions take it
        await host.start(game, {t: None for t in teams(game.battle)})
        gm = await Board(server.hosting, "GM", host=host).start()
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        red = teams(ann.game.battle)[0]
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        mallory = await hostile_player(server, "mallory")
        flooding, mine = host.subs[mallory.user], Subjects(server.hosting.game).request_of(ann.client.user)

        door.clear()
        _, replies, done = await flood_from(
            mallory, 10_000, lambda n: encode({"rid": f"f{n}", "kind": "seat", "team": red, "holder": None})
        )
        request = ann.client.request("seat", team=red, holder=None)
        asked = asyncio.create_task(ann.client.ask(request))

        async def both_waiting():
            while not (mine in arrived and flooding.pending_msgs == 9_999):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(both_waiting(), DEADLINE)
        door.set()
        reply = await asyncio.wait_for(asked, DEADLINE)
        assert reply["ok"], reply
        # Taken in second (behind the one flood request already at the door), not 10,001st.
        assert order.index(mine) <= 2, order.index(mine)
        _rid, queued, judged = next(s for s in host.served if s[0] == request["rid"])
        assert judged - queued <= 2
        await asyncio.wait_for(done.wait(), DEADLINE)  # and every flood request answered
        assert all(not r["ok"] and r["reason"] for r in replies)
        await mallory.__aexit__(), await ann.stop(), await gm.stop(), await host.stop()

    asyncio.run(scenario())


def test_a_request_id_another_invitation_sent_first_is_not_this_ones_duplicate(server):
    """Request ids are deduplicated per invitation: one player who learns (or guesses) the
    id of another's next request and sends it first does not make it a "duplicate"."""

    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        red, blue = teams(ann.game.battle)
        mallory = await hostile_player(server, "mallory")
        request = ann.client.request("seat", team=red, holder="ann")
        stolen = await mallory.nc.request(
            Subjects(server.hosting.game).request_of(mallory.user),
            encode({**request, "team": blue, "holder": "mallory"}),
            timeout=DEADLINE,
        )
        assert decode(stolen.data)["ok"]  # mallory's own request, under ann's id
        reply = await ann.client.ask(request)
        assert reply["ok"] and not reply.get("duplicate"), reply
        await ann.reach(reply["seq"])
        assert ann.follower.seats[red] == "ann" and ann.follower.seats[blue] == "mallory"
        # ann's own resend is still one entry
        again = await ann.client.ask(request)
        assert again["ok"] and again["duplicate"], again
        await mallory.__aexit__(), await ann.stop(), await gm.stop(), await host.stop()

    asyncio.run(scenario())
