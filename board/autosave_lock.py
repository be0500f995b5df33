"""One running board per autosave file: a lock beside it, held while the board runs, naming its
process.

The lock is flock(2) on `NAME.lock`: the system lets it go when its process ends however it
ends (a kill, a crash), so a lock left by a dead board is taken over by the next one, and the
process number in the file only tells a player which board holds it.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # no flock (Windows): every claim succeeds, as before locks
    fcntl = None  # type: ignore[assignment]


_NO_FLOCK = (errno.ENOLCK, errno.EINVAL, errno.EOPNOTSUPP)  # what flock says where it cannot lock


def lock_path(save: Path) -> Path:
    """Where the lock of an autosave lives: beside it, with .lock added."""
    return save.with_name(save.name + ".lock")


class AutosaveLock:
    """A held lock; release() lets it go and removes its file."""

    def __init__(self, path: Path, fd: int | None):
        self.path, self.fd = path, fd

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            # Removed while still held: a board waiting on the old file sees it is gone and
            # opens the new one, so two boards never hold two files of the same name.
            self.path.unlink(missing_ok=True)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def claim(save: Path) -> AutosaveLock | None:
    """The lock of this autosave, or None while another running board holds it."""
    path = lock_path(save)
    if fcntl is None:
        return AutosaveLock(path, None)
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        # Never through a link: one planted in the folder would have the lock truncate its target.
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except OSError as error:
            if error.errno not in _NO_FLOCK:
                os.close(fd)
                raise
            break  # a file system without flock (some network ones): autosave unlocked, as before
        except BaseException:
            os.close(fd)
            raise
        try:
            on_disk = os.stat(path)
        except FileNotFoundError:
            on_disk = None
        mine = os.fstat(fd)
        if on_disk is not None and (on_disk.st_dev, on_disk.st_ino) == (mine.st_dev, mine.st_ino):
            break
        os.close(fd)  # its holder removed it as we took it: try the file there now
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return AutosaveLock(path, fd)


def holder(save: Path) -> str:
    """The process named in an autosave's lock, as text ("?" if it cannot be read)."""
    try:
        text = lock_path(save).read_text(encoding="ascii", errors="replace")[:20].strip()
    except OSError:
        return "?"
    return text if text.isdigit() else "?"


def numbered(first: Path, n: int) -> Path:
    """The n-th autosave of a folder: autosave.yaml, autosave-2.yaml, autosave-3.yaml..."""
    return first if n == 1 else first.with_name(f"{first.stem}-{n}{first.suffix}")


MAX_BOARDS = 100  # autosaves tried in one folder before a board gives up keeping one


def claim_slot(first: Path) -> tuple[AutosaveLock, Path] | None:
    """The autosave this board may write, with its lock: `first` unless another running board
    holds it, else the first numbered one that nobody holds and that holds no game (a game
    there is one a crashed board left: it waits to be adopted, never written over)."""
    for n in range(1, MAX_BOARDS + 1):
        path = numbered(first, n)
        if n > 1 and path.exists():
            continue
        lock = claim(path)
        if lock is not None and (n == 1 or not path.exists()):
            return lock, path
        if lock is not None:
            lock.release()
    return None


def orphans(first: Path) -> list[Path]:
    """The numbered autosaves left by boards that ended without closing them (crashed)."""
    return sorted(
        (
            p
            for p in first.parent.glob(f"{first.stem}-*{first.suffix}")
            if p.stem.removeprefix(first.stem + "-").isdigit()
        ),
        key=lambda p: int(p.stem.removeprefix(first.stem + "-")),
    )
