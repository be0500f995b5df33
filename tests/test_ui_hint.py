"""The hint (I, or the menu's row): what the computer would do for the figure to act, and why,
shown on the status line; nothing is played and the game is as it was."""

import pygame

from board.ai.player import choose
from board.game import Game
from board.maps import load_map
from tests.ui_driver import ROOT, Driver


def person_game(seed=3) -> Game:
    game = Game(load_map(ROOT / "maps/arena.yaml"), seed=seed)
    game.players, game.ai_seed = {"Red": "computer:normal"}, 4  # Blue (first to act) is a person's
    return game


def test_the_hint_key_shows_the_computers_choice_and_reason_and_changes_nothing():
    driver = Driver(person_game(), settle=False)
    game = driver.game
    assert game.current_player() == "Blue"
    before, history = game.snapshot(), list(game.history)
    expected = choose(game, "hint", f"{game.ai_seed}:Blue")
    driver.key(pygame.K_i, "i")
    message = driver.view.message
    assert message.startswith(f"Hint for {expected.command.figure}: the computer ")
    assert expected.command.short() in message and expected.reason in message
    assert game.snapshot() == before and game.history == history


def test_the_menu_offers_the_hint_for_the_figure_to_act():
    driver = Driver(person_game(), settle=False)
    before = driver.game.snapshot()
    driver.click(driver.button("computer:hint").get_abs_rect().center)
    assert driver.view.message.startswith("Hint for Eamon: the computer ")
    assert driver.game.snapshot() == before and not driver.game.history


def test_no_hint_while_the_computer_plays_the_side_to_act():
    game = person_game()
    game.players = {"Blue": "computer:normal"}
    driver = Driver(game, settle=False)
    driver.key(pygame.K_i, "i")
    assert "The computer plays Blue" in driver.view.message
