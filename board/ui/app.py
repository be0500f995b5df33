"""The app: the event loop, the scenes it switches between, full screen, headless screenshots
(the window itself: board/ui/window.py)."""

from __future__ import annotations

import os
import random
import sys
import time
import traceback

import pygame
import pygame_gui

from board.draft import draft_from_map
from board.editor import Editor
from board.game import Game
from board.i18n import _, ngettext
from board.maps import load_map, parse_map
from board.saves import Autosaver, data_dir, load_game
from board.ui import theme
from board.ui.draw import true_scale
from board.ui.calibrate import CalibrationScene
from board.ui.caption import set_caption, window_title
from board.ui.dialogs.files import regular_file_problem, remember
from board.ui.editor.scene import EditorScene
from board.ui.play.scene import PlayScene
from board.ui.map_catalogue import user_map_path
from board.ui.requests import Continue, Edit, HandOver, Host, Join, Open, Play, PlayDraft, Quit, Rematch, Start
from board.ui.start import StartScene
from board.ui.window import open_window, quit_pygame
from board.yamlio import InputError

DEFAULT_SIZE = (1280, 800)
ERRORS = "errors.log"
LOGGED_ERRORS = 20  # tracebacks written per session


def run(
    game: Game | None,
    title: str,
    size: tuple[int, int] = DEFAULT_SIZE,
    frames: int | None = None,
    screenshot: str | None = None,
    autosave: Autosaver | None = None,
    offer_resume: bool = False,
    editor=None,
    net=None,
    calibrate: bool = False,
) -> int:
    """Open the window and play until it is closed (or for `frames` frames, for tests).

    No game (and no editor) opens the start screen. With an autosaver, the game is written
    after every command, and a clean exit closes it; with offer_resume, a game left by a
    crash is offered first. With net (a board.ui.play.netplay.NetPlay), the game is shared. True
    scale asked for on a screen of unknown DPI (or calibrate) opens the calibration screen first."""
    screen = open_window(size, window_title(title))
    if screen is None:
        if net is not None:
            net.close()
        return 1
    app = App(_first_scene(game, title, editor, size, autosave), size, autosave)
    if net is not None:
        net.attach(app.scene)
    if calibrate or true_scale.needs_calibration():  # (the resume question waits for a next start)
        app.scene = CalibrationScene(size, app.scene)
    if offer_resume and autosave and isinstance(app.scene, PlayScene):
        app.resume = _offer_resume(app.scene, autosave)
    clock = pygame.time.Clock()
    start = time.monotonic()
    drawn = 0
    while app.running:
        # With a frame count (tests, benchmarks) every pass draws, so an idle board still ends.
        # Idle: sleep until something happens, so a still board costs no CPU.
        # The wait takes one event; the rest queued behind it (a quit among resizes) come too.
        events = (
            pygame.event.get() if frames is not None or app.busy() else [pygame.event.wait(250), *pygame.event.get()]
        )
        for event in events:
            screen = app.handle(event, screen)
        if app.step(time.monotonic() - start, clock.tick(60) / 1000) or frames is not None:
            app.scene.draw(screen)
            pygame.display.flip()
            drawn += 1
            if screenshot and drawn == 2:
                pygame.image.save(screen, screenshot)
        if frames is not None and drawn >= frames:
            app.running = False
    app.close()
    quit_pygame()
    return 0


def run_editor(editor, size: tuple[int, int] = DEFAULT_SIZE, frames: int | None = None) -> int:
    """Open the map editor window (the edit sub-command)."""
    return run(None, f"editing {editor.draft.name}", size, frames, editor=editor)


def _first_scene(game, title, editor, size, autosave):
    if editor is not None:
        return EditorScene(editor, size)
    if game is not None:
        return PlayScene(game, size, title)
    return StartScene(size, autosave.pending() if autosave else None)


