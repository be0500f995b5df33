"""The start screen shows the version, as --version and the saves do."""

from __future__ import annotations

import os

import pygame

from board.resources import version
from board.ui import theme
from board.ui.start import StartScene


def test_the_start_screen_shows_the_version(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    theme.font.cache_clear()
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
