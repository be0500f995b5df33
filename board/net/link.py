"""A NATS connection as the host and the boards make it: the TLS link that keeps
reconnecting, a join address read into host, port and certificate pin, and the one plain try
that checks a server before the lasting connection is made."""

from __future__ import annotations

import asyncio
import ssl
from typing import Any
from urllib.parse import urlsplit

import nats
from nats.aio.client import Client as NATS

from board.net.certs import pinned_context
from board.net.server import DEFAULT_PORT, listening

CONNECT = {"max_reconnect_attempts": -1, "reconnect_time_wait": 0.25, "connect_timeout": 5}


async def connect(url: str, user: str, password: str, tls: ssl.SSLContext | None, **options) -> NATS:
    """A NATS connection over TLS (the server speaks it first) that keeps reconnecting
    (quietly: nats-py would print every failed try while the server is away)."""
    options.setdefault("error_cb", quiet)
    options = {**CONNECT, **options}
    # No client name: the server would show it to nobody useful, and a name is no identity.
    return await nats.connect(url, user=user, password=password, tls=tls, tls_handshake_first=True, **options)


async def quiet(error: Exception) -> None:
    """A connection's errors: the boards say how the link stands instead."""


def split_address(url: str) -> tuple[str, int, str]:
    """(host, port, pin) of a join address, tls://HOST:PORT/FINGERPRINT."""
    address = urlsplit(url if "://" in url else f"tls://{url}")
    return address.hostname or "127.0.0.1", address.port or DEFAULT_PORT, address.path.strip("/")


async def probe(
    url: str, user: str, password: str, tls: ssl.SSLContext | None, **options: Any
) -> tuple[str, ssl.SSLContext]:
    """Check the server at a join address (something listens, its certificate is the pinned
    one, the code is good) with one plain try: the lasting connection retries forever, a
    wrong code too. The address to connect to, and the context that pins its certificate.

    An address without a fingerprint keeps the certificate already pinned in `tls` (a host
    that moved keeps its certificate), and is refused if none is."""
    host, port, pin = split_address(url)
    if not listening(host, port):
        raise ConnectionError(f"nothing answers at {host}:{port}")
    if pin:
        tls = await pinned_context(host, port, pin)
    elif tls is None:
        raise ConnectionError("the address has no certificate fingerprint: use the whole join line the host gave")
    url = f"tls://{host}:{port}"
    checked = await asyncio.wait_for(
        nats.connect(
            url,
            user=user,
            password=password,
            tls=tls,
            tls_handshake_first=True,
            allow_reconnect=False,
            max_reconnect_attempts=0,
            connect_timeout=5,
            error_cb=quiet,
            **options,
        ),
        10,
    )
    await checked.close()
    return url, tls
