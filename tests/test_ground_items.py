"""Things on the ground (issue 35: a weapon dropped to wrestle was not shown): every ruleset
reports what lies on each hex through `ground_items`, and the board marks those hexes."""

import pygame
import pytest

from board.game import Game
from board.hexgrid import Hex
from board.maps import load_map
from board.script import load_script
from board.ui.draw import ground_marks
from board.ui.play.overlays import overlays
from helpers import act
from test_ww_combat_actions import after_moving, engaged_pair
from tests.ui_driver import ROOT, Driver

RULESETS = ("combat-chart", "dox", "melee-seconds", "usage-dice", "warrior-wizard")


def _sample(ruleset: str):
    path = next((p for p in sorted((ROOT / "maps").glob("*.yaml")) if load_map(p).ruleset == ruleset), None)
    assert path is not None, ruleset
    return Game(load_map(path), seed=1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_reports_an_empty_ground_at_the_start(ruleset):
    game = _sample(ruleset)
    assert game.ruleset.ground_items(game.state) == {} and game.ground_items() == {}


def test_a_dropped_weapon_is_reported_in_its_hex_and_picked_up_it_is_gone():
    game = engaged_pair({"weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    act(game, "Ann", "drop_pickup", params={"drop": ["Broadsword"]})
    assert game.ground_items() == {Hex(0, 0): ("Broadsword",)}


def test_usage_dice_names_what_lies_on_the_ground():
    from board.rules.usage_dice.gear import Item

    game = _sample("usage-dice")
    game.state.items[Hex(1, 1)] = [Item("Sword", 8, "melee"), Item("Dagger", 6, "melee")]
    assert game.ruleset.ground_items(game.state) == {Hex(1, 1): ("Sword", "Dagger")}


DROP = """\
hexboard: 1
seed: 1
map:
  name: The Yard
  layout: pointy
  terrain: |
    # # # # # # # # # #
    # . . . . . . . . #
    # . . . . . . . . #
    # # # # # # # # # #
  figures:
    - {name: Rolf, team: Red, at: "0503", facing: 0, dx: 12, weapons: [Broadsword]}
    - {name: Gaut, team: Blue, at: "0603", facing: 3, weapons: [Mace]}
commands:
  - {do: move, figure: Rolf, action: stand_still}
  - {do: move, figure: Gaut, action: stand_still}
  - {do: act, figure: Rolf, action: drop_pickup, params: {drop: [Broadsword]}}
"""


def test_the_board_marks_the_hex_where_a_weapon_lies(tmp_path):
    path = tmp_path / "drop.yaml"
    path.write_text(DROP)
    script = load_script(path)
    for command in script.commands:
        script.game.submit(command)
    d = Driver(script.game)
    (h,) = script.game.ground_items()
    assert overlays(d.scene).ground == {h: ("Broadsword",)}
    d.frame()
    x, y = d.scene.camera.to_screen(h)
    at = (
        round(x + ground_marks.OFFSET[0] * d.scene.camera.size),
        round(y + ground_marks.OFFSET[1] * d.scene.camera.size),
    )
    box = pygame.Rect(0, 0, 9, 9)
    box.center = at
    marked = pygame.image.tobytes(d.screen.subsurface(box), "RGB")
    script.game.state.items.clear()  # nothing on the ground: no mark
    script.game.version += 1
    d.frame()
    assert pygame.image.tobytes(d.screen.subsurface(box), "RGB") != marked


def test_the_mark_shows_how_many_things_lie_there():
    pygame.display.init()
    one, three = ground_marks.mark(60, 1), ground_marks.mark(60, 3)
    assert one.get_size() == three.get_size()
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(three, "RGBA")
