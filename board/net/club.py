"""A club server: nats-server relaying many games at once, one node or a cluster of three.
Each table has accounts of its own (its host's, where its stream is kept, and one per
invitation slot), with limits, so one table can neither reach nor starve another; GMs'
hosts join it as leaf nodes (outbound), players join it as they would a host."""

from __future__ import annotations

import json
import os
import secrets
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from board.net import DEFAULT_PORT
from board.net.certs import CERT, KEY, certificate_fingerprint, make_certificate
from board.net.protocol import Subjects
from board.net.server import CONNECTIONS_PER_INVITATION, game_accounts, launch, tls_first
from board.net.tables import CLUB_DOMAIN, leaf_password, leaf_user, new_key, slots, table_name_refusal

LEAF_PORT = 7422  # NATS's own default for leaf nodes
CLUSTER_PORT = 6222
TABLE_STORAGE = 256 << 20  # bytes of stream one table may keep (a long game is a few MiB)
TABLE_LEAVES = 2  # a table's host, and a restarted one overlapping it for a moment
TABLE_SUBSCRIPTIONS = 4096  # the table's account: its host's (one per invitation, its board's)
CLUSTER = "hexboard-club"


# What every node of a cluster shares (club.json); the rest is each node's own (node.json).
SHARED = {"names", "routes", "route_password", "tables", "storage"}


def table_account(name: str) -> str:
    return f"T_{name}"


@dataclass
class Club:
    """What a club node keeps (club.json in its folder, readable by its user only): the
    tables and their keys, its ports, the names its certificate carries and its cluster."""

    folder: str
    listen: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    leaf_port: int = LEAF_PORT
    names: list[str] = field(default_factory=list)  # host names and addresses players dial
    node: str = "club"  # this node's name (each node of a cluster its own)
    cluster_port: int = 0  # 0: one node, no cluster
    routes: list[str] = field(default_factory=list)  # every node's "host:cluster_port"
    route_password: str = ""
    tables: dict[str, str] = field(default_factory=dict)  # name: key
    storage: int = TABLE_STORAGE

    @classmethod
    def read(cls, folder: Path) -> Club | None:
        """The club kept in the folder: club.json (the same on every node of a cluster) and
        node.json (this node's own settings), or None if there is none."""
        try:
            data = json.loads((folder / "club.json").read_text())
            node = folder / "node.json"
            data.update(json.loads(node.read_text()) if node.exists() else {})
            data["folder"] = str(folder)
            return cls(**{key: data[key] for key in cls.__dataclass_fields__ if key in data})
        except (OSError, ValueError, TypeError):
            return None

    def write(self) -> None:
        """club.json (copy it to the other nodes of a cluster) and node.json, readable by
        the club's user only (every table's key, every invitation's password)."""
        folder = Path(self.folder)
        folder.mkdir(parents=True, exist_ok=True)
        data = asdict(self)
        del data["folder"]
        for name, keys in (("club.json", SHARED), ("node.json", set(data) - SHARED)):
            fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as out:
                json.dump({key: data[key] for key in sorted(keys)}, out, indent=1)

    def add_table(self, name: str) -> str:
        """A new table (its key); ValueError if the name is not one or is taken."""
        reason = table_name_refusal(name)
        if reason or name in self.tables:
            raise ValueError(reason or f"the club already has a table {name!r}")
        taken = {i.user for key in self.tables.values() for i in slots(key)}
        while True:  # user names are the server's, across tables: draw again on a clash
            key = new_key()
            if not taken & {i.user for i in slots(key)}:
                self.tables[name] = key
                return key

    def remove_table(self, name: str) -> None:
        """Close a table: its accounts go from the config (its stream stays on disk)."""
        if name not in self.tables:
            raise ValueError(f"the club has no table {name!r}")
        del self.tables[name]

    @property
    def clustered(self) -> bool:
        return bool(self.cluster_port and self.routes)


def club_accounts(club: Club) -> dict:
    """Every table's accounts: its host's (JetStream with the table's storage, the leaf
    user its GM's server joins with) and one per invitation slot, as a host of its own
    would make them."""
    found: dict = {}
    for name, key in sorted(club.tables.items()):
        host = {
            "jetstream": {"max_file": club.storage, "max_mem": 0, "max_streams": 4, "max_consumers": 32},
            "users": [
                {"user": leaf_user(name), "password": leaf_password(key), "allowed_connection_types": ["LEAFNODE"]}
            ],
            "limits": {
                "max_leafnodes": TABLE_LEAVES,
                "max_connections": TABLE_LEAVES,
                "max_subscriptions": TABLE_SUBSCRIPTIONS,
            },
        }
        found.update(game_accounts(Subjects(), table_account(name), host, slots(key), f"I_{name}_"))
    return found


