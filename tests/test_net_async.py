"""A game that lasts for days, on a real nats-server on loopback: everyone leaves and the
stream stays; a player comes back and the log marks where they left; the host is killed and
carries on from the stream on another machine, from a host key, with no accepted command lost."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import threading

import pytest

from board.game import Game
from board.maps import load_map
from board.net.certs import PinMismatch, make_certificate
from board.net.host import Host, named_by
from board.net.host_key import HostKey, HostKeyError, read_key, server_context
from board.net.protocol import GM
from board.net.server import ServerError, free_port
from board.net.session import Session, join_line
from board.rules.kernel.events import SINCE
from board.sides import teams
from board.ui.play.net_start import join_game
from tests.net_helpers import DEADLINE, FIGHT, Board, Server, address, code_for, over, start_host
from tests.test_cli_net import main_py
from tests.test_ui_netplay import Window
from tests.ui_driver import Driver

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.fixture
def server(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))
    server = Server(tmp_path / "hosted").start()
    yield server
    server.kill()


def gm_plays(gm: Window, count: int) -> None:
    """The GM's board plays the first legal command, count times, each stored and shown."""
    for _ in range(count):
        seq = gm.follower.seq
        assert gm.driver.controller.submit(gm.follower.game.legal_actions()[0]).accepted
        gm.wait(lambda seq=seq: gm.follower.seq > seq)


def texts(window: Window) -> list[str]:
    return [entry.event.text for entry in window.driver.scene.log.entries if entry.event.kind != SINCE]


def test_everyone_leaves_the_stream_stays_and_a_returning_player_sees_the_mark_at_the_first_new_event(server):
    game = Game(load_map(FIGHT), seed="public")
    red = teams(game.battle)[0]
    host = Session()
    host.host_game(server.hosting, game)
    gm = Window(host, "GM")
    ann_code = code_for(server.hosting, "ann")
    first = Session()
    first.join(address(server.hosting), ann_code, "ann")
    ann = Window(first, "ann")
    first.ask("seat", team=red, holder="ann")
    ann.wait(lambda: ann.follower.seats.get(red) == "ann")
    gm_plays(gm, 3)
    ann.wait(lambda: ann.follower.seq == gm.follower.seq)
    left_at, seen = ann.follower.seq, len(texts(gm))
    first.close()  # ann goes for the day
    gm_plays(gm, 4)  # the game goes on without her
    host.close(stop_server=False)  # and the GM goes too: nobody is connected, the stream stays

    back = Session()  # ann comes back, from another machine (its name), while the host is away
    back.join(address(server.hosting), ann_code, "anns-laptop")
    assert back.name == "anns-laptop"  # nobody has told the board its invitation's name yet
    ann = Window(back, back.name)
    ann.wait(lambda: ann.net.since.caught_up)
    assert "host is away" in ann.net.link
    kinds = [entry.event.kind for entry in ann.driver.scene.log.entries]
    assert kinds.count(SINCE) == 1
    mark = kinds.index(SINCE)
    assert texts(ann) == texts(gm)  # the same game, the same log
    assert texts(ann)[:mark] == texts(gm)[:seen]  # the mark stands at the first event she had not seen
    assert ann.net.since.since == left_at and ann.follower.seq > left_at
    assert "since you were last here" in ann.driver.message

    # The GM's host comes back; ann's board greets it and plays on from where the game stands.
    again = Session()
    again.host_game(server.hosting, None)
    gm = Window(again, "GM")
    try:
        ann.wait(lambda: ann.net.role == "ann")  # her board greets the host once it is back
        assert ann.net.link == "connected"
        while ann.follower.game.current_player() != red:
            gm_plays(gm, 1)
            ann.wait(lambda: ann.follower.seq == gm.follower.seq)
        assert ann.net.turn_refusal(ann.follower.game) is None  # her menu is hers again
        mine = next(c for c in ann.follower.game.legal_actions() if ann.follower.game.tokens()[c.figure].team == red)
        seq = ann.follower.seq
        assert ann.driver.controller.submit(mine).accepted
        ann.wait(lambda: ann.follower.seq > seq)
        assert ann.follower.game.history[-1].figure == mine.figure
        assert ann.follower.sides_of("ann") == [red]  # coming back gave her no other side
    finally:
        back.close()
        again.close(stop_server=False)


