"""What the play scene writes to files and reads from them (the combat log, Save, Open):
every input gets a readable message or does what it says, in the user's folders."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from board.saves import load_game
from board.ui.play.scene import PlayScene
from board.ui.requests import Open
from tests.ui_driver import AppDriver, Driver

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_ctrl_l_writes_the_combat_log_into_the_saves_folder_and_says_where(tmp_path, data_dir, monkeypatch):
    monkeypatch.chdir(tmp_path)
    driver = Driver()
    driver.ctrl(pygame.K_l)
    written = data_dir / "saves" / "combat-log.txt"
    assert written.read_text(encoding="utf-8") == driver.scene.log.text()
    assert not (tmp_path / "combat-log.txt").exists(), "nothing lands where the program started"
    assert str(written) in driver.message


def test_ctrl_l_on_a_folder_it_cannot_write_says_so(tmp_path, data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "saves").write_text("a file where the folder should be")
    driver = Driver()
    driver.ctrl(pygame.K_l)
    assert driver.message.startswith("Could not save the combat log") and driver.view.warning


def press_ok(driver: Driver) -> None:
    driver.click(driver.scene.dialog.window.ok_button.get_abs_rect().center)
    driver.move_mouse(driver.mouse)  # the next frame: the dialog's answer to OK arrives


def type_name(driver: Driver, text: str, enter: bool = True) -> None:
    """Put text in the open dialog's path line (as typing would), then Enter."""
    line = driver.scene.dialog.window.file_path_text_line
    line.set_text(text)
    line.focus()
    if enter:
        driver.key(pygame.K_RETURN)


def test_delete_in_the_save_dialogs_text_line_after_enter_raises_nothing(data_dir):
    driver = Driver()
    driver.ctrl(pygame.K_s)
    driver.key(pygame.K_HOME, mod=pygame.KMOD_LSHIFT)  # select back to the start
    driver.key(pygame.K_RETURN)  # the dialog writes the path back into the line
    driver.key(pygame.K_DELETE)  # pygame_gui: IndexError("No selected rows.")
    driver.key(pygame.K_BACKSPACE)
    driver.type("x")
    assert driver.scene.dialog.open
    assert "x" in driver.scene.dialog.window.file_path_text_line.get_text()


def test_a_300_character_save_name_gets_a_could_not_save_message(data_dir):
    driver = Driver()
    driver.ctrl(pygame.K_s)
    type_name(driver, "a" * 300)
    assert driver.message.startswith("Could not save") and "too long" in driver.message
    assert driver.view.warning and driver.scene.dialog.open
    type_name(driver, str(data_dir / "saves" / "duel"))  # the dialog still works
    press_ok(driver)
    assert (data_dir / "saves" / "duel.yaml").exists()


@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_a_device_or_a_fifo_in_open_gets_a_could_not_open_message(device, tmp_path, data_dir):
    if device == "fifo":
        device = str(tmp_path / "pipe.yaml")
        os.mkfifo(device)
    driver = Driver()
    driver.ctrl(pygame.K_o)
    type_name(driver, device)
    assert driver.message.startswith("Could not open") and driver.view.warning
    assert driver.scene.dialog.open


def write_nonsense(fifo: Path) -> None:
    """Open the FIFO for writing (this waits for a reader) and write what is not a save."""
    try:
        fifo.write_text("not a save\n")
    except BrokenPipeError:  # the reader was only the test letting this open return
        pass


def test_opening_a_fifo_is_refused_without_reading_it(tmp_path, data_dir):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    # A writer that ends today's blocking read with nonsense, so the test ends either way.
    writer = threading.Thread(target=write_nonsense, args=(fifo,), daemon=True)
    writer.start()
    game = Game(load_map(ROOT / "maps/arena.yaml"))
    driver = AppDriver(lambda size: PlayScene(game, size, "The Arena"))
    driver.scene.request = Open(str(fifo))
    driver.step()
    assert driver.scene.game is game
    assert (
        driver.scene.controller.view.message == f"Could not open {fifo}: it is not an ordinary file "
        "(a device or a pipe)"
    )
    os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))  # lets the writer's open return
    writer.join()


def test_save_asks_before_replacing_an_existing_file(data_dir):
    saved = data_dir / "saves" / "duel.yaml"
    saved.parent.mkdir(parents=True)
    saved.write_text("the old game\n")
    driver = Driver()
    for answer in ("close", "replace"):
        driver.ctrl(pygame.K_s)
        type_name(driver, str(saved))
        press_ok(driver)
        question = driver.scene.dialog.replace[0]
        assert "duel.yaml already exists" in question.confirmation_text.html_text
        assert saved.read_text() == "the old game\n", "nothing is written before the answer"
        button = question.close_window_button if answer == "close" else question.confirm_button
        driver.click(button.get_abs_rect().center)
        driver.move_mouse(driver.mouse)  # the next frame: the question's answer arrives
        assert not driver.scene.dialog.open
        if answer == "close":
            assert saved.read_text() == "the old game\n"
            assert driver.message == "Not saved: duel.yaml was left as it was"
    assert load_game(saved).history == driver.game.history
    assert "Saved to" in driver.message


@pytest.mark.parametrize("enter", [False, True])
def test_a_bare_name_is_saved_in_the_saves_folder(enter, tmp_path, data_dir, monkeypatch):
    monkeypatch.chdir(tmp_path)
    driver = Driver()
    driver.ctrl(pygame.K_s)
    type_name(driver, "duel", enter)
    press_ok(driver)
    assert (data_dir / "saves" / "duel.yaml").exists()
    assert not list(tmp_path.glob("duel*")), "nothing lands where the program started"


def test_a_folder_typed_as_a_name_gets_a_message(tmp_path, data_dir):
    driver = Driver()
    driver.ctrl(pygame.K_s)
    type_name(driver, str(tmp_path))
    assert "is a folder" in driver.message and driver.scene.dialog.open
