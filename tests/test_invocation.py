"""Every line printed for a user to type names the command that works where they are; the
version is written once (pyproject.toml) and shown by --version."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from board import invocation
from board.invocation import command_name
from board.resources import version
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def from_main_py(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["main.py"])
    monkeypatch.delattr(sys, "frozen", raising=False)


def test_in_the_clones_folder_the_command_is_dot_slash_hexboard(from_main_py, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert command_name() == "./hexboard"


def test_in_a_folder_inside_the_clone_the_command_is_the_launchers_path(from_main_py, monkeypatch):
    monkeypatch.chdir(ROOT / "docs")
    assert command_name() == str(ROOT / "hexboard")


def _installed(tmp_path, monkeypatch) -> Path:
    """An installed `hexboard` script in tmp_path/bin, started by its name; not a clone."""
    folder = tmp_path / "bin with space"
    folder.mkdir()
    script = folder / "hexboard"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(invocation, "clone_root", lambda: None)
    monkeypatch.setattr(sys, "argv", [str(script)])
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.chdir(tmp_path)
    return script


def test_installed_and_on_the_path_the_command_is_hexboard(tmp_path, monkeypatch):
    script = _installed(tmp_path, monkeypatch)
    monkeypatch.setenv("PATH", str(script.parent))
    assert command_name() == "hexboard"


def test_installed_off_the_path_the_command_is_its_path_quoted_for_the_shell(tmp_path, monkeypatch):
    _installed(tmp_path, monkeypatch)
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    assert command_name() == "'./bin with space/hexboard'"


def test_a_one_folder_build_names_its_executable(tmp_path, monkeypatch):
    exe = tmp_path / "hexboard"
    exe.write_text("")
    exe.chmod(0o755)
    monkeypatch.setattr(invocation, "clone_root", lambda: None)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    monkeypatch.setenv("PATH", "")
    monkeypatch.chdir(tmp_path)
    assert command_name() == "./hexboard"
    monkeypatch.setenv("PATH", str(tmp_path))
    assert command_name() == "hexboard"


def test_the_hosts_join_line_names_the_command(from_main_py, monkeypatch, tmp_path):
    from board.net.certs import certificate_fingerprint, make_certificate
    from board.net.invitations import Invitation
    from board.net.server import Hosting
    from board.net.session import join_line

    monkeypatch.chdir(ROOT)
    hosting = Hosting.new(tmp_path, "127.0.0.1", 4222)
    make_certificate(tmp_path)
    invitation = Invitation.new()
    assert join_line(hosting, invitation) == (
        f"HEXBOARD_INVITE={invitation.code} ./hexboard join tls://127.0.0.1:4222/{certificate_fingerprint(tmp_path)}"
    )


def test_opening_a_map_as_a_script_hints_the_command_that_plays_it(from_main_py, monkeypatch):
    from board.script import load_script

    monkeypatch.chdir(ROOT)
    with pytest.raises(InputError) as raised:
        load_script("maps/arena.yaml")
    assert "`./hexboard play FILE`" in str(raised.value.problems[0])


def test_the_version_is_pyprojects():
    with open(ROOT / "pyproject.toml", "rb") as stream:
        assert version() == tomllib.load(stream)["project"]["version"]


def test_dash_dash_version_prints_it_and_help_names_the_launcher():
    run = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout == f"Hexboard {version()}\n"
    usage = subprocess.run(
        [sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert usage.startswith("usage: ./hexboard ")
    assert "./hexboard join tls://HOST:PORT/FINGERPRINT" in " ".join(usage.split())
