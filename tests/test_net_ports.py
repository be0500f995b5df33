"""The ports a host, a club or a test server is given when none is asked for (`host --port 0`)."""

from __future__ import annotations

import random
import socket

from board.net import server
from board.net.server import ephemeral_ports, free_port


def test_a_free_port_lies_below_the_systems_ephemeral_range_so_no_outgoing_connection_takes_it():
    low, _ = ephemeral_ports()
    for _ in range(20):
        port = free_port()
        assert 10000 <= port < low
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))  # nothing listens there


def test_a_port_someone_listens_on_is_passed_over(monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        low, _ = ephemeral_ports()
        port = next(p for p in range(low - 1, 10000, -1) if _bindable(p))  # free now, offered second
        offered = iter([busy, port])
        monkeypatch.setattr(random.SystemRandom, "randrange", lambda self, a, b: next(offered))
        assert free_port() == port


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def test_without_the_linux_range_file_the_iana_range_is_assumed(monkeypatch):
    def unreadable(self):
        raise OSError("no /proc here")

    monkeypatch.setattr(server.Path, "read_text", unreadable)
    assert ephemeral_ports() == (49152, 65535)
