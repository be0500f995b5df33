"""The board in German (issue 36, a second language): German's longer words still fit their
boxes (the layout test's measures, run in German), the start screen, the help page and the top
bar speak German, and no function hides the translation behind a local `_`."""

import ast
from pathlib import Path

import pygame
import pytest

from board import i18n
from board.i18n import _
from board.ui import theme
from board.ui.draw import hud
from board.ui.play.sidebar import HINTS, menu_items
from tests import test_ui_layout
from tests.test_ui_long_menu import shown_whole
from tests.ui_driver import Driver

BOARD = Path(__file__).resolve().parents[1] / "board"


@pytest.fixture
def german():
    i18n.activate("de")
    yield
    i18n.activate("en")


@pytest.mark.parametrize(
    "ruleset, game_map", sorted(test_ui_layout.SAMPLES.items()), ids=sorted(test_ui_layout.SAMPLES)
)
def test_no_german_menu_label_card_row_or_timeline_cell_is_cut(german, ruleset, game_map):
    assert not test_ui_layout.played_layout_problems(ruleset, game_map, 100, (1280, 800), 40)


def test_the_board_speaks_german_in_its_menu_top_bar_and_status_line(german):
    driver = Driver("maps/arena.yaml")
    title, _items = menu_items(driver.controller)
    assert title.endswith(": Bewegung")
    assert {b.text for b in driver.scene.file_buttons} == {"Hilfe (F1)", "Öffnen…", "Sichern…", "Menü"}
    assert all(shown_whole(b) for b in driver.scene.file_buttons)
    assert driver.scene.hint().startswith("Ein blaues Feld anklicken")


def buttons_cut(manager) -> list[str]:
    """The labels of the manager's buttons that their font does not draw inside the button."""
    return [
        b.text
        for b in manager.get_sprite_group().sprites()
        if isinstance(b, pygame_gui_button()) and not shown_whole(b)
    ]


def pygame_gui_button():
    import pygame_gui

    return pygame_gui.elements.UIButton


def test_the_german_start_screen_buttons_fit_and_speak_german(german, tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    from board.ui.start import StartScene

    Driver("maps/arena.yaml")  # the display and fonts
    scene = StartScene((1280, 720))
    labels = {b.text for b in scene.buttons}
    assert {"Kampf beginnen  (Enter)", "Spiel öffnen…", "Beenden", "Sprache: Deutsch"} <= labels
    assert not buttons_cut(scene.manager)


def test_the_start_screens_language_button_switches_and_remembers(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    from board.ui import settings
    from board.ui.start import StartScene

    Driver("maps/arena.yaml")
    scene = StartScene((1280, 720))
    assert "Language: English" in {b.text for b in scene.buttons}
    button = next(b for b, request in scene.buttons.items() if request == ("language",))
    scene.handle(pygame.event.Event(__import__("pygame_gui").UI_BUTTON_PRESSED, ui_element=button))
    assert i18n.current() == "de" and settings.load()["language"] == "de"
    assert "Kampf beginnen  (Enter)" in {b.text for b in scene.buttons}
    button = next(b for b, request in scene.buttons.items() if request == ("language",))
    scene.handle(pygame.event.Event(__import__("pygame_gui").UI_BUTTON_PRESSED, ui_element=button))
    assert i18n.current() == "en" and settings.load()["language"] == "en"


@pytest.mark.parametrize("height", [720, 800, 1080])
def test_every_german_help_key_fits_its_column(german, height):
    """draw_help packs the page closer (k < 1) in a short window: keys at x + 10, their words
    at x + 230 k, in fonts of 15 k."""
    pygame.font.init()
    theme.clear_fonts()
    sections = sum(1 for key, what in hud.HELP if not what)
    natural = 40 + 47 + sections * 32 + (len(hud.HELP) - sections) * 24 + 14 + 20
    k = max(0.6, min(1.0, height / natural))
    bold = theme.font(round(15 * k), True)
    too_wide = [_(key) for key, what in hud.HELP if what and bold.size(_(key))[0] > round(230 * k) - 10]
    assert not too_wide


def test_the_hints_pieces_the_board_leaves_out_are_in_the_german_hint_word_for_word(german):
    for mode, hint in HINTS.items():
        for piece in (" · T threat zones", " · Q/E turn"):
            if piece in hint:
                assert _(piece) in _(hint), (mode, _(piece))


def test_no_function_hides_the_translation_behind_a_local_underscore():
    """`x, _ = ...` in a function that also calls _() makes _ a local: an UnboundLocalError."""
    scopes = (
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.Lambda,
        ast.ClassDef,
        ast.ListComp,
        ast.SetComp,
        ast.DictComp,
        ast.GeneratorExp,
    )
    bad = []
    for path in sorted(BOARD.rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            own, stack = [], list(ast.iter_child_nodes(fn))
            while stack:
                node = stack.pop()
                own.append(node)
                if not isinstance(node, scopes):
                    stack.extend(ast.iter_child_nodes(node))
            stores = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) for n in own)
            calls = any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in ast.walk(fn)
            )
            if stores and calls:
                bad.append(f"{path.relative_to(BOARD.parent)}: {fn.name}")
    assert not bad


def test_every_character_of_the_german_catalogue_is_one_the_board_fonts_draw():
    """Latin-1 (umlauts, ß) and the few signs the English words use already: an arrow or a
    shift sign would be drawn as an empty box by the bold font."""
    from board.po import parse_po

    drawn = {"…", "·", "„", "“", "–", "—"}  # the em dash: "Your turn — …", the window's title
    text = (BOARD / "locale" / "de.po").read_text(encoding="utf-8")
    odd = {c for entry in parse_po(text) for s in entry.strings.values() for c in s if ord(c) > 255 and c not in drawn}
    assert not odd
