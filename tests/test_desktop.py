"""`hexboard install-desktop`: the desktop entry, icons and .tmx type land in $XDG_DATA_HOME,
name the program that starts Hexboard here and open the file given (%f); --remove undoes it."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from board.desktop import ICON_SIZES, desktop_entry, exec_argument, install, remove
from board.resources import ICONS

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def _env(tmp_path: Path, xdg: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"}
    env.update(HOME=str(tmp_path / "home"), HEXBOARD_DATA_DIR=str(tmp_path / "data"))
    if xdg is not None:
        env["XDG_DATA_HOME"] = xdg
    return env


def _entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def test_install_desktop_puts_the_entry_icons_and_tmx_type_under_xdg_data_home(tmp_path):
    xdg = tmp_path / "xdg"
    result = _run("install-desktop", env=_env(tmp_path, str(xdg)))
    assert result.returncode == 0, result.stderr
    entry = _entry(xdg / "applications" / "hexboard.desktop")
    assert entry["Exec"] == f"{ROOT / 'hexboard'} %f" and entry["TryExec"] == str(ROOT / "hexboard")
    assert entry["Icon"] == "hexboard" and entry["Terminal"] == "false"
    assert {"application/x-yaml", "application/x-tiled-tmx"} <= set(entry["MimeType"].split(";"))
    for size in ICON_SIZES:
        assert (xdg / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "hexboard.png").is_file()
    assert (xdg / "icons" / "hicolor" / "scalable" / "apps" / "hexboard.svg").is_file()
    mime = ET.parse(xdg / "mime" / "packages" / "hexboard.xml").getroot()
    globs = mime.iter("{http://www.freedesktop.org/standards/shared-mime-info}glob")
    assert [g.get("pattern") for g in globs] == ["*.tmx"]
    assert not (tmp_path / "home" / ".local").exists(), "nothing written outside XDG_DATA_HOME"
    assert "install-desktop --remove" in result.stdout


def test_a_relative_xdg_data_home_is_ignored_for_home_dot_local_share(tmp_path):
    result = _run("install-desktop", env=_env(tmp_path, "relative/share"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "home" / ".local" / "share" / "applications" / "hexboard.desktop").is_file()
    assert not (ROOT / "relative").exists()


def test_remove_takes_out_what_install_wrote_and_nothing_else(tmp_path):
    xdg = tmp_path / "xdg"
    env = _env(tmp_path, str(xdg))
    assert _run("install-desktop", env=env).returncode == 0
    other = xdg / "applications" / "other.desktop"
    other.write_text("[Desktop Entry]\n")
    result = _run("install-desktop", "--remove", env=env)
    assert result.returncode == 0, result.stderr
    assert other.is_file()
    left = [p for p in xdg.rglob("hexboard*") if p.is_file()]
    assert left == []


def test_exec_arguments_are_quoted_and_escaped_as_the_desktop_spec_says():
    assert exec_argument("/opt/hexboard/hexboard") == "/opt/hexboard/hexboard"
    assert exec_argument("/home/ann/My Games/hexboard") == '"/home/ann/My Games/hexboard"'
    assert exec_argument("/srv/100%/hexboard") == "/srv/100%%/hexboard"
    # $ ` " \ are backslashed inside the quotes; then every backslash is doubled (string escape).
    assert exec_argument('/a b/$x`y"z\\w') == '"/a b/\\\\$x\\\\`y\\\\"z\\\\\\\\w"'


def test_a_program_path_with_a_newline_cannot_add_keys_and_nothing_is_written(tmp_path):
    with pytest.raises(ValueError):
        install(tmp_path, Path("/tmp/evil\nExec=rm -rf ~\n/hexboard"))
    assert list(tmp_path.iterdir()) == []


def test_a_link_planted_at_the_entry_is_replaced_not_written_through(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    apps = tmp_path / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / "hexboard.desktop").symlink_to(victim)
    install(tmp_path / "share", ROOT / "hexboard")
    assert victim.read_text() == "keep me"
    assert not (apps / "hexboard.desktop").is_symlink()
    assert remove(tmp_path / "share") and victim.read_text() == "keep me"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils absent")
def test_the_entry_passes_desktop_file_validate(tmp_path):
    path = tmp_path / "hexboard.desktop"
    path.write_text(desktop_entry(Path("/home/ann/My Games/hexboard")))
    result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "", result.stdout


def test_the_icons_are_pngs_of_their_named_size_and_an_svg():
    for size in ICON_SIZES:
        head = (ICONS / f"hexboard-{size}.png").read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (size, size)
    svg = ET.parse(ICONS / "hexboard.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 256 256"
