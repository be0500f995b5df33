"""Playing with the keyboard alone: a hex cursor the arrow keys move, Tab through the figures
that may act (or the targets being aimed at), Enter to select or confirm, and a visible
focus in the action menu (F6 moves the keys between the board and the menu).

The arrows move the cursor to the neighbouring hex that lies most nearly that way on screen.
Where two lie equally that way (left and right on a flat-topped map, up and down on a
pointy-topped one) the cursor zigzags between them, so a run of presses keeps to its row or
column. The cursor acts as the mouse would: the hex under it is hovered (its path, its odds),
and Enter is a click on it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from board.hexgrid import DIRECTIONS, Hex, hex_add, hex_distance, hex_to_pixel, layout_for, polygon_corners
from board.i18n import _
from board.ui import theme
from board.ui.play.modes import (
    Aiming,
    ChoosingAction,
    ChoosingMove,
    GMMode,
    PlanningMove,
    aiming_at_figures,
    menu_has_keys,
)
from board.ui.play.menu import pick

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
MARGIN = 60  # the cursor is kept this far inside the board's edge (the map pans to follow)


def arrow_step(kind: str, h: Hex, arrow: tuple[int, int], anchor: float | None) -> list[Hex]:
    """The neighbours an arrow may take the cursor to from h, best first: those most nearly
    that way on screen, a tie broken toward the anchor (the row or column the run of presses
    started on), else toward the top or the left."""
    unit = layout_for(kind, 1.0, (0.0, 0.0))
    x0, y0 = hex_to_pixel(unit, h)
    scored = []
    for d in DIRECTIONS:
        n = hex_add(h, d)
        x, y = hex_to_pixel(unit, n)
        length = math.hypot(x - x0, y - y0)
        along = ((x - x0) * arrow[0] + (y - y0) * arrow[1]) / length
        across = y if arrow[0] else x  # the coordinate the run keeps
        drift = abs(across - anchor) if anchor is not None else 0.0
        scored.append((-round(along, 6), round(drift, 6), round(across, 6), n))
    scored.sort(key=lambda s: s[:3])
    best = scored[0][0]
    return [s[3] for s in scored if s[0] == best]


def across_of(kind: str, h: Hex, arrow: tuple[int, int]) -> float:
    """The coordinate a run of presses of this arrow keeps (y for left/right, x for up/down)."""
    x, y = hex_to_pixel(layout_for(kind, 1.0, (0.0, 0.0)), h)
    return y if arrow[0] else x


@dataclass
class KeyboardFocus:
    """The keyboard's view state: the hex cursor, and the focused row of the action menu."""

    cursor: Hex | None = None
    run: tuple[int, float] | None = None  # (axis, kept coordinate) of the run of arrow presses
    on_menu: bool = False
    row: int = 0
    menu_key: object = None
    used: bool = False  # a key of these was pressed: the menu's focus is drawn from then on
    tabbed: str | None = None  # the figure Tab last went to (figures may share a hex: a brawl)

    # --- the menu ------------------------------------------------------------------------

    def follow_menu(self, scene) -> None:
        """A new menu: the focus on its first row that may be chosen; the menu has the keys if
        the mode has nothing to aim on the board."""
        if scene.menu.key == self.menu_key:
            return
        self.menu_key = scene.menu.key
        items = list(scene.menu.buttons.values())
        self.row = next((i for i, item in enumerate(items) if item.enabled), 0)
        self.on_menu = bool(items) and menu_has_keys(scene.controller.view.mode)

    def _items(self, scene) -> list:
        return list(scene.menu.buttons.items())

    def _menu_key(self, scene, key: int) -> bool:
        items = self._items(scene)
        if not items:
            self.on_menu = False
            return False
        if key in ENTER:
            item = items[self.row % len(items)][1]
            if item.enabled:
                pick(scene, item)
                self.on_menu = menu_has_keys(scene.controller.view.mode)  # aiming: back to the board
            else:
                scene.controller.say(f"{item.label}: {item.reason}", warning=True)
            return True
        if key in ARROWS:
            self.row = (self.row + (1 if key in (pygame.K_DOWN, pygame.K_RIGHT) else -1)) % len(items)
            item = items[self.row][1]
            scene.controller.say(
                f"{item.label}" + ("" if item.enabled else f": {item.reason}"), warning=not item.enabled
            )
            return True
        return False

    # --- the board -----------------------------------------------------------------------

    def place(self, scene, h: Hex | None) -> None:
        """Put the cursor on h: hovered as under the mouse, and kept in view."""
        self.cursor = h
        if h is None:
            return
        scene.controller.view.hover = h
        x, y = scene.camera.to_screen(h)
        area = scene.board_rect.inflate(-2 * MARGIN, -2 * MARGIN)
        dx = area.left - x if x < area.left else area.right - x if x > area.right else 0
        dy = area.top - y if y < area.top else area.bottom - y if y > area.bottom else 0
        if dx or dy:
            scene.camera.pan(round(dx), round(dy))
            scene.animator.set_projection(scene.camera.to_screen)
            x, y = scene.camera.to_screen(h)
        scene.mouse = (round(x), round(y))  # the odds and tips are drawn beside it

    def _start(self, scene) -> Hex:
        c = scene.controller
        tokens = scene.game.tokens()
        for h in (c.view.hover, tokens[c.view.selected].hex if c.view.selected in tokens else None):
            if h is not None and h in scene.game.battle.cells:
                return h
        middle = scene.camera.to_hex(scene.board_rect.center)
        cells = scene.game.battle.cells
        return middle if middle in cells else min(cells, key=lambda h: hex_distance(h, middle))

    def _arrow(self, scene, key: int) -> None:
        c = scene.controller
        if isinstance(c.view.mode, PlanningMove) and key in (pygame.K_LEFT, pygame.K_RIGHT):
            c.turn(1 if key == pygame.K_LEFT else -1)  # as Q / E
            return
        if self.cursor is None:
            self.run = None
            self.place(scene, self._start(scene))
            return
        arrow, kind = ARROWS[key], scene.game.battle.layout
        axis = 0 if arrow[0] else 1
        if self.run is None or self.run[0] != axis:
            self.run = (axis, across_of(kind, self.cursor, arrow))
        cells = scene.game.battle.cells
        for h in arrow_step(kind, self.cursor, arrow, self.run[1]):
            if h in cells:
                self.place(scene, h)
                return

    def _tab(self, scene, back: bool) -> None:
        """The next figure that may act (aiming: the next target), under the cursor."""
        c = scene.controller
        names = tab_order(c)
        if not names:
            c.say(_("No figure may act now"), warning=True)
            return
        now = c.figure_at(self.cursor) if self.cursor is not None else None
        if self.tabbed in names and self.cursor == scene.game.tokens()[self.tabbed].hex:
            now = self.tabbed
        elif not aiming_at_figures(c.view.mode):
            now = c.view.selected
        index = names.index(now) + (-1 if back else 1) if now in names else (-1 if back else 0)
        name = self.tabbed = names[index % len(names)]
        h = scene.game.tokens()[name].hex
        self.run = None
        self.place(scene, h)
        if c.view.gm:
            c.view.selected = name
        elif isinstance(c.view.mode, ChoosingAction):
            c.click_hex(h)  # another figure that has not acted: what it may declare now
        which = (
            _("{name} ({index} of {count} targets) · Enter acts")
            if aiming_at_figures(c.view.mode)
            else _("{name} ({index} of {count} that may act) · Enter acts")
        )
        c.say(which.format(name=name, index=names.index(name) + 1, count=len(names)))

    def handle(self, scene, event) -> bool:
        """Take the key if it is the keyboard's (Tab, arrows, Enter, F6); True if taken."""
        key, mod = event.key, event.mod
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        self.follow_menu(scene)
        if key == pygame.K_TAB:
            self.used, self.on_menu = True, menu_has_keys(scene.controller.view.mode) and self.on_menu
            self._tab(scene, bool(mod & pygame.KMOD_SHIFT))
            return True
        if key == pygame.K_F6:
            self.used, self.on_menu = True, not self.on_menu and bool(scene.menu.buttons)
            scene.controller.say(
                _("The menu has the keys: arrows choose, Enter presses, F6 goes back")
                if self.on_menu
                else _("The board has the keys: arrows move the cursor, Enter acts on its hex, F6: the menu")
            )
            return True
        if mod & pygame.KMOD_SHIFT:
            return False  # Shift+arrows pan (play_keys)
        if key in ARROWS or key in ENTER:
            self.used = True
        if self.on_menu and self._menu_key(scene, key):
            return True
        if key in ARROWS:
            self._arrow(scene, key)
            return True
        c = scene.controller
        mode = c.view.mode
        # Enter clicks the cursor's hex where a click picks something (a planned move: it confirms).
        on_board = isinstance(mode, ChoosingMove | ChoosingAction | GMMode) or (
            isinstance(mode, Aiming) and mode.on_board
        )
        if key in ENTER and self.cursor is not None and on_board:
            if scene.computer_to_play and not c.view.gm:  # as a click is refused then
                c.say(_("The computer plays {team} now: X takes it over").format(team=scene.game.current_player()))
                return True
            tokens = scene.game.tokens()
            if (
                aiming_at_figures(mode)
                and self.tabbed in tokens
                and tokens[self.tabbed].hex == self.cursor
                and self.tabbed in mode.action.targets
            ):
                c.submit(c.attack_command(self.tabbed))  # the one Tab chose, in a shared hex too
            else:
                c.click_hex(self.cursor)
            return True
        return False

    # --- drawing -------------------------------------------------------------------------

    def draw(self, scene, screen: pygame.Surface) -> None:
        """The cursor's hex outline, and the focused menu row's frame."""
        self.follow_menu(scene)
        if self.cursor is not None and not (scene.help or scene.legend):
            corners = polygon_corners(scene.camera.layout, self.cursor)
            clip = screen.get_clip()
            screen.set_clip(scene.board_rect)
            width = max(3, int(scene.camera.size / 9))
            pygame.draw.polygon(screen, (0, 0, 0), corners, width + 3)
            pygame.draw.polygon(screen, theme.CURSOR, corners, width)
            screen.set_clip(clip)
        items = self._items(scene)
        if self.used and self.on_menu and items:
            px = theme.px  # the frame as thick as the UI scale makes the row's text
            rect = items[self.row % len(items)][0].get_abs_rect().inflate(px(4), px(4))
            pygame.draw.rect(screen, (0, 0, 0), rect.inflate(px(4), px(4)), px(3), border_radius=px(5))
            pygame.draw.rect(screen, theme.FOCUS, rect, px(3), border_radius=px(4))


def tab_order(c) -> list[str]:
    """What Tab steps through: while aiming, the targets; in GM mode, every figure; else the
    figure to act and those that may declare something now, in acting order."""
    v = c.view
    tokens = c.game.tokens()
    if aiming_at_figures(v.mode):
        return [n for n in v.mode.action.targets if n in tokens]
    if v.gm:
        return list(tokens)
    info = c.info()
    if info.active is None:
        return []
    names = [info.active]
    if isinstance(v.mode, ChoosingAction):
        names += [n for n in info.order if n != info.active and n in tokens and any(i.enabled for i in c.actions(n))]
    return names
