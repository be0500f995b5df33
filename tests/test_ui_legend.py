"""The legend and tooltips at the cursor (issue 18): every colour and mark the board draws is
named in the legend (K, and the help's second page); a greyed action's reason shows at the
cursor, not only on the status line; the top bar's buttons carry tool tips."""

import random

import pygame

from board.ui import theme
from board.ui.draw import legend
from board.ui.draw.tokens import PILLS
from tests.test_ui_rulesets import play_one
from tests.ui_driver import Driver


def test_the_legend_names_every_colour_the_board_marks_with():
    named = {colour for _, colour, _ in legend.entries()}
    board_colours = {
        theme.OPEN,
        theme.WALL,
        theme.FLAMES,
        theme.COALS,
        theme.REACH,
        theme.REACH_STOP,
        theme.PATH,
        theme.ENGAGE_LINK,
        theme.TARGET,
        theme.ALLY_TARGET,
        theme.SELECT,
    }
    assert board_colours <= named
    kinds = {kind for kind, _, _ in legend.entries()}
    assert {"threat", "overlap", "pointer", "meter", "multihex", "ground_mark"} <= kinds
    assert set(PILLS)  # the pills are drawn from the tokens' own table: every posture and state


def test_the_legend_shows_the_mark_of_a_dropped_weapon_as_the_board_draws_it():
    from board.ui.draw.ground_marks import mark

    (words,) = [w for kind, _, w in legend.entries() if kind == "ground_mark"]
    assert "dropped weapon" in words
    sample = legend._sample("ground_mark", None, "pointy")
    picture = mark(56, 2)
    c = sample.get_width() // 2
    # The board's own mark at the sample's centre, pixel for pixel.
    at = picture.get_rect(center=(c, c))
    assert all(
        sample.get_at((at.x + x, at.y + y)) == picture.get_at((x, y))
        for x in range(picture.get_width())
        for y in range(picture.get_height())
    )


def test_k_shows_the_legend_and_esc_or_k_hides_it():
    driver = Driver("maps/arena.yaml")
    shown = []
    original = legend.draw_overlay
    legend.draw_overlay = lambda *a: shown.append(a) or original(*a)
    try:
        driver.key(pygame.K_k, "k")
        driver.frame()
        assert driver.scene.legend and shown
        driver.key(pygame.K_ESCAPE)
        assert not driver.scene.legend
        driver.key(pygame.K_F1)
        driver.key(pygame.K_k, "k")  # from the help, K turns to the legend
        assert driver.scene.legend and not driver.scene.help
    finally:
        legend.draw_overlay = original


def test_a_greyed_actions_reason_shows_at_the_cursor(monkeypatch):
    driver = Driver("maps/arena.yaml", seed=3)
    tips = []
    original = legend.draw_tip
    monkeypatch.setattr(
        legend,
        "draw_tip",
        lambda screen, at, text, bounds, avoid=(): tips.append((at, text)) or original(screen, at, text, bounds, avoid),
    )
    rng = random.Random(3)
    for _ in range(200):
        greyed = [b for b, i in driver.scene.menu.buttons.items() if not i.enabled]
        if greyed:
            break
        play_one(driver, rng)
    button = greyed[0]
    item = driver.scene.menu.buttons[button]
    driver.move_mouse(button.get_abs_rect().center)
    driver.frame()
    assert tips[-1] == (button.get_abs_rect().center, f"{item.label}: {item.reason}")


def test_the_top_bar_buttons_have_tool_tips():
    driver = Driver("maps/arena.yaml")
    tips = {action: button.tool_tip_text for button, action in driver.scene.file_buttons.items()}
    assert all(tips.values()) and "Ctrl+S" in tips["save"]
