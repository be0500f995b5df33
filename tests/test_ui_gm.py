"""GM mode on the board: adding a copy of a figure and surprising one, as logged GM commands."""

import pygame
import pytest

from tests.ui_driver import Driver


@pytest.fixture
def driver():
    d = Driver()
    yield d
    pygame.quit()


def test_the_gm_adds_a_copy_of_a_figure_at_the_mouse(driver):
    driver.key(pygame.K_g, "g")
    driver.click("0404")  # Aldric
    driver.move_mouse("0606")
    driver.key(pygame.K_a, "a")
    assert "Aldric 2" in driver.state.figures
    copy = driver.state.figures["Aldric 2"]
    assert driver.label(copy.hex) == "0606" and copy.weapons == ["Broadsword", "Dagger"]
    assert driver.game.history[-1].do == "gm" and driver.game.history[-1].action == "add"


def test_the_gm_surprises_a_figure_and_its_threat_zone_goes(driver):
    driver.key(pygame.K_g, "g")
    driver.click("1204")  # Dagny
    driver.key(pygame.K_s, "s")
    assert driver.snapshot()["figures"]["Dagny"]["threat_zone"] == []
    assert driver.game.history[-1].action == "surprise"


@pytest.mark.parametrize(
    "map_file, figure", [("maps/dox-skirmish.yaml", "0505"), ("maps/combat-chart-skirmish.yaml", "0303")]
)
def test_turning_a_figure_in_gm_mode_is_declined_where_figures_have_no_facing(map_file, figure):
    driver = Driver(map_file)
    try:
        driver.key(pygame.K_g, "g")
        driver.click(figure)
        history = list(driver.game.history)
        driver.key(pygame.K_q, "q")
        driver.key(pygame.K_e, "e")
        assert driver.game.history == history
        assert "no facing" in driver.message
    finally:
        pygame.quit()
