"""Tables on a club server (real nats-servers on loopback): each GM's server joins the club
as a leaf node and listens on loopback only; players join the club; the game's stream is
kept on the club; and nothing of one table can be reached from another's invitation."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import nats
import pytest

from board.game import Game
from board.maps import load_map
from board.net.certs import PinMismatch, own_context
from board.net.invitations import PLAYER, SPECTATOR, parse_code
from board.net.protocol import Subjects, decode, encode
from board.net.server import CONNECTIONS_PER_INVITATION, RELAY_CERT, ServerError
from board.net.tables import SLOTS, leaf_password, leaf_user, parse_table
from board.sides import teams
from tests.club_helpers import Table, at_node, make_club
from tests.net_helpers import DEADLINE, Board, Raw, run


@pytest.fixture
def club(tmp_path):
    nodes = [node.start() for node in make_club(tmp_path / "club")]
    yield nodes
    for node in nodes:
        node.kill()


def test_two_tables_play_through_the_club_with_the_authority_at_each_gms_host(club, tmp_path):
    async def scenario():
        oak = await Table(tmp_path / "gm-oak", club, "oak").start()
        elm = await Table(tmp_path / "gm-elm", club, "elm").start()
        ann = await oak.player("ann")
        cy = await elm.player("cy")
        first = ann.game.legal_actions()[0]
        red = ann.game.tokens()[first.figure].team  # the side to move
        blue = next(t for t in teams(ann.game.battle) if t != red)
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        assert (await cy.ask("seat", team=blue, holder="cy"))["ok"]
        await ann.reach(2), await cy.reach(2)
        # Each table's game is its own: the seat taken at one is not taken at the other.
        assert ann.follower.seats == {red: "ann", blue: None}
        assert cy.follower.seats == {red: None, blue: "cy"}
        assert oak.host.referee.follower.seats == ann.follower.seats
        # The GM's server listens on loopback only.
        conf = json.loads((tmp_path / "gm-oak" / "nats.conf").read_text())
        assert conf["listen"].startswith("127.0.0.1:") and "jetstream" not in conf
        reply = await ann.command(first)
        assert reply["ok"], reply
        await oak.gm.reach(reply["seq"])
        assert oak.gm.game.history == ann.game.history and elm.gm.seq == 2
        for part in (ann, cy):
            await part.stop()
        await oak.stop(), await elm.stop()

    run(scenario())


def test_a_player_of_one_table_reaches_nothing_of_another(club, tmp_path):
    """Subscribing, publishing, reading the stream and creating consumers in the other
    table's account: each is refused by the server, or finds only its own table's."""

    async def scenario():
        oak = await Table(tmp_path / "gm-oak", club, "oak").start()
        elm = await Table(tmp_path / "gm-elm", club, "elm").start()
        elm_user = parse_code(elm.code())[0]
        subjects = Subjects()
        async with Raw(at_node(club[0]), oak.code()) as raw:
            # The same subject names lead to its own table's account, and nowhere else.
            heard: asyncio.Queue = asyncio.Queue()
            feed = await raw.nc.subscribe(subjects.feed, cb=heard.put)
            await raw.nc.flush()
            # elm's GM takes a seat first, then oak's: oak's player hears only oak's entry.
            assert (await elm.gm.ask("seat", team=teams(elm.gm.game.battle)[1], holder="GM"))["ok"]
            await elm.gm.reach(2)
            assert (await oak.gm.ask("seat", team=teams(oak.gm.game.battle)[0], holder="GM"))["ok"]
            first = decode((await asyncio.wait_for(heard.get(), DEADLINE)).data)
            assert first["team"] == teams(oak.gm.game.battle)[0] and heard.empty()
            await feed.unsubscribe()
            elm_seq = 2
            # A direct get of "the game's stream" reads its own table's.
            reply = await raw.nc.request(
                f"$JS.API.DIRECT.GET.{subjects.stream}", json.dumps({"seq": 2}).encode(), timeout=DEADLINE
            )
            assert decode(reply.data)["team"] == teams(oak.gm.game.battle)[0]
            # Everything else is refused: the other table's request subject, JetStream's API
            # (consumers, the club's domain), wildcards, the other account's inboxes.
            for subject in (
                subjects.request_of(elm_user),
                f"$JS.API.CONSUMER.CREATE.{subjects.stream}",
                f"$JS.API.CONSUMER.DURABLE.CREATE.{subjects.stream}.spy",
                f"$JS.club.API.CONSUMER.CREATE.{subjects.stream}",
                "$JS.club.API.INFO",
                f"$JS.API.STREAM.INFO.{subjects.stream}",
                subjects.log,
            ):
                await raw.nc.publish(subject, b"{}")
                await raw.violation()
            for subject in (">", "hexboard.>", f"_R.{elm_user}.>", "$JS.club.API.>", "_INBOX.>"):
                await raw.nc.subscribe(subject)
                await raw.violation()
        # Nothing reached the other table: its game and stream are as they were.
        info = await elm.host.js.stream_info(subjects.stream)
        assert info.state.last_seq == elm_seq and info.state.consumer_count == 0
        await oak.stop(), await elm.stop()

    run(scenario())


def test_a_tables_credentials_open_nothing_but_their_own_kind_of_connection(club, tmp_path):
    """A player's code is no leaf-node credential, and a table's leaf credential is no
    player's: neither connects as the other."""

    async def scenario():
        oak = await Table(tmp_path / "gm-oak", club, "oak").start()
        name, key = parse_table(oak.hosting.table)
        with pytest.raises(Exception, match="(?i)authorization|no servers"):
            await nats.connect(
                club[0].url,
                user=leaf_user(name),
                password=leaf_password(key),
                tls=own_context(Path(club[0].club.folder)),
                tls_handshake_first=True,
                allow_reconnect=False,
                max_reconnect_attempts=0,
                connect_timeout=5,
            )
        await oak.stop()

    run(scenario())


