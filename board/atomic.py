"""Files written whole: a reader sees the old version or the new one, never a part."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def replace_whole(path: Path, data: bytes, mode: int, durable: bool = False) -> None:
    """Write data to a temporary file beside path, then rename it over path (a link there is
    replaced, never written through); durable: forced to disk, the rename too."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)  # mkstemp makes it 0600
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            if durable:
                stream.flush()
                os.fsync(stream.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    if durable:
        _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Force a rename in folder to disk, or a crash could lose it (where the system allows)."""
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
