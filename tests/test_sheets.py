"""Figure sheets per ruleset in map files (issues 7 and 8: "its own figure sheet, validated in
map files"; "chosen per map, per script, or with --ruleset on the command line")."""

import subprocess
import sys
from pathlib import Path

import pytest

from board.cli import main
from board.maps import map_to_yaml, parse_map
from board.rules.registry import get_ruleset, ruleset_ids
from board.script import parse_script
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]

MAP = """\
name: Two
size: [6, 4]
figures:
  - {name: Aldo, team: red, at: "0203", st: 12, weapons: [Broadsword],
     sheets: {dox: {warrior: 4, strength: 3, weapon: Sword}}}
  - {name: Bo, team: blue, at: "0403", weapons: [Spear]}
"""


def problems(text: str, ruleset=None) -> list[str]:
    with pytest.raises(InputError) as caught:
        parse_map(text, "m.yaml", ruleset)
    return [str(p) for p in caught.value.problems]


def test_every_ruleset_is_registered():
    assert set(ruleset_ids()) == {"warrior-wizard", "combat-chart", "usage-dice", "dox", "melee-seconds"}


def test_a_map_plays_under_another_ruleset_with_the_figures_sheet_for_it():
    battle = parse_map(MAP, "m.yaml", "dox")
    aldo, bo = battle.figures
    assert battle.ruleset == "dox"
    assert (aldo.warrior, aldo.strength, aldo.weapon) == (4, 3, "Sword")
    assert bo.weapon == type(bo).model_fields["weapon"].default  # no sheet: the defaults
    assert aldo.sheets["warrior-wizard"]["st"] == 12  # the own sheet is kept, not lost


def test_a_map_converted_and_saved_keeps_every_sheet():
    again = parse_map(map_to_yaml(parse_map(MAP, "m.yaml", "dox")), "again.yaml")
    assert again.ruleset == "dox"
    back = parse_map(map_to_yaml(again), "back.yaml", "warrior-wizard")
    assert [(f.name, f.st, f.weapons) for f in back.figures] == [("Aldo", 12, ["Broadsword"]), ("Bo", 10, ["Spear"])]
    assert back.figures[0].sheets["dox"]["warrior"] == 4


def test_a_sheet_for_a_ruleset_not_played_is_still_checked_at_its_line():
    text = MAP.replace("weapon: Sword", "weapon: Sord")
    assert problems(text) == [
        'm.yaml:5:54: unknown weapon "Sord" (did you mean "Sword"?); expected one of: '
        + problems(text)[0].split("expected one of: ")[1]
    ]


def test_a_sheet_for_an_unknown_ruleset_is_refused_with_the_known_ones():
    said = problems(MAP.replace("sheets: {dox:", "sheets: {doxx:"))
    assert len(said) == 1 and said[0].startswith('m.yaml:5:21: unknown ruleset "doxx"; expected one of:')


def test_the_maps_own_ruleset_is_not_also_a_sheet():
    said = problems(MAP.replace("sheets: {dox:", "sheets: {warrior-wizard:"))
    assert "its sheet goes beside name and at" in said[0]


def test_common_fields_are_not_repeated_in_a_sheet():
    said = problems(MAP.replace("warrior: 4,", "team: blue, warrior: 4,"))
    assert '"team" is set once' in said[0]


def test_a_field_of_another_ruleset_on_the_own_sheet_is_refused():
    said = problems(MAP.replace("st: 12,", "warrior: 12,"))
    assert said[0].startswith("m.yaml:4:") and "warrior" in said[0]


def test_an_unknown_ruleset_asked_for_is_refused_once():
    assert problems(MAP, "chess") == [
        'm.yaml:1:1: unknown ruleset "chess"; expected one of: ' + ", ".join(ruleset_ids())
    ]


def test_a_scripts_ruleset_chooses_the_sheets():
    script = parse_script(
        "map:\n" + "".join("  " + line + "\n" for line in MAP.splitlines()) + "ruleset: dox\nseed: 1\ncommands: []\n",
        "s.yaml",
    )
    assert script.game.ruleset.id == "dox"
    assert script.game.battle.figures[0].warrior == 4


def test_ruleset_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "m.yaml"
    path.write_text(MAP)
    assert main(["check", "--ruleset", "usage-dice", str(path)]) == 0
    assert "ok" in capsys.readouterr().out


def test_each_ruleset_package_registers_the_id_its_folder_names():
    for ruleset_id in ruleset_ids():
        assert get_ruleset(ruleset_id).id == ruleset_id


def test_help_and_one_map_import_only_the_ruleset_they_use():
    code = """
import sys
def rulesets():
    loaded = {m.split(".")[2] for m in sys.modules if m.startswith("board.rules.")}
    return loaded - {"base", "reports", "registry", "kernel"}
from board.cli import build_parser
build_parser()
assert not rulesets() and "pydantic" not in sys.modules, "--help imports no ruleset, no pydantic"
from board.maps import load_map
load_map("maps/arena.yaml")
assert rulesets() == {"warrior_wizard"}, rulesets()
"""
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
