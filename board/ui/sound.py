"""Short sound effects, generated (no files): dice, a hit, a fall, a death, the fight's end, a
shared game's "your turn". Silent when muted (the N key, or --mute), under the dummy audio
driver, in tests, or with no audio device."""

from __future__ import annotations

import math
import os
import random
from array import array
from collections import deque

import pygame

from board.i18n import _
from board.rules.base import Event
from board.rules.kernel.events import DIES, FALLS, UNCONSCIOUS, tone
from board.ui.log.rows import dice_faces

RATE = 22050
START_MUTED = [False]  # set by --mute before the window opens
_MIXER: list[bool] = []  # whether the mixer opened: tried once a process, at the first sound


def _tone(seconds: float, start_hz: float, end_hz: float, volume: float, noise: float = 0.0, seed: int = 0) -> array:
    """A sine sweep from start_hz to end_hz with a fast attack and a decay, and some noise."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, phase = array("h"), 0.0
    for i in range(n):
        t = i / n
        phase += 2 * math.pi * (start_hz + (end_hz - start_hz) * t) / RATE
        envelope = min(1.0, i / 200) * (1 - t) ** 2
        value = (math.sin(phase) * (1 - noise) + rng.uniform(-1, 1) * noise) * envelope * volume
        out.append(int(32767 * value))
    return out


def _dice() -> array:
    """Three clicks of dice on a table."""
    out = array("h")
    for k in range(3):
        out += _tone(0.018, 900 + 300 * k, 600, 0.5, noise=0.8, seed=k)
        out += array("h", bytes(2 * int(RATE * (0.05 + 0.02 * k))))
    return out


def _fight_over() -> array:
    """Three rising notes, the last held: the fight is over (issue 35: it ended in silence)."""
    out = array("h")
    for k, (hz, seconds) in enumerate(((392, 0.12), (523, 0.12), (659, 0.4))):
        out += _tone(seconds, hz, hz, 0.55, noise=0.02, seed=10 + k)
    return out


def _your_turn() -> array:
    """Two soft bell notes, falling: a shared game's turn has come to this board's side."""
    out = array("h")
    for k, hz in enumerate((880, 660)):
        out += _tone(0.22, hz, hz, 0.4, noise=0.0, seed=20 + k)
    return out


SOUNDS = {
    "dice": _dice,
    "fight_over": _fight_over,
    "your_turn": _your_turn,
    "hit": lambda: _tone(0.14, 140, 60, 0.8, noise=0.35, seed=5),
    "fall": lambda: _tone(0.3, 320, 90, 0.6, noise=0.1),
    "death": lambda: _tone(0.6, 220, 45, 0.7),
}


def sound_of(event: Event) -> str | None:
    """Which sound an event makes (the worst wins in a batch: see Sounds.play)."""
    if event.kind == DIES or event.data.get("status") == "dead":
        return "death"
    if event.kind in (FALLS, UNCONSCIOUS):
        return "fall"
    if tone(event) == "hurt":  # damage that hurts, a stray missile that strikes, a shove...
        return "hit"
    return "dice" if dice_faces(event) else None


class Sounds:
    """Plays the effects of a batch of events; made silent where sound is unwanted."""

    def __init__(self):
        self.muted = START_MUTED[0]
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.heard: deque[str] = deque(maxlen=64)  # the last sounds handed to the mixer, in order
        # Headless (a dummy audio or video driver: tests, benchmarks, screenshots) or under
        # pytest: silent, and no mixer is ever opened.
        self.available = not (
            "dummy" in (os.environ.get("SDL_AUDIODRIVER"), os.environ.get("SDL_VIDEODRIVER"))
            or "PYTEST_CURRENT_TEST" in os.environ
        )

    @staticmethod
    def _open() -> bool:
        """Open the mixer once a process, when the first sound plays (not at start-up)."""
        if not _MIXER:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
                _MIXER.append(True)
            except pygame.error:  # no audio device: the board plays silent
                _MIXER.append(False)
        return _MIXER[0]

    def toggle(self) -> bool:
        """Mute or unmute; returns whether sound is now on."""
        self.muted = not self.muted
        return not self.muted

    def toggle_words(self) -> str:
        """Mute or unmute, and say so truly: on with no audio device is said (issue 35)."""
        if not self.toggle():
            return _("Sound off (N turns it on)")
        if self.available and not self._open():
            return _("Sound on, but no audio device could be opened: the board stays silent")
        return _("Sound on")

    def play(self, events: list[Event]) -> str | None:
        """Play the most telling sound of the events (a death over a fall over a hit over dice)."""
        names = {sound_of(e) for e in events} - {None}
        name = next((n for n in ("death", "fall", "hit", "dice") if n in names), None)
        return self.cue(name) if name is not None else None

    def cue(self, name: str) -> str:
        """Play one sound by its name (unless silent); returns the name."""
        if self.muted or not self.available or not self._open():
            return name
        if name not in self.sounds:
            self.sounds[name] = pygame.mixer.Sound(buffer=SOUNDS[name]().tobytes())
        self.sounds[name].play()
        self.heard.append(name)
        return name
