"""Map files: the samples load, and every kind of broken map is refused with FILE:LINE:COL."""

from pathlib import Path

import pytest

from board.battle import BattleMap
from board.footprints import footprint_cells
from board.hexgrid import Hex, from_offset
from board.maps import load_map, map_to_yaml, parse_map
from board.yamlio import InputError

MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.yaml"))


def problems(text: str) -> list[str]:
    """The messages (with positions) a map text is refused with."""
    with pytest.raises(InputError) as caught:
        parse_map(text, "test.yaml")
    return [str(p) for p in caught.value.problems]


SMALL = """\
name: Small
terrain: |
  # # # #
  # . . #
  # . . #
  # # # #
figures:
"""


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_sample_map_passes_check(path):
    battle = load_map(path)
    assert battle.figures, "a sample map has figures"
    occupied = [c for f in battle.figures for c in footprint_cells(f.size, Hex(*f.at), f.facing)]
    assert len(occupied) == len(set(occupied))


def test_the_sample_maps_cover_what_the_issue_asks_for():
    by_name = {p.stem: load_map(p) for p in MAPS}
    arena = by_name["arena"]
    assert sorted({f.team for f in arena.figures}) == ["Blue", "Red"]
    assert all(sum(f.team == t for f in arena.figures) == 3 for t in ("Red", "Blue"))
    assert {f.size for f in by_name["outdoor"].figures} >= {7, 3}
    assert any(t.kind == "wall" for t in by_name["dungeon"].terrain.values())
    stages = {t.stage for t in by_name["burning"].terrain.values() if t.kind == "fire"}
    assert stages == {"flames", "coals"}


def test_a_small_map_needs_only_a_few_lines():
    battle = parse_map(SMALL + '  - {name: Ann, at: "0202"}\n')
    (ann,) = battle.figures
    assert battle.size == (4, 4) and battle.layout == "flat"
    assert Hex(*ann.at) == from_offset(1, 1, "flat")
    assert (ann.st, ann.dx, ann.ma, ann.facing, ann.size, ann.posture) == (10, 10, 10, 0, 1, "standing")


def test_the_ready_weapon_defaults_to_the_first_carried():
    battle = parse_map(
        SMALL + '  - {name: Ann, at: "0202", weapons: [Mace, Dagger]}\n'
        '  - {name: Bo, at: "0203", weapons: [Mace], ready: none}\n'
    )
    assert [f.ready for f in battle.figures] == ["Mace", ""]


def test_yaml_syntax_errors_name_the_line():
    assert problems("name: x\nfigures:\n  - {name: A, at: [0,0]\n") == [
        "test.yaml:4:1: YAML syntax: did not find expected ',' or '}'"
    ]


def test_an_unknown_weapon_suggests_the_closest_name():
    (message,) = problems(SMALL + '  - {name: Ann, at: "0202", weapons: [Brodsword]}\n')
    assert message == 'test.yaml:8:39: unknown weapon "Brodsword"; did you mean "Broadsword"?'


def test_unknown_armor_suggests_the_closest_name():
    (message,) = problems(SMALL + '  - {name: Ann, at: "0202", armor: Chainmale}\n')
    assert message.startswith("test.yaml:8:") and 'did you mean "Chainmail"' in message


def test_a_figure_on_a_wall_is_refused():
    (message,) = problems(SMALL + '  - {name: Ann, at: "0101"}\n')
    assert message == "test.yaml:8:21: Ann stands on a wall at 0101"


def test_two_figures_on_one_hex_are_refused():
    (message,) = problems(SMALL + '  - {name: Ann, at: "0202"}\n  - {name: Bo, at: "0202"}\n')
    assert message == "test.yaml:9:20: Bo and Ann are both on 0202"


def test_a_footprint_outside_the_map_is_refused():
    text = "name: M\nradius: 2\nfigures:\n  - {name: Wyrm, at: [2, 0], size: 7}\n"
    found = problems(text)
    assert found and all(m.startswith("test.yaml:4:") and "outside the map" in m for m in found)


def test_a_ready_weapon_the_figure_does_not_carry_is_refused():
    (message,) = problems(SMALL + '  - {name: Ann, at: "0202", weapons: [Dagger], ready: Mace}\n')
    assert message.startswith("test.yaml:8:") and 'readies "Mace" but does not carry it' in message


def test_a_two_handed_weapon_needs_the_shield_slung():
    (message,) = problems(SMALL + '  - {name: Ann, at: "0202", weapons: [Halberd], shield: Small Shield}\n')
    assert "two-handed" in message


def test_unknown_keys_wrong_types_and_bad_enums_name_their_line():
    text = (
        SMALL.replace("name: Small", "name: Small\nlayout: sideways")
        + '  - name: Ann\n    at: "0202"\n    st: twelve\n    weapns: [Dagger]\n'
    )
    found = problems(text)
    assert found == [
        "test.yaml:2:9: layout: expected 'flat' or 'pointy', got 'sideways'",
        "test.yaml:11:9: figures[0].st: expected a valid integer, unable to parse string as an integer, got 'twelve'",
        'test.yaml:12:13: unknown key "weapns"; did you mean "weapons"?',
    ]