class App:
    """The scene on screen, the switch to the next one it asks for, and the autosave."""

    def __init__(self, scene, size: tuple[int, int], autosave: Autosaver | None = None):
        self.scene = scene
        self.size = size
        self.autosave = autosave
        self.resume = None  # the "resume the last game?" dialog, while it is open
        self.running = True
        self.fullscreen = False
        self.errors = 0  # unexpected exceptions caught so far

    def busy(self) -> bool:
        """True while something moves on its own (an animation, a drag), so frames must come."""
        scene = self.scene
        if isinstance(scene, PlayScene):
            return bool(
                scene.animating
                or scene.drag is not None
                or scene.renderer.preview is not None
                or scene.computer_to_play
                or scene.touch.pressing
            )
        return getattr(scene, "drag", None) is not None or getattr(scene, "loading", False)

    def handle(self, event, screen: pygame.Surface | None = None):
        """One event from the window; returns the screen (a resize makes a new one)."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED) and screen is not None:
            # The resizable window's surface follows the window by itself. Making the window
            # again (set_mode) moved it by its frame at every full-screen round trip, and with
            # no window manager each new window was resized again: it was rebuilt for ever.
            screen = self._follow_window(screen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as error:  # a driver or window system without full screen
                self.scene.say(_("Full screen is not available here ({error})").format(error=error), warning=True)
            else:
                self.fullscreen = not self.fullscreen
                screen = self._follow_window(screen)
        elif event.type == pygame.MOUSEBUTTONDOWN and isinstance(self.scene, PlayScene) and self.scene.animating:
            self.scene.animator.skip()  # a click skips the running animation ...
            self.scene.log.skip()
            self._guarded(self.scene.handle, event)  # ... and still counts
        elif self.resume is not None and event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            self.scene.manager.process_events(event)  # the question owns the keyboard until answered
        elif (
            self.resume is not None
            and event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
            and event.ui_element is self.resume
        ):
            self.resume = None
            self.scene = self._open_saved(str(self.autosave.pending()))
        elif self.resume is not None and event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.resume:
            self.autosave.discard()
            self.resume = None
        elif event.type != pygame.NOEVENT:
            self._guarded(self.scene.handle, event)
        return screen

    def _follow_window(self, screen: pygame.Surface | None) -> pygame.Surface | None:
        """The window's surface after a change of size; the scene laid out anew if it changed."""
        screen = pygame.display.get_surface() or screen
        if screen is not None and screen.get_size() != tuple(self.scene.size):
            self.scene.resize(screen.get_size())
        return screen

    def step(self, now: float, dt: float) -> bool:
        """Switch scenes if asked, keep the autosave, advance; True if the frame must be drawn."""
        if self.scene.request is not None:
            left = self.scene
            self._guarded(self._switch)
            if left is not self.scene and getattr(left, "net", None) is not None:
                left.net.close()  # leaving a shared game leaves it (the host's stream keeps it)
        if self.autosave is not None and self.resume is None and isinstance(self.scene, PlayScene):
            try:
                self.autosave.save(self.scene.game)
            except (OSError, ValueError) as error:  # ValueError: a game a save cannot hold
                self.scene.say(
                    _("Autosave failed: {problem}").format(problem=getattr(error, "strerror", None) or error),
                    warning=True,
                )
        notice = self.autosave.take_notice() if self.autosave is not None else None
        if notice:  # on any scene: the start screen is told when another board holds the folder
            self.scene.say(notice, warning=True)
        return bool(self._guarded(self.scene.update, now, dt, default=True))

    def close(self) -> None:
        """A clean exit from the board: its game is not waiting to be resumed. A fight left
        for the start screen or the editor stays in the autosave, for Continue."""
        autosave = self.autosave
        try:
            if autosave is not None and self.resume is None and isinstance(self.scene, PlayScene):
                autosave.close()
        except OSError as error:  # a read-only data folder: the window is going, so stderr says it
            if autosave is not None:  # (only its close() raises here)
                print(
                    _(
                        "Hexboard could not close its autosave in {parent} ({problem}): it is left as "
                        "last written, and the start screen offers to continue it."
                    ).format(parent=autosave.path.parent, problem=error.strerror or error),
                    file=sys.stderr,
                )
        finally:
            if self.autosave is not None:
                self.autosave.release()  # another board may take the folder's autosave now
            if getattr(self.scene, "net", None) is not None:
                self.scene.net.close()

    def _guarded(self, action, *args, default=None):
        """Run a scene's handler; an unexpected error is logged and told, never a crash."""
        try:
            return action(*args)
        except Exception as error:  # the last line of defence: the window stays up
            log = data_dir() / ERRORS
            self.errors += 1
            try:
                if self.errors <= LOGGED_ERRORS:  # an error in every frame must not fill the disk
                    log.parent.mkdir(parents=True, exist_ok=True)
                    with log.open("a", encoding="utf-8") as stream:
                        stream.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{traceback.format_exc()}")
            except OSError:
                pass
            self.scene.say(
                _("Something went wrong ({kind}: {error}); the details are in {log}").format(
                    kind=type(error).__name__, error=error, log=log
                ),
                warning=True,
            )
            return default

    # --- switching scenes ----------------------------------------------------------------

    def _switch(self) -> None:
        """Carry out the scene's request: play, rematch, open, edit, the start screen, quit."""
        request, self.scene.request = self.scene.request, None
        if isinstance(request, PlayDraft):
            self._play_draft()
        elif isinstance(request, Play):
            self._play(request.game, request.sides)
        elif isinstance(request, Rematch):
            old = self.scene.game
            game = Game(old.battle, old.options, seed=random.randrange(1, 10**6))
            game.ai_seed = random.randrange(1, 10**6)  # the computer sides play anew too
            self._play(game, self.scene.sides)
        elif isinstance(request, Open):
            self.scene = self._open_saved(request.path)
        elif isinstance(request, Continue) and self.autosave is not None and self.autosave.pending():
            self.scene = self._open_saved(str(self.autosave.pending()))
        elif isinstance(request, Edit):
            self._edit(request.path)
        elif isinstance(request, Start):
            self._start(request.selected)
        elif isinstance(request, Host):
            self._shared("host", (request.path, request.listen))
        elif isinstance(request, Join):
            self._shared("join", (request.address, request.code, request.name))
        elif isinstance(request, HandOver):  # the calibration screen going on to the scene it held
            size, self.scene = self.scene.size, request.scene
            self.scene.resize(size)  # laid out again: at true scale now
        elif isinstance(request, Quit):
            self.running = False

    def _play(self, game: Game, sides: dict | None = None) -> None:
        set_caption(f"Hexboard - {game.battle.name}")
        self.scene = PlayScene(game, self.scene.size, game.battle.name, sides)

    def _shared(self, verb: str, args: tuple) -> None:
        """Host the picked map, or join a hosted game, from the start screen."""
        # Loaded only when a game is shared: the NATS client and asyncio would slow every start.
        from board.ui.play.net_start import host_map, join_game
        from board.ui.play.netplay import refusal

        # The window waits while the network connects: say so on a frame drawn first.
        self.scene.say(
            _("Connecting to {address}…").format(address=args[0]) if verb == "join" else _("Starting the server…")
        )
        screen = pygame.display.get_surface()
        if screen is not None:
            self.scene.draw(screen)
            pygame.display.flip()
        try:
            net, line = host_map(*args) if verb == "host" else (join_game(*args), "")
        except Exception as error:  # no server, a wrong code: the start screen says why
            could_not = _("Could not host: {problem}") if verb == "host" else _("Could not join: {problem}")
            self.scene.say(could_not.format(problem=refusal(error)), warning=True)
            return
        self._play(net.follower.game)
        net.invite = line
        net.attach(self.scene)

    def _play_draft(self) -> None:
        """The editor's P: play the map being edited, if it passes check."""
        problems = self.scene.editor.check()
        if problems:
            self.scene.say(_("Fix the map before playing it: ") + problems[0], warning=True)
            return
        self._play(Game(parse_map(self.scene.editor.to_yaml(), self.scene.editor.path or "edited map")))

    def _edit(self, path) -> None:
        """The editor on a map file, or on the map being played; it saves into the user's maps."""
        battle = load_map(path) if path else self.scene.game.battle
        set_caption(_("Hexboard - editing {name}").format(name=battle.name))
        self.scene = EditorScene(Editor(draft_from_map(battle), str(user_map_path(path, battle.name))), self.scene.size)

    def _start(self, selected=None) -> None:
        set_caption("Hexboard")
        # Who played each side is kept: a fight against the computer is not reset to people.
        kinds = dict(getattr(self.scene, "sides", None) or getattr(self.scene, "kinds", None) or {})
        self.scene = StartScene(self.scene.size, self.autosave.pending() if self.autosave else None, selected, kinds)

    def _open_saved(self, path: str):
        """A new scene on a saved game, or the same scene with the reason it could not open."""
        problem = regular_file_problem(path)  # a FIFO would block the window for ever
        if problem is not None:
            self.scene.request = None
            self.scene.say(_("Could not open {path}: {problem}").format(path=path, problem=problem), warning=True)
            return self.scene
        try:
            game = load_game(path)
        except InputError as error:
            self.scene.request = None
            self.scene.say(str(error.problems[0]), warning=True)
            return self.scene
        remember(path)
        set_caption(f"Hexboard - {game.battle.name}")
        return PlayScene(game, self.scene.size, game.battle.name)


