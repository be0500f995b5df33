"""The autosave's journal: commands and undos appended one line at a time next to a save.

A journal belongs to one save file, named by the SHA-256 of its bytes on the journal's first
line, so a journal left over from another save is never applied. The first line holds the
save's text too, so a save deleted under a running board can be written again from it. Every later line is one JSON
object {"at": INDEX, "command": {...}, "note": TEXT}: cut the commands back to INDEX, then add
the command (an undo has no command); a note is the computer's reason for the last command
after that (a line with a note and no command gives a note to a command already there). A
board written before notes were journalled reads a note's line as a cut that cuts nothing.
A line is written whole with one write() and forced to disk before
the command counts as saved; a line cut short by a crash has no newline and is not read.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from board.models import Note
from board.rules.base import Command

SUFFIX = ".journal"


def journal_path(save: str | Path) -> Path:
    """Where the journal of a save lives: beside it, with .journal added."""
    save = Path(save)
    return save.with_name(save.name + SUFFIX)


def _digest(save_text: str) -> str:
    return hashlib.sha256(save_text.encode("utf-8", "surrogatepass")).hexdigest()


def header(save_text: str) -> str:
    """The first line of a journal for this save (its text as written and as read back): its
    digest, and the text itself."""
    return json.dumps({"hexboard_journal": 2, "save": _digest(save_text), "text": save_text}) + "\n"


def _bound_to(first_line: bytes, save_text: str) -> bool:
    """Whether a journal's first line names this save (format 1 gave the digest alone)."""
    try:
        head = json.loads(first_line)
    except (ValueError, RecursionError):
        return False
    return isinstance(head, dict) and head.get("save") == _digest(save_text)


def saved_text(save: str | Path, limit: int) -> str | None:
    """The text of the save a journal belongs to, as its first line holds it, if the line is
    whole, no longer than limit bytes and matches its digest; else None."""
    try:
        with open(journal_path(save), "rb") as stream:
            line = stream.readline(limit + 1)
        head = json.loads(line) if line.endswith(b"\n") else None
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(head, dict):
        return None
    text = head.get("text")
    return text if isinstance(text, str) and head.get("save") == _digest(text) else None


def entry(at: int, command_json: str | None = None, note: str | None = None) -> str:
    """One line: cut the commands back to `at`, then add the command (given as JSON), if any;
    the note, if any, is the reason for the last command after that."""
    command = f', "command": {command_json}' if command_json else ""
    why = f', "note": {json.dumps(note, ensure_ascii=False)}' if note is not None else ""
    return f'{{"at": {at}{command}{why}}}\n'


class Journal:
    """An open journal, appended to; every append is on disk when it returns."""

    def __init__(self, path: Path, save_text: str):
        self.path = path
        tmp = path.with_name(f".{path.name}.new")
        with open(tmp, "w", encoding="utf-8") as stream:
            stream.write(header(save_text))
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(tmp, path)  # a crash leaves the old journal (bound to the old save) or this one
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        self.lines = 0
        self.size = os.fstat(self.fd).st_size  # what the file holds if nothing else wrote to it

    def append(self, text: str) -> None:
        """Write lines and force them to disk."""
        data = text.encode("utf-8")
        size = len(data)
        while data:  # a regular file takes it whole, short of a full disk
            data = data[os.write(self.fd, data) :]
        os.fdatasync(self.fd)
        self.lines += text.count("\n")
        self.size += size

    def damage(self) -> str | None:
        """What else happened to the file since it was written: deleted, replaced or cut."""
        try:
            on_disk = os.stat(self.path)
        except OSError:
            return "its journal was deleted"
        mine = os.fstat(self.fd)
        if (on_disk.st_dev, on_disk.st_ino) != (mine.st_dev, mine.st_ino):
            return "its journal was replaced"
        if mine.st_size != self.size:
            return "its journal was cut short" if mine.st_size < self.size else "its journal was written to"
        return None

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1  # closed


@cache
def _note_adapter() -> TypeAdapter:
    """A journal's note is held to what a save's note must be (built at first use)."""
    return TypeAdapter(Note)


def replay_journal(
    save: str | Path, save_text: str, commands: list[Command], notes: dict[int, str] | None = None
) -> list[int | None]:
    """Apply the save's journal, if it has one bound to this text, to its commands and their
    notes (by command index) in place.

    Returns where each command now comes from: None for the save's own (at the same index),
    else its line in the journal. Reading stops at the first line cut short or unreadable."""
    notes = {} if notes is None else notes
    sources: list[int | None] = [None] * len(commands)
    try:
        data = journal_path(save).read_bytes()
    except OSError:
        return sources
    lines = data.split(b"\n")[:-1]  # the last piece has no newline: not written whole
    if not lines or not _bound_to(lines[0], save_text):
        return sources
    for number, line in enumerate(lines[1:], start=2):
        try:
            item = json.loads(line)
            at = item["at"]
            command = Command.model_validate(item["command"]) if "command" in item else None
            note = _note_adapter().validate_python(item["note"]) if "note" in item else None
        except (ValueError, KeyError, TypeError, RecursionError, ValidationError):
            break
        if (
            not isinstance(at, int)
            or not 0 <= at <= len(commands)
            or (note is not None and at == 0 and command is None)
        ):  # a note of no command
            break
        for index in range(at, len(commands)):  # (notes name only commands there are)
            notes.pop(index, None)
        del commands[at:], sources[at:]
        if command is not None:
            commands.append(command)
            sources.append(number)
        if note is not None:
            notes[len(commands) - 1] = note
    return sources
