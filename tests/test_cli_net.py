"""The host and join sub-commands say what went wrong in words, never with a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from board.net.invitations import parse_join_line
from board.net.server import free_port, write_config
from board.net.session import join_line
from tests.net_helpers import Server, address

ROOT = Path(__file__).resolve().parents[1]


def main_py(*args: str, data: Path, **extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HEXBOARD_DATA_DIR=str(data), **extra)
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_join_with_nothing_at_the_address_says_so(tmp_path):
    result = main_py(
        "join", f"tls://127.0.0.1:{free_port()}/{'0' * 64}", data=tmp_path, HEXBOARD_INVITE="pabcde.abcd-efgh"
    )
    assert result.returncode == 1
    assert "cannot join" in result.stderr and "nothing answers" in result.stderr
    assert "Traceback" not in result.stderr


def test_join_with_a_wrong_code_is_refused_in_words(tmp_path):
    server = Server(tmp_path / "hosted").start()
    try:
        result = main_py("join", address(server.hosting), data=tmp_path, HEXBOARD_INVITE="pabcde.wrong-code")
    finally:
        server.kill()
    assert result.returncode == 1
    assert "the invitation was refused" in result.stderr and "Traceback" not in result.stderr


def test_join_without_an_invitation_says_where_to_put_it_and_takes_none_as_an_argument(tmp_path):
    result = main_py("join", f"tls://127.0.0.1:{free_port()}/{'0' * 64}", data=tmp_path)
    assert result.returncode == 1 and "HEXBOARD_INVITE" in result.stderr
    extra = main_py("join", f"tls://127.0.0.1:{free_port()}/{'0' * 64}", "pabcde.abcd-efgh", data=tmp_path)
    assert extra.returncode == 2 and "unrecognized arguments" in extra.stderr


def test_host_and_join_are_in_the_help():
    out = subprocess.run(
        [sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    ).stdout
    assert "host" in out and "join" in out


def test_host_and_join_help_describe_invitations_spectators_kicking_and_tls():
    def helped(command):
        return subprocess.run(
            [sys.executable, "main.py", command, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
        ).stdout

    host, join = helped("host"), helped("join")
    for words in ("invitation", "Spectator", "kick", "TLS", "fingerprint", "--listen", "lan"):
        assert words in host, words
    for words in ("HEXBOARD_INVITE", "--invite-file", "never an argument", "fingerprint"):
        assert words in join, words


def test_the_join_line_the_host_prints_carries_the_code_in_the_environment_and_the_pin(tmp_path):
    server = Server(tmp_path / "hosted")  # not started: the line needs only the folder
    write_config(server.hosting)
    invitation = server.hosting.all_invitations()[0]
    line = join_line(server.hosting, invitation)
    assert line.startswith(f"HEXBOARD_INVITE={invitation.code} ./hexboard join tls://127.0.0.1:")
    assert parse_join_line(line) == (address(server.hosting), invitation.code)
