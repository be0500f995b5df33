"""The play scene: the board, banner, action menu, odds, log and status line in one window."""

from __future__ import annotations

import pygame
import pygame_gui

from board import i18n
from board.game import Game, note_event
from board.hexgrid import Hex
from board.i18n import _
from board.rules.base import Event
from board.rules.kernel.events import UNDO
from board.ui import settings, theme, ui_scale
from board.ui.draw import hud, legend, palette, true_scale
from board.ui.play import hints as keys
from board.ui.draw.animations import Animator
from board.ui.draw.camera import Camera
from board.ui.draw.card import DOCK_GAP, FigureCard
from board.ui.play.cover import Cover
from board.ui.play.cursor import KeyboardFocus
from board.ui.play.controller import Controller
from board.sides import computer_to_act, players
from board.ui.play.computer import ComputerTurns
from board.ui.play.keys import handle_key
from board.ui.play.top_bar import file_action, file_picked, top_buttons
from board.ui.play.menu import pick, show_menu
from board.ui.play.mouse import handle_mouse
from board.ui.play.touch import Touch, handle_touch
from board.ui.play.overlays import overlays
from board.ui.dialogs.files import FileDialog
from board.ui.log.panel import CombatLog
from board.ui.draw.moments import FightOver, PhaseBanner
from board.ui.play.action_menu import ActionMenu
from board.ui.draw.overlays import Overlays
from board.ui.draw.renderer import BoardRenderer
from board.ui.sound import Sounds
from board.ui.draw.timeline import dock_height, draw_timeline
from board.ui.play.tips import draw_tips
from board.ui.requests import SceneRequest


LOG_LEAST = 96  # the combat log's least height in the sidebar: its heading and three lines


