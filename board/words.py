"""Counts and pronouns in a player's words: "1 hex", "2 hexes" (issue 35: "1 hexes from the
enemy"), "she drops her Mace" for a sheet's `pronoun: she` ("they" by default)."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """n and the noun, singular for exactly one: plural(1, "hex", "hexes") == "1 hex"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def possessive(name: str) -> str:
    """A name's possessive: "Korr's", "Raiders'" (a plural in s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def hexes(n: int) -> str:
    """A distance in hexes: "1 hex", "3 hexes"."""
    return plural(n, "hex", "hexes")


# Each pronoun's forms, by the form of "they" they stand for.
PRONOUNS = {
    "they": {"they": "they", "them": "them", "their": "their", "themselves": "themselves"},
    "she": {"they": "she", "them": "her", "their": "her", "themselves": "herself"},
    "he": {"they": "he", "them": "him", "their": "his", "themselves": "himself"},
}


def pronoun(figure, form: str = "they") -> str:
    """A figure's pronoun in the form of "they" asked for (they, them, their, themselves): its
    sheet's `pronoun:`, "they" for a figure without one."""
    return PRONOUNS.get(getattr(figure, "pronoun", "they"), PRONOUNS["they"])[form]


def they_do(figure, verb: str) -> str:
    """The figure's subject pronoun and a verb that agrees with it: "they disengage", "she
    disengages"."""
    subject = pronoun(figure)
    if subject == "they":
        return f"they {verb}"
    return f"{subject} {verb}es" if verb.endswith(("s", "sh", "ch", "x", "o")) else f"{subject} {verb}s"
