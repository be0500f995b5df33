"""What travels between boards, with no network in it: the subjects, the stream's entries and
a Follower that applies them to a Game in order.

The stream holds one entry per change, in the order the host accepted them:
  {"kind": "setup", "header": <a save without commands>, "seats": {team: holder}}   (first)
  {"kind": "command", "command": {... "dice": [...]}, "by": name, "rid": request id}
  {"kind": "undo" | "redo", "by": name, "rid": ...}
  {"kind": "seat", "team": team, "holder": name | null | "computer", "by": name, "rid": ...}
A command carries every die it consumed, so a board replays it without knowing the host's
secret seed (board.net.referee works the dice out). Every entry after the setup may carry
"digest", the host's digest of the game and seats after it: a board whose own differs says
so and rebuilds from the stream."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from board.game import Game
from board.rules.base import Command, Event
from board.rules.kernel.events import UNDO
from board.script import game_header, parse_script

GM = "GM"  # the host's name on entries it makes itself
COMPUTER = "computer"  # a seat handed to the computer opponent
_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


@dataclass(frozen=True)
class Subjects:
    """The NATS names one game uses."""

    game: str = "game"

    def __post_init__(self) -> None:
        if not _ID.match(self.game):
            raise ValueError(f"a game id is 1-32 letters, digits, - or _; not {self.game!r}")

    @property
    def stream(self) -> str:
        """The JetStream stream that holds the game's entries."""
        return f"HEXBOARD_{self.game}"

    @property
    def log(self) -> str:
        """The subject the host appends entries on; players may not publish to it."""
        return f"hexboard.{self.game}.log"

    @property
    def held_stream(self) -> str:
        """The host's own stream of commands it holds back (secret plots); no player reads it."""
        return f"HEXBOARD_{self.game}_HELD"

    @property
    def held(self) -> str:
        return f"hexboard.{self.game}.held"

    @property
    def requests(self) -> str:
        """The root of the request subjects; the host answers each one."""
        return f"hexboard.{self.game}.req"

    def request_of(self, user: str) -> str:
        """The one subject an invitation's connection may send requests on: the host knows
        the sender from it (the server refuses anyone else publishing there)."""
        return f"{self.requests}.{user}"

    @property
    def feed(self) -> str:
        """Where the server republishes each entry the stream stores, for every board to read."""
        return f"hexboard.{self.game}.feed"

    @property
    def notes(self) -> str:
        """Passing words from the host (a secret plot was made...); not stored."""
        return f"hexboard.{self.game}.note"