def test_one_table_cannot_use_up_the_clubs_storage_or_connections(tmp_path):
    club = [node.start() for node in make_club(tmp_path / "club", storage=2 << 20)]

    async def scenario():
        oak = await Table(tmp_path / "gm-oak", club, "oak").start()
        elm = await Table(tmp_path / "gm-elm", club, "elm").start()
        # oak's host fills its account's storage: the club refuses past the table's limit.
        await oak.host.js.add_stream(name="FILL", subjects=["fill"])
        big, refused = b"x" * (512 << 10), None
        for _ in range(2 * club[0].club.storage // len(big) + 2):
            try:
                await oak.host.js.publish("fill", big, stream="FILL")
            except Exception as error:
                refused = error
                break
        assert "resource limits exceeded" in str(refused), refused
        # oak's player opens connections until refused: its invitation's cap.
        code, opened = oak.code(), []
        for _ in range(CONNECTIONS_PER_INVITATION):
            opened.append(await Raw(at_node(club[0]), code).__aenter__())
        with pytest.raises(Exception, match="(?i)maximum account active connections"):
            await Raw(at_node(club[0]), code).__aenter__()
        for raw in opened:
            await raw.__aexit__()
        # elm plays on.
        cy = await elm.player("cy")
        assert (await cy.ask("seat", team=teams(cy.game.battle)[0], holder="cy"))["ok"]
        await cy.stop(), await oak.stop(), await elm.stop()

    try:
        run(scenario())
    finally:
        for node in club:
            node.kill()


def test_a_table_stays_on_the_club_when_everyone_leaves_and_goes_on_when_they_come_back(club, tmp_path):
    async def scenario():
        oak = await Table(tmp_path / "gm-oak", club, "oak").start()
        ann = await oak.player("ann")
        first = ann.game.legal_actions()[0]
        red = ann.game.tokens()[first.figure].team
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        reply = await ann.command(first)
        assert reply["ok"]
        history, seq = oak.host.referee.game.history, reply["seq"]
        await ann.stop()
        await oak.stop()  # the GM's host and its server are gone: nothing of the table is at home
        # The game is on the club as it was left: a spectator's board (it asks the host
        # nothing) reads it while the GM is away.
        watcher = await Board(oak.hosting, "spectator", oak.code(0, SPECTATOR), url=oak.address).start()
        await watcher.reach(seq)
        assert watcher.game.history == history and watcher.follower.seats[red] == "ann"
        # The GM's host comes back (its folder keeps the table's secrets) and reads the game
        # back from the club's stream; the player comes back and goes on.
        again = Table.__new__(Table)
        again.__dict__.update(oak.__dict__, server=None)
        await again.start(new=False)
        assert again.host.referee.game.history == history
        back = await oak.player("ann")
        await back.reach(seq)
        mine = next(c for c in back.game.legal_actions() if back.game.tokens()[c.figure].team == red)
        assert (await back.command(mine))["ok"]
        await back.stop(), await watcher.stop(), await again.stop()

    run(scenario())


def test_the_held_plots_kept_on_the_club_are_sealed_and_only_the_hosts_secret_opens_them(club, tmp_path):
    async def scenario():
        game = Game(load_map("maps/melee-seconds-skirmish.yaml"), {"written_plots": True}, seed=2)
        oak = await Table(tmp_path / "gm-oak", club, "oak").start(game)
        for _ in range(2):
            assert (await oak.gm.command(oak.host.referee.game.legal_actions()[0]))["ok"]
        held = list(oak.host.referee.held)
        assert len(held) == 2
        # What the club stores (its operator reads the disk and every stream): sealed entries.
        subjects = Subjects()
        info = await oak.host.js.stream_info(subjects.held_stream)
        stored = [
            (await oak.host.js.get_msg(subjects.held_stream, seq)).data
            for seq in range(info.state.first_seq, info.state.last_seq + 1)
        ]
        assert stored and all(set(decode(raw)) == {"sealed"} for raw in stored)
        assert not any(entry["rid"].encode() in raw or b"plot" in raw for raw in stored for entry in held)
        await oak.stop()
        # The host comes back with its folder's secret: the held plots are back.
        again = Table.__new__(Table)
        again.__dict__.update(oak.__dict__, server=None)
        await again.start(new=False)
        assert again.host.referee.held == held
        await again.stop()
        # A host with another secret cannot open them, and says so.
        again.hosting.secret = "not the one"
        with pytest.raises(ServerError, match="not this host's"):
            await again.start(new=False)
        await again.stop()

    run(scenario())


def test_a_kicked_invitation_at_a_club_table_can_no_longer_act_and_the_slots_run_out_in_words(club, tmp_path):
    async def scenario():
        oak = await Table(tmp_path / "gm-oak", club, "oak").start()
        ann = await oak.player("ann")
        user = parse_code(oak.code())[0]
        await oak.host.kick(user)
        await ann.until(lambda: any("no longer in the game" in words for words in ann.links))
        # Its requests reach nobody now: the host no longer listens on its subject (the
        # club's config still holds the slot, so it may still connect and read the feed).
        assert user not in oak.host.subs
        seq = oak.host.referee.follower.seq
        async with Raw(at_node(club[0]), oak.code()) as raw:
            request = encode({"rid": "x1", "kind": "seat", "team": teams(oak.gm.game.battle)[0], "holder": "ann"})
            with pytest.raises((nats.errors.NoRespondersError, nats.errors.TimeoutError)):
                await raw.nc.request(Subjects().request_of(user), request, timeout=1)
        assert (await oak.gm.ask("seat", team=teams(oak.gm.game.battle)[1], holder="GM"))["ok"]
        assert (
            oak.host.referee.follower.seq == seq + 1
            and oak.host.referee.follower.seats.get(teams(oak.gm.game.battle)[0]) is None
        )
        # A kicked slot is never handed out again, and the table's slots run out with a reason.
        made = [oak.hosting.invite(PLAYER).user for _ in range(SLOTS[PLAYER] - 2)]
        assert user not in made
        with pytest.raises(ValueError, match="all made"):
            oak.hosting.invite(PLAYER)
        await ann.stop(), await oak.stop()

    run(scenario())


def test_a_gms_server_will_not_join_a_club_whose_certificate_is_not_the_pinned_one(club, tmp_path):
    async def scenario():
        table = Table(tmp_path / "gm-oak", club, "oak")
        table.hosting.pin = "ab" * 32  # the line names another club (or someone is in between)
        with pytest.raises(PinMismatch):
            await table.start()
        assert not (tmp_path / "gm-oak" / RELAY_CERT).exists() and table.server is None

    run(scenario())
