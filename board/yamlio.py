"""YAML in, with the line and column of every value kept for error messages; YAML out.

The parsing itself is board/yamlparse.py (PyYAML), imported at the first file that must be
parsed: the files Hexboard ships (rule tables, bundled maps) keep their parse beside them, as
Python keeps bytecode, so a start on them does not load PyYAML at all (issue 17)."""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from board.atomic import replace_whole
from board.resources import MAPS
from board.problems import MAX_BYTES, InputError, Marks, Path_, Problem, too_large

__all__ = [
    "InputError",
    "Marks",
    "Path_",
    "Problem",
    "dump_yaml",
    "load_yaml_file",
    "parse_yaml",
    "parse_yaml_file",
    "read_text",
]

# The maps whose parse is kept beside them: the bundled ones (a user's folder gets no __pycache__).
KEPT_UNDER = [MAPS]


def parse_yaml(text: str, file: str) -> tuple[Any, Marks]:
    """Parse YAML text; raise InputError naming file:line:col on a syntax error."""
    from board import yamlparse

    return yamlparse.parse_yaml(text, file)


def dump_yaml(data: Any) -> str:
    """YAML text for data, keys in insertion order, block style, multi-line text as a block."""
    from board import yamlparse

    return yamlparse.dump_yaml(data)


def read_text(path: str | Path) -> str:
    """A file's text, or InputError naming the file when it can't be read."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:  # refused before reading a byte of it
            raise too_large(str(path), size)
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as error:  # ValueError: a NUL in the path
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError([Problem(str(path), 1, 1, f"cannot read the file: {reason}")]) from None


def parse_yaml_file(path: str | Path, text: str) -> tuple[Any, Marks]:
    """parse_yaml of a file's text; a bundled map's parse (with its marks) is kept beside it."""
    file = str(path)
    path = Path(path)
    if not any(path.resolve().is_relative_to(folder) for folder in KEPT_UNDER):
        return parse_yaml(text, file)

    def parse() -> tuple[Any, dict]:
        data, marks = parse_yaml(text, file)
        return data, marks.spots

    data, spots = _kept(path, text, parse)
    return data, Marks(file, spots)


def load_yaml_file(path: str | Path) -> Any:
    """Load a trusted data file (the rule tables) without marks; its parse is kept beside it."""
    path = Path(path)
    with open(path, encoding="utf-8") as stream:
        text = stream.read()

    def parse() -> Any:
        from board import yamlparse

        return yamlparse.load_plain(text)

    return _kept(path, text, parse)


@cache
def _parsed_by() -> bytes:
    """What a kept parse depends on besides the text: the PyYAML installed and board/yamlparse.py
    (each file's size and time), and marshal's format; found without importing PyYAML."""
    spec = importlib.util.find_spec("yaml")
    files: list[str | Path] = [spec.origin if spec and spec.origin else "", Path(__file__).with_name("yamlparse.py")]
    stamps = []
    for name in files:
        try:
            stat = os.stat(name)
            stamps.append(f"{name} {stat.st_size} {stat.st_mtime_ns}")
        except OSError:
            stamps.append(f"{name} missing")
    return f"{' '.join(stamps)} marshal {marshal.version}\n".encode()


def _kept(path: Path, text: str, parse: Callable[[], Any]) -> Any:
    """parse(), or the parse kept in __pycache__/NAME.marshal beside the file while the file's
    text (and the parser) are unchanged: the digest of both is kept with it."""
    digest = hashlib.blake2b(_parsed_by() + text.encode(), digest_size=16).digest()
    kept = path.parent / "__pycache__" / f"{path.name}.marshal"
    try:
        held, data = marshal.loads(kept.read_bytes())
        if held == digest:
            return data
    except (OSError, ValueError, EOFError, TypeError):  # none yet, unreadable or another format
        pass
    data = parse()
    _keep(kept, digest, data, path)
    return data


def _keep(kept: Path, digest: bytes, data: Any, source: Path) -> None:
    """Write a parse beside its file, whole or not at all; a folder that cannot be written (or data
    marshal cannot hold, such as dates) only means parsing again next time."""
    try:
        # As readable as the file, as a .pyc is.
        replace_whole(kept, marshal.dumps((digest, data)), source.stat().st_mode & 0o666)
    except (OSError, ValueError):
        pass
