"""Shared test fixtures: what one test changes for the whole process is put back after it."""

import sys

import pytest


@pytest.fixture(autouse=True)
def default_palette_after_each_test():
    """A key test may press V (the board's palette is process-wide): the default again after."""
    yield
    palette = sys.modules.get("board.ui.palette")  # never imported here: a rules test stays pygame-free
    if palette is not None and palette.current() != palette.DEFAULT:
        palette.use(palette.DEFAULT)


@pytest.fixture(autouse=True)
def ui_scale_100_after_each_test():
    """A test at 300% (or one that presses + on the start screen) leaves the process at 100%."""
    yield
    ui_scale = sys.modules.get("board.ui.ui_scale")
    if ui_scale is not None and ui_scale.current() != ui_scale.DEFAULT:
        ui_scale.use(ui_scale.DEFAULT)
