"""Words, not program values (issue 18): no log line or menu label of a whole fight under any
ruleset shows a Python value (True, False, None) or a bare facing number."""

import random
import re

import pytest

from board.game import Game
from board.maps import load_map
from tests.test_ui_rulesets import play_one
from board.ui.play.sidebar import menu_items
from tests.ui_driver import ROOT, Driver

PROGRAM_VALUE = re.compile(r"\b(True|False|None)\b|facing \d")
FIGHTS = (
    ("warrior-wizard", "arena"),
    ("warrior-wizard", "burning"),
    ("combat-chart", None),
    ("dox", None),
    ("usage-dice", None),
    ("melee-seconds", None),
)


class WordsDriver(Driver):
    """A driver that notes the menu's title and rows before every button it presses."""

    def __init__(self, *args, **kwargs):
        self.seen: list[str] = []
        super().__init__(*args, **kwargs)

    def note(self) -> None:
        shown = menu_items(self.controller)
        if shown is not None:
            title, items = shown
            self.seen += [title] + [i.label for i in items] + [i.reason or "" for i in items]

    def press(self, name: str):
        self.note()
        return super().press(name)


def words_seen(driver: WordsDriver, rng: random.Random, decisions: int = 1500) -> list[str]:
    """Every menu title, menu label and log line of a fight played with the mouse."""
    for _ in range(decisions):
        if driver.controller.info().phase == "over":
            break
        before = len(driver.game.history)
        driver.note()
        play_one(driver, rng)
        if len(driver.game.history) == before:
            driver.controller.cancel()
    return driver.seen + driver.scene.log.text().splitlines()


@pytest.mark.parametrize("ruleset,map_name", FIGHTS)
def test_no_program_value_reaches_the_log_or_a_menu(ruleset, map_name):
    path = ROOT / "maps" / f"{map_name or ruleset + '-skirmish'}.yaml"
    driver = WordsDriver(Game(load_map(path, ruleset if map_name is None else None), seed=5))
    seen = words_seen(driver, random.Random(5))
    bad = sorted({line for line in seen if PROGRAM_VALUE.search(line)})
    assert not bad, "\n".join(bad[:20])


def test_the_editors_facing_list_reads_as_compass_words():
    import pygame
    import pygame_gui

    from board.rules.registry import get_ruleset
    from board.resources import THEME
    from board.ui.dialogs.sheet_form import SheetForm, facing_names

    assert facing_names("pointy") == ["E", "NE", "NW", "W", "SW", "SE"]
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    form = SheetForm(pygame_gui.UIManager((800, 600), str(THEME)), 0, 0, 420, get_ruleset("dox").figure_model())
    form.kind = "pointy"
    form.load(None)
    assert [option[0] for option in form.drops["facing"].options_list] == ["E", "NE", "NW", "W", "SW", "SE"]
    assert form.data((0, 0))["facing"] == 0
