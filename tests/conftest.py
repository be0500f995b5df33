"""Shared test fixtures: what one test changes for the whole process is put back after it."""

import os
import sys

import pytest


@pytest.fixture(autouse=True, scope="session")
def english_for_the_programs_tests_start():
    """Tests read the program's English words: a German system must not change what they see
    (tests of the German run the program with LANGUAGE set themselves)."""
    before = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = "en"
    yield
    if before is None:
        del os.environ["LANGUAGE"]
    else:
        os.environ["LANGUAGE"] = before


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test may show the board in German (the language is process-wide): English again after."""
    yield
    i18n = sys.modules.get("board.i18n")
    if i18n is not None and i18n.current() != "en":
        i18n.activate("en")


@pytest.fixture(autouse=True)
def default_palette_after_each_test():
    """A key test may press V (the board's palette is process-wide): the default again after."""
    yield
    palette = sys.modules.get("board.ui.draw.palette")  # never imported here: a rules test stays pygame-free
    if palette is not None and palette.current() != palette.DEFAULT:
        palette.use(palette.DEFAULT)


@pytest.fixture(autouse=True)
def true_scale_off_after_each_test():
    """A test may ask for true scale (process-wide, as --hex-inches sets it): off again after."""
    yield
    true_scale = sys.modules.get("board.ui.draw.true_scale")
    if true_scale is not None:
        true_scale.use(None)
        true_scale.measured(None)


@pytest.fixture(autouse=True)
def ui_scale_100_after_each_test():
    """A test at 300% (or one that presses + on the start screen) leaves the process at 100%."""
    yield
    ui_scale = sys.modules.get("board.ui.ui_scale")
    if ui_scale is not None and ui_scale.current() != ui_scale.DEFAULT:
        ui_scale.use(ui_scale.DEFAULT)
