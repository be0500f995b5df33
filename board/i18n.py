"""The player's language: gettext over the catalogues shipped in board/locale/ (one .po each).

Conventions (docs/translating.md):
- `_("text")` where a string is shown; `ngettext(one, many, n)` for a count.
- `N_("text")` marks a string defined before the language is known (a module constant, a rule
  system's label or log line); it is translated with `_(value)` where it is shown. Rule texts'
  log lines are marked this way but still shown in English in this round.

The .po files are read at run time (board/po.py turns one into a gettext catalogue in memory):
the program runs from a plain clone without a build step, and a compiled .mo beside each .po
could drift from it. Nothing here runs at import: English until activate() is called."""

from __future__ import annotations

import argparse
import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from board.po import translations_from_po

LOCALE = Path(__file__).resolve().parent / "locale"
# The languages a player can choose, in their own words; English is the source language.
LANGUAGES = {"en": "English", "de": "Deutsch"}
SOURCE = "en"
# GNU gettext's order: the first of these that is set names the language (LANGUAGE may list
# several, colon-separated, in order of preference).
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_active: list[gettext.NullTranslations] = [gettext.NullTranslations()]
_language = [SOURCE]
# argparse's own words, looked up in the process's default gettext domain (which follows only
# the environment, never our setting): activate() points argparse at our catalogue instead.
_ARGPARSE = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]


def _(message: str) -> str:
    """The message in the active language (itself if the catalogue lacks it; "" stays "",
    never the catalogue's header)."""
    return _active[0].gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message, in the active language, for the count n."""
    return _active[0].ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for translation where it is defined; _() translates it where shown."""
    return message


def current() -> str:
    """The active language's code."""
    return _language[0]


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), if we have it."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):  # "de_AT.UTF-8@euro" -> "de"
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return SOURCE  # the first variable set decides, as in gettext ("C", "fr": English)
    return SOURCE


def choose(option: str | None, remembered: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: the command line's for this run, else the remembered setting,
    else the system's; a value we have no catalogue for counts as not given."""
    for value in (option, remembered):
        if value in LANGUAGES:
            return value
    return system_language(environ)


def catalogue(language: str) -> gettext.NullTranslations:
    """The translations of one language (none for English)."""
    if language == SOURCE:
        return gettext.NullTranslations()
    return translations_from_po((LOCALE / f"{language}.po").read_text(encoding="utf-8"))


def activate(language: str) -> str:
    """Show every message from now on in this language (English if it is not one of ours);
    argparse's words too. Returns the language activated."""
    language = language if language in LANGUAGES else SOURCE
    translations = catalogue(language)
    _active[0], _language[0] = translations, language
    if language == SOURCE:
        argparse._, argparse.ngettext = _ARGPARSE  # type: ignore[attr-defined]
    else:
        argparse._, argparse.ngettext = translations.gettext, translations.ngettext  # type: ignore[attr-defined]
    return language


# argparse's messages a player can meet (Python 3.11-3.13): extracted with ours, so the German
# catalogue carries them and the completeness test covers them.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("optional arguments"),
    N_("show this help message and exit"),
    N_("subcommands"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def _argparse_plurals(n: int) -> str:
    """argparse's one plural message (never called: it puts the pair in the catalogue)."""
    return ngettext("expected %s argument", "expected %s arguments", n)
