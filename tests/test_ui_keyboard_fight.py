"""A whole fight in every rule system, played with the keyboard alone (issue 36: "the keyboard
alone plays a whole fight in every rule system"): each bundled sample map, every side played
with Tab, the arrows, Enter, F6 and Esc, never the mouse."""

import random

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from tests.keyboard_player import play_one
from tests.ui_driver import ROOT, Driver

SAMPLES = ["arena", "combat-chart-skirmish", "dox-skirmish", "usage-dice-skirmish", "melee-seconds-skirmish"]


class NoMouse(Driver):
    """A driver whose mouse is unplugged: a test that reached for it would fail."""

    def _send(self, kind: int, **attrs) -> None:
        assert kind in (pygame.KEYDOWN, pygame.KEYUP), f"not a key: {pygame.event.event_name(kind)}"
        super()._send(kind, **attrs)


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_whole_fight_is_played_to_its_end_with_the_keyboard_alone(sample):
    driver = NoMouse(Game(load_map(ROOT / "maps" / f"{sample}.yaml"), seed=5))
    rng = random.Random(5)
    stuck = 0
    for _ in range(1500):
        if driver.controller.info().phase == "over":
            break
        before = len(driver.game.history)
        play_one(driver, rng)
        if len(driver.game.history) == before:  # a refusal: said on the status line, state kept
            assert driver.view.warning and driver.message, "a key did nothing and said nothing"
            stuck += 1
            driver.key(pygame.K_ESCAPE)
            assert stuck < 50, f"stuck: {driver.message}"
    info = driver.controller.info()
    assert info.phase == "over", f"not over after 1500 decisions: {info}"
    if info.winner is not None:  # else a draw
        assert f"{info.winner} wins" in driver.scene.log.text()
