"""What is wrong with an input file, and where: the problems every loader reports as FILE:LINE:COL."""

from __future__ import annotations

from dataclasses import dataclass, field

Path_ = tuple[str | int, ...]

# The largest file read, far above any real map or save (with the bounds in board/yamlparse.py).
MAX_BYTES = 16 * 1024 * 1024


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
        view.spots = {
            path[len(prefix) :]: spot for path, spot in self.spots.items() if path[: len(prefix)] == tuple(prefix)
        }
        return view


def too_large(file: str, size: int) -> InputError:
    """The refusal of an input over MAX_BYTES."""
    return InputError(
        [
            Problem(
                file, 1, 1, f"the file is {size / 2**20:.1f} MB; a map or a save may be at most {MAX_BYTES // 2**20} MB"
            )
        ]
    )
