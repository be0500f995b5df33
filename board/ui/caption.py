"""The window's title: the scene's, cut short, and a shared game's "Your turn"."""

from __future__ import annotations

import pygame

from board.i18n import _

CAPTION_CHARS = 100  # a longer window title is cut with "…"


def window_title(title: str) -> str:
    """The window's title for a scene's title: "Hexboard - The Arena", never "Hexboard - Hexboard"."""
    return "Hexboard" if title in ("", "Hexboard") else f"Hexboard - {title}"


def your_turn_title(game_name: str) -> str:
    """The window's title while a shared game waits for this board's side (seen in a taskbar)."""
    return _("Your turn — {game}").format(game=game_name)


def set_caption(text: str) -> None:
    """The window's title, cut short: a map's name may be long."""
    pygame.display.set_caption(text if len(text) <= CAPTION_CHARS else text[: CAPTION_CHARS - 1] + "…")