async def host_process(folder) -> asyncio.subprocess.Process:
    """A host in its own process (tests/net_host_runner.py), once it says it is ready."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.net_host_runner", str(folder), stdout=asyncio.subprocess.PIPE
    )
    line = await asyncio.wait_for(process.stdout.readline(), DEADLINE)
    assert line.strip() == b"ready", line
    return process


def accepted_by(board: Board) -> list[str]:
    """The request ids the host said "ok" to, as the host keeps them (USER:id)."""
    accepted: list[str] = []
    sink = board.client.sink

    def hear(item):
        if item[0] == "reply" and item[2].get("ok") and item[1].get("kind") == "command":
            accepted.append(f"{board.client.user}:{item[1]['rid']}")
        sink(item)

    board.client.sink = hear
    return accepted


async def keep_playing(board: Board, team: str, rng: random.Random, stop: asyncio.Event) -> None:
    """Take this team's turns with random legal commands until stop is set or the fight ends."""
    while not stop.is_set() and not over(board.game):
        game = board.game
        mine = [c for c in game.legal_actions() if c.figure and game.tokens()[c.figure].team == team]
        if not mine:
            board.moved.clear()
            await asyncio.wait_for(board.moved.wait(), DEADLINE)
            continue
        reply = await board.command(rng.choice(mine))
        if reply["ok"]:
            await board.reach(reply["seq"])


def test_the_host_killed_mid_game_carries_on_from_the_stream_on_another_machine_with_no_accepted_command_lost(
    server, tmp_path
):
    async def scenario():
        host, gm = await start_host(server)  # the GM sets the game up, then hosts it in a process
        await gm.stop(), await host.stop()
        red, blue = teams(gm.game.battle)
        first = await host_process(server.hosting.folder)
        ann, bo = await Board(server.hosting, "ann").start(), await Board(server.hosting, "bo").start()
        await ann.ask("seat", team=red, holder="ann"), await bo.ask("seat", team=blue, holder="bo")
        accepted = {"ann": accepted_by(ann), "bo": accepted_by(bo)}
        stop = asyncio.Event()
        playing = [
            asyncio.create_task(keep_playing(b, t, random.Random(n), stop))
            for n, (b, t) in enumerate(((ann, red), (bo, blue)))
        ]
        await ann.reach(12)
        first.kill()  # SIGKILL mid-game: requests may be on their way, or judged and unanswered
        await first.wait()
        killed_at = ann.seq
        # The GM carries on from another machine: a folder with no certificate, no seed, no
        # stream; only the key it exported (written before, as a GM would keep it).
        key_file = tmp_path / "host-key.json"
        HostKey.of(server.hosting, address(server.hosting)).write(key_file)
        key = read_key(key_file)
        elsewhere = tmp_path / "other-machine"
        hosting = key.hosting(elsewhere)
        assert hosting.secret != server.hosting.secret  # the seed never left the GM's machine
        second = Host(hosting, tls=await server_context(key))
        await second.start()
        await ann.until(lambda: ann.seq > killed_at + 6 or over(ann.game))  # play goes on through the new host
        stop.set()
        ann.moved.set(), bo.moved.set()  # a board waiting for the other's turn looks at stop
        await asyncio.wait_for(asyncio.gather(*playing), DEADLINE)
        last = second.referee.follower.seq
        await ann.reach(last), await bo.reach(last)
        stored = second.referee.follower.requests
        said_ok = accepted["ann"] + accepted["bo"]
        assert said_ok and all(rid in stored for rid in said_ok)  # nothing it said "ok" to is lost
        assert ann.game.snapshot() == bo.game.snapshot() == second.referee.game.snapshot()
        assert {i.name for i in hosting.all_invitations() if i.name} >= {"ann", "bo"}
        await ann.stop(), await bo.stop(), await second.stop()

    asyncio.run(scenario())