def encode(data: dict[str, Any]) -> bytes:
    """An entry, request or reply as bytes on the wire."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def decode(payload: bytes) -> dict[str, Any]:
    """Bytes off the wire as a dict; ValueError for anything else."""
    data = json.loads(payload.decode())
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    return data


def command_data(command: Command) -> dict[str, Any]:
    """A command as JSON-ready data (the save's form)."""
    return command.model_dump(mode="json", exclude_none=True, exclude_defaults=True)


def setup_entry(game: Game, seats: dict[str, str | None]) -> dict[str, Any]:
    """The stream's first entry: the map, ruleset, options and public seed, and the seats."""
    return {"kind": "setup", "header": game_header(game), "seats": dict(seats)}


def game_from_setup(entry: dict[str, Any]) -> Game:
    """The game a setup entry starts (no command applied)."""
    return parse_script(entry["header"] + "commands: []\n", "<the host's setup>").game


class Diverged(RuntimeError):
    """The stream holds an entry this board cannot apply: the boards would differ."""


class Desynced(Diverged):
    """This board's game differed from the host's after an entry; the follower went back to
    the setup, and the stream must be read again from the entry after it."""


def state_digest(game: Game, seats: dict[str, str | None]) -> str:
    """A short digest of a game's state, history and seats, equal on every board that agrees."""
    shape = [game.snapshot(), seats, len(game.history), len(game.undone)]
    data = json.dumps(shape, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@dataclass
class Follower:
    """A board's copy of the shared game: the stream's entries applied in order."""

    game: Game
    seats: dict[str, str | None]
    seq: int = 1  # the stream sequence of the last entry applied (1: the setup)
    requests: set[str] = field(default_factory=set)  # request ids already in the stream
    setup: dict[str, Any] | None = None  # the stream's first entry, to start again from
    healed: set[int] = field(default_factory=set)  # entries this board rebuilt at once already
    differs: int = 0  # the last entry whose digest still differed after a rebuild

    @classmethod
    def from_setup(cls, entry: dict[str, Any]) -> Follower:
        """A follower at the start of the game a setup entry describes."""
        if entry.get("kind") != "setup":
            raise Diverged("the stream does not begin with the game's setup")
        return cls(game_from_setup(entry), dict(entry.get("seats", {})), setup=entry)

    def apply(self, seq: int, entry: dict[str, Any], check: bool = True) -> list[Event]:
        """Apply the entry at stream sequence seq; earlier ones (a redelivery) are skipped.

        Desynced if this board's game then differs from the host's (its digest, or an entry
        this board cannot apply): the follower is back at the setup, to read the stream again.
        Reading again cannot heal a second difference at the same entry (this board's rules
        differ from the host's): an entry it cannot apply is raised as Diverged, a digest
        that still differs is noted in `differs` and the game goes on. check=False (the host
        reading its own stream back) compares no digests."""
        if seq <= self.seq:
            return []
        if seq != self.seq + 1:
            raise Diverged(f"entry {seq} arrived after {self.seq}: one is missing")
        try:
            events = self.apply_entry(entry)
        except Diverged as error:
            raise self._heal(seq, error) from error
        digest = entry.get("digest")
        if check and digest is not None and digest != state_digest(self.game, self.seats):
            if seq not in self.healed:
                raise self._heal(seq, Diverged(f"this board's game differed from the host's after entry {seq}"))
            self.differs = seq
        self.seq = seq
        return events

    def _heal(self, seq: int, error: Diverged) -> Diverged:
        """The error to raise for a difference at seq: Desynced (and the follower back at the
        setup) the first time, the error itself after that."""
        if seq in self.healed or self.setup is None:
            return error
        self.healed.add(seq)
        self.restart()
        return Desynced(f"{error}; rebuilding it from the stream")

    def restart(self) -> None:
        """Back to the game the setup describes, in the same Game object (the board's readers
        keep theirs); the stream is then applied again from its second entry."""
        setup = self.setup
        if setup is None:  # a follower made from a game, not a stream: nothing to go back to
            raise Diverged("this board has no setup to rebuild the game from")
        fresh = game_from_setup(setup)
        self.game.__dict__.clear()
        self.game.__dict__.update(fresh.__dict__)
        self.seats, self.seq, self.requests = dict(setup.get("seats", {})), 1, set()

    def apply_entry(self, entry: dict[str, Any]) -> list[Event]:
        """Apply an entry to the game and seats, whatever its place in the stream."""
        if entry.get("rid"):
            self.requests.add(entry["rid"])
        kind = entry.get("kind")
        game = self.game
        if kind == "command":
            command = Command.model_validate(entry["command"])
            outcome = game.submit(command)
            if not outcome.accepted:
                # In words (a player reads it on the status line); the rules' own reason may
                # name program ids (a host running another version's actions), so it is left out.
                raise Diverged(
                    f"the host accepted {command.words()}, which this board's rules "
                    "refuse (is the host running another version of Hexboard?)"
                )
            return outcome.events
        if kind == "undo":
            if not game.undo():
                raise Diverged("the host undid a command this board does not have")
            return [Event(UNDO, f"{entry.get('by', GM)} took back a command")]
        if kind == "redo":
            redone = game.redo()
            if redone is None or not redone.accepted:
                raise Diverged("the host redid a command this board cannot redo")
            return redone.events
        if kind == "seat":
            self.seats[entry["team"]] = entry.get("holder")
            return [Event("seat", seat_text(entry["team"], entry.get("holder")))]
        raise Diverged(
            "the host sent an entry of a kind this board does not know "
            "(is the host running another version of Hexboard?)"
        )

    def sides_of(self, name: str) -> list[str]:
        """The teams a player holds."""
        return [team for team, holder in self.seats.items() if holder == name]


def seat_text(team: str, holder: str | None) -> str:
    """A seat change in words."""
    if holder is None:
        return f"the GM plays {team}"
    if holder == COMPUTER:
        return f"the computer plays {team}"
    return f"{holder} plays {team}"
