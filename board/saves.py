"""Saved games: atomic writes, the journalled autosave after every command, and resuming after a crash."""

from __future__ import annotations

import gc
import os
import time
from contextlib import contextmanager
from pathlib import Path

from board.atomic import replace_whole
from board.autosave_lock import AutosaveLock, claim, claim_slot, holder, orphans
from board.game import Game
from board.journal import Journal, entry, journal_path, replay_journal, saved_text
from board.problems import MAX_BYTES
from board.script import command_json, commands_yaml, game_header, game_to_yaml, parse_script
from board.yamlio import InputError, Problem, read_text

AUTOSAVE = "autosave.yaml"


def data_dir() -> Path:
    """Where Hexboard keeps its autosave: the platform's user data directory.

    HEXBOARD_DATA_DIR overrides it (tests, portable installs).
    """
    override = os.environ.get("HEXBOARD_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("hexboard", appauthor=False))


def write_atomically(path: str | Path, text: str) -> None:
    """Write text so that the file is always either the old or the new version, whole."""
    path = Path(path)
    # A save is an ordinary file (mode from the umask, or the file's own), forced to disk.
    replace_whole(path, text.encode("utf-8"), _file_mode(path), durable=True)


def remove_interrupted_writes(folder: Path, older_than: float = 60.0) -> list[Path]:
    """Delete the temporary files of writes a kill interrupted (write_atomically's ".NAME.*.tmp").

    Only files untouched for older_than seconds: a younger one may be another board's write
    in flight. Returns the files removed."""
    removed = []
    for tmp in folder.glob(".*.tmp") if folder.is_dir() else ():
        try:
            if time.time() - tmp.stat().st_mtime > older_than:
                tmp.unlink()
                removed.append(tmp)
        except OSError:  # gone already, or not ours to delete: leave it
            continue
    return removed


def _file_mode(path: Path) -> int:
    """The mode a written file gets: the one it has, or what the umask gives a new file."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def save_game(game: Game, path: str | Path) -> None:
    """Save a game (map inline, options, seed, commands) atomically."""
    write_atomically(path, game_to_yaml(game))


def load_game(path: str | Path) -> Game:
    """Open a saved game, with its journal if it has one, replaying every command; a damaged
    save is refused whole."""
    text = read_text(path)
    script = parse_script(text, str(path), Path(path).parent)
    commands = script.commands
    game = script.game
    sources = replay_journal(path, text, commands, game.notes)
    with _collector_paused():
        for index, (command, line) in enumerate(zip(commands, sources)):
            outcome = game.submit(command)
            if not outcome.accepted:
                message = f"the save is damaged: command {index + 1} ({command.words()}) is refused: {outcome.reason}"
                raise InputError(
                    [
                        script.marks.problem(("commands", index), message)
                        if line is None
                        else Problem(str(journal_path(path)), line, 1, message)
                    ]
                )
    return game


@contextmanager
def _collector_paused():
    """No cyclic garbage collection while a save replays: every command leaves objects that
    live on (events, checkpoints), so the collector would walk the growing game again and
    again (about a tenth of a long load) to find almost nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _mark(path: Path) -> tuple | None:
    """What tells a file apart from one written in its place since: device, inode, size, time."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


class Autosaver:
    """Keeps the autosave in step with a game, at a cost per command that does not grow with
    the game: each command (or undo) is one line appended to the save's journal; the save is
    written whole only for a new game, when the journal has grown as long as the save, and
    when something else deleted, cut or replaced the save or its journal."""

    def __init__(self, folder: Path | None = None, compact_after: int = 256):
        # The folder's autosave; another board running on the folder holds it (its lock), and
        # this one then writes autosave-2.yaml or the next free one (_claim).
        self.first = self.path = (folder or data_dir()) / AUTOSAVE
        self.lock: AutosaveLock | None = None
        self.compact_after = compact_after
        self.written = -1
        self.players: dict[str, str] = {}  # who played each side when the save was written
        self.game: Game | None = None
        self.saved: list = []  # the commands on disk (save and journal), as the game's objects
        self.lines: list[str] = []  # and each as JSON
        self.notes: list[str | None] = []  # and the note (the computer's reason) of each
        self.journal: Journal | None = None
        self.written_mark: tuple | None = None  # the save as this board wrote it (_mark)
        self.notice: str | None = None  # what the board must be told, once (take_notice)

    def save(self, game: Game) -> None:
        """Bring the autosave up to date with the game, if it changed since the last save."""
        if (
            game is self.game
            and game.version == self.written
            and game.players == self.players
            and self._last_note_saved(game)
        ):
            return
        damage = self.damage()
        if damage:  # a line appended now would follow a gap: the journal would lose it on reading
            self.notice = f"The autosave was damaged ({damage}): the game is saved whole again"
        if damage or game is not self.game or self.journal is None or game.players != self.players:
            # (who plays a side is in the save's header, which the journal never rewrites)
            self.compact(game)
        else:
            self._append(game, self.journal)
        self.written = game.version

    def damage(self) -> str | None:
        """What something else did to the save or its journal since this board wrote them."""
        if self.journal is None:
            return None
        mark = _mark(self.path)
        if mark != self.written_mark:
            return f"{self.path.name} was {'deleted' if mark is None else 'changed'}"
        return self.journal.damage()

    def take_notice(self) -> str | None:
        """What the board must say about its autosave, once."""
        notice, self.notice = self.notice, None
        return notice

    def _last_note_saved(self, game: Game) -> bool:
        """Whether the last command's note is on disk as the game has it (Game.note gives a
        note to the last command only, so no other can have changed without a new command)."""
        last = len(game.history) - 1
        return last < 0 or last >= len(self.notes) or game.notes.get(last) == self.notes[last]

    def _append(self, game: Game, journal: Journal) -> None:
        """Journal what changed since the last save: an undo cuts back, new commands follow,
        each with its note; a note given to the last saved command since is a line of its own."""
        history, saved = game.history, self.saved
        keep = min(len(history), len(saved))
        while keep and history[keep - 1] is not saved[keep - 1]:
            keep -= 1
        new = [command_json(c) for c in history[keep:]]
        noted = keep > 0 and game.notes.get(keep - 1) != self.notes[keep - 1]  # a note given since
        if keep == len(saved) and not new and not noted:
            return
        if noted and game.notes.get(keep - 1) is None:  # a note taken away: no line says that
            self.compact(game)
            return
        notes = [game.notes.get(index) for index in range(keep, len(history))]
        if noted:  # cut back to keep (if anything was undone), and the note of the command before
            lines = [entry(keep, note=game.notes.get(keep - 1))]
        else:
            lines = [entry(keep)] if keep < len(saved) and not new else []
        lines += [entry(keep + i, text, note) for i, (text, note) in enumerate(zip(new, notes))]
        try:
            journal.append("".join(lines))
        except OSError:
            # Part of a line may be on disk: the next save writes the game whole instead.
            self._close_journal()
            raise
        self.saved[keep:], self.lines[keep:], self.notes[keep:] = history[keep:], new, notes
        if noted:
            self.notes[keep - 1] = game.notes.get(keep - 1)
        if journal.lines > max(self.compact_after, len(self.saved)):
            self.compact(game)

    def compact(self, game: Game) -> None:
        """Write the whole game as the save, and start its journal afresh."""
        if game is not self.game:
            self.game, self.saved, self.lines = game, [], []
        self.lines[len(self.saved) :] = [command_json(c) for c in game.history[len(self.saved) :]]
        self.saved, self.players = list(game.history), dict(game.players)
        self.notes = [game.notes.get(index) for index in range(len(self.saved))]  # (in the header)
        text = game_header(game) + commands_yaml(self.lines)
        self._close_journal()
        self._claim()
        write_atomically(self.path, text)  # the old journal is bound to the old save: now ignored
        self.written_mark = _mark(self.path)
        self.journal = Journal(journal_path(self.path), text)

    def _close_journal(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def close(self) -> None:
        """A clean exit: the game is not waiting to be resumed any more."""
        if self.game is not None and self.journal is not None:
            self.compact(self.game)  # last-closed.yaml holds the whole game on its own
            self._close_journal()
            journal_path(self.path).unlink()
        self._close_journal()
        self._set_aside("last-closed.yaml")
        self.release()

    def release(self) -> None:
        """Let the autosave go: another board may take it (the board is closing)."""
        if self.lock is not None:
            self.lock.release()
            self.lock, self.path = None, self.first

    def _claim(self) -> None:
        """Take the folder's autosave, or the next free one while another board holds it."""
        if self.lock is not None:
            return
        claimed = claim_slot(self.first)
        if claimed is None:
            raise OSError(f"every autosave in {self.first.parent} is in use")
        self.lock, self.path = claimed
        if self.path != self.first:
            self.notice = (
                f"Another Hexboard (process {holder(self.first)}) is using this data folder: "
                f"this board autosaves to {self.path.name}"
            )

    def pending(self) -> Path | None:
        """An autosave left by a crash or a kill, if there is one: the board's own (written
        again from its journal if only the journal is left), else one that a board which had
        to use a numbered autosave left when it crashed."""
        try:
            self._claim()
        except OSError:  # a folder that takes no lock file: what it holds can still be read
            pass
        if not self.path.exists():
            # JSON escapes a character in at most 6 bytes: a save of MAX_BYTES fits in the line.
            text = saved_text(self.path, 6 * MAX_BYTES + 4096)
            try:
                if text is not None:
                    write_atomically(self.path, text)
                elif self.lock is not None and self.path == self.first:
                    self._adopt_orphan()
            except OSError:
                return None
        return self.path if self.path.exists() else None

    def _adopt_orphan(self) -> None:
        """Make the first numbered autosave that no running board holds the folder's own."""
        for orphan in orphans(self.first):
            lock = claim(orphan)
            if lock is None:  # a running board's
                continue
            try:
                if orphan.exists():  # the journal first: a crash between leaves it, holding the save
                    self._move_with_journal(orphan, self.path)
                    return
            finally:
                lock.release()

    def discard(self) -> None:
        """The player chose not to resume: keep it aside, never delete a game."""
        self._close_journal()
        self._set_aside("declined.yaml")

    def _set_aside(self, name: str) -> None:
        """Rename the autosave and its journal (which stays bound to it) out of the way; a
        numbered autosave's go aside numbered too (last-closed-2.yaml)."""
        aside = Path(name)
        aside = self.path.with_name(aside.stem + self.path.stem.removeprefix(self.first.stem) + aside.suffix)
        if self.path.exists():
            os.replace(self.path, aside)
        self._move_with_journal(None, aside)

    def _move_with_journal(self, save: Path | None, to: Path) -> None:
        """Move a save's journal beside `to`, then the save itself if given (None: the
        autosave's journal only)."""
        journal, moved = journal_path(save or self.path), journal_path(to)
        if journal.exists():
            os.replace(journal, moved)
        else:
            moved.unlink(missing_ok=True)  # an older game's, bound to an older file
        if save is not None:
            os.replace(save, to)
