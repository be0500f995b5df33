"""The host's own TLS certificate, made on first use, and the joining side's check that the
server it reached holds it (its SHA-256 fingerprint is in the join line: no authority needed)."""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import os
import ssl
from pathlib import Path

CERT, KEY = "cert.pem", "key.pem"


class PinMismatch(ConnectionError):
    """The server's certificate is not the one the invitation names."""


def make_certificate(folder: Path, names: tuple[str, ...] = ()) -> None:
    """A self-signed certificate and its key in the folder, unless there already; `names`
    (a club server's host names and addresses) go in it too, for the servers that connect to
    it as leaf nodes or cluster routes and check the name they dialled."""
    if (folder / CERT).exists() and (folder / KEY).exists():
        return
    # cryptography builds X.509; the standard library can only read it.
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    # A neutral name: the certificate is shown to anyone who connects, before any password.
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "server")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("server")] + [_alt_name(n) for n in names]), critical=False
        )
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    _write_private(
        folder / KEY,
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()),
    )
    _write_private(folder / CERT, cert.public_bytes(serialization.Encoding.PEM))


def _alt_name(name: str):
    """A certificate's alternative name: an IP address, else a DNS name."""
    import ipaddress

    from cryptography import x509

    try:
        return x509.IPAddress(ipaddress.ip_address(name))
    except ValueError:
        return x509.DNSName(name)


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def fingerprint_of(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint, 64 hex digits."""
    return hashlib.sha256(der).hexdigest()


def certificate_fingerprint(folder: Path) -> str:
    """The fingerprint of the host's certificate in the folder."""
    return fingerprint_of(ssl.PEM_cert_to_DER_cert((folder / CERT).read_text()))


def normal_pin(pin: str) -> str:
    """A fingerprint as typed (colons, capitals) in the form compared; ValueError if it is none."""
    digits = pin.replace(":", "").strip().lower()
    if len(digits) != 64 or any(c not in "0123456789abcdef" for c in digits):
        raise ValueError("the certificate fingerprint is 64 hex digits (the join line's address ends with it)")
    return digits


def trusting(der: bytes) -> ssl.SSLContext:
    """A client context that trusts exactly this certificate (its name is not checked: the
    certificate itself is the identity)."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cadata=ssl.DER_cert_to_PEM_cert(der))
    context.check_hostname = False
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def own_context(folder: Path) -> ssl.SSLContext:
    """The host's own connections: they trust the host's certificate from its folder."""
    return trusting(ssl.PEM_cert_to_DER_cert((folder / CERT).read_text()))


async def pinned_context(host: str, port: int, pin: str, timeout: float = 10) -> ssl.SSLContext:
    """Fetch the server's certificate (the server speaks TLS first) and, if its fingerprint is
    the pin, a context that trusts it and nothing else; PinMismatch otherwise."""
    return trusting(await pinned_certificate(host, port, pin, timeout))


async def pinned_certificate(host: str, port: int, pin: str, timeout: float = 10) -> bytes:
    """The server's certificate (DER) if its fingerprint is the pin; PinMismatch otherwise."""
    look = ssl.create_default_context()
    look.check_hostname, look.verify_mode = False, ssl.CERT_NONE  # only to read the certificate
    _reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port, ssl=look), timeout)
    try:
        der = writer.get_extra_info("ssl_object").getpeercert(binary_form=True)
    finally:
        writer.close()
        try:
            await writer.wait_closed()
        except (OSError, ssl.SSLError):
            pass
    if der is None or fingerprint_of(der) != normal_pin(pin):
        raise PinMismatch(
            f"the server at {host}:{port} is not the host the join line names (its "
            "certificate's fingerprint differs): someone may be in between"
        )
    return der
