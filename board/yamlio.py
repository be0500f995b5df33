"""YAML in, with the line and column of every value kept for error messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

# libyaml's C loader is several times faster; PyYAML wheels ship it.
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, at a 1-based line and column."""

    file: str
    line: int
    col: int
    message: str

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


def _walk(node: yaml.Node, path: Path_, loader, marks: Marks, problems: list[Problem]):
    marks.spots[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set = set()
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if key in seen:
                mark = key_node.start_mark
                problems.append(Problem(marks.file, mark.line + 1, mark.column + 1,
                                        f'duplicate key "{key}"'))
            seen.add(key)
            _walk(value_node, path + (key,), loader, marks, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), loader, marks, problems)


def parse_yaml(text: str, file: str) -> tuple[Any, Marks]:
    """Parse YAML text; raise InputError naming file:line:col on a syntax error."""
    marks = Marks(file)
    loader = SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, marks
        data = loader.construct_document(node)
        problems: list[Problem] = []
        _walk(node, (), loader, marks, problems)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise InputError([Problem(file, line, col, f"YAML syntax: {error.problem}")]) from None
    except yaml.YAMLError as error:
        raise InputError([Problem(file, 1, 1, f"YAML: {error}")]) from None
    finally:
        loader.dispose()
    if problems:
        raise InputError(problems)
    return data, marks


def read_text(path: str | Path) -> str:
    """A file's text, or InputError naming the file when it can't be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError([Problem(str(path), 1, 1, f"cannot read the file: {reason}")]) from None


def load_yaml_file(path: str | Path) -> Any:
    """Load a trusted data file (the rule tables) without marks."""
    with open(path, encoding="utf-8") as stream:
        return yaml.load(stream, Loader=SafeLoader)


def dump_yaml(data: Any) -> str:
    """YAML text for data, keys in insertion order, block style."""
    return yaml.dump(data, Dumper=SafeDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)
