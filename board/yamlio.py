"""YAML in, with the line and column of every value kept for error messages."""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

# libyaml's C loader is several times faster; PyYAML wheels ship it.
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
# What a kept parse of a data file depends on besides its text (load_yaml_file).
_PARSED_BY = f"PyYAML {yaml.__version__} {SafeLoader.__name__}, marshal {marshal.version}"

Path_ = tuple[str | int, ...]

# Bounds on hostile input, far above any real map or save: libyaml's composer recurses in C
# (30,000 nested brackets kill the process), and an alias is walked and validated again as a copy
# (9 aliases of 9 aliases... expand to millions of values).
MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 100
MAX_VALUES = 100_000  # about 7,500 commands in a save


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, at a 1-based line and column."""

    file: str
    line: int
    col: int
    message: str

    def __post_init__(self) -> None:
        # One problem, one line: a quoted value with line breaks must not split FILE:LINE:COL.
        text = self.message.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")
        if len(text) > 400:
            text = text[:399] + "…"
        object.__setattr__(self, "message", text)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"


class InputError(Exception):
    """An input file that cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass
class Marks:
    """Where each value of a YAML document starts: path -> (line, col), 1-based."""

    file: str
    spots: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def at(self, path: Path_) -> tuple[int, int]:
        """The position of path, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path not in self.spots and path:
            path = path[:-1]
        return self.spots.get(path, (1, 1))

    def problem(self, path: Path_, message: str) -> Problem:
        """A Problem located at path."""
        line, col = self.at(path)
        return Problem(self.file, line, col, message)

    def sub(self, prefix: Path_) -> Marks:
        """The marks of the value at prefix, as a document of its own (an inline map)."""
        view = Marks(self.file)
        view.spots = {path[len(prefix):]: spot for path, spot in self.spots.items()
                      if path[:len(prefix)] == tuple(prefix)}
        return view


def _walk(node: yaml.Node, path: Path_, loader, marks: Marks, problems: list[Problem]) -> None:
    marks.spots.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        seen: set = set()
        for key_node, value_node in node.value:
            merge = key_node.tag == "tag:yaml.org,2002:merge"
            key = "<<" if merge else loader.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                key = repr(key)
            # "<<" merges another mapping: its keys may be overridden, which is no duplicate.
            if key in seen and key != "<<":
                mark = key_node.start_mark
                problems.append(Problem(marks.file, mark.line + 1, mark.column + 1,
                                        f'duplicate key "{key}"'))
            seen.add(key)
            _walk(value_node, path + (key,), loader, marks, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), loader, marks, problems)


def _refuse(file: str, mark, message: str) -> InputError:
    return InputError([Problem(file, mark.line + 1, mark.column + 1, message)])


def check_shape(text: str, file: str) -> None:
    """Refuse, from the event stream alone, YAML nested over MAX_DEPTH, aliases that expand past
    MAX_VALUES values, and an alias inside the value it names (a circular structure)."""
    loader = SafeLoader(text)
    expanded: dict[str, int] = {}  # anchor -> how many values it stands for
    open_: list[tuple[str | None, int]] = []  # collections being read: (anchor, count at start)
    count = 0
    try:
        while not isinstance(event := loader.get_event(), yaml.StreamEndEvent):
            if isinstance(event, yaml.AliasEvent):
                if any(anchor == event.anchor for anchor, _ in open_):
                    raise _refuse(file, event.start_mark, f'the alias *{event.anchor} is inside the '
                                  f'value &{event.anchor} it names: a circular structure')
                count += expanded.get(event.anchor, 1)
            elif isinstance(event, yaml.ScalarEvent):
                count += 1
                if event.anchor:
                    expanded[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                if len(open_) >= MAX_DEPTH:
                    raise _refuse(file, event.start_mark, f"the YAML nests more than {MAX_DEPTH} "
                                                          "levels deep")
                open_.append((event.anchor, count))
                count += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                anchor, start = open_.pop()
                if anchor:
                    expanded[anchor] = count - start
            if count > MAX_VALUES:
                raise _refuse(file, event.start_mark, f"the YAML holds more than {MAX_VALUES:,} "
                                                      "values, counting each alias as a copy")
    finally:
        loader.dispose()


def parse_yaml(text: str, file: str) -> tuple[Any, Marks]:
    """Parse YAML text; raise InputError naming file:line:col on a syntax error."""
    marks = Marks(file)
    loader = SafeLoader(text)
    problems: list[Problem] = []
    try:
        if len(text) > MAX_BYTES:
            raise too_large(file, len(text))
        check_shape(text, file)
        node = loader.get_single_node()
        if node is None:
            return None, marks
        # Walk before constructing: construction flattens "<<" merges into the node.
        _walk(node, (), loader, marks, problems)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = f"YAML syntax: {error.problem}"
        if "nesting depth" in str(error.problem):  # libyaml's own limit (PyYAML 6.0.4 on)
            problem = f"the YAML nests more than {MAX_DEPTH} levels deep"
        raise InputError([Problem(file, line, col, problem)]) from None
    except yaml.reader.ReaderError as error:
        before = text[:error.position]
        line, col = before.count("\n") + 1, error.position - (before.rfind("\n") + 1) + 1
        raise InputError([Problem(file, line, col, f"a character YAML does not allow: "
                                                   f"{error.character!r}")]) from None
    except yaml.YAMLError as error:
        first = str(error).splitlines()[0] if str(error) else "unreadable YAML"
        raise InputError([Problem(file, 1, 1, f"YAML: {first}")]) from None
    finally:
        loader.dispose()
    if problems:
        raise InputError(problems)
    return data, marks


def too_large(file: str, size: int) -> InputError:
    """The refusal of an input over MAX_BYTES."""
    return InputError([Problem(file, 1, 1, f"the file is {size / 2**20:.1f} MB; a map or a save "
                                           f"may be at most {MAX_BYTES // 2**20} MB")])


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


def load_yaml_file(path: str | Path) -> Any:
    """Load a trusted data file (the rule tables) without marks.

    Its parse is kept beside it, as Python keeps bytecode beside its source: __pycache__/NAME.marshal
    holds the data with a digest of the text (and of the PyYAML that parsed it); a later start whose
    file has the same digest reads the data back instead of parsing the YAML again (issue 17)."""
    path = Path(path)
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    digest = hashlib.blake2b(f"{_PARSED_BY}\n{text}".encode(), digest_size=16).digest()
    kept = path.parent / "__pycache__" / f"{path.name}.marshal"
    try:
        held, data = marshal.loads(kept.read_bytes())
        if held == digest:
            return data
    except (OSError, ValueError, EOFError, TypeError):  # none yet, unreadable or another format
        pass
    data = yaml.load(text, Loader=SafeLoader)
    _keep(kept, digest, data, path)
    return data


def _keep(kept: Path, digest: bytes, data: Any, source: Path) -> None:
    """Write a parse beside its file, whole or not at all; a folder that cannot be written (or data
    marshal cannot hold, such as dates) only means parsing again next time."""
    try:
        blob = marshal.dumps((digest, data))
        kept.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{kept.name}.", suffix=".tmp", dir=kept.parent)
        try:
            os.chmod(tmp, source.stat().st_mode & 0o666)  # as readable as the file, as a .pyc is
            with os.fdopen(fd, "wb") as stream:
                stream.write(blob)
            os.replace(tmp, kept)
        except BaseException:
            os.unlink(tmp)
            raise
    except (OSError, ValueError):
        pass


class _BlockDumper(SafeDumper):
    """Multi-line text (a terrain picture, notes) as a literal block, as a person writes it."""


def _text(dumper, value: str):
    # PyYAML falls back to a quoted style by itself when a block cannot hold the text.
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


_BlockDumper.add_representer(str, _text)


def dump_yaml(data: Any) -> str:
    """YAML text for data, keys in insertion order, block style, multi-line text as a block."""
    return yaml.dump(data, Dumper=_BlockDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)
