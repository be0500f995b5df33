"""The desktop entry: `hexboard install-desktop` puts Hexboard in the application menu of a
freedesktop desktop (GNOME, KDE, Xfce...), with its icon, as a program that opens .yaml saves
and maps and Tiled .tmx maps; `--remove` takes it out again."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from board.atomic import replace_whole
from board.i18n import _
from board.invocation import command_name, program_path
from board.resources import ASSETS, ICONS

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Characters the Desktop Entry Specification says an Exec argument must be quoted for.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share where it is unset or not an absolute path (as the
    XDG Base Directory Specification says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def exec_argument(arg: str) -> str:
    """One argument of an Exec= line: % doubled, quoted if needed, then escaped as a desktop-file
    string; ValueError for a control character (a newline would start a new key)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in arg):
        raise ValueError(f"{arg!r}: a control character cannot stand in a desktop entry")
    arg = arg.replace("%", "%%")
    if any(c in _RESERVED for c in arg):
        arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return arg.replace("\\", "\\\\")


def desktop_entry(program: Path) -> str:
    """The shipped hexboard.desktop with Exec and TryExec naming the program by its full path
    (a desktop session's PATH may lack ~/.local/bin)."""
    exec_line = exec_argument(str(program))
    lines = []
    for line in (ASSETS / "desktop" / "hexboard.desktop").read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={exec_line} %f"
        elif line.startswith("TryExec="):
            line = "TryExec=" + str(program).replace("\\", "\\\\")
        lines.append(line)
    return "\n".join(lines) + "\n"


def _files(home: Path) -> dict[Path, Path | None]:
    """Each file install writes (under home) and the shipped file it comes from (None: made)."""
    icons = home / "icons" / "hicolor"
    out: dict[Path, Path | None] = {
        home / "applications" / "hexboard.desktop": None,
        home / "mime" / "packages" / "hexboard.xml": ASSETS / "desktop" / "hexboard-mime.xml",
        icons / "scalable" / "apps" / "hexboard.svg": ICONS / "hexboard.svg",
    }
    for size in ICON_SIZES:
        out[icons / f"{size}x{size}" / "apps" / "hexboard.png"] = ICONS / f"hexboard-{size}.png"
    return out


def _put(path: Path, data: bytes) -> None:
    """Write a file whole, replacing (never writing through) whatever link was there."""
    replace_whole(path, data, 0o644)


def install(home: Path, program: Path) -> list[Path]:
    """Write the desktop entry, the icons and the .tmx type under home; the paths written."""
    entry = desktop_entry(program).encode()  # refused before anything is written
    written = []
    for target, source in _files(home).items():
        _put(target, entry if source is None else source.read_bytes())
        written.append(target)
    return written


def remove(home: Path) -> list[Path]:
    """Remove what install wrote (and nothing else); the paths removed."""
    removed = []
    for target in _files(home):
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(target)
    return removed


def refresh(home: Path) -> None:
    """Ask the desktop's caches to read the new files, where their tools are installed (the
    menus notice new files anyway; these make it quicker)."""
    for tool, folder in (
        ("update-desktop-database", "applications"),
        ("update-mime-database", "mime"),
        ("gtk-update-icon-cache", "icons/hicolor"),
    ):
        found = shutil.which(tool)
        if found and (home / folder).is_dir():
            extra = ["-q", "-t", "-f"] if tool == "gtk-update-icon-cache" else []
            subprocess.run([found, *extra, str(home / folder)], capture_output=True, timeout=60)


def cmd_install_desktop(args: argparse.Namespace) -> int:
    """Install (or remove) the desktop entry, icons and file types for this user."""
    if sys.platform in ("win32", "darwin"):
        print(
            "install-desktop: a desktop entry is for Linux and other freedesktop desktops; "
            "on Windows and macOS, see the README's Installing section",
            file=sys.stderr,
        )
        return 2
    home = data_home()
    if args.remove:
        gone = remove(home)
        refresh(home)
        print("\n".join(f"removed {path}" for path in gone) or "install-desktop: nothing to remove")
        return 0
    program = program_path()
    if program is None:
        print(
            "install-desktop: cannot tell which file starts Hexboard; run it as the installed "
            "`hexboard` command, or as ./hexboard in a clone",
            file=sys.stderr,
        )
        return 1
    try:
        written = install(home, program)
    except (ValueError, OSError) as error:
        print(f"install-desktop: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 1
    refresh(home)
    print("\n".join(f"wrote {path}" for path in written))
    print(
        f"Hexboard is in the application menu, starting {program}; it opens .yaml saves and maps "
        f"and Tiled .tmx maps. `{command_name()} install-desktop --remove` takes it out."
    )
    return 0


def add_parser(sub) -> None:
    """The install-desktop sub-command."""
    desktop = sub.add_parser(
        "install-desktop",
        help=_(
            "put Hexboard in the application menu (Linux): a desktop entry and icon in $XDG_DATA_HOME (~/.local/share)"
        ),
    )
    desktop.add_argument("--remove", action="store_true", help=_("take them out again"))
    desktop.set_defaults(func=cmd_install_desktop)
