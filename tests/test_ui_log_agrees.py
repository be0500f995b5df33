"""The combat log agrees with itself: the computer's reason for a command goes with an undo,
comes back once with a redo, and a reopened save shows the same lines as the live game."""

import pygame
import pytest

from board.saves import load_game, save_game
from board.ui.play.scene import PlayScene
from tests.test_ui_computer import computer_game
from tests.ui_driver import ROOT, SIZE, Driver


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))


def reasons(lines: list[str]) -> list[str]:
    return [line for line in lines if "(computer): " in line]


def live_lines(driver: Driver) -> list[str]:
    """The live log's lines, less the board's notes of undos (a save keeps no undo)."""
    return [line for line in driver.scene.log.text().splitlines() if not line.startswith("Undone")]


def reopened_lines(driver: Driver, tmp_path) -> list[str]:
    save_game(driver.game, tmp_path / "game.yaml")
    return PlayScene(load_game(tmp_path / "game.yaml"), SIZE, "reopened").log.text().splitlines()


def test_a_reopened_save_shows_the_same_log_lines_as_the_live_game(tmp_path):
    game = computer_game()
    game.players = {"Red": "computer:easy", "Blue": "computer:easy"}
    driver = Driver(game, settle=False)
    driver.key(pygame.K_f, "f")  # fast
    driver.tick(8.0)
    assert len(driver.game.history) >= 5
    assert len(reasons(live_lines(driver))) == len(driver.game.history)
    assert reopened_lines(driver, tmp_path) == live_lines(driver)


def test_undo_takes_the_computers_reason_away_and_redo_brings_it_back_once(tmp_path):
    driver = Driver(computer_game(), settle=False)
    driver.tick(2.5)
    played = len(driver.game.history)
    assert played >= 1 and len(reasons(live_lines(driver))) == played
    driver.game.players["Blue"] = "person"  # the undone command is not played again at once
    driver.ctrl(pygame.K_z)
    assert len(driver.game.history) == played - 1
    assert len(reasons(live_lines(driver))) == played - 1, "the undone command's reason went with it"
    assert reopened_lines(driver, tmp_path) == live_lines(driver)
    driver.ctrl(pygame.K_y)
    assert len(driver.game.history) == played
    assert len(reasons(live_lines(driver))) == played, "redo brings the reason back, once"
    assert reopened_lines(driver, tmp_path) == live_lines(driver)


def test_a_new_command_after_an_undo_forgets_the_undone_reason():
    driver = Driver(computer_game(), settle=False)
    driver.tick(2.5)
    game = driver.game
    game.players["Blue"] = "person"
    driver.ctrl(pygame.K_z)
    index = len(game.history)
    game.submit(game.legal_actions()[0])  # another command where the undone one stood
    assert index not in game.notes
    assert game.redo() is None


@pytest.mark.parametrize(
    "notes, expected",
    [
        ('{5: "why"}', "a note for command 5, but the file has 1 commands"),
        ('{0: "a\\0b"}', "a note may not hold control characters"),
        ('{0: "' + "x" * 501 + '"}', "a note may be at most 500 characters"),
    ],
)
def test_a_saves_bad_note_is_refused_at_its_line(notes, expected, tmp_path):
    from board.script import parse_script
    from board.yamlio import InputError

    text = (
        "map: " + str(ROOT / "maps/arena.yaml") + "\nseed: 1\nnotes: " + notes + '\ncommands:\n- {"do": "end_turn"}\n'
    )
    with pytest.raises(InputError) as refused:
        parse_script(text, "bad.yaml")
    assert any(p.line == 3 and expected in p.message for p in refused.value.problems), refused.value.problems


def test_a_game_resumed_after_a_crash_shows_the_same_log_lines_as_the_live_game(tmp_path):
    """The computer's reasons are in the autosave's journal with their commands: a board that
    dies mid-fight (no close, the journal as the last command left it) resumes with them."""
    from board.journal import journal_path
    from board.saves import Autosaver
    from tests.ui_driver import AppDriver

    game = computer_game()
    game.players = {"Red": "computer:easy", "Blue": "computer:easy"}
    autosave = Autosaver(tmp_path / "auto")
    driver = AppDriver(lambda size: PlayScene(game, size, "live"), autosave)
    driver.key(pygame.K_f, "f")  # fast
    while len(game.history) < 8:
        driver.step()
    driver.step()  # the autosave of the last command's frame
    assert journal_path(autosave.path).read_text().count('"note"') >= 8, "the reasons are journalled"
    live = [line for line in driver.scene.log.text().splitlines() if not line.startswith("Undone")]
    assert len(reasons(live)) == len(game.history)
    # Abandoned as a crash leaves it: nothing closed, the save is the one of the first frame.
    resumed = PlayScene(load_game(autosave.path), SIZE, "resumed").log.text().splitlines()
    assert resumed == live
