"""A game that lasts for days, without a network: the remembered place (a damaged or hostile
file is read as a reason, never a traceback), the log's "since you were last here" divider,
and the window's title and sound when the turn comes to a player's side, driven by
synthetic stream entries."""

from __future__ import annotations

import json
import queue

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from board.net.last_seen import FILE, MAX_BYTES, LastSeen, game_key
from board.net.protocol import Follower, setup_entry
from board.net.referee import Referee
from board.rules.kernel.events import SINCE
from board.sides import teams
from board.ui import sound
from board.ui.play.async_play import SINCE_WORDS
from board.ui.play.netplay import NetPlay
from tests.net_helpers import FIGHT
from tests.ui_driver import Driver


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """Each test remembers places in its own data folder."""
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    pygame.display.set_caption("Hexboard")  # the title is the process's: another test's may stay
    return tmp_path / "net" / FILE


class Stream:
    """A host's stream without a network: a referee judges, entries are kept in order."""

    def __init__(self, seats: dict | None = None):
        game = Game(load_map(FIGHT), seed="public")
        self.red, self.blue = teams(game.battle)
        self.setup = setup_entry(game, {self.red: "ann", self.blue: None} if seats is None else seats)
        self.referee = Referee.start(Follower.from_setup(self.setup), "secret")
        self.entries: list[tuple[int, dict]] = [(1, self.setup)]

    def play(self, count: int = 1) -> None:
        """The GM plays the first legal command, count times."""
        for _ in range(count):
            command = self.referee.game.legal_actions()[0]
            verdict = self.referee.decide(
                {
                    "rid": f"r{len(self.entries)}",
                    "kind": "command",
                    "command": command.model_dump(mode="json", exclude_none=True),
                },
                gm=True,
            )
            for entry in verdict.entries:
                self.entries.append((len(self.entries) + 1, entry))

    def until(self, team: str) -> None:
        """Play until it is this team's turn."""
        while self.referee.game.current_player() != team:
            self.play()


class FakeSession:
    """What a NetPlay reads of a session: its inbox, its invitation's user."""

    def __init__(self, user: str):
        self.inbox: queue.Queue = queue.Queue()
        self.client = type("Client", (), {"user": user})()
        self.asked: list = []
        self.wake = None

    def drain(self) -> list[tuple]:
        items = []
        while not self.inbox.empty():
            items.append(self.inbox.get())
        return items

    def ask(self, kind, **fields):
        self.asked.append((kind, fields))

    def invitations(self):
        return []

    def close(self):
        pass


class Board:
    """A board's window linked to a fake session, fed the stream's entries."""

    def __init__(self, stream: Stream, role: str = "ann", user: str = "pann01"):
        self.session = FakeSession(user)
        self.follower = Follower.from_setup(stream.setup)
        self.driver = Driver(self.follower.game)
        self.net = NetPlay(self.session, self.follower, role)
        self.net.attach(self.driver.scene)
        self.heard: list[str] = []
        cue = self.driver.scene.sounds.cue
        # The turn sounds the board asked for (the other sounds go on as before).
        self.driver.scene.sounds.cue = lambda name: self.heard.append(name) if name == "your_turn" else cue(name)

    def feed(self, stream: Stream, upto: int | None = None, caught_up: bool = True) -> None:
        """The stream's entries after this board's, to upto, then (by default) the end of the read."""
        for seq, entry in stream.entries:
            if self.follower.seq < seq <= (upto or seq):
                self.session.inbox.put(("entry", seq, entry))
        if caught_up:
            self.session.inbox.put(("caught_up", upto or stream.entries[-1][0]))
        self.driver.frame()

    def log_kinds(self) -> list[str]:
        return [entry.event.kind for entry in self.driver.scene.log.entries]


def test_a_returning_player_sees_the_divider_at_the_first_entry_they_had_not_seen(data):
    stream = Stream()
    stream.play(6)
    first = Board(stream)
    first.feed(stream, upto=4)  # ann saw entries to 4, then left
    assert SINCE not in first.log_kinds()
    assert LastSeen.load().seen(game_key(stream.setup), "pann01") == 4
    shown = len(first.driver.scene.log.entries)

    back = Board(stream)  # she comes back: the board reads the stream from the start
    back.feed(stream)
    kinds = back.log_kinds()
    assert kinds.count(SINCE) == 1
    divider = kinds.index(SINCE)
    assert divider == shown  # every row before it she had seen; the rows after it are new
    assert back.driver.scene.log.entries[divider].event.text == SINCE_WORDS
    assert "since you were last here" in back.driver.message
    assert LastSeen.load().seen(game_key(stream.setup), "pann01") == stream.entries[-1][0]


def test_an_entry_that_arrives_while_the_player_watches_gets_no_divider():
    stream = Stream()
    stream.play(3)
    Board(stream).feed(stream)
    back = Board(stream)
    back.feed(stream)  # nothing new since: no divider
    stream.play(2)
    back.feed(stream)  # live entries, seen as they come
    assert SINCE not in back.log_kinds()


def test_the_place_is_kept_per_game_and_per_identity():
    stream, other = Stream(), Stream({})
    stream.play(5)
    Board(stream, user="pann01").feed(stream, upto=3)
    Board(stream, user="pbo002").feed(stream, upto=5)
    marks = LastSeen.load()
    key = game_key(stream.setup)
    assert (marks.seen(key, "pann01"), marks.seen(key, "pbo002")) == (3, 5)
    assert marks.seen(game_key(other.setup), "pann01") == 0  # another game: never here


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe garbage", b"[1, 2, 3]", b'{"games": 7}', b"[" * 100_000, b" " * (MAX_BYTES + 1)],
)
def test_a_damaged_place_file_is_a_reason_on_the_status_line_and_is_set_aside(data, content):
    data.parent.mkdir(parents=True)
    data.write_bytes(content)
    stream = Stream()
    stream.play(2)
    board = Board(stream)
    assert board.net.since.complaint and str(data) in board.net.since.complaint
    assert "not known" in board.driver.message and board.driver.scene.controller.view.warning
    board.feed(stream)
    assert SINCE not in board.log_kinds()
    assert (data.parent / (FILE + ".damaged")).read_bytes() == content  # kept, not written over
    assert LastSeen.load().seen(game_key(stream.setup), "pann01") == 3  # and started afresh


