"""Save and Open dialogs: they own the keyboard, one at a time, in the saves folder, with a
default name, the extension added, ordinary permissions and recent files."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from board.saves import load_game
from board.ui.dialogs.files import default_name, recent_files, remember, with_extension
from board.ui.requests import Open
from tests.ui_driver import Driver
from board.ui.play.modes import ChoosingMove


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def file_dialogs(driver: Driver) -> list:
    return [
        w
        for w in driver.scene.manager.get_window_stack().get_full_stack()
        if isinstance(w, pygame_gui.windows.UIFileDialog)
    ]


def press_ok(driver: Driver) -> None:
    driver.click(driver.scene.dialog.window.ok_button.get_abs_rect().center)
    driver.move_mouse(driver.mouse)  # the next frame: the dialog's answer to OK arrives


def test_typing_a_file_name_into_the_save_dialog_fires_no_board_hotkey(tmp_path):
    driver = Driver()
    before = (driver.view.threat_mode, driver.view.labels, driver.view.gm, len(driver.game.history), driver.snapshot())
    driver.ctrl(pygame.K_s)
    assert driver.scene.dialog.open
    driver.ctrl(pygame.K_a)  # select the offered name, to type over it
    # "/", "t" (threat zones), "g" (GM mode), "a" (GM: add a copy), "m" (editor), "l", "e", "1"...
    driver.type(f"{tmp_path}/fight1.yaml")
    assert (
        driver.view.threat_mode,
        driver.view.labels,
        driver.view.gm,
        len(driver.game.history),
        driver.snapshot(),
    ) == before
    assert driver.scene.request is None, "M did not ask for the editor"
    assert driver.scene.dialog.window.file_path_text_line.get_text() == f"{tmp_path}/fight1.yaml"
    driver.key(pygame.K_RETURN)
    press_ok(driver)
    assert not driver.scene.dialog.open
    assert load_game(tmp_path / "fight1.yaml").history == driver.game.history
    assert "Saved to" in driver.message


def test_the_save_dialog_offers_a_name_in_the_saves_folder_and_adds_the_extension(tmp_path, data_dir):
    driver = Driver()
    driver.ctrl(pygame.K_s)
    offered = Path(driver.scene.dialog.window.file_path_text_line.get_text())
    assert offered == data_dir / "saves" / f"the-arena-{datetime.date.today().isoformat()}.yaml"
    assert offered.parent.is_dir(), "the saves folder is made when needed"
    driver.ctrl(pygame.K_a)
    driver.type(str(data_dir / "saves" / "duel"))
    driver.key(pygame.K_RETURN)
    press_ok(driver)
    saved = data_dir / "saves" / "duel.yaml"
    assert saved.exists() and not (data_dir / "saves" / "duel").exists()
    assert saved.stat().st_mode & 0o777 == 0o666 & ~_umask(), "an ordinary file, not 0600"
    assert recent_files()[0] == saved.resolve()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_second_ctrl_s_or_ctrl_o_opens_no_second_dialog_and_closing_frees_it():
    driver = Driver()
    for _ in range(5):
        driver.ctrl(pygame.K_s)
        driver.ctrl(pygame.K_o)
        save = next(b for b, action in driver.scene.file_buttons.items() if action == "save")
        driver.click(save.get_abs_rect().center)
    assert len(file_dialogs(driver)) == 1
    driver.key(pygame.K_ESCAPE)
    assert file_dialogs(driver) == [] and not driver.scene.dialog.open
    assert isinstance(driver.view.mode, ChoosingMove), "Esc closed the dialog and did not reach the board"
    driver.ctrl(pygame.K_o)
    assert len(file_dialogs(driver)) == 1


def test_the_open_dialog_starts_at_the_last_game_saved_or_opened(data_dir):
    driver = Driver()
    first = default_name("The Arena")
    from board.saves import save_game

    save_game(driver.game, first)
    remember(first)
    driver.ctrl(pygame.K_o)
    assert Path(driver.scene.dialog.window.file_path_text_line.get_text()) == first.resolve()
    press_ok(driver)
    assert driver.scene.request == Open(str(first.resolve()))


def test_default_names_never_overwrite_and_names_get_yaml():
    day = datetime.date(2026, 11, 24)
    first = default_name("Dox: Skirmish!", day)
    assert first.name == "dox-skirmish-2026-11-24.yaml"
    first.write_text("x")
    assert default_name("Dox: Skirmish!", day).name == "dox-skirmish-2026-11-24-2.yaml"
    assert with_extension("a/b") == Path("a/b.yaml") and with_extension("a/b.yml") == Path("a/b.yml")
