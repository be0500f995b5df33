"""A table on a club server: the code its organiser gives a GM (the game's name and a key),
and what both sides work out from it alone: the host's leaf-node credential and the
table's invitation slots (pure)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from board.net.invitations import CODE_ALPHABET, PLAYER, SPECTATOR, Invitation

TABLE_ENV = "HEXBOARD_TABLE"  # where `host --via` finds the table's code (never an argument)
SLOTS = {PLAYER: 8, SPECTATOR: 8}  # invitations a table holds, made by its GM one by one
CLUB_DOMAIN = "club"  # the club's JetStream domain: a table's host reaches its stream by it
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,23}$")
_KEY = re.compile(r"^[a-z2-9]{4}(-[a-z2-9]{4}){5}$")


def table_name_refusal(name: str) -> str | None:
    """Why a table may not have this name (a reason to show), or None."""
    if not _NAME.match(name):
        return "a table's name is 1-24 small letters, digits or -, starting with a letter"
    return None


def new_key() -> str:
    """A table's key: six groups of four (about 120 bits)."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(24))
    return "-".join(chars[i : i + 4] for i in range(0, 24, 4))


def table_code(name: str, key: str) -> str:
    """What the organiser hands the GM: the table's name and key in one string."""
    return f"{name}.{key}"


def parse_table(code: str) -> tuple[str, str]:
    """A table code as (name, key); ValueError with the reason."""
    name, _, key = code.strip().partition(".")
    if table_name_refusal(name) or not _KEY.match(key):
        raise ValueError(
            "a table's code looks like oak.k7pq-3mxa-9tr2-wd4e-h3nz-q8rt; ask the club's organiser for yours"
        )
    return name, key


def _derived(key: str, what: str, count: int) -> str:
    """`count` letters of the code alphabet, drawn from the key for one purpose."""
    digest = hmac.new(key.encode(), what.encode(), hashlib.sha256).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:count])


def leaf_user(name: str) -> str:
    """The user the table's host joins the club with (a leaf node's connection)."""
    return f"leaf-{name}"


def leaf_password(key: str) -> str:
    return _derived(key, "leaf", 24)


def slot(key: str, role: str, index: int) -> Invitation:
    """The table's index-th invitation of a role: the club's config holds every slot, the
    GM's host hands them out in order."""
    if not 0 <= index < SLOTS[role]:
        raise ValueError(f"the table has {SLOTS[role]} {role} invitations, all made")
    user = role[0] + _derived(key, f"user {role} {index}", 5)
    letters = _derived(key, f"password {role} {index}", 16)
    return Invitation(user, "-".join(letters[i : i + 4] for i in range(0, 16, 4)), role)


def slots(key: str) -> list[Invitation]:
    """Every invitation a table holds."""
    return [slot(key, role, index) for role in (PLAYER, SPECTATOR) for index in range(SLOTS[role])]
