"""Saved games: atomic writes, the autosave after every command, and resuming after a crash."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from board.game import Game
from board.script import game_to_yaml, load_script
from board.yamlio import InputError

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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    # The rename itself must reach the disk too, or a crash could lose it.
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


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


def save_game(game: Game, path: str | Path) -> None:
    """Save a game (map inline, options, seed, commands) atomically."""
    write_atomically(path, game_to_yaml(game))


def load_game(path: str | Path) -> Game:
    """Open a saved game, replaying every command; a damaged save is refused whole."""
    script = load_script(path)
    game = script.game
    for index, command in enumerate(script.commands):
        outcome = game.submit(command)
        if not outcome.accepted:
            raise InputError([script.marks.problem(("commands", index), f"the save is damaged: command "
                                                   f"{index + 1} ({command.short()}) is refused: {outcome.reason}")])
    return game


class Autosaver:
    """Keeps the autosave in step with a game: written after every change."""

    def __init__(self, folder: Path | None = None):
        self.path = (folder or data_dir()) / AUTOSAVE
        self.written = -1

    def save(self, game: Game) -> None:
        """Write the game if it changed since the last write."""
        if game.version != self.written:
            save_game(game, self.path)
            self.written = game.version

    def close(self) -> None:
        """A clean exit: the game is not waiting to be resumed any more."""
        if self.path.exists():
            os.replace(self.path, self.path.with_name("last-closed.yaml"))

    def pending(self) -> Path | None:
        """An autosave left by a crash or a kill, if there is one."""
        return self.path if self.path.exists() else None

    def discard(self) -> None:
        """The player chose not to resume: keep it aside, never delete a game."""
        if self.path.exists():
            os.replace(self.path, self.path.with_name("declined.yaml"))