def test_hostile_marks_are_dropped_one_by_one_and_the_good_ones_kept(data):
    stream = Stream()
    key = game_key(stream.setup)
    data.parent.mkdir(parents=True)
    data.write_text(
        json.dumps(
            {
                "games": {
                    key: {
                        "pann01": {"seq": 2},
                        "pbo002": {"seq": True},
                        "evil": {"seq": -5},
                        "huge": {"seq": 2**80},
                        "x" * 500: {"seq": 3},
                        "pcat03": "seq",
                    },
                    "not-a-key": {"pann01": {"seq": 2}},
                    "../../etc/passwd": {"pann01": {"seq": 2}},
                }
            }
        )
    )
    marks = LastSeen.load()
    assert marks.problem is None
    assert marks.games == {key: {"pann01": {"seq": 2, "at": 0}}}


def test_a_mark_beyond_the_stream_shows_no_divider_and_is_put_right(data):
    stream = Stream()
    stream.play(3)
    LastSeen.load().mark(game_key(stream.setup), "pann01", 10**9)  # edited by hand, or a bug
    board = Board(stream)
    board.feed(stream)
    assert SINCE not in board.log_kinds()
    assert LastSeen.load().seen(game_key(stream.setup), "pann01") == stream.entries[-1][0]


def test_the_remembered_games_are_bounded_the_oldest_forgotten(data):
    data.parent.mkdir(parents=True)
    data.write_text(json.dumps({"games": {f"{n:032x}": {"pann01": {"seq": 1, "at": n}} for n in range(210)}}))
    LastSeen.load().mark("f" * 32, "pann01", 5)
    kept = LastSeen.load().games
    assert len(kept) == 200 and "f" * 32 in kept and f"{0:032x}" not in kept


# --- the turn's notice ---------------------------------------------------------------------


def test_the_title_and_a_sound_say_when_the_turn_comes_to_the_players_side():
    stream = Stream()
    board = Board(stream)
    stream.until(stream.blue)
    board.feed(stream)
    assert not board.net.turns.mine and not pygame.display.get_caption()[0].startswith("Your turn")
    stream.until(stream.red)
    board.feed(stream)
    assert pygame.display.get_caption()[0] == f"Your turn — {board.follower.game.battle.name}"
    assert board.heard == ["your_turn"]
    stream.until(stream.blue)
    board.feed(stream)
    assert pygame.display.get_caption()[0] == f"Hexboard - {board.follower.game.battle.name}"
    stream.until(stream.red)
    board.feed(stream)
    assert board.heard == ["your_turn", "your_turn"]  # once each time the turn comes round


def test_no_notice_while_the_board_catches_up_only_once_it_has():
    stream = Stream()
    stream.until(stream.blue)
    stream.until(stream.red)
    board = Board(stream)
    board.feed(stream, caught_up=False)
    assert board.heard == [] and not board.net.turns.mine
    board.session.inbox.put(("caught_up", stream.entries[-1][0]))
    board.driver.frame()
    assert board.heard == ["your_turn"] and pygame.display.get_caption()[0].startswith("Your turn")


@pytest.mark.parametrize("role", ["GM", "spectator"])
def test_the_gms_and_a_spectators_boards_get_no_turn_notice(role):
    stream = Stream()
    # Seats that name the board's own role, as a player's name would: only the role keeps the
    # notice away (the GM plays every side it holds at one screen; a spectator plays none).
    stream = Stream({stream.red: role, stream.blue: role})
    board = Board(stream, role=role, user="host")
    for team in (stream.blue, stream.red, stream.blue):
        stream.until(team)
        board.feed(stream)
    assert board.heard == [] and not pygame.display.get_caption()[0].startswith("Your turn")


def test_the_turn_sound_respects_sound_off_and_a_missing_audio_device(monkeypatch):
    played = []
    quiet = type("S", (), {"play": lambda s: played.append(1)})
    monkeypatch.setattr(sound.pygame.mixer, "Sound", lambda buffer: quiet())
    sounds = sound.Sounds()
    sounds.available, sounds.muted = True, True  # a real window, sound off (N)
    monkeypatch.setattr(sound.Sounds, "_open", staticmethod(lambda: True))
    sounds.cue("your_turn")
    assert not played and not sounds.heard
    sounds.muted = False
    monkeypatch.setattr(sound.Sounds, "_open", staticmethod(lambda: False))  # no audio device
    sounds.cue("your_turn")
    assert not played and not sounds.heard
    monkeypatch.setattr(sound.Sounds, "_open", staticmethod(lambda: True))
    sounds.cue("your_turn")
    assert played and list(sounds.heard) == ["your_turn"]


def test_a_place_file_that_cannot_be_written_is_said_once_and_play_goes_on(data):
    data.mkdir(parents=True)  # a folder where the file should be: neither read nor written
    stream = Stream()
    stream.play(2)
    board = Board(stream)
    assert "is a folder" in board.net.since.complaint
    board.feed(stream)
    stream.play(1)
    board.feed(stream)
    assert board.follower.seq == stream.entries[-1][0]  # the game went on
    assert data.is_dir()
