"""Invitations: each seat's own credential (a NATS user and password), what it may do, and
the name its player took (pure; the server's config is written from them)."""

from __future__ import annotations

import re
import secrets
from dataclasses import asdict, dataclass

PLAYER, SPECTATOR = "player", "spectator"
INVITE_ENV = "HEXBOARD_INVITE"  # where `join` finds the invitation's code (never an argument)
ROLES = (PLAYER, SPECTATOR)
CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud, typed by hand
_USER = re.compile(r"^[ps][a-z2-9]{5}$")


def _letters(count: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(count))


def new_password() -> str:
    """Four groups of four (about 80 bits), easy to read out."""
    chars = _letters(16)
    return "-".join(chars[i : i + 4] for i in range(0, 16, 4))


@dataclass
class Invitation:
    """One seat's credential; `user` also names its request subject and reply inboxes."""

    user: str
    password: str
    role: str = PLAYER
    name: str = ""  # the name its player took on first joining ("" until then)

    @classmethod
    def new(cls, role: str = PLAYER) -> Invitation:
        if role not in ROLES:
            raise ValueError(f"an invitation is for a {' or a '.join(ROLES)}, not {role!r}")
        # The first letter says the role, so a board knows whether to ask for a seat; the
        # server's permissions are what enforce it.
        return cls(role[0] + _letters(5), new_password(), role)

    @classmethod
    def of(cls, data: dict) -> Invitation:
        return cls(**{key: data[key] for key in ("user", "password", "role", "name") if key in data})

    def as_data(self) -> dict:
        return asdict(self)

    @property
    def code(self) -> str:
        """What the host hands out: user and password in one string."""
        return f"{self.user}.{self.password}"

    @property
    def label(self) -> str:
        """The invitation in words, for the GM's seats window."""
        who = self.name or "not joined yet"
        return f"{self.role} {self.user}: {who}"


def parse_code(code: str) -> tuple[str, str]:
    """An invitation code as (user, password); ValueError with the reason."""
    user, _, password = code.strip().partition(".")
    if not _USER.match(user) or not password:
        raise ValueError("an invitation looks like pabc23.k7pq-3mxa-9tr2-wd4e; ask the host for yours")
    return user, password


def role_of(user: str) -> str:
    """The role an invitation's user name says it has."""
    return SPECTATOR if user.startswith("s") else PLAYER


def inbox_prefix(user: str) -> str:
    """Where one connection's replies arrive; only that user may subscribe under it."""
    return f"_R.{user}"


def parse_join_line(text: str) -> tuple[str, str | None]:
    """(address, code or None) from a pasted join line, or from an address alone."""
    code, address = None, text.strip()
    for word in text.split():
        if word.startswith(f"{INVITE_ENV}="):
            code = word.split("=", 1)[1]
        elif "://" in word:
            address = word
    return (address if "://" in address else f"tls://{address}"), code
