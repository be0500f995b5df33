"""The window: the event loop, full screen, and headless screenshots."""

from __future__ import annotations

import os
import sys
import time

import pygame
import pygame_gui

from board.game import Game
from board.saves import Autosaver, load_game
from board.ui import theme
from board.ui.play import PlayScene
from board.yamlio import InputError

DEFAULT_SIZE = (1280, 800)


def run(game: Game, title: str, size: tuple[int, int] = DEFAULT_SIZE, frames: int | None = None,
        screenshot: str | None = None, autosave: Autosaver | None = None, offer_resume: bool = False) -> int:
    """Open the window and play until it is closed (or for `frames` frames, for tests).

    With an autosaver, the game is written after every command, and a clean exit closes
    it; with offer_resume, a game left by a crash is offered first."""
    screen = _open_window(size, f"Hexboard - {title}")
    if screen is None:
        return 1
    scene = PlayScene(game, size, title)
    resume = _offer_resume(scene, autosave) if offer_resume and autosave else None
    clock = pygame.time.Clock()
    start = time.monotonic()
    fullscreen = False
    drawn = 0
    running = True
    while running:
        # With a frame count (tests, benchmarks) every pass draws, so an idle board still ends.
        busy = (frames is not None or scene.animator.animating or scene.log.animating
                or scene.drag is not None or getattr(getattr(scene, "renderer", None), "preview", None) is not None)
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
            elif resume is not None and event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED \
                    and event.ui_element is resume:
                scene = _open_saved(scene, str(autosave.pending()), screen.get_size())
                resume = None
            elif resume is not None and event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is resume:
                autosave.discard()
                resume = None
            elif event.type != pygame.NOEVENT:
                scene.handle(event)
        if scene.request is not None:
            scene = _switch(scene, screen.get_size())
        if autosave is not None and resume is None:
            try:
                autosave.save(scene.game)
            except OSError as error:
                scene.controller.say(f"Autosave failed: {error.strerror or error}", warning=True)
        now = time.monotonic() - start
        if scene.update(now, clock.tick(60) / 1000) or frames is not None:
            scene.draw(screen)
            pygame.display.flip()
            drawn += 1
            if screenshot and drawn == 2:
                pygame.image.save(screen, screenshot)
        if frames is not None and drawn >= frames:
            running = False
    if autosave is not None and resume is None:
        autosave.close()
    _quit()
    return 0


def _open_window(size: tuple[int, int], caption: str) -> pygame.Surface | None:
    """The window, or None (with the reason printed) when there is no display to open it on."""
    try:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(caption)
        return pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as error:
        print(f"Hexboard cannot open a window: {error}. It needs a graphical display "
              "(on a server: `main.py screenshot` renders without one).", file=sys.stderr)
        return None


def _quit() -> None:
    """Close pygame; fonts cached before this are dead, so the cache goes too."""
    pygame.quit()
    theme.font.cache_clear()


def _offer_resume(scene: PlayScene, autosave: Autosaver):
    """Ask whether to resume a game left by a crash; None if there is none."""
    pending = autosave.pending()
    if pending is None:
        return None
    try:
        saved = load_game(pending)
    except InputError as error:
        scene.controller.say(f"The autosave is damaged and was set aside: {error.problems[0].message}",
                             warning=True)
        autosave.discard()
        return None
    info = saved.ruleset.turn_info(saved.state)
    rect = pygame.Rect(0, 0, 460, 220)
    rect.center = scene.board_rect.center
    text = (f"A game of {saved.battle.name} was interrupted at turn {info['turn']} "
            f"({len(saved.history)} command{'' if len(saved.history) == 1 else 's'}). Resume it?")
    return pygame_gui.windows.UIConfirmationDialog(rect, text, scene.manager,
                                                   window_title="Resume the last game?",
                                                   action_short_name="Resume")


def _switch(scene, size):
    """Carry out a scene's request: open a save, open the editor, or play the edited map."""
    from board.editor import Editor, draft_from_map
    from board.ui.editor import EditorScene

    request = scene.request
    scene.request = None
    if isinstance(scene, EditorScene):
        problems = scene.editor.check()
        if problems:
            scene.say("Fix the map before playing it: " + problems[0], warning=True)
            return scene
        from board.maps import parse_map
        battle = parse_map(scene.editor.to_yaml(), scene.editor.path or "edited map")
        pygame.display.set_caption(f"Hexboard - {battle.name}")
        return PlayScene(Game(battle), size, battle.name)
    if request[0] == "edit":
        pygame.display.set_caption(f"Hexboard - editing {scene.game.battle.name}")
        return EditorScene(Editor(draft_from_map(scene.game.battle), request[1]), size)
    return _open_saved(scene, request[1], size)


def run_editor(editor, size: tuple[int, int] = DEFAULT_SIZE, frames: int | None = None) -> int:
    """Open the map editor window (the edit sub-command)."""
    from board.ui.editor import EditorScene

    screen = _open_window(size, f"Hexboard - editing {editor.draft.name}")
    if screen is None:
        return 1
    scene = EditorScene(editor, size)
    clock = pygame.time.Clock()
    start, drawn, running = time.monotonic(), 0, True
    while running:
        for event in pygame.event.get() or [pygame.event.wait(250)]:
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.VIDEORESIZE:
                screen = pygame.display.set_mode(event.size, pygame.RESIZABLE)
                scene.resize(event.size)
            elif event.type != pygame.NOEVENT:
                scene.handle(event)
        if scene.request is not None:
            scene = _switch(scene, screen.get_size())
        if scene.update(time.monotonic() - start, clock.tick(60) / 1000):
            scene.draw(screen)
            pygame.display.flip()
            drawn += 1
        if frames is not None and drawn >= frames:
            running = False
    _quit()
    return 0


def _open_saved(scene: PlayScene, path: str, size) -> PlayScene:
    """A new scene on a saved game, or the same scene with the reason it could not open."""
    try:
        game = load_game(path)
    except InputError as error:
        scene.request = None
        scene.controller.say(str(error.problems[0]), warning=True)
        return scene
    return PlayScene(game, size, game.battle.name)


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
    _quit()
