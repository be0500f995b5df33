"""A long session of random input on the real play scene: no exception, one file dialog at a time,
and memory that does not grow with the session.

Thousands of frames of random clicks, drags, keys, typing, wheel turns, GM mode, undo and redo,
and Ctrl+S / Ctrl+O with clicks and typing inside the file dialogs (issue 14). Bounds are generous:
a dialog pile-up or a leak grows by hundreds of MB over a session, the machine's noise by a few.
"""

from __future__ import annotations

import random
import resource
import string

import pygame
import pygame_gui
import pytest

from tests.ui_driver import Driver

FRAMES = 2000
WARM_UP = 300  # frames before memory is measured: fonts, caches and the first dialogs are built
GROWTH_MB = 120

KEYS = [
    pygame.K_g,
    pygame.K_q,
    pygame.K_e,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_t,
    pygame.K_l,
    pygame.K_HOME,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_F1,
    pygame.K_DELETE,
    pygame.K_BACKSPACE,
    pygame.K_TAB,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
]
GM_LETTERS = "+-pcias"


def resident_mb() -> float:
    """The process's resident memory now (not its peak)."""
    with open("/proc/self/statm", encoding="ascii") as stream:
        return int(stream.read().split()[1]) * resource.getpagesize() / 2**20


def file_dialogs(driver: Driver) -> int:
    """How many file dialogs are open on the scene."""
    stack = driver.scene.manager.get_window_stack().get_full_stack()
    return sum(isinstance(window, pygame_gui.windows.UIFileDialog) and window.alive() for window in stack)


def random_events(driver: Driver, rng: random.Random, dialogs: bool) -> list[pygame.event.Event]:
    """What a restless player might do in one frame (with dialogs: Ctrl+S and Ctrl+O too)."""
    w, h = driver.screen.get_size()
    spot = rng.choice([(rng.randrange(w), rng.randrange(h)), driver.at(rng.choice(sorted(driver.game.battle.cells)))])
    button = rng.choice((1, 1, 1, 3))
    roll = rng.random()
    if roll < 0.3:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0))]
    if roll < 0.6:
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=button),
        ]
    if roll < 0.7:
        return [
            pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), precise_x=0.0, precise_y=1.0, flipped=False
            )
        ]
    if roll < 0.8:
        key, letter, mod = rng.choice(KEYS), "", 0
    elif roll < 0.9:
        letter = rng.choice(GM_LETTERS + string.ascii_letters + string.digits)
        key, mod = pygame.key.key_code(letter) if letter.isalnum() else pygame.K_EQUALS, 0
    elif roll < 0.97 or not dialogs:
        key, letter, mod = rng.choice((pygame.K_z, pygame.K_y)), "", pygame.KMOD_LCTRL
    else:  # Ctrl+S, Ctrl+O: a file dialog
        key, letter, mod = rng.choice((pygame.K_s, pygame.K_o)), "", pygame.KMOD_LCTRL
    return [
        pygame.event.Event(kind, key=key, mod=mod, unicode=letter, scancode=0)
        for kind in (pygame.KEYDOWN, pygame.KEYUP)
    ]


def play_frame(driver: Driver, events: list[pygame.event.Event]) -> None:
    """One pass of the app's loop: the events, what pygame_gui posted in answer, update, draw."""
    for event in events:
        driver.scene.handle(event)
    for event in pygame.event.get():
        driver.scene.handle(event)
    driver.now += 1 / 60
    driver.scene.update(driver.now, 1 / 60)
    driver.scene.draw(driver.screen)
    driver.scene.request = None  # the app would open the editor or a save: stay on the board


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a dialog's OK saves into ./saves: keep it out of the repository
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    d = Driver(settle=False)
    yield d
    pygame.quit()


def soak(driver: Driver, dialogs: bool) -> tuple[float, int]:
    """FRAMES frames of random input; the memory grown after the warm-up, and the most file
    dialogs seen open at once (the session stops early once two are open)."""
    rng = random.Random(14)
    most_dialogs, start_mb = 0, resident_mb()
    for frame in range(FRAMES):
        play_frame(driver, random_events(driver, rng, dialogs))
        most_dialogs = max(most_dialogs, file_dialogs(driver))
        if most_dialogs > 1:
            break
        if frame == WARM_UP:
            start_mb = resident_mb()
    growth = resident_mb() - start_mb
    print(
        f"soak: {frame + 1} frames, at most {most_dialogs} file dialogs open, "
        f"{start_mb:.0f} MB -> {start_mb + growth:.0f} MB"
    )
    return growth, most_dialogs


def test_a_long_random_session_raises_nothing_and_its_memory_stays_bounded(driver):
    growth, _ = soak(driver, dialogs=False)
    assert growth < GROWTH_MB, f"memory grew {growth:.0f} MB over the session"


def test_a_long_random_session_with_file_dialogs_keeps_one_dialog_and_bounded_memory(driver):
    growth, most_dialogs = soak(driver, dialogs=True)
    assert most_dialogs <= 1, f"{most_dialogs} file dialogs open at once"
    assert growth < GROWTH_MB, f"memory grew {growth:.0f} MB over the session"
