"""Where a player last was in each shared game: the last stream entry their board showed, kept
per game and per identity in the data folder (last-seen.json), so a board that comes back
can mark "since you were last here" at the first entry they had not seen.

The file is the player's own but read as untrusted: too large, not JSON, the wrong shape or
a value out of range is ignored with a reason to show, never a traceback; it is written
whole (a temporary file renamed over it), so a crash leaves the old version or the new."""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from board.atomic import replace_whole
from board.net.protocol import encode
from board.saves import data_dir

FILE = "last-seen.json"
MAX_BYTES = 256 * 1024  # a few hundred games' marks; anything larger is not ours
MAX_GAMES = 200  # the games remembered: the least recently seen are forgotten first
MAX_SEQ = 2**53  # a stream sequence beyond this is no stream's
_KEY = 32  # hex digits of a game's key, and the most characters of an identity
_KEY_FORM = re.compile(f"[0-9a-f]{{{_KEY}}}")


def game_key(setup: dict) -> str:
    """The key a game is remembered under: a digest of its stream's first entry (the map,
    ruleset, options, public seed and seats: a new game's is new, a restarted host's the same)."""
    return hashlib.sha256(encode(setup)).hexdigest()[:_KEY]


@dataclass
class LastSeen:
    """The marks kept in one file: {game key: {identity: {"seq": n, "at": unix time}}}."""

    path: Path
    games: dict[str, dict[str, dict]]
    problem: str | None = None  # why the file could not be read (it is then started afresh)
    stamp: tuple | None = None  # the file's (mtime, size, inode) when last read or written here

    @classmethod
    def load(cls, path: Path | None = None) -> LastSeen:
        """The marks in the file (none if it is missing); a damaged file gives no marks and
        says why in `problem`."""
        path = path or data_dir() / "net" / FILE
        stamp = _stamp(path)
        try:
            with open(path, "rb") as file:
                text = file.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return cls(path, {})
        except IsADirectoryError:
            return cls(path, {}, f"{path} is a folder, not a file of marks")
        except OSError as error:
            return cls(path, {}, f"{path} could not be read ({error.strerror or error})")
        if len(text) > MAX_BYTES:
            return cls(path, {}, f"{path} is larger than {MAX_BYTES // 1024} KiB: not a file of marks")
        try:
            raw = json.loads(text.decode("utf-8"))
        except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
            return cls(path, {}, f"{path} is not readable JSON ({error})")
        games = raw.get("games") if isinstance(raw, dict) else None
        if not isinstance(games, dict):
            return cls(path, {}, f'{path} holds no "games" object')
        return cls(path, {key: kept for key, marks in games.items() if (kept := _valid(key, marks))}, stamp=stamp)

    def seen(self, game: str, who: str) -> int:
        """The last entry this identity's board showed of the game (0: never here)."""
        mark = self.games.get(game, {}).get(who)
        return mark["seq"] if mark else 0

    def mark(self, game: str, who: str, seq: int) -> str | None:
        """Remember the last entry shown; the reason if the file could not be written."""
        if not (_is_key(game) and _is_who(who) and _is_seq(seq)):
            return "not a game, identity or entry to remember"
        if _stamp(self.path) != self.stamp:  # another board of this machine's wrote since
            fresh = LastSeen.load(self.path)
            if fresh.problem is None:
                self.games = fresh.games
        self.games.setdefault(game, {})[who] = {"seq": seq, "at": int(time.time())}
        if len(self.games) > MAX_GAMES:  # forget the games seen longest ago
            latest = sorted(self.games, key=lambda k: max(m["at"] for m in self.games[k].values()))
            for key in latest[: len(self.games) - MAX_GAMES]:
                del self.games[key]
        data = json.dumps({"games": self.games}, separators=(",", ":")) + "\n"
        try:
            if self.problem and self.path.is_file():  # kept for a look, never written over
                os.replace(self.path, self.path.with_name(self.path.name + ".damaged"))
            self.problem = None
            replace_whole(self.path, data.encode(), 0o600)
            self.stamp = _stamp(self.path)
        except OSError as error:
            return f"{self.path} could not be written ({error.strerror or error})"
        return None


def _stamp(path: Path) -> tuple | None:
    """What changes when the file is written again (None: no file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size, info.st_ino


def _is_key(key: object) -> bool:
    return isinstance(key, str) and _KEY_FORM.fullmatch(key) is not None


def _is_who(who: object) -> bool:
    return isinstance(who, str) and 0 < len(who) <= _KEY and who.isprintable()


def _is_seq(seq: object) -> bool:
    return type(seq) is int and 0 < seq < MAX_SEQ  # not a bool, a float or a string


def _valid(key: object, marks: object) -> dict[str, dict] | None:
    """A game's marks that are well formed (the others dropped), or None."""
    if not _is_key(key) or not isinstance(marks, dict):
        return None
    kept = {
        who: {"seq": m["seq"], "at": m["at"] if type(m.get("at")) is int else 0}
        for who, m in marks.items()
        if _is_who(who) and isinstance(m, dict) and _is_seq(m.get("seq"))
    }
    return kept or None
