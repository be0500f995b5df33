"""What the play scene writes to files and reads from them (the combat log, Save, Open):
every input gets a readable message or does what it says, in the user's folders."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import Driver


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_ctrl_l_writes_the_combat_log_into_the_saves_folder_and_says_where(tmp_path, data_dir,
                                                                           monkeypatch):
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
