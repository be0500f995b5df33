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
def true_scale_off_after_each_test():
    """A test may ask for true scale (process-wide, as --hex-inches sets it): off again after."""
    yield
    true_scale = sys.modules.get("board.ui.true_scale")
    if true_scale is not None:
        true_scale.use(None)
        true_scale.measured(None)
