"""The keys and hints a ruleset's game has: help rows and status hints without another rule
system's keys (no Q/E turning without facing, no T without threat zones, "+/- HP" not "+/- ST",
only the GM commands the ruleset takes)."""

from __future__ import annotations

import textwrap

from board.i18n import _
from board.ui.play.gm import gm_words
from board.ui.draw.hud import HELP
from board.ui.play.sidebar import HINTS


def has_threat_zones(tokens: dict) -> bool:
    return any(t.threat_zone for t in tokens.values())


def help_rows(ruleset, tokens: dict) -> list[tuple[str, str]]:
    """The help page's rows for this game."""
    rows = []
    for key, what in HELP:
        if key == "Q / E" and not ruleset.facing:
            continue
        if key == "T" and not has_threat_zones(tokens):
            continue
        if key == "G":  # wrapped as the static row was: a key, then continuation rows
            lines = textwrap.wrap(
                _("GM mode: drag any figure, {commands} (each is a logged GM command)").format(
                    commands=", ".join(gm_words(ruleset, tokens))
                ),
                76,
            )
            rows += [(key if i == 0 else "", line) for i, line in enumerate(lines)]
            continue
        rows.append((key, what))
    return rows


def hint(key: str, ruleset, tokens: dict) -> str:
    """The status line's hint for a mode (by its key), in this ruleset's keys."""
    if key == "gm":
        return _("GM: drag figures · {commands} · G leaves").format(commands=" · ".join(gm_words(ruleset, tokens)))
    text = _(HINTS[key]) if key in HINTS else ""
    if not has_threat_zones(tokens):  # the translations keep these pieces word for word (a test checks)
        text = text.replace(_(" · T threat zones"), "")
    if not ruleset.facing:
        text = text.replace(_(" · Q/E turn"), "")
    return text