def club_config(club: Club) -> dict:
    """nats-server's configuration for one node of the club."""
    folder = Path(club.folder)
    connections = sum(len(slots(key)) * CONNECTIONS_PER_INVITATION + TABLE_LEAVES for key in club.tables.values())
    config: dict[str, Any] = {
        "server_name": club.node,
        "listen": f"{club.listen}:{club.port}",
        "tls": tls_first(folder),
        "leafnodes": {"listen": f"{club.listen}:{club.leaf_port}", "tls": tls_first(folder)},
        # A domain of its own: a GM's server joined as a leaf node reaches the club's
        # JetStream by it (without one the club refuses JetStream's API across the link).
        "jetstream": {
            "store_dir": str(folder / "jetstream"),
            "max_file_store": 16 << 30,
            "max_memory_store": 64 << 20,
            "domain": CLUB_DOMAIN,
        },
        "log_file": str(folder / "server.log"),
        "max_connections": connections + 16,
        "max_subscriptions": 4096,
        "max_payload": 1 << 20,
        "accounts": club_accounts(club),
    }
    if club.clustered:
        config["cluster"] = {
            "name": CLUSTER,
            "listen": f"{club.listen}:{club.cluster_port}",
            "authorization": {"user": "route", "password": club.route_password},
            "routes": [f"nats-route://route:{club.route_password}@{where}" for where in club.routes],
            # Nodes check each other against the club's own certificate (all hold the same).
            "tls": {**tls_first(folder), "ca_file": str(folder / CERT), "verify": True},
        }
        config["cluster"]["tls"].pop("handshake_first")
    return config


def write_club_config(club: Club) -> Path:
    """The node's config in its folder (its user only may read it), with the club's
    certificate made on first use."""
    folder = Path(club.folder)
    folder.mkdir(parents=True, exist_ok=True)
    make_certificate(folder, tuple(club.names) + ("localhost", "127.0.0.1"))
    path = folder / "club.conf"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(club_config(club), out, indent=1)
    return path


def start_club(club: Club, timeout: float = 30.0):
    """Start the node's nats-server; return once it accepts connections."""
    where = "127.0.0.1" if club.listen in ("0.0.0.0", "::", "") else club.listen
    return launch(write_club_config(club), Path(club.folder), where, club.port, timeout)


def new_route_password() -> str:
    return secrets.token_urlsafe(24)


def local_club(folder: Path, tables: tuple[str, ...], nodes: int = 1, storage: int | None = None) -> list[Club]:
    """A club on this machine's loopback (one node, or a cluster of `nodes`), every port a
    free one, each node with its own folder and the same certificate (not started): for
    trying a cluster, the tests and the benchmarks."""
    from board.net.server import free_port

    first = Club(
        str(folder / "node-1"),
        listen="127.0.0.1",
        port=free_port(),
        leaf_port=free_port(),
        node="node-1",
        storage=storage or TABLE_STORAGE,
    )
    for name in tables:
        first.add_table(name)
    clubs = [first]
    if nodes > 1:
        first.route_password = new_route_password()
        ports = [free_port() for _ in range(nodes)]
        first.cluster_port, first.routes = ports[0], [f"127.0.0.1:{p}" for p in ports]
        clubs += [
            Club(
                str(folder / f"node-{n + 1}"),
                listen="127.0.0.1",
                port=free_port(),
                leaf_port=free_port(),
                node=f"node-{n + 1}",
                cluster_port=ports[n],
                routes=first.routes,
                route_password=first.route_password,
                tables=dict(first.tables),
                storage=first.storage,
            )
            for n in range(1, nodes)
        ]
    write_club_config(first)  # the certificate, made once and copied to every node
    for club in clubs[1:]:
        Path(club.folder).mkdir(parents=True, exist_ok=True)
        for name in (CERT, KEY):
            shutil.copy(Path(first.folder) / name, Path(club.folder) / name)
    for club in clubs:
        club.write()
    return clubs


def club_via(clubs: list[Club]) -> str:
    """The club's leaf-node address for its GMs, every node's, with the certificate's fingerprint."""
    where = ",".join(f"{c.names[0] if c.names else '127.0.0.1'}:{c.leaf_port}" for c in clubs)
    return f"tls://{where}/{certificate_fingerprint(Path(clubs[0].folder))}"
