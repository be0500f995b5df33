"""A test driver for the play scene: synthetic mouse, keys and menu clicks on a dummy display.

The driver feeds the scene the same pygame events a player's hands make, in the order
app.run() handles them: the event, then whatever pygame_gui posted in answer (a button
press), then one update. With settle=True every animation is finished at once, so a test
sees the board as it is after the fact; with settle=False time only moves when tick() says.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pygame

from board.game import Game
from board.hexgrid import Hex, hex_neighbor, parse_label, pixel_to_hex_fractional
from board.maps import load_map
from board.ui import theme
from board.ui.play.action_menu import Item
from board.ui.play.scene import PlayScene
from board.ui.draw.wheel import ARROW_AT

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 800)
FRAME = 1 / 60


class Driver:
    """One PlayScene on a dummy display, driven the way a player drives it."""

    def __init__(
        self,
        game: Game | str = "maps/arena.yaml",
        seed: int | str = 3,
        size: tuple[int, int] = SIZE,
        settle: bool = True,
    ):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        # theme.font caches Font objects, and a pygame.quit() anywhere earlier in the process
        # (another test's fixture, say) leaves them dead: start from a fresh cache.
        theme.clear_fonts()
        self.screen = pygame.display.set_mode(size)
        if not isinstance(game, Game):
            game = Game(load_map(ROOT / game), seed=seed)
        self.game = game
        self.scene = PlayScene(game, size, game.battle.name)
        self.controller = self.scene.controller
        self.settle = settle
        self.now = 0.0
        self.mouse = (0, 0)
        pygame.event.clear()
        self.frame()

    # --- what the test reads -------------------------------------------------------------

    @property
    def state(self):
        return self.game.state

    @property
    def view(self):
        return self.controller.view

    @property
    def message(self) -> str:
        """The status line's message (as the controller set it)."""
        return self.view.message

    def snapshot(self) -> dict:
        return self.game.snapshot()

    def figure(self, name: str) -> dict:
        """One figure as the game reports it (hex, facing, st, posture, engaged...)."""
        return self.game.snapshot()["figures"][name]

    def label(self, h: Hex) -> str:
        return self.game.battle.label(h)

    def hex(self, where) -> Hex:
        """A hex from a printed label "CCRR", a figure's name, or a Hex."""
        if isinstance(where, Hex):
            return where
        if where in self.game.tokens():
            return self.game.tokens()[where].hex
        return parse_label(where, self.game.battle.layout)

    def at(self, where) -> tuple[int, int]:
        """The screen pixel of a hex label, figure name or Hex (a pixel passes through)."""
        if isinstance(where, tuple) and not isinstance(where, Hex):
            return (round(where[0]), round(where[1]))
        x, y = self.scene.camera.to_screen(self.hex(where))
        return (round(x), round(y))

    def hex_under(self, pos) -> tuple[float, float]:
        """The fractional hex coordinate under a screen pixel (where on the map it is)."""
        return pixel_to_hex_fractional(self.scene.camera.layout, pos)

    def items(self) -> list[Item]:
        """The action menu's rows, top to bottom."""
        buttons = sorted(self.scene.menu.buttons, key=lambda b: b.get_abs_rect().y)
        return [self.scene.menu.buttons[b] for b in buttons]

    def button(self, name: str):
        """The menu button whose item has this id or label (without its "(N)" reach)."""
        for button, item in self.scene.menu.buttons.items():
            if name in (item.id, item.label, item.label.split("  (")[0]):
                return button
        raise AssertionError(f"no menu item {name!r}; the menu has {[(i.id, i.label) for i in self.items()]}")

    # --- what the player does ------------------------------------------------------------

    def move_mouse(self, where, buttons=(0, 0, 0)) -> None:
        pos = self.at(where)
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        self._send(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)

    def click(self, where, button: int = 1) -> None:
        """Move there, press and release (a click on a hex, a token or a menu button)."""
        self.mouse_down(where, button)
        self.mouse_up(where, button)

    def mouse_down(self, where, button: int = 1) -> None:
        pos = self.at(where)
        self.move_mouse(pos)
        self._send(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)

    def mouse_up(self, where, button: int = 1) -> None:
        self._send(pygame.MOUSEBUTTONUP, pos=self.at(where), button=button)

    def drag(self, start, end, button: int = 1, steps: int = 4) -> None:
        """Press at start, move in steps to end, release there (button 3: the right button)."""
        a, b = self.at(start), self.at(end)
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        self.mouse_down(a, button)
        for k in range(1, steps + 1):
            self.move_mouse((a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps), held)
        self.mouse_up(b, button)

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self._send(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self._send(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def ctrl(self, key: int) -> None:
        self.key(key, mod=pygame.KMOD_LCTRL)

    def type(self, text: str) -> None:
        """Type text on the keyboard (key down, text input, key up for each character)."""
        type_into(self._send, text)

    def wheel(self, y: int, where=None) -> None:
        if where is not None:
            self.move_mouse(where)
        self._send(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y), flipped=False)

    def press(self, name: str) -> Item:
        """Click the menu button with this id or label, as the player would."""
        button = self.button(name)
        item = self.scene.menu.buttons[button]
        assert item.enabled, f"{item.label} is greyed out: {item.reason}"
        self.scene.menu.reveal(button)  # a long menu scrolls: the player scrolls to the row
        assert self.scene.menu.visible(button), f"{item.label} cannot be scrolled into view"
        self.click(button.get_abs_rect().center)
        return item

    def frame(self) -> None:
        """One frame: update (finishing animations if settled) and draw."""
        self._update()
        self.scene.draw(self.screen)

    def tick(self, seconds: float) -> None:
        """Let time pass, frame by frame, without finishing animations."""
        end = self.now + seconds
        while self.now < end:
            self.now = min(end, self.now + FRAME)
            self.scene.update(self.now, FRAME)
        self.scene.draw(self.screen)

    def screenshot(self, path) -> None:
        self.frame()
        pygame.image.save(self.screen, str(path))

    # --- plumbing ------------------------------------------------------------------------

    def _send(self, kind: int, **attrs) -> None:
        self.scene.handle(pygame.event.Event(kind, **attrs))
        self._update()
        for event in pygame.event.get():  # what pygame_gui posted in answer (button presses)
            self.scene.handle(event)
        self._update()

    def _update(self) -> None:
        self.now += FRAME
        self.scene.update(self.now, FRAME)
        if self.settle:
            self.scene.settle()
            self.scene.update(self.now, 0.0)


def wheel_arrow(driver: Driver, direction: int) -> tuple[int, int]:
    """The pixel on the facing wheel's arrow for direction: ARROW_AT hex sizes out from the
    planned move's hex, toward its neighbour in that direction."""
    centre = driver.view.mode.move.hex
    (cx, cy), (nx, ny) = (
        driver.scene.camera.to_screen(centre),
        driver.scene.camera.to_screen(hex_neighbor(centre, direction)),
    )
    k = ARROW_AT * driver.scene.camera.size / math.hypot(nx - cx, ny - cy)
    return (round(cx + (nx - cx) * k), round(cy + (ny - cy) * k))


def type_into(send, text: str) -> None:
    """Type text as a keyboard does: for each character a key down, its text, a key up."""
    for char in text:
        key = pygame.key.key_code(char) if char.isalnum() else ord(char)
        send(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
        send(pygame.TEXTINPUT, text=char)
        send(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0)


class AppDriver:
    """The whole window (board.ui.app.App) on a dummy display: events go through the app,
    which switches scenes and autosaves as the real loop does."""

    def __init__(self, scene_factory, autosave=None, size: tuple[int, int] = SIZE):
        from board.ui.app import App

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        theme.clear_fonts()
        self.screen = pygame.display.set_mode(size)
        self.app = App(scene_factory(size), size, autosave)
        self.now = 0.0
        pygame.event.clear()
        self.step()

    @property
    def scene(self):
        return self.app.scene

    def send(self, kind: int, **attrs) -> None:
        self.app.handle(pygame.event.Event(kind, **attrs), self.screen)
        self.step()
        for _ in range(3):  # what pygame_gui posted in answer, and the answers to those
            for event in pygame.event.get():
                self.app.handle(event, self.screen)
            self.step()

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self.send(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.send(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def type(self, text: str) -> None:
        type_into(self.send, text)

    def click(self, pos) -> None:
        pos = (round(pos[0]), round(pos[1]))
        self.send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.send(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def step(self) -> None:
        self.now += FRAME
        self.app.step(self.now, FRAME)
        scene = self.app.scene
        if hasattr(scene, "animator"):
            scene.animator.skip()
            scene.log.skip()
        scene.update(self.now, 0.0)
        scene.draw(self.screen)

    def screenshot(self, path) -> None:
        self.step()
        pygame.image.save(self.screen, str(path))
