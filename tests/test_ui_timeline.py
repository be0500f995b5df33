"""The Melee Seconds round timeline (issue 18): docked under the board, never over the map
view; its cells show their full text at the cursor; secret plots reach neither the log nor the
timeline before they are revealed."""

import random

from board.game import Game
from board.maps import load_map
from board.ui.draw import legend
from board.ui.draw.timeline import NAME_WIDTH, ROW, cell_width
from tests.test_ui_rulesets import play_one
from tests.ui_driver import ROOT, Driver

MAP = ROOT / "maps" / "melee-seconds-skirmish.yaml"


def test_the_timeline_is_docked_beside_the_map_view_never_over_it():
    driver = Driver(Game(load_map(MAP), seed=2))
    driver.frame()
    timeline = driver.scene.timeline_rect
    assert timeline.height > 0
    assert not timeline.colliderect(driver.scene.board_rect)
    assert driver.scene.board_rect.bottom <= timeline.top


def test_a_timeline_cell_shows_its_full_text_at_the_cursor(monkeypatch):
    driver = Driver(Game(load_map(MAP), seed=2))
    rng = random.Random(2)
    for _ in range(60):  # until someone has a plot on the timeline
        rows = driver.controller.info().timeline["rows"]
        found = [(i, int(s), text) for i, row in enumerate(rows) for s, text in row["plots"].items()]
        if found:
            break
        play_one(driver, rng)
    driver.frame()
    i, second, text = found[0]
    tips = []
    monkeypatch.setattr(legend, "draw_tip", lambda screen, at, words, bounds: tips.append(words))
    rect = driver.scene.timeline_rect
    driver.move_mouse((rect.x + NAME_WIDTH + (second - 1) * cell_width(rect) + 10, rect.y + 6 + ROW * (i + 1) + 5))
    driver.frame()
    assert tips and tips[-1].endswith(f"second {second}: {text}")


def test_secret_plots_are_not_in_the_log_before_they_are_revealed():
    driver = Driver(Game(load_map(MAP), {"written_plots": True}, seed=4))
    rng = random.Random(4)
    for _ in range(120):
        if driver.controller.info().phase == "over":
            break
        play_one(driver, rng)
        lines = driver.scene.log.text().splitlines()
        for line in lines:
            assert " plots: " not in line, f"a written plot was printed before its second: {line}"
        for row in driver.controller.info().timeline["rows"] if driver.controller.info().timeline else ():
            now = driver.controller.info().timeline["second"]
            assert row["plots"].get(str(now)) in (None, "?", "not yet reacting")
    assert any("plots revealed" in line for line in driver.scene.log.text().splitlines())
