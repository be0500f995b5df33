"""Where Hexboard's shipped files are (rule tables, theme, icons, sample maps) and its version,
the same from a clone, an installed wheel and a one-folder build."""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
# A wheel carries assets/ and maps/ inside the package, as board/_data/ (setup.py copies them
# there at build time); a clone, and the one-folder build, have them beside board/.
PACKAGED = PACKAGE / "_data"
BESIDE = PACKAGE.parent


def _data_root() -> Path:
    """The folder holding assets/ and maps/: the package's own copy if it has one."""
    return PACKAGED if (PACKAGED / "assets").is_dir() else BESIDE


ROOT = _data_root()
ASSETS = ROOT / "assets"
TABLES = ASSETS / "tables"  # one folder per ruleset
THEME = ASSETS / "themes" / "board.json"
ICONS = ASSETS / "icons"
MAPS = ROOT / "maps"  # the bundled sample maps
DEFAULT_MAP = MAPS / "arena.yaml"


def clone_root() -> Path | None:
    """The repository folder when Hexboard runs from a clone (its launcher beside board/)."""
    if (BESIDE / "hexboard").is_file() and (BESIDE / "pyproject.toml").is_file():
        return BESIDE
    return None


@cache
def version() -> str:
    """Hexboard's version, written once in pyproject.toml: read there in a clone (and in the
    one-folder build, which ships it beside board/), else from the installed package's metadata."""
    try:
        import tomllib

        with open(BESIDE / "pyproject.toml", "rb") as stream:
            project = tomllib.load(stream).get("project", {})
        if project.get("name") == "hexboard" and "version" in project:
            return str(project["version"])
    except (OSError, ValueError):  # none there (an installed wheel), or not readable as TOML
        pass
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("hexboard")
    except PackageNotFoundError:
        return "unknown"
