"""The start screen: continue, a new fight on a map (with previews), open a save, the editor, quit."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui

from board.game import Game
from board import i18n
from board.i18n import LANGUAGES, N_, _, ngettext
from board.saves import load_game
from board.sides import PLAYERS, teams
from board.ui.draw.title import draw_title
from board.ui import settings, theme, ui_scale
from board.ui.draw import hud, palette
from board.ui.dialogs.files import FileDialog, recent_files
from board.ui.dialogs.host import HostDialog
from board.ui.dialogs.join import JoinDialog
from board.ui.requests import Continue, Edit, Host, Join, Open, Play, Quit, SceneRequest
from board.ui.map_cards import THUMB, card_at, draw_map_cards, scrolled_to, wheeled
from board.ui.map_catalogue import MapChoice, find_maps, preview, ruleset_name
from board.ui.draw.text_fit import render_fit
from board.yamlio import InputError

# Sizes at 100%, read through theme.px (board/ui/ui_scale.py).
COLOURS_WIDTH = 250  # the banner's Colours button, with its margin
HINT = N_(
    "Enter starts the fight · Up/Down pick a map · click a side: a person or the computer plays "
    "it · Ctrl+O opens a saved game · V colours · +/- size · Host/Join: network"
)
SIZE_WIDTH = 150  # the banner's Size button (the UI scale), with its margin
LANGUAGE_WIDTH = 170  # the banner's Language button, left of the Size button


class StartScene:
    """What a player sees first: the default map ready, so one Enter starts the fight."""

    def __init__(
        self, size: tuple[int, int], autosave: Path | None = None, selected=None, kinds: dict[str, str] | None = None
    ):
        self._widgets(size)
        self.request: SceneRequest | None = None
        self.message, self.warning = "", False
        self.maps = find_maps()
        self.index = 0
        if selected is not None:  # back from a fight on a map: that map, found by its name
            names = [m.load().name for m in self.maps]
            self.index = names.index(selected.name) if selected.name in names else 0
        self.selected.load()
        self.scroll = 0
        # "Continue …" needs the autosaved fight replayed: done after the first frame too.
        self.autosave = autosave
        self.resume: str | None = None
        self.autosave_path = autosave  # read again for its button's words in another language
        self.big: tuple[int, pygame.Surface] | None = None  # (map index, its large preview)
        # team -> who plays it (PLAYERS); a person if not chosen; the last fight's choices kept
        kinds = {t: "computer:normal" if k == "computer" else k for t, k in (kinds or {}).items()}
        self.kinds: dict[str, str] = {t: k for t, k in kinds.items() if k in PLAYERS}
        self.side_rects: list[tuple[pygame.Rect, str]] = []  # where each team's choice is drawn
        self.drawn = False  # thumbnails are made only after the first frame
        self.dirty = True
        self.resize(size)

    def _widgets(self, size: tuple[int, int]) -> None:
        """The pygame_gui manager, in the UI scale's theme, and the dialogs it shows."""
        self.manager = pygame_gui.UIManager(size, ui_scale.gui_theme(), starting_language=i18n.current())
        self.dialog = FileDialog(self.manager, self.say)
        self.join = JoinDialog(self.manager)
        self.hosting = HostDialog(self.manager)

    @staticmethod
    def _resume_text(autosave: Path | None) -> str | None:
        """ "Continue …" for a fight left in the autosave, or None."""
        if autosave is None:
            return None
        try:
            game = load_game(autosave)
        except InputError:
            return None
        info = game.turn()
        if info.phase == "over" or not game.history:
            return None  # nothing to continue
        return _("Continue: {name}, turn {turn}").format(name=game.battle.name, turn=info.turn)

    # --- layout --------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        px = theme.px
        self.manager.set_window_resolution(size)
        self.banner_rect = pygame.Rect(0, 0, w, px(56))
        status, top = px(theme.STATUS_HEIGHT), px(64)
        self.status_rect = pygame.Rect(0, h - status, w, status)
        self.list_rect = pygame.Rect(px(12), top, px(400), h - top - status - px(8))
        self.preview_rect = pygame.Rect(px(428), top, w - px(440), max(px(120), h - top - px(300)))
        self.big = None
        self.manager.clear_and_reset()
        self._buttons()
        self.dirty = True

    def _buttons(self) -> None:
        self.buttons: dict[pygame_gui.elements.UIButton, tuple] = {}
        px = theme.px
        x, y = self.preview_rect.x, self.preview_rect.bottom + px(120)
        fight = self._button((x, y, px(250), px(44)), _("Start the fight  (Enter)"), ("fight",))
        fight.select()  # drawn as the one Enter presses
        if self.resume:
            self._button((x + px(262), y, self.preview_rect.right - x - px(262), px(44)), self.resume, ("continue",))
        y += px(54)
        for i, (label, request) in enumerate(
            (
                (_("Open a saved game…"), ("open-dialog",)),
                (_("Edit this map"), ("edit-selected",)),
                (_("Host over network"), ("host-selected",)),
                (_("Join a game…"), ("join-dialog",)),
                (_("Quit"), ("quit",)),
            )
        ):
            self._button((x + i * px(164), y, px(158), px(34)), label, request)
        y += px(44)
        self.recent_y, self.recent = y, recent_files()[:3]
        for n, path in enumerate(self.recent):  # the saved games used last, one click away
            self._button((x + px(110) + n * px(262), y, px(254), px(30)), path.stem, ("open", str(path)))
        right = self.banner_rect.right - px(COLOURS_WIDTH)
        self._button(
            (right, px(10), px(COLOURS_WIDTH - 12), px(36)),
            _("Colours: {palette}  (V)").format(palette=_(palette.current())),
            ("palette",),
        )
        right -= px(SIZE_WIDTH)
        self._button(
            (right, px(10), px(SIZE_WIDTH - 12), px(36)),
            _("Size: {percent}%  (+)").format(percent=ui_scale.current()),
            ("ui-scale",),
        )
        right -= px(LANGUAGE_WIDTH)
        self._button(
            (right, px(10), px(LANGUAGE_WIDTH - 12), px(36)),
            _("Language: {name}").format(name=LANGUAGES[i18n.current()]),
            ("language",),
        )

    def _button(self, rect, text: str, request: tuple):
        button = pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=self.manager)
        self.buttons[button] = request
        return button

    def say(self, text: str, warning: bool = False) -> None:
        self.message, self.warning = text, warning

    @property
    def selected(self) -> MapChoice:
        return self.maps[self.index]

    # --- input ---------------------------------------------------------------------------

    def handle(self, event) -> None:
        self.dirty = True
        picked = self.dialog.picked(event)
        if picked is not None:
            self.request = Open(str(picked[1]))
            return
        joining = self.join.picked(event)
        if joining is not None:
            self.request = Join(*joining)
            return
        listen = self.hosting.picked(event)
        if listen is not None:
            self.request = Host(str(self.selected.path), listen)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self._do(self.buttons[event.ui_element])
            return
        if self.dialog.takes(event):
            return
        if self.manager.process_events(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and (team := self._side_at(event.pos)):
            kinds = list(PLAYERS)
            self.kinds[team] = kinds[(kinds.index(self.kinds.get(team, "person")) + 1) % len(kinds)]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = card_at(self.list_rect, event.pos, self.scroll, len(self.maps))
            if hit is not None:
                self._pick(hit)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = wheeled(self.scroll, event.y, self.list_rect, len(self.maps))

    def _key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._do(("fight",))
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self._pick((self.index + (1 if event.key == pygame.K_DOWN else -1)) % len(self.maps))
        elif event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
            self._do(("open-dialog",))
        elif event.key == pygame.K_v:
            self._do(("palette",))
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._rescale(ui_scale.following(ui_scale.current()))
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._rescale(max([s for s in ui_scale.STEPS if s < ui_scale.current()], default=ui_scale.LEAST))

    def _pick(self, index: int) -> None:
        self.index = index
        self.selected.load()
        self.scroll = scrolled_to(index, self.scroll, self.list_rect)  # keep the picked card in view

    def _do(self, request: tuple) -> None:
        choice = self.selected
        if request[0] in ("fight", "edit-selected", "host-selected") and choice.battle is None:
            self.say(
                _("{file} does not load: {problem}").format(file=choice.path.name, problem=choice.problem), warning=True
            )
        elif request[0] == "fight" and choice.battle is not None:
            game = Game(choice.battle, seed=random.randrange(1, 10**6))
            game.ai_seed = random.randrange(1, 10**6)  # the computer's own, kept in the save
            self.request = Play(game, {team: self.kinds.get(team, "person") for team in teams(choice.battle)})
        elif request[0] == "edit-selected":
            self.request = Edit(str(choice.path))
        elif request[0] == "host-selected":
            self.hosting.show(self.preview_rect.center)  # this machine only, or the LAN
        elif request[0] == "join-dialog":
            self.join.show(self.preview_rect.center)
        elif request[0] == "open-dialog":
            self.dialog.show("open", self.preview_rect.center)
        elif request[0] == "palette":
            self._next_palette()
        elif request[0] == "language":
            self._next_language()
        elif request[0] == "ui-scale":
            self._rescale(ui_scale.following(ui_scale.current()))
        elif request[0] == "continue":
            self.request = Continue()
        elif request[0] == "open":
            self.request = Open(request[1])
        elif request[0] == "quit":
            self.request = Quit()

    def _next_palette(self) -> None:
        """The next palette, remembered; the previews are drawn again in it."""
        name = palette.use(palette.following(palette.current()))
        problem = settings.save(palette=name)
        for choice in self.maps:
            choice.thumb = None
        self.big = None
        self.manager.clear_and_reset()
        self._buttons()
        self.say(
            _("Colours: {palette}").format(palette=_(palette.LABELS[name]))
            + (_("; not remembered: {problem}").format(problem=problem) if problem else ""),
            warning=bool(problem),
        )

    def _next_language(self) -> None:
        """The next language, remembered; every label is made again in it."""
        codes = list(LANGUAGES)
        code = i18n.activate(codes[(codes.index(i18n.current()) + 1) % len(codes)])
        problem = settings.save(language=code)
        self.manager.set_locale(code)  # pygame_gui's own words (the file dialog's buttons)
        self.resume = self.resume and self._resume_text(self.autosave_path)
        self.manager.clear_and_reset()
        self._buttons()
        self.say(
            _("Language: {name}").format(name=LANGUAGES[code])
            + (_("; not remembered: {problem}").format(problem=problem) if problem else ""),
            warning=bool(problem),
        )

    def _rescale(self, percent: int) -> None:
        """The UI scale in this step, remembered; the screen laid out and drawn anew at it."""
        percent = ui_scale.use(percent)
        problem = settings.save(ui_scale=str(percent))
        for choice in self.maps:
            choice.thumb = None  # drawn again at the new size
        self.scroll = 0
        self._widgets(self.size)  # the buttons' fonts are the theme's: a new manager
        self.resize(self.size)
        self.say(
            _("Size: {percent}% (+/-: larger, smaller)").format(percent=percent)
            + (_("; not remembered: {problem}").format(problem=problem) if problem else ""),
            warning=bool(problem),
        )

    def _side_at(self, pos) -> str | None:
        return next((team for rect, team in self.side_rects if rect.collidepoint(pos)), None)

    # --- per frame -----------------------------------------------------------------------

    def update(self, now: float, dt: float) -> bool:
        self.manager.update(dt)
        dirty, self.dirty = self.dirty, False
        return self._next_thumbnail() or dirty or self.manager.get_focus_set() is not None

    @property
    def loading(self) -> bool:
        """True while the autosave, maps or thumbnails are still to be read or drawn (the app
        keeps frames coming)."""
        return self.autosave is not None or any(
            not c.loaded or (c.battle is not None and c.thumb is None) for c in self.maps
        )

    def _next_thumbnail(self) -> bool:
        """Read the autosaved fight, else load one map not loaded yet, else draw one missing
        thumbnail: the window shows at once, the rest follows, one a frame."""
        if not self.drawn:
            return False
        if self.autosave is not None:
            self.resume, self.autosave = self._resume_text(self.autosave), None
            if self.resume:  # its button goes beside "Start the fight"
                self.manager.clear_and_reset()
                self._buttons()
            return True
        waiting = next((c for c in self.maps if not c.loaded), None)
        if waiting is not None:
            waiting.load()
            return True
        missing = next((c for c in self.maps if c.battle is not None and c.thumb is None), None)
        if missing is not None:
            missing.thumb = preview(missing.battle, (theme.px(THUMB[0]), theme.px(THUMB[1])))
        return missing is not None

    def draw(self, screen: pygame.Surface) -> None:
        self.drawn = True
        screen.fill(theme.BACKGROUND)
        screen.fill(theme.PANEL, self.banner_rect)
        x = draw_title(screen, self.banner_rect)  # the emblem and the name in gold
        # The words between the name and the Language, Size and Colours buttons, which hold the
        # banner's right end (cut only where a language's words are longer than the room).
        room = self.banner_rect.right - theme.px(COLOURS_WIDTH + SIZE_WIDTH + LANGUAGE_WIDTH) - x - theme.px(12)
        sub = render_fit(
            _("a hex-map battle board · pick a map and start the fight"), theme.font(16), room, theme.TEXT_DIM
        )
        screen.blit(sub, (x, (self.banner_rect.height - sub.get_height()) // 2))
        draw_map_cards(screen, self.list_rect, self.maps, self.index, self.scroll)
        self._draw_selected(screen)
        hud.draw_status(screen, self.status_rect, self.message, self.warning, _(HINT))
        self.manager.draw_ui(screen)

    def _draw_selected(self, screen: pygame.Surface) -> None:
        choice, r = self.selected, self.preview_rect
        if choice.battle is not None:
            if self.big is None or self.big[0] != self.index:
                self.big = (self.index, preview(choice.battle, r.size))
            screen.blit(self.big[1], r.topleft)
        px = theme.px
        pygame.draw.rect(screen, theme.PANEL_EDGE, r, px(1))
        y = r.bottom + px(10)
        screen.blit(render_fit(choice.name, theme.font(20, True), r.width, theme.TEXT), (r.x, y))
        if self.recent:
            label = theme.font(15).render(_("Recent saves:"), True, theme.TEXT_DIM)
            screen.blit(label, (r.x, self.recent_y + (px(30) - label.get_height()) // 2))
        if choice.battle is None:
            return
        figures = len(choice.battle.figures)
        rules = (
            _("Rule system: {rules}").format(rules=ruleset_name(choice.battle))
            + " · "
            + ngettext("{n} figure", "{n} figures", figures).format(n=figures)
        )
        screen.blit(theme.font(15).render(rules, True, theme.TEXT_DIM), (r.x, y + px(32)))
        order = teams(choice.battle)
        x, self.side_rects = r.x, []
        for team in order:  # who plays each side: a click steps through PLAYERS
            colour = theme.team_colour(choice.battle.teams, team, order)
            label = theme.font(15).render(
                _("{team}: played by {player}").format(team=team, player=_(PLAYERS[self.kinds.get(team, "person")])),
                True,
                theme.TEXT,
            )
            rect = pygame.Rect(x, y + px(56), label.get_width() + px(34), label.get_height() + px(8))
            pygame.draw.rect(screen, (46, 49, 60), rect, border_radius=px(6))
            pygame.draw.circle(screen, colour, (x + px(12), rect.centery), px(7))
            screen.blit(label, (x + px(26), y + px(60)))
            self.side_rects.append((rect, team))
            x += rect.width + px(16)
