"""Undo reads right in the log (issue 18): an undone command's rows leave the log (a note says
what was undone), and a redo prints its rows once, not twice."""

import pygame

from board.hexgrid import hex_distance
from tests.ui_driver import Driver


def move_two(d: Driver) -> None:
    f = d.game.tokens()[d.view.selected]
    d.click(next(h for h in sorted(d.controller.move_info().hexes) if hex_distance(h, f.hex) == 2))
    d.key(pygame.K_RETURN)


def test_an_undone_commands_rows_leave_the_log_and_a_redo_prints_them_once():
    d = Driver()
    move_two(d)
    moved = d.scene.log.text().splitlines()[-1]
    assert "Jog" in moved
    d.ctrl(pygame.K_z)
    lines = d.scene.log.text().splitlines()
    assert moved not in lines and lines[-1] == f"Undone: {moved}"
    d.ctrl(pygame.K_y)
    lines = d.scene.log.text().splitlines()
    assert lines.count(moved) == 1 and lines[-1] == moved
    assert len(d.scene.log.entries) == len(lines)


def test_the_panel_shows_the_undo_at_once():
    d = Driver()
    move_two(d)
    d.frame()
    d.ctrl(pygame.K_z)
    d.frame()
    shown = {serial for serial, _ in d.scene.log.shown}
    assert shown == {e.serial for e in d.scene.log.entries if e.rows} & shown
    assert max(shown) == d.scene.log.entries[-1].serial  # the "Undone" note is on screen
