"""The command a user types to run Hexboard where they are: `hexboard` when it is installed,
`./hexboard` from a clone (or the path to it). Every line printed for a user to type uses it."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

from board.resources import clone_root

NAME = "hexboard"


def running_program() -> Path | None:
    """The file the user started: a one-folder build's executable, an installed `hexboard`
    script, or None (main.py, or python -c)."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable)
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name in (NAME, f"{NAME}.exe", f"{NAME}-script.py"):
        return started
    return None


def program_path() -> Path | None:
    """The absolute path of the file that starts Hexboard here (for a desktop entry): the
    running program, a clone's launcher, or `hexboard` on the PATH; None if there is none."""
    root, on_path = clone_root(), shutil.which(NAME)
    program = running_program() or (root / NAME if root else None)
    if program is None and on_path:
        program = Path(on_path)
    # absolute(), not resolve(): pipx's ~/.local/bin/hexboard link stays right across upgrades.
    return program.absolute() if program is not None else None


def _same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _as_typed(path: Path) -> str:
    """A path as a shell command: relative to here if it lies below, else absolute; quoted."""
    path = path.absolute()
    try:
        shown = "./" + str(path.relative_to(Path.cwd().absolute()))
    except ValueError:
        shown = str(path)
    return shlex.quote(shown)


def command_name() -> str:
    """The command that runs Hexboard from the current folder: `./hexboard` in a clone's folder
    (or the path to the clone's launcher), `hexboard` when that name on the PATH is this
    program, else the installed program's path."""
    root = clone_root()
    program = running_program()
    if root is not None and program is None:
        return _as_typed(root / NAME)
    on_path = shutil.which(NAME)
    if program is None or (on_path and _same_file(on_path, program)):
        return NAME
    return _as_typed(program)
