"""Sound effects (issue 18): generated, short; the telling event of a batch picks the sound;
silent under the dummy audio driver and in tests; N toggles it; --mute starts silent."""

import pygame

from board.rules.base import Event
from board.ui import sound
from tests.ui_driver import Driver


def test_the_worst_event_of_a_batch_picks_the_sound_and_tests_stay_silent():
    sounds = sound.Sounds()
    assert not sounds.available  # the dummy driver and pytest: no mixer is even opened
    assert sounds.play([Event("damage", "A takes 3", "A", {"taken": 3}), Event("falls", "A falls", "A")]) == "fall"
    assert sounds.play([Event("dies", "A dies", "A"), Event("damage", "A takes 9", "A", {"taken": 9})]) == "death"
    assert sounds.play([Event("move", "A moves", "A")]) is None
    assert not sound._MIXER  # the board never tried to open the mixer


def test_every_sound_is_short_and_made_without_files():
    for name, make in sound.SOUNDS.items():
        samples = make()
        assert 0 < len(samples) / sound.RATE <= 0.7, name
        assert max(abs(v) for v in samples) <= 32767


def test_n_toggles_the_sound_and_mute_starts_silent(monkeypatch):
    monkeypatch.setattr(sound, "START_MUTED", [True])
    d = Driver()
    assert d.scene.sounds.muted
    d.key(pygame.K_n, "n")
    assert not d.scene.sounds.muted and d.message == "Sound on"


def test_sound_turned_on_with_no_audio_device_says_so(monkeypatch):
    from board.ui import sound

    sounds = sound.Sounds()
    sounds.available, sounds.muted = True, True  # a real window, muted
    monkeypatch.setattr(sound, "_MIXER", [False])  # the mixer could not be opened
    assert "no audio device" in sounds.toggle_words()
    assert sounds.toggle_words() == "Sound off (N turns it on)"
