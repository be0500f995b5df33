"""The window: the event loop, full screen, and headless screenshots."""

from __future__ import annotations

import os
import time

import pygame

from board.game import Game
from board.ui.play import PlayScene

DEFAULT_SIZE = (1280, 800)


def run(game: Game, title: str, size: tuple[int, int] = DEFAULT_SIZE, frames: int | None = None,
        screenshot: str | None = None) -> int:
    """Open the window and play until it is closed (or for `frames` frames, for tests)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(f"Hexboard - {title}")
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    scene = PlayScene(game, size, title)
    clock = pygame.time.Clock()
    start = time.monotonic()
    fullscreen = False
    drawn = 0
    running = True
    while running:
        busy = scene.animator.animating or scene.log.animating or scene.drag is not None
        # Idle: sleep until something happens, so a still board costs no CPU.
        events = pygame.event.get() if busy else [pygame.event.wait(250)]
        for event in events:
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.VIDEORESIZE and not fullscreen:
                screen = pygame.display.set_mode(event.size, pygame.RESIZABLE)
                scene.resize(event.size)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                fullscreen = not fullscreen
                pygame.display.toggle_fullscreen()
                scene.resize(screen.get_size())
            elif event.type == pygame.MOUSEBUTTONDOWN and (scene.animator.animating or scene.log.animating):
                scene.animator.skip()  # a click skips the running animation ...
                scene.log.skip()
                scene.handle(event)  # ... and still counts
            elif event.type != pygame.NOEVENT:
                scene.handle(event)
        now = time.monotonic() - start
        if scene.update(now, clock.tick(60) / 1000):
            scene.draw(screen)
            pygame.display.flip()
            drawn += 1
            if screenshot and drawn == 2:
                pygame.image.save(screen, screenshot)
        if frames is not None and drawn >= frames:
            running = False
    pygame.quit()
    return 0


def render_png(game: Game, title: str, out: str, size: tuple[int, int] = DEFAULT_SIZE,
               setup=None) -> None:
    """Render the board headlessly to a PNG (the screenshot sub-command)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    scene = PlayScene(game, size, title)
    if setup is not None:
        setup(scene)
    scene.animator.skip()
    scene.log.skip()
    scene.update(10.0, 0.0)
    scene.draw(screen)
    pygame.image.save(screen, out)
    pygame.quit()