def test_one_bad_figure_does_not_hide_problems_in_the_next():
    text = SMALL + '  - {name: Ann, at: "0202", st: x}\n  - {name: Bo, at: "0203", weapons: [Pik]}\n'
    found = problems(text)
    assert [m.split(":")[1] for m in found] == ["8", "9"]


def test_a_terrain_picture_row_of_the_wrong_width_names_its_line():
    text = "name: M\nsize: [3, 2]\nterrain: |\n  . . .\n  . .\n"
    assert problems(text) == ["test.yaml:5:3: terrain row 2 has 2 hexes; the map has 3 columns"]


def test_a_duplicate_key_is_refused():
    assert problems("name: a\nname: b\nradius: 2\n") == ['test.yaml:2:1: duplicate key "name"']


def test_a_non_mapping_document_is_refused():
    assert problems("- just\n- a list\n") == ["test.yaml:1:1: expected a map: keys such as name, size and figures"]


def test_a_missing_file_is_refused_with_its_name(tmp_path):
    with pytest.raises(InputError, match="nope.yaml:1:1: cannot read the file"):
        load_map(tmp_path / "nope.yaml")


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_a_map_written_back_reloads_identically(path):
    first = load_map(path)
    again = parse_map(map_to_yaml(first), "again.yaml")
    assert again.cells == first.cells and again.terrain == first.terrain
    assert again.figures == first.figures and again.layout == first.layout


def test_the_complete_example_in_the_docs_passes_check():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "maps.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    battle = parse_map(example, "docs/maps.md")
    assert [f.name for f in battle.figures] == ["Hagan", "Rusk"]
    assert battle.figures[0].skills == ["Acrobatics"]


def test_a_figure_with_a_wrong_field_is_still_checked_for_where_it_stands():
    text = SMALL + '  - {name: Ann, at: "0202", st: abc}\n  - {name: Bo, at: "0202"}\n'
    found = problems(text)
    assert any("st:" in m for m in found) and any("Bo and Ann are both on 0202" in m for m in found)


# --- Hexes that are not part of the map ("-") -----------------------------------------

CAVE = "name: Cave\nlayout: flat\nterrain: |\n  - # # -\n  # . ^ #\n  - # : -\n"


def test_a_dash_in_the_picture_leaves_the_hex_off_the_map():
    battle = parse_map(CAVE, "cave.yaml")
    off = {from_offset(c, r, "flat") for c, r in [(0, 0), (3, 0), (0, 2), (3, 2)]}
    assert battle.size == (4, 3) and len(battle.cells) == 8 and not off & battle.cells
    assert not battle.passable(from_offset(0, 0, "flat"))


def test_a_figure_or_a_hex_entry_off_the_map_is_refused():
    text = CAVE + "hexes:\n  - {at: '0101', terrain: wall}\nfigures:\n  - {name: A, at: '0401'}\n"
    assert problems(text) == [
        "test.yaml:8:10: hex [0, 0] is outside the map",
        "test.yaml:10:19: hex [3, -1] is outside the map",
    ]


def test_off_map_hexes_are_written_back_as_dashes():
    again = parse_map(map_to_yaml(parse_map(CAVE, "cave.yaml")), "again.yaml")
    assert again.cells == parse_map(CAVE, "cave.yaml").cells
    assert "- # # -" in map_to_yaml(again)


def test_a_map_is_at_most_500_hexes_across_and_an_off_map_edge_does_not_count():
    wide = "name: W\nsize: [501, 2]\nterrain: |\n" + "".join("  " + "." * 501 + "\n" for _ in range(2))
    assert problems(wide) == [
        "test.yaml:2:7: columns and rows must each be between 1 and 500, got 501x2 "
        '(a column or row left off the map with "-" does not count)'
    ]
    edge = wide.replace("  .", "  -")
    assert len(parse_map(edge, "edge.yaml").cells) == 1000
    assert problems("name: W\nsize: [502, 2]\n") == [
        "test.yaml:2:7: size: columns and rows must each be between 1 and 500, got [502, 2]"
    ]


def test_a_written_map_reads_like_the_samples_a_picture_block_and_ccrr_labels():
    # Issue 18: the editor writes maps a GM can read and diff: the terrain as a literal block
    # and figures at their printed labels.
    text = map_to_yaml(load_map(Path(__file__).resolve().parents[1] / "maps" / "arena.yaml"))
    assert "terrain: |\n  # # #" in text
    assert "at: '0404'" in text and "at: [" not in text
    assert text.index("terrain:") < text.index("teams:") < text.index("figures:")
    assert map_to_yaml(parse_map(text, "again.yaml")) == text


def test_a_draft_the_editor_draws_was_read_from_no_file_and_says_so():
    draft = BattleMap("sketch", "warrior-wizard", "flat", frozenset({Hex(0, 0)}), {}, [], None)
    with pytest.raises(ValueError, match=r"sketch.*draft"):
        map_to_yaml(draft)
