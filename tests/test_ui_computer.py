"""Computer sides on the board: they play at a pace with the same animations and say why in
the log; F speeds them up or skips to the person's turn; X takes a side over or hands it over;
the start screen offers a person or the computer at a level for each side."""

import pygame

from board.game import Game
from board.maps import load_map
from tests.ui_driver import ROOT, Driver


def computer_game(ruleset_map="maps/arena.yaml", team="Blue", seed=3) -> Game:
    game = Game(load_map(ROOT / ruleset_map), seed=seed)
    game.players, game.ai_seed = {team: "computer:normal"}, 4
    return game


def log_texts(driver) -> list[str]:
    return [e.text for e in driver.scene.log._events]


def test_the_computer_plays_its_side_at_a_pace_and_says_why_in_the_log():
    driver = Driver(computer_game(), settle=False)
    assert driver.game.current_player() == "Blue" and not driver.game.history
    driver.tick(2.5)
    played = [c for c in driver.game.history]
    assert played and all(driver.game.tokens()[c.figure].team == "Blue" for c in played)
    notes = [t for t in log_texts(driver) if t.startswith("Blue (computer): ")]
    assert len(notes) == len(played)
    assert driver.scene.computer.pace == "readable"
    # At a readable pace a second command waits: not all of Blue's moves come at once.
    assert len(played) < 3


def test_f_skips_the_computers_turns_up_to_the_persons():
    driver = Driver(computer_game(), settle=False)
    driver.key(pygame.K_f, "f")
    driver.key(pygame.K_f, "f")
    assert driver.scene.computer.pace == "skip"
    driver.tick(1.5)
    assert (driver.game.history and driver.game.current_player() == "Red") or driver.game.is_terminal()


def test_x_takes_the_side_over_and_hands_it_back():
    driver = Driver(computer_game(), settle=False)
    driver.key(pygame.K_x, "x")
    assert driver.game.players["Blue"] == "person" and "You play Blue" in driver.view.message
    driver.tick(2.0)
    assert not driver.game.history  # the computer no longer plays Blue
    driver.key(pygame.K_x, "x")
    assert driver.game.players["Blue"] == "computer:normal"
    driver.tick(2.0)
    assert driver.game.history


def test_a_click_on_the_board_in_the_computers_turn_moves_nothing():
    driver = Driver(computer_game(), settle=False)
    before = driver.game.snapshot()
    driver.click(driver.game.tokens()["Eamon"].hex)
    assert driver.game.snapshot() == before and "X takes it over" in driver.view.message


def test_the_computers_turn_menu_offers_to_take_over_and_the_pace():
    driver = Driver(computer_game(), settle=False)
    labels = [item.label for item in driver.items()]
    assert "Take over Blue" in labels and any(label.startswith("Pace:") for label in labels)


def test_the_start_screen_lets_a_click_give_a_side_to_the_computer_at_a_level():
    from board.ui.requests import Play
    from board.ui.start import StartScene

    driver = Driver(settle=False)  # a display and fonts
    start = StartScene((1280, 800))
    start.draw(driver.screen)
    red = next(rect for rect, team in start.side_rects if team == "Red")
    for _ in range(2):  # a person -> computer, easy -> computer, normal
        start.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=red.center))
        start.draw(driver.screen)
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    request = start.request
    assert isinstance(request, Play) and request.sides == {"Red": "computer:normal", "Blue": "person"}


def test_pass_the_screen_never_waits_for_the_computers_side():
    driver = Driver(computer_game(), settle=False)
    driver.key(pygame.K_h, "h")  # pass the screen on
    driver.tick(3.0)
    assert driver.scene.cover.shown_for is None and driver.game.history


def test_undo_against_the_computer_takes_back_its_replies_and_your_own_command():
    """Ctrl+Z on your turn takes back the computer's commands since your last one, and that one:
    undoing its reply alone would let it play the same reply again at once."""
    from board.ai.player import choose

    driver = Driver(computer_game(), settle=False)  # Blue (the computer) acts first
    while driver.game.current_player() != "Red":
        driver.tick(1.0)
    before = list(driver.game.history)
    driver.scene.act(choose(driver.game, "normal", ai_seed=1).command)  # as a click would
    while driver.game.current_player() != "Red":
        driver.tick(1.0)
    assert len(driver.game.history) > len(before) + 1  # Red's command and Blue's reply
    driver.ctrl(pygame.K_z)
    driver.tick(2.5)
    assert driver.game.history == before and driver.game.current_player() == "Red"
    assert "back to a person's turn" in driver.view.message


def test_the_log_does_not_tell_the_computers_secret_plots():
    """Melee Seconds: Fenn is a secret figure (2.2.2); when the computer plays him, its note on a
    plot that stays secret (his General Plot, all round) says only that he plots in secret; on
    one revealed at once (the second's last plot) it says why, as for any other."""
    from board.ai.player import choose

    driver = Driver(computer_game("maps/melee-seconds-skirmish.yaml", team="Raiders"), settle=False)
    driver.scene.computer.pace = "fast"
    for _ in range(40):
        texts = log_texts(driver)
        if any(t.startswith("Fenn has plotted second 3") for t in texts):
            break
        if driver.game.current_player() == "Wardens":
            driver.scene.act(choose(driver.game, "normal", ai_seed=1).command)
        driver.tick(0.4)
    notes = {after: note for note, after in zip(texts, texts[1:]) if note.startswith("Raiders (computer): Fenn")}
    assert notes["Fenn states a secret General Plot"] == "Raiders (computer): Fenn plots in secret"
    revealed = texts[texts.index("Fenn has plotted second 2") + 1]
    assert revealed.startswith("Second 2 plots revealed")
    assert notes["Fenn has plotted second 2"].startswith("Raiders (computer): Fenn moves")