def test_a_host_resumed_from_a_key_gives_back_names_the_key_lacked_and_applies_no_replayed_request(server, tmp_path):
    async def scenario():
        key = HostKey.of(server.hosting, address(server.hosting))  # exported before anyone joined
        host, gm = await start_host(server)
        red = teams(gm.game.battle)[0]
        ann = await Board(server.hosting, "ann").start()
        taking = ann.client.request("seat", team=red, holder="ann")
        assert (await ann.client.ask(taking))["ok"]
        await host.stop(), await gm.stop()
        hosting = key.hosting(tmp_path / "elsewhere")
        second = Host(hosting, tls=await server_context(key))
        await second.start()
        user = ann.client.user
        assert hosting.invitation(user).name == "ann"  # from the stream: the seat she took
        stored = second.referee.follower.seq
        replayed = await ann.client.ask(taking)  # a request replayed to the new host
        assert replayed["duplicate"] and second.referee.follower.seq == stored
        reply = await ann.ask("seat", team=red, holder=None)
        assert reply["ok"], reply
        await ann.stop(), await second.stop()

    asyncio.run(scenario())


def test_a_player_the_resumed_host_does_not_know_by_name_is_asked_for_it_and_carries_on(server, tmp_path):
    async def scenario():
        key = HostKey.of(server.hosting, address(server.hosting))
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()  # said hello, nothing stored
        await host.stop(), await gm.stop()
        second = Host(key.hosting(tmp_path / "elsewhere"), tls=await server_context(key))
        await second.start()
        red = teams(ann.game.battle)[0]
        reply = await ann.ask("seat", team=red, holder="ann")  # the host asks her name; she says it
        assert reply["ok"], reply
        assert second.hosting.invitation(ann.client.user).name == "ann"
        await ann.stop(), await second.stop()

    asyncio.run(scenario())


def test_a_gm_resumed_elsewhere_gives_the_same_join_lines_and_says_why_it_cannot_invite(server, tmp_path):
    host = Session()
    host.host_game(server.hosting, Game(load_map(FIGHT), seed="public"))
    key = HostKey.of(server.hosting, address(server.hosting))
    lines = [join_line(server.hosting, i) for i in server.hosting.all_invitations()]
    host.close(stop_server=False)
    elsewhere = Session()
    try:
        elsewhere.resume_elsewhere(key, tmp_path / "elsewhere")
        assert [join_line(elsewhere.hosting, i) for i in elsewhere.invitations()] == lines
        with pytest.raises(ServerError, match="another machine"):
            elsewhere.invite()
        assert len(elsewhere.invitations()) == len(lines)
    finally:
        elsewhere.close(stop_server=False)


def test_a_host_key_for_a_server_with_another_certificate_is_refused_before_the_password_goes(server, tmp_path):
    async def scenario():
        other = Server(tmp_path / "impostor").start()  # another server, its own certificate
        try:
            key = HostKey.of(
                server.hosting,
                address(other.hosting).replace(
                    address(other.hosting).rsplit("/", 1)[1], address(server.hosting).rsplit("/", 1)[1]
                ),
            )
            with pytest.raises(PinMismatch):
                await server_context(key)
        finally:
            other.kill()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "content, says",
    [
        (b"", "not JSON"),
        (b"[]", "not a host key"),
        (b'{"kind": "hexboard host key"}', '"game"'),
        (
            b'{"kind": "hexboard host key", "game": "../x", "server": "tls://a:1/ab", "host_password": "p", '
            b'"invitations": []}',
            '"game"',
        ),
        (
            b'{"kind": "hexboard host key", "game": "game", "server": "nats://a:1", "host_password": "p", '
            b'"invitations": []}',
            '"server"',
        ),
        (
            b'{"kind": "hexboard host key", "game": "game", "server": "tls://a:1/ab", "host_password": "p", '
            b'"invitations": [{"user": "pabcde", "password": "x", "role": "player", "name": "GM\\u200b"}]}',
            '"invitations"',
        ),
        (
            b'{"kind": "hexboard host key", "game": "game", "server": "tls://a:1/ab", "host_password": "p", '
            b'"invitations": [{"user": "sabcde", "password": "x", "role": "player"}]}',
            '"invitations"',
        ),
        (b"[" * 300_000, "larger than"),
    ],
)
def test_a_damaged_or_hostile_host_key_is_refused_with_the_file_and_what_was_expected(tmp_path, content, says):
    path = tmp_path / "key.json"
    path.write_bytes(content)
    with pytest.raises(HostKeyError) as error:
        read_key(path)
    assert str(path) in str(error.value) and says in str(error.value)


