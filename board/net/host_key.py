"""A host key: what another machine needs to carry on as a game's host from the stream a
server keeps (the game's name, the server's address with its certificate's fingerprint, the
host's password on that server and the invitations), exported by the GM and read back as
untrusted input.

The dice seed is not in it: the new host draws a secret of its own. Every die already rolled
is in the stream (each command carries its dice), so the game is rebuilt die for die without
the old secret; the dice still to come are rolled from the new secret, a run id drawn at each
start and a count, which no player has either."""

from __future__ import annotations

import json
import secrets
import ssl
from dataclasses import dataclass
from pathlib import Path

from board.atomic import replace_whole
from board.net.certs import CERT, pinned_context
from board.net.link import split_address
from board.net.invitations import ROLES, parse_code
from board.net.names import clean_name
from board.net.protocol import Subjects
from board.net.server import Hosting

KIND = "hexboard host key"
MAX_BYTES = 256 * 1024  # a key with a few hundred invitations; anything larger is not a key


class HostKeyError(ValueError):
    """A host key that cannot be used; the message names the file and what was expected."""


@dataclass(frozen=True)
class HostKey:
    """A game's host credentials, without its dice seed."""

    game: str
    server: str  # tls://HOST:PORT/FINGERPRINT: where the stream is
    host_password: str
    invitations: tuple[dict, ...]

    @classmethod
    def of(cls, hosting: Hosting, server: str) -> HostKey:
        """The key of a hosted game, for a server at this address."""
        return cls(
            hosting.game,
            server,
            hosting.host_password,
            tuple({k: i[k] for k in ("user", "password", "role", "name") if k in i} for i in hosting.invitations),
        )

    def write(self, path: Path) -> None:
        """Write the key whole, readable by its user only (it lets its holder be the host)."""
        data = {
            "kind": KIND,
            "game": self.game,
            "server": self.server,
            "host_password": self.host_password,
            "invitations": list(self.invitations),
        }
        replace_whole(Path(path), (json.dumps(data, indent=1) + "\n").encode(), 0o600)

    def hosting(self, folder: Path, tls: ssl.SSLContext | None = None) -> Hosting:
        """The hosting a resumed host keeps in its own folder (on this machine), with a new
        dice secret; written there, readable by its user only. With the server's pinned
        context, its certificate is kept there too (join lines carry its fingerprint)."""
        host, port, _ = split_address(self.server)
        hosting = Hosting(
            str(folder),
            host,
            port,
            self.game,
            self.host_password,
            secrets.token_hex(16),
            [dict(i) for i in self.invitations],
        )
        hosting.write()
        if tls is not None:
            der = tls.get_ca_certs(binary_form=True)[0]
            replace_whole(folder / CERT, ssl.DER_cert_to_PEM_cert(der).encode(), 0o644)
        return hosting


async def server_context(key: HostKey) -> ssl.SSLContext:
    """A TLS context trusting the key's server only: its certificate's fingerprint is checked
    against the key's before the host's password is sent (PinMismatch if it differs)."""
    host, port, pin = split_address(key.server)
    return await pinned_context(host, port, pin)


def read_key(path: Path) -> HostKey:
    """A host key from a file; HostKeyError naming the file and what is wrong."""
    try:
        with open(path, "rb") as file:
            text = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise HostKeyError(f"{path}: cannot be read ({error.strerror or error})") from None
    if len(text) > MAX_BYTES:
        raise HostKeyError(f"{path}: larger than {MAX_BYTES // 1024} KiB; not a host key")
    try:
        data = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        raise HostKeyError(f"{path}: not JSON ({error}); expected a host key from `host --export-key`") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise HostKeyError(f'{path}: not a host key (expected "kind": "{KIND}")')
    game, server, password = data.get("game"), data.get("server"), data.get("host_password")
    if not isinstance(game, str) or not _game_id(game):
        raise HostKeyError(f'{path}: "game" is 1-32 letters, digits, - or _')
    if not isinstance(server, str) or not server.startswith("tls://") or not split_address(server)[2]:
        raise HostKeyError(f'{path}: "server" is tls://HOST:PORT/FINGERPRINT')
    if not isinstance(password, str) or not 0 < len(password) <= 200:
        raise HostKeyError(f'{path}: "host_password" is missing')
    invitations = data.get("invitations")
    if not isinstance(invitations, list) or not all(_invitation(i) for i in invitations):
        raise HostKeyError(f'{path}: "invitations" is a list of {{user, password, role, name}}')
    return HostKey(game, server, password, tuple(invitations))


def _game_id(game: str) -> bool:
    try:
        Subjects(game)
    except ValueError:
        return False
    return True


def _invitation(data: object) -> bool:
    """Whether an invitation in a key is well formed (its user, password, role and name as
    an invitation's own would be)."""
    if not (
        isinstance(data, dict)
        and set(data) <= {"user", "password", "role", "name"}
        and all(isinstance(data.get(k, ""), str) for k in data)
    ):
        return False
    try:
        user, password = parse_code(f"{data.get('user', '')}.{data.get('password', '')}")
    except ValueError:
        return False
    name = data.get("name", "")
    return (
        0 < len(password) <= 200
        and data.get("role") in ROLES
        and user[0] == data["role"][0]
        and (name == "" or clean_name(name) == name)
    )
