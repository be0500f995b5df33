"""What travels between boards, with no network in it: the subjects, the stream's entries and
a Follower that applies them to a Game in order.

The stream holds one entry per change, in the order the host accepted them:
  {"kind": "setup", "header": <a save without commands>, "seats": {team: holder}}   (first)
  {"kind": "command", "command": {... "dice": [...]}, "by": name, "rid": request id}
  {"kind": "undo" | "redo", "by": name, "rid": ...}
  {"kind": "seat", "team": team, "holder": name | null | "computer", "by": name, "rid": ...}
A command carries every die it consumed, so a board replays it without knowing the host's
secret seed (board.net.referee works the dice out)."""

from __future__ import annotations

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


@dataclass
class Follower:
    """A board's copy of the shared game: the stream's entries applied in order."""

    game: Game
    seats: dict[str, str | None]
    seq: int = 1  # the stream sequence of the last entry applied (1: the setup)
    requests: set[str] = field(default_factory=set)  # request ids already in the stream

    @classmethod
    def from_setup(cls, entry: dict[str, Any]) -> "Follower":
        """A follower at the start of the game a setup entry describes."""
        if entry.get("kind") != "setup":
            raise Diverged("the stream does not begin with the game's setup")
        return cls(game_from_setup(entry), dict(entry.get("seats", {})))

    def apply(self, seq: int, entry: dict[str, Any]) -> list[Event]:
        """Apply the entry at stream sequence seq; earlier ones (a redelivery) are skipped."""
        if seq <= self.seq:
            return []
        if seq != self.seq + 1:
            raise Diverged(f"entry {seq} arrived after {self.seq}: one is missing")
        events = self.apply_entry(entry)
        self.seq = seq
        return events

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
                raise Diverged(f"the host accepted {command.short()} but this board refuses it: "
                               f"{outcome.reason}")
            return outcome.events
        if kind == "undo":
            if not game.undo():
                raise Diverged("the host undid a command this board does not have")
            return [Event(UNDO, f"{entry.get('by', GM)} took back a command")]
        if kind == "redo":
            outcome = game.redo()
            if outcome is None or not outcome.accepted:
                raise Diverged("the host redid a command this board cannot redo")
            return outcome.events
        if kind == "seat":
            self.seats[entry["team"]] = entry.get("holder")
            return [Event("seat", seat_text(entry["team"], entry.get("holder")))]
        raise Diverged(f"unknown entry kind {kind!r}")

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