def test_a_host_key_holds_no_dice_seed_and_only_its_user_may_read_it(server, tmp_path):
    path = tmp_path / "key.json"
    HostKey.of(server.hosting, address(server.hosting)).write(path)
    assert server.hosting.secret not in path.read_text()
    assert set(json.loads(path.read_text())) == {"kind", "game", "server", "host_password", "invitations"}
    assert path.stat().st_mode & 0o077 == 0


def test_a_name_read_back_from_the_stream_goes_to_the_invitation_the_host_took_the_request_on():
    assert named_by({"rid": "pabcde:pzzzzz:forged", "by": "ann"}) == {"pabcde": "ann"}
    assert named_by({"rid": "kick-1", "by": GM}) == {} and named_by({"rid": "x:y", "by": GM}) == {}


def test_host_export_key_writes_a_key_without_the_seed_and_host_key_reads_it_back(tmp_path):
    data = tmp_path / "data"
    hosted = Server(data / "net" / "game").hosting  # a hosted game's folder, as `host` leaves it
    make_certificate(data / "net" / "game")
    result = main_py("host", "--export-key", str(tmp_path / "key.json"), data=data)
    assert result.returncode == 0, result.stderr
    key = read_key(tmp_path / "key.json")
    assert key.game == hosted.game and key.host_password == hosted.host_password
    assert hosted.secret not in (tmp_path / "key.json").read_text()


def test_host_with_a_broken_key_or_no_server_says_why_in_words(tmp_path):
    (tmp_path / "key.json").write_text("{oops")
    broken = main_py("host", "--key", str(tmp_path / "key.json"), data=tmp_path)
    assert broken.returncode == 1 and "not JSON" in broken.stderr and "Traceback" not in broken.stderr
    HostKey("game", f"tls://127.0.0.1:{free_port()}/{'ab' * 32}", "pw", ()).write(tmp_path / "key.json")
    away = main_py("host", "--key", str(tmp_path / "key.json"), data=tmp_path)
    assert away.returncode == 1 and "cannot resume" in away.stderr and "Traceback" not in away.stderr
    nothing = main_py("host", "--export-key", str(tmp_path / "k2.json"), data=tmp_path / "empty")
    assert nothing.returncode == 1 and "no hosted game" in nothing.stderr


def test_a_returning_player_keeps_their_sides_and_is_not_given_the_first_free_one(server):
    host = Session()
    game = Game(load_map(FIGHT), seed="public")
    red, blue = teams(game.battle)
    host.host_game(server.hosting, game)
    _gm = Window(host, "GM")  # the GM's board stays open while the player comes and goes
    code = code_for(server.hosting, "ann")
    first = join_game(address(server.hosting), code, "ann", [blue])  # she takes the second side
    driver = Driver(first.follower.game)
    first.attach(driver.scene)
    arrived = threading.Event()
    first.session.wake = arrived.set
    while first.follower.seats.get(blue) != "ann":
        driver.frame()
        assert first.follower.seats.get(blue) == "ann" or arrived.wait(DEADLINE)
        arrived.clear()
    first.close()
    back = join_game(address(server.hosting), code, "ann")  # no --side: she comes back
    asked = []
    ask = back.session.ask
    back.session.ask = lambda kind, **fields: (asked.append((kind, fields)), ask(kind, **fields))
    driver = Driver(back.follower.game)
    back.attach(driver.scene)
    back.session.wake = arrived.set
    try:
        while not back.seated:
            driver.frame()
            assert back.seated or arrived.wait(DEADLINE)
            arrived.clear()
        assert asked == [] and back.follower.sides_of("ann") == [blue]
        # Her requests are judged in the order sent: once this one is answered, any seat
        # request before it has been judged too.
        back.session.ask("seat", team=blue, holder="ann")
        while "already" not in driver.scene.controller.view.message:
            driver.frame()
            assert "already" in driver.scene.controller.view.message or arrived.wait(DEADLINE)
            arrived.clear()
        assert host.host.referee.follower.seats == {red: None, blue: "ann"}
    finally:
        back.close()
        host.close()