def _offer_resume(scene: PlayScene, autosave: Autosaver):
    """Ask whether to resume a game left by a crash; None if there is none."""
    pending = autosave.pending()
    if pending is None:
        return None
    try:
        saved = load_game(pending)
    except InputError as error:
        scene.say(
            _("The autosave is damaged and was set aside: {message}").format(message=error.problems[0].message),
            warning=True,
        )
        autosave.discard()
        return None
    info = saved.turn()
    rect = theme.px_rect(0, 0, 460, 220)
    rect.center = scene.board_rect.center
    text = ngettext(
        "A game of {name} was interrupted at turn {turn} ({n} command). Resume it?",
        "A game of {name} was interrupted at turn {turn} ({n} commands). Resume it?",
        len(saved.history),
    ).format(name=saved.battle.name, turn=info.turn, n=len(saved.history))
    return pygame_gui.windows.UIConfirmationDialog(
        rect, text, scene.manager, window_title=_("Resume the last game?"), action_short_name=_("Resume")
    )


def render_png(game: Game, title: str, out: str, size: tuple[int, int] = DEFAULT_SIZE, setup=None) -> None:
    """Render the board headlessly to a PNG (the screenshot sub-command)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    scene = PlayScene(game, size, title)
    if setup is not None:
        setup(scene)
    scene.update(10.0, 0.0)
    scene.settle()  # no animation, no banner: the board as it stands
    scene.update(10.0, 0.0)
    scene.draw(screen)
    pygame.image.save(screen, out)
    quit_pygame()
