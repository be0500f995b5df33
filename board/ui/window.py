"""The window itself: opened with its caption, class and icon (or refused, saying why), and pygame closed."""

from __future__ import annotations

import os
import sys

import pygame

from board.i18n import _
from board.invocation import command_name
from board.resources import ICONS
from board.ui import theme
from board.ui.caption import set_caption


def no_display(environ=os.environ, platform: str = sys.platform) -> bool:
    """True on an X11/Wayland system with no display to open a window on, and no video driver
    asked for: SDL would fall back to an offscreen driver and the board would run unseen."""
    if platform.startswith(("win", "darwin")) or environ.get("SDL_VIDEODRIVER"):
        return False
    return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def open_window(size: tuple[int, int], caption: str) -> pygame.Surface | None:
    """The window, or None (with the reason printed) when there is no display to open it on."""
    if no_display():
        print(
            _(
                "Hexboard cannot open a window: there is no display (neither DISPLAY nor "
                "WAYLAND_DISPLAY is set). It needs a graphical display (on a server: `{command_name} "
                "screenshot` renders without one; SDL_VIDEODRIVER=dummy runs the board unseen)."
            ).format(command_name=command_name()),
            file=sys.stderr,
        )
        return None
    # The window's class (X11) and app id (Wayland) match hexboard.desktop, so the dock shows the
    # menu entry's name and icon for it. pygame's import sets the X11 class to the script's name
    # (main.py) unless the user set one: only that guess is replaced.
    if os.environ.get("SDL_VIDEO_X11_WMCLASS") == os.path.basename(sys.argv[0]):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = "hexboard"
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "hexboard")
    try:
        pygame.display.init()
        pygame.font.init()
        set_caption(caption)
        _set_icon()
        return pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as error:
        print(
            _(
                "Hexboard cannot open a window: {error}. It needs a graphical display (on a server: "
                "`{command_name} screenshot` renders without one)."
            ).format(error=error, command_name=command_name()),
            file=sys.stderr,
        )
        return None


def _set_icon() -> None:
    """The window's icon, the one the desktop entry shows (none if it cannot be read)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(ICONS / "hexboard-64.png")))
    except (pygame.error, OSError):
        pass


def quit_pygame() -> None:
    """Close pygame; fonts cached before this are dead, so the cache goes too."""
    pygame.quit()
    theme.clear_fonts()