class PlayScene:
    """One game on screen. Input goes to the controller; drawing only reads."""

    def __init__(self, game: Game, size: tuple[int, int], title: str, sides: dict[str, str] | None = None):
        self.game = game
        game.players.update(sides or {})  # who plays each team; a rematch keeps them
        self.computer = ComputerTurns()
        self.title = title
        self.controller = Controller(game)
        self._shown: list[Event] = []  # the events of the input's last command, shown after it
        self.controller.shows = self._show
        self.recolour()
        self.camera = Camera(game.battle.layout)
        self.manager = pygame_gui.UIManager(size, ui_scale.gui_theme(), starting_language=i18n.current())
        self.menu = ActionMenu(self.manager)
        self.log = CombatLog(theme.px(theme.LOG_WIDTH))
        self.card = FigureCard()
        self.sounds = Sounds()
        self.cover = Cover(getattr(game.battle.source, "pass_the_screen", False))
        self.timeline_rect = pygame.Rect(0, 0, 0, 0)
        self.card_dock = pygame.Rect(0, 0, 0, 0)
        self.animator = Animator(self.camera.to_screen)
        self.phase_banner = PhaseBanner()  # "Turn 3 · Movement" for a moment at each change
        self.fight_over = FightOver(on_show=lambda: self.sounds.cue("fight_over"))
        self.help = False
        self.legend = False  # the K key's legend overlay
        self.keyboard = KeyboardFocus()  # the hex cursor and the menu's focus (board/ui/play/cursor.py)
        self.net = None  # a shared game's link (board.ui.play.netplay.NetPlay), polled every frame
        self.request: SceneRequest | None = None  # what the app is asked to do next
        self.dialog = FileDialog(self.manager, self.say)
        self.mouse = (0, 0)
        self.drag: str | None = None  # "token", "facing", "gm:<name>", "pan"
        self.touch = Touch()  # the fingers on a touch screen (board/ui/play/touch.py)
        self.wheel_hover: int | None = None
        self.drag_moved = False
        self.dirty = True
        self.now = 0.0
        self.backdrop: pygame.Surface | None = None  # what stays between frames: see draw()
        self.sidebar_key: tuple | None = None  # what the backdrop's sidebar was painted for
        self._hint: tuple = (None, "")
        self.resize(size)
        self.log.add(game.logged_events(), 0.0)  # with the computer's reasons, as played

    # --- layout --------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        px = theme.px  # every size at the UI scale (board/ui/ui_scale.py)
        banner, status, side = px(theme.BANNER_HEIGHT), px(theme.STATUS_HEIGHT), px(theme.LOG_WIDTH)
        self.banner_rect = pygame.Rect(0, 0, w, banner)
        self.status_rect = pygame.Rect(0, h - status, w, status)
        # The right sidebar holds the action menu on top and the combat log below it.
        self.sidebar = pygame.Rect(w - side, banner, side, h - banner - status)
        self.log_rect = self.sidebar.copy()
        # A ruleset's round timeline is docked under the board, never over it.
        self.dock = dock_height(self.controller.info().timeline)
        self.board_rect = pygame.Rect(0, banner, w - side, h - banner - status - self.dock)
        self.dock_rect = pygame.Rect(0, self.board_rect.bottom, self.board_rect.width, self.dock)
        self.manager.set_window_resolution(size)
        self.menu.hide()
        self._file_buttons()
        self.fit()

    def _file_buttons(self) -> None:
        """Menu (the start screen), Save, Open and Help in the top bar (board/ui/play/top_bar.py)."""
        for button in getattr(self, "file_buttons", {}):
            button.kill()
        self.file_buttons, self.buttons_width = top_buttons(self.manager, self.banner_rect)

    def recolour(self) -> None:
        """Team colours, patterns and shapes in the palette in use; the board drawn anew."""
        order = list(dict.fromkeys(f.team for f in self.game.tokens().values()))
        self.team_colours = {t: theme.team_colour(self.game.battle.teams, t, order) for t in order}
        marks = palette.team_marks(order)
        self.team_shapes = {t: palette.TEAM_MARKS[i][1] for t, i in marks.items()}
        self.team_legend = [(t, self.team_colours[t], *palette.TEAM_MARKS[i]) for t, i in marks.items()]
        self.renderer = BoardRenderer(self.game.battle, self.team_colours, marks)
        self.banner = hud.Banner()
        self._colours: tuple[int | None, dict, dict, dict] = (None, {}, {}, {})
        self.backdrop = None

    def use_palette(self, name: str) -> None:
        """The V key: draw the board in this palette from now on, and remember it."""
        name = palette.use(name)
        self.recolour()
        self.dirty = True
        problem = settings.save(palette=name)
        self.controller.say(
            _("Colours: {palette} (V: the next palette)").format(palette=_(palette.LABELS[name]))
            + (_("; not remembered: {problem}").format(problem=problem) if problem else ""),
            warning=bool(problem),
        )

    def fit(self) -> None:
        """Home: the whole map in view (leaving room for the menu on the left)."""
        # At true scale (play --hex-inches), hexes keep their physical size: the map is centred.
        self.camera.fit(
            self.game.battle.cells, self.board_rect.inflate(-theme.px(24), -theme.px(24)), true_scale.camera_size()
        )
        self.animator.set_projection(self.camera.to_screen)
        self.dirty = True

    @property
    def sides(self) -> dict[str, str]:
        return players(self.game)

    @property
    def computer_to_play(self) -> bool:
        """The computer plays the side to act (frames must keep coming for its turns)."""
        return computer_to_act(self.game) is not None

    def settle(self) -> None:
        """Finish every animation and moment now (a screenshot, a test)."""
        self.animator.skip()
        self.log.skip()
        self.phase_banner.skip()

    @property
    def animating(self) -> bool:
        return self.animator.animating or self.log.animating

    # --- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Route one pygame event; any change marks the frame dirty."""
        before = {n: (f.hex.q, f.hex.r) for n, f in self.game.tokens().items()}
        self.dirty = True
        if handle_touch(self, event):  # fingers, and the mouse events SDL makes from them
            self._after_input(before)
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.cover.lift():
            return  # the key or click that lifts the cover does nothing else
        if event.type == pygame.MOUSEBUTTONDOWN and self.fight_over.click(event.pos):
            return  # the end-of-fight panel closed: the board is there to look at
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.file_buttons:
            file_action(self, self.file_buttons[event.ui_element])
            return
        picked = self.dialog.picked(event)
        if picked is not None:
            file_picked(self, *picked)
            return
        if self.net is not None and self.net.handle(event, self):
            return
        if self.dialog.takes(event):  # no board hotkey while a dialog or text field has the keys
            return
        if self.manager.process_events(event):
            self._after_input(before)
            return
        item = self.menu.pressed(event)
        if item is not None:
            pick(self, item)
        elif event.type == pygame.KEYDOWN:
            handle_key(self, event)
        else:
            handle_mouse(self, event)
        self._after_input(before)

    def act(self, command, why: str | None = None, short: str | None = None) -> None:
        """Submit a command for a player that is not the mouse (the computer), animated and
        logged as a click's would be, after the line that says why it was chosen."""
        before = {n: (f.hex.q, f.hex.r) for n, f in self.game.tokens().items()}
        index = len(self.game.history)
        if self.controller.submit(command).accepted and why is not None:
            if len(self.game.history) > index:  # applied here (a shared game's comes from the host)
                self.game.note(why)  # kept with the command: undone, redone and saved with it
            self.log.add([note_event(why, index, command.figure, short)], self.now)
        self._after_input(before)
        self.dirty = True

    def _show(self, events: list[Event]) -> None:
        """The controller hands over a command's events (the last command's stand)."""
        self._shown = list(events)

    def _after_input(self, before: dict) -> None:
        """The events the input's commands brought (handed over by the controller, or from the
        stream): logged, animated from where the figures stood before, heard."""
        events, self._shown = self._shown, []
        if events:
            self.log.add(events, self.now)
            self.animator.add(events, self.now, before)
            self.sounds.play(events)

    def undone(self, before: list[Event]) -> None:
        """After an undo: the undone rows leave the log; a note says what was taken back."""
        gone = before[len(self.game.events) :]
        self.log.retract(len(gone), len(self.game.history))
        self.log.add([Event(UNDO, _("Undone: ") + (gone[0].text if gone else _("the last command")))], self.now)

    def redone(self) -> None:
        """After a redo: the redone command's note (the computer's reason) before its events."""
        index = len(self.game.history) - 1
        if index in self.game.notes:
            self.log.add([note_event(self.game.notes[index], index, self.game.history[index].figure)], self.now)

    def shown(self, events: list[Event], before: dict) -> None:
        """Events that came from elsewhere (the shared game's stream): logged and animated."""
        self._show(events)
        self._after_input(before)

    def say(self, text: str, warning: bool = False) -> None:
        """A message on the status line."""
        self.controller.say(text, warning)

    def hex_at(self, pos) -> Hex | None:
        if not self.board_rect.collidepoint(pos):
            return None
        h = self.camera.to_hex(pos)
        return h if h in self.game.battle.cells else None

    # --- per frame -----------------------------------------------------------------------

    def update(self, now: float, dt: float) -> bool:
        """Advance animations and widgets; True if the frame must be redrawn."""
        self.now = now
        if self.net is not None:
            self.dirty |= self.net.poll(self)
        # A network game's computer sides are played by the GM's board, through the host.
        if (
            (self.net is None or self.net.plays_computer())
            and not self.controller.view.gm
            and self.computer.due(
                self.game, now, self.animating or self.dialog.open or self.cover.shown_for is not None
            )
        ):
            self.computer.play(self, now)
        self.phase_banner.follow(self.controller.info(), now)
        self.dirty |= self.touch.tick(self, now)  # a finger held still shows the hover
        show_menu(self)  # before the widgets update, so a new menu is built this frame
        self.keyboard.follow_menu(self)  # a new menu: where the keys' focus goes
        self.manager.update(dt)
        moving = self.animator.update(now)
        logging = self.log.update(now)
        # A zoom shows a scaled preview until the wheel settles; then one sharp frame.
        dirty = (
            self.dirty
            or moving
            or logging
            or self.renderer.preview is not None
            or self.renderer.flames_flicker(now)
            or self.phase_banner.showing(now)
        )
        self.dirty = False
        return dirty

    def overlays(self) -> Overlays:
        """The board's overlays now (board/ui/play/overlays.py)."""
        return overlays(self)

    def _draw_sidebar(self, size: tuple[int, int], menu_height: int) -> None:
        """The sidebar in the backdrop (the board layer shares it): the menu's and the card
        dock's parts, painted when their heights change, and the log's, painted when the log
        changes."""
        if self.backdrop is None or self.backdrop.get_size() != size:
            self.backdrop, self.sidebar_key = pygame.Surface(size), None
            if pygame.display.get_surface():
                self.backdrop = self.backdrop.convert()
        key = (self.backdrop, tuple(self.sidebar), menu_height, tuple(self.card_dock))
        if key != self.sidebar_key:
            self.backdrop.fill(theme.PANEL, (*self.sidebar.topleft, self.sidebar.width, menu_height))
            self.backdrop.fill(theme.PANEL, self.card_dock)
            pygame.draw.line(self.backdrop, theme.PANEL_EDGE, self.sidebar.topleft, self.sidebar.bottomleft)
            self.sidebar_key = key
        self.log.draw_kept(self.backdrop, self.log_rect)

    def _figure_colours(self, figures) -> tuple[dict, dict, dict]:
        """Each figure's team colour, the status of those not "ok", and each one's team shape
        (a palette with patterns), once per game version."""
        if self._colours[0] != self.game.version:
            colours = {n: self.team_colours.get(f.team, theme.TEAM_COLOURS[-1]) for n, f in figures.items()}
            status = {n: f.status for n, f in figures.items() if f.status != "ok"}
            shapes = {n: self.team_shapes[f.team] for n, f in figures.items() if f.team in self.team_shapes}
            self._colours = (self.game.version, colours, status, shapes)
        return self._colours[1], self._colours[2], self._colours[3]

    def hint(self) -> str:
        if self.dialog.open:
            return _("The dialog has the keyboard: type a file name · Enter, then OK · Esc closes it")
        key = (self.controller.view.mode.key, self.game.version)  # worked out once per mode and state
        if self._hint[0] != key:
            self._hint = (key, keys.hint(key[0], self.game.ruleset, self.game.tokens()))
        return self._hint[1]

    def draw(self, screen: pygame.Surface) -> None:
        """Draw one frame."""
        c = self.controller
        figures = self.game.tokens()
        ov = self.overlays()
        menu_height = int(self.menu.panel.get_abs_rect().height) + theme.px(16) if self.menu.panel else 0
        colours, status, shapes = self._figure_colours(figures)
        most = max(0, self.sidebar.height - menu_height - theme.px(LOG_LEAST))
        card = self.card.prepare(self.game, c, colours, self.sidebar.width - 2 * theme.px(DOCK_GAP), most)
        # The card is docked under the log, off the board: the log keeps what is left.
        room = min(self.card.room, most)
        self.card_dock = pygame.Rect(self.sidebar.x + 1, self.sidebar.bottom - room, self.sidebar.width - 1, room)
        self.log_rect = pygame.Rect(
            self.sidebar.x, self.sidebar.y + menu_height, self.sidebar.width, self.sidebar.height - menu_height - room
        )
        self._draw_sidebar(screen.get_size(), menu_height)
        self.renderer.draw(screen, self.board_rect, self.camera, figures, ov, self.animator, self.now, self.backdrop)
        info = c.info()
        self.banner.draw(
            screen, self.banner_rect, self.title, info, colours, c.view.gm, status, self.buttons_width, shapes
        )
        timeline = info.timeline
        if dock_height(timeline) != self.dock:  # rows came or went: dock it anew
            self.resize(self.size)
        if timeline:
            screen.fill(theme.BACKGROUND, self.dock_rect)
            self.timeline_rect = draw_timeline(screen, self.dock_rect, timeline, colours, info.active)
        self.card.draw(screen, self.card_dock, card)
        # Moments over the board: a new phase's banner for a moment, the end-of-fight panel.
        covered = [
            r
            for r in (
                self.phase_banner.draw(screen, self.board_rect, info, self.now),
                self.fight_over.draw(screen, self.board_rect, self.game, info),
            )
            if r
        ]
        reason = self.menu.reason_at(self.mouse)
        message, warning = (reason, True) if reason else (c.view.message, c.view.warning)
        hud.draw_status(screen, self.status_rect, message, warning, self.hint())
        self.manager.draw_ui(screen)
        self.keyboard.draw(self, screen)
        covered += draw_tips(self, screen, timeline, reason)
        # Between the top bar and the status line: over the timeline's dock too, so that
        # a short window (or a large UI scale) packs the rows instead of running past it.
        middle = pygame.Rect(0, self.banner_rect.bottom, self.size[0], self.status_rect.top - self.banner_rect.bottom)
        if self.help:
            hud.draw_help(screen, middle, keys.help_rows(self.game.ruleset, self.game.tokens()))
        elif self.legend:
            legend.draw_overlay(screen, middle, self.game.battle.layout, self.team_legend)
        active = info.active
        # Only a person's side is covered from the other people: the computer needs no cover.
        self.cover.follow(figures[active].team if active in figures and not self.computer_to_play else None)
        self.cover.draw(screen)
        # A zoom's preview is made from this frame: without what was drawn over the board.
        self.renderer.covered = [self.board_rect] if self.help or self.legend or self.cover.shown_for else covered
