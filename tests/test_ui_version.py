"""The start screen shows the version, as --version and the saves do; the window names itself
as the desktop entry does."""

from __future__ import annotations

import os
import sys

import pygame

from board.resources import version
from board.ui import theme
from board.ui.start import StartScene


def test_the_start_screen_shows_the_version(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    theme.clear_fonts()
    screen = pygame.display.set_mode((1280, 800))
    scene = StartScene((1280, 800))
    rendered = []
    real = theme.font

    class Recording:
        def __init__(self, font):
            self.font = font

        def render(self, text, *args):
            rendered.append(text)
            return self.font.render(text, *args)

        def __getattr__(self, name):
            return getattr(self.font, name)

    monkeypatch.setattr(theme, "font", lambda size, bold=False: Recording(real(size, bold)))
    scene.draw(screen)
    assert f"version {version()}" in rendered and version() != "unknown"


def test_the_window_takes_the_desktop_entrys_class_unless_the_user_set_one(monkeypatch):
    from board.ui import window

    monkeypatch.setattr(sys, "argv", ["main.py"])
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "main.py")  # pygame's guess, made at its import
    assert window.open_window((640, 400), "Hexboard") is not None
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "hexboard"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-class")
    window.open_window((640, 400), "Hexboard")
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-class"
