"""PyYAML in and out: parsing with the line and column of every value kept, and block-style dumping.

Imported only when a file is actually parsed or written (board/yamlio.py), so that a start on
files whose parses are kept does not load PyYAML at all (issue 17)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml

from board.problems import MAX_BYTES, InputError, Marks, Path_, Problem, too_large

# libyaml's C loader is several times faster; PyYAML wheels ship it.
if TYPE_CHECKING:  # the C loader and dumper where present, the same API either way
    from yaml import SafeDumper, SafeLoader
else:
    SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

# Bounds on hostile input, far above any real map or save: libyaml's composer recurses in C
# (30,000 nested brackets kill the process), and an alias is walked and validated again as a copy
# (9 aliases of 9 aliases... expand to millions of values).
MAX_DEPTH = 100
MAX_VALUES = 100_000  # about 7,500 commands in a save


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
                problems.append(Problem(marks.file, mark.line + 1, mark.column + 1, f'duplicate key "{key}"'))
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
                    raise _refuse(
                        file,
                        event.start_mark,
                        f"the alias *{event.anchor} is inside the value &{event.anchor} it names: a circular structure",
                    )
                count += expanded.get(event.anchor, 1)
            elif isinstance(event, yaml.ScalarEvent):
                count += 1
                if event.anchor:
                    expanded[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                if len(open_) >= MAX_DEPTH:
                    raise _refuse(file, event.start_mark, f"the YAML nests more than {MAX_DEPTH} levels deep")
                open_.append((event.anchor, count))
                count += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                anchor, start = open_.pop()
                if anchor:
                    expanded[anchor] = count - start
            if count > MAX_VALUES:
                raise _refuse(
                    file,
                    event.start_mark,
                    f"the YAML holds more than {MAX_VALUES:,} values, counting each alias as a copy",
                )
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
        before = text[: error.position]
        line, col = before.count("\n") + 1, error.position - (before.rfind("\n") + 1) + 1
        raise InputError([Problem(file, line, col, f"a character YAML does not allow: {error.character!r}")]) from None
    except yaml.YAMLError as error:
        first = str(error).splitlines()[0] if str(error) else "unreadable YAML"
        raise InputError([Problem(file, 1, 1, f"YAML: {first}")]) from None
    finally:
        loader.dispose()
    if problems:
        raise InputError(problems)
    return data, marks


def load_plain(text: str) -> Any:
    """Parse trusted YAML (the rule tables): no marks, no bounds."""
    return yaml.load(text, Loader=SafeLoader)


class _BlockDumper(SafeDumper):
    """Multi-line text (a terrain picture, notes) as a literal block, as a person writes it."""


def _text(dumper, value: str):
    # PyYAML falls back to a quoted style by itself when a block cannot hold the text.
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


_BlockDumper.add_representer(str, _text)


def dump_yaml(data: Any) -> str:
    """YAML text for data, keys in insertion order, block style, multi-line text as a block."""
    return yaml.dump(data, Dumper=_BlockDumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
