"""Players' names compared as a reader sees them: "GM", "gm ", "GМ" (a Cyrillic М) and
"Ｇｍ" are one name, so nobody can pass for another on the other boards (pure)."""

from __future__ import annotations

import unicodedata

MAX_NAME = 32

# Letters of other scripts drawn like a Latin one, and digits drawn like letters, after
# casefold. A small table of our own: the maintained lists (Unicode's confusables.txt, or
# the confusable-homoglyphs package built on it) are thousands of entries for whole-text
# checks; a board's player names need the lookalikes a keyboard layout gives easily.
# The Cyrillic and Greek letters here are the ones Unicode's confusables.txt maps to a
# single Latin letter.
_LOOKALIKE = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ӏ": "i",
        "һ": "h",
        "ь": "b",
        "г": "r",
        "п": "n",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "ζ": "z",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "μ": "m",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ω": "w",
        "γ": "y",
        # Latin and digits drawn alike
        "0": "o",
        "1": "i",
        "l": "i",
        "|": "i",
        "ı": "i",
        "5": "s",
    }
)


def fold(name: str) -> str:
    """The form two names are compared in: NFKC, casefolded, invisible characters and
    accents dropped, spaces collapsed, lookalike letters made Latin."""
    text = unicodedata.normalize("NFKC", name).casefold()
    # Decompose to drop combining marks (é, й) and format characters (zero-width joiners).
    text = "".join(
        ch for ch in unicodedata.normalize("NFD", text) if unicodedata.category(ch) not in ("Mn", "Me", "Cf")
    )
    return " ".join(text.translate(_LOOKALIKE).split())


def same_name(a: str, b: str) -> bool:
    """True if the two names would look the same to a player."""
    return fold(a) == fold(b)


def clean_name(name: object) -> str | None:
    """The name as shown (stripped, NFKC), or None if it is not one a player may take:
    empty, too long, or holding control characters."""
    if not isinstance(name, str):
        return None
    shown = " ".join(unicodedata.normalize("NFKC", name).split())
    if not 0 < len(shown) <= MAX_NAME or not fold(shown):
        return None
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn") for ch in shown):
        return None
    return shown


def name_refusal(name: object, taken: list[str]) -> str | None:
    """Why a player may not take this name (a reason to show), or None."""
    shown = clean_name(name)
    if shown is None:
        return f"a name is 1-{MAX_NAME} visible characters"
    for other in taken:
        if same_name(shown, other):
            return f"the name {shown!r} is taken (it reads as {other!r})"
    return None
