"""The held plots sealed for keeping on a club: the club's operator stores them but cannot
read them; only the host, with its secret, opens them (AES-GCM, a key drawn from the
secret)."""

from __future__ import annotations

import base64
import hashlib
import os
from typing import Any

from board.net.protocol import decode, encode


class Unsealable(ValueError):
    """A sealed entry this host's secret does not open (another host's, or altered)."""


def _key(secret: str) -> bytes:
    return hashlib.sha256(f"hexboard held plots\0{secret}".encode()).digest()


def seal(entry: dict[str, Any], secret: str) -> dict[str, Any]:
    """The entry as an opaque one: {"sealed": base64 of nonce and ciphertext}."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = os.urandom(12)
    return {"sealed": base64.b64encode(nonce + AESGCM(_key(secret)).encrypt(nonce, encode(entry), None)).decode()}


def unseal(entry: dict[str, Any], secret: str) -> dict[str, Any]:
    """A sealed entry opened (an entry never sealed is given back as it is); Unsealable if
    the secret does not open it."""
    if "sealed" not in entry:
        return entry
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        raw = base64.b64decode(entry["sealed"])
        return decode(AESGCM(_key(secret)).decrypt(raw[:12], raw[12:], None))
    except (InvalidTag, ValueError, TypeError) as error:
        raise Unsealable(
            "a held plot on the club is not this host's (its secret, in host.json, "
            "does not open it): restart the host from the game's folder"
        ) from error
