"""The demonstration ruleset (tests/demo_ruleset, the worked example of docs/rulesets.md) plays
on the board with the mouse alone, and players never see it. The contract it keeps with every
other ruleset is checked by tests/test_contract.py."""

import argparse
import ast
import io
import tokenize
from pathlib import Path

import pytest

from board.cli import build_parser
from board.game import Game
from board.hexgrid import hex_distance
from board.maps import parse_map
from board.rules.registry import ruleset_ids
from board.yamlio import InputError
from demo_ruleset import DEMO
from demo_ruleset.harness import demo_battle, registered
from tests.helpers import gm, refused
from tests.ui_driver import Driver
from board.ui.play.modes import ChoosingAction, Over

DEMO_SOURCE = Path(__file__).resolve().parent / "demo_ruleset"


@pytest.fixture(autouse=True)
def demo():
    with registered():
        yield


def foes(driver: Driver, name: str) -> list:
    tokens = driver.game.tokens()
    return [t for t in tokens.values() if t.team != tokens[name].team and t.status == "ok"]


def one_turn_with_the_mouse(driver: Driver) -> list[str]:
    """The active figure walks toward the nearest foe (menu Move, then a click on a blue hex)
    and, if one is then beside it, attacks it (menu Attack, then a click on its token);
    returns the event kinds it made."""
    marks = len(driver.game.events)
    name = driver.view.selected
    hexes = driver.controller.actions()[0].hexes
    here = driver.game.tokens()[name].hex
    if hexes and all(hex_distance(here, f.hex) > 1 for f in foes(driver, name)):
        driver.press("move")
        target = min(hexes, key=lambda h: min(hex_distance(h, f.hex) for f in foes(driver, name)))
        driver.click(target)
    else:
        driver.press("stay")
    if isinstance(driver.view.mode, ChoosingAction) and driver.view.selected == name:
        beside = driver.controller.actions()[0].targets
        driver.press("attack")
        driver.click(beside[0])
    return [e.kind for e in driver.game.events[marks:]]


def test_the_demo_plays_with_the_mouse_through_moves_and_attacks_to_victory(tmp_path):
    driver = Driver(Game(demo_battle(), seed=3))
    made: list[str] = []
    for _ in range(60):
        if isinstance(driver.view.mode, Over):
            break
        made += one_turn_with_the_mouse(driver)
    assert {"move", "attack", "damage", "dies", "victory"} <= set(made)
    winner = driver.game.winner()
    assert winner in ("Red", "Blue") and f"{winner} wins" in driver.scene.log.text()
    assert "rematch" in {item.id.split(":")[-1] for item in driver.items()}
    driver.screenshot(tmp_path / "demo.png")


def test_a_demo_move_slides_along_its_path_on_the_board():
    driver = Driver(Game(demo_battle(), seed=3), settle=False)
    driver.press("move")
    start = driver.at("Ash")
    driver.click(max(driver.controller.move_info().hexes, key=lambda h: h.q))
    driver.tick(0.05)
    halfway = driver.scene.animator.position("Ash", driver.now)
    assert halfway is not None and halfway != start


def all_help(parser: argparse.ArgumentParser) -> str:
    """The --help of the command and of each sub-command."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return parser.format_help() + "".join(all_help(p) for s in subs for p in s.choices.values())


def test_players_never_see_the_demo_even_while_it_is_registered():
    assert DEMO.id not in ruleset_ids()
    assert DEMO.id not in all_help(build_parser()) and DEMO.name not in all_help(build_parser())
    with pytest.raises(InputError, match='unknown ruleset "demo"'):
        parse_map("name: D\nruleset: demo\nradius: 2\nfigures: []\n")


def test_the_demo_is_at_most_300_lines():
    lines = sum(len(p.read_text().splitlines()) for p in DEMO_SOURCE.glob("*.py"))
    assert lines <= 300, f"{lines} lines"


def code_lines(path: Path) -> int:
    """Lines holding code: no blank line, comment or docstring."""
    source = path.read_text()
    lines = {
        n
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type
        not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
        for n in range(tok.start[0], tok.end[0] + 1)
    }
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                lines -= set(range(first.lineno, first.end_lineno + 1))
    return len(lines)


def test_the_demo_shows_an_option_and_a_gm_command_of_its_own_in_at_most_150_code_lines():
    assert code_lines(DEMO_SOURCE / "__init__.py") <= 150
    assert "hit_on" in DEMO.options_model().model_fields
    assert "rally" in DEMO.gm_actions and "rally" in {k.action for k in DEMO.gm_keys}


def test_the_gm_rallies_a_hurt_demo_figure_and_refuses_an_unhurt_or_dead_one():
    game = Game(demo_battle(), seed=3)
    rally = {"do": "gm", "action": "rally", "figure": "Cor"}
    assert refused(game, **rally) == "Cor cannot be rallied (dead, or unhurt)"
    gm(game, "damage", "Cor", params={"amount": 3})
    assert game.state.figures["Cor"].hp == 1
    gm(game, "rally", "Cor")
    assert game.state.figures["Cor"].hp == 4 and game.events[-1].text == "GM rallies Cor: back to 4 HP"
    gm(game, "damage", "Cor", params={"amount": 9})
    assert refused(game, **rally) == "Cor cannot be rallied (dead, or unhurt)"


def test_a_demo_figure_the_gm_removes_on_its_turn_passes_the_turn_on():
    game = Game(demo_battle(), seed=3)
    assert game.turn().active == "Ash"
    gm(game, "remove", "Ash")
    assert "Ash" not in game.state.figures
    assert (game.turn().active, game.turn().phase) == ("Bex", "movement")
