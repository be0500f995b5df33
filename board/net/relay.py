"""Hosting through a club server: the GM's nats-server joins the club as a leaf node (it
connects out; nothing listens on the GM's machine but loopback), the game's stream is kept
on the club, and players join the club with the table's invitations."""

from __future__ import annotations

import ssl
from pathlib import Path
from urllib.parse import urlsplit

from board.net import DEFAULT_PORT
from board.net.certs import PinMismatch, normal_pin, pinned_certificate
from board.net.server import RELAY_CERT, Hosting
from board.net.tables import TABLE_ENV, parse_table


def parse_via(text: str) -> tuple[list[str], str]:
    """(["host:port", ...], pin) of a club's leaf-node address, tls://HOST:PORT[,HOST:PORT...]/
    FINGERPRINT (a cluster's nodes all hold the club's one certificate); ValueError if it is
    not one."""
    address = text.strip()
    if "://" not in address:
        address = f"tls://{address}"
    scheme, rest = address.split("://", 1)
    hosts, _, pin = rest.partition("/")
    if scheme not in ("tls", "nats", "nats-leaf") or not hosts:
        raise ValueError("a club's address looks like tls://club.example:7422/FINGERPRINT")
    where = []
    for part in hosts.split(","):
        parsed = urlsplit(f"tls://{part}")
        if not parsed.hostname:
            raise ValueError(f"{part!r} is not a host:port")
        where.append(f"{parsed.hostname}:{parsed.port or 7422}")
    if not pin:
        raise ValueError(
            "the club's address ends with its certificate's fingerprint (the organiser's line for the GM has it)"
        )
    return where, normal_pin(pin)


async def fetch_club_certificate(hosting: Hosting, timeout: float = 10) -> None:
    """Read the club's certificate from the first node that answers and keep it (relay.pem)
    if its fingerprint is the pinned one: the GM's server then trusts that certificate and
    nothing else. PinMismatch, or ConnectionError if no node answers."""
    errors = []
    for where in hosting.via.split(","):
        host, port = where.rsplit(":", 1)
        try:
            der = await pinned_certificate(host, int(port), hosting.pin, timeout)
        except PinMismatch:
            raise  # not the club the line names: say so, whatever the other nodes hold
        except (TimeoutError, OSError, ssl.SSLError) as error:
            errors.append(f"{where}: {error or type(error).__name__}")
            continue
        (Path(hosting.folder) / RELAY_CERT).write_text(ssl.DER_cert_to_PEM_cert(der))
        return
    raise ConnectionError(f"no node of the club answers ({'; '.join(errors)})")


def club_join_address(hosting: Hosting) -> str:
    """Where players join a table: the club's first node, on its players' port, with the
    club certificate's fingerprint."""
    host = hosting.via.split(",")[0].rsplit(":", 1)[0]
    return f"tls://{host}:{hosting.join_port}/{hosting.pin}"


def parse_club_line(text: str) -> tuple[str, str, int]:
    """(table code, --via address, players' port) from the line a club's organiser gives a
    GM, pasted whole; ValueError saying what is missing."""
    words = text.split()
    code = next((w.split("=", 1)[1] for w in words if w.startswith(f"{TABLE_ENV}=")), None)
    via = words[words.index("--via") + 1] if "--via" in words[:-1] else None
    if not code or not via:
        raise ValueError(f"paste the whole line the club's organiser gave ({TABLE_ENV}=… host MAP --via tls://…)")
    port = words[words.index("--join-port") + 1] if "--join-port" in words[:-1] else str(DEFAULT_PORT)
    if not port.isdigit():
        raise ValueError(f"--join-port is a port number, not {port!r}")
    parse_table(code)
    parse_via(via)
    return code, via, int(port)
