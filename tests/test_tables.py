"""The rule tables in assets/ against the rule text, cell by cell."""

import re
from pathlib import Path

import pytest

from board.dice import Dice, from_value
from board.tables import TABLES, UnknownName, load_tables
from board.yamlio import load_yaml_file

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules" / "000_142aa01f5a5998a8.txt"
FOLDER = TABLES / "warrior-wizard"

needs_text = pytest.mark.skipif(not RULES.exists(), reason=f"rule text not found at {RULES}")


def text_cells(*marks: str) -> str:
    """The non-empty lines of the rule text after the lines starting with each mark
    in turn, up to the line starting with the last mark, joined by spaces."""
    lines = [line.strip() for line in RULES.read_text(encoding="utf-8").splitlines()]
    at = -1
    found = []
    for mark in marks:
        at = next(i for i in range(at + 1, len(lines)) if lines[i].startswith(mark))
        found.append(at)
    cells = [line for line in lines[found[-2] + 1:found[-1]] if line]
    return re.sub(r"\s*/\s*", "/", " ".join(cells))


def joined(cells) -> str:
    return re.sub(r"\s*/\s*", "/", " ".join(c for c in cells if c))


@needs_text
def test_weapons_table_matches_the_text_cell_by_cell():
    doc = load_yaml_file(FOLDER / "weapons.yaml")
    data = []
    for category, rows in doc["categories"].items():
        data.append(category)
        for row in rows:
            data += row
    # The text prints category headers with a colon ("Knives:").
    expected = text_cells("Weapons Table", "Notes", "Legend").replace(":", "")
    assert joined(data).replace(":", "") == expected


@needs_text
def test_armor_table_matches_the_text_cell_by_cell():
    doc = load_yaml_file(FOLDER / "armor.yaml")
    data = [cell for row in doc["rows"] for cell in row]
    assert joined(data) == text_cells("Armor:", "Notes", "Encumbrance:")


@needs_text
def test_encumbrance_table_matches_the_text():
    rows = load_yaml_file(FOLDER / "encumbrance.yaml")["rows"]
    lines = [line.strip() for line in RULES.read_text(encoding="utf-8").splitlines()]
    start = lines.index("Effects")
    text = [line for line in lines[start + 1:] if line][: 2 * len(rows)]
    assert [cell for row in rows for cell in row["text"]] == text


@needs_text
def test_damage_progression_table_matches_the_text():
    doc = load_yaml_file(FOLDER / "damage_progression.yaml")
    data = ["Bonus:", *doc["columns"]]
    for bonus, cells in doc["rows"].items():
        data += [bonus, *cells]
    assert joined(data) == text_cells("Damage Progression Table", "When adding bonuses")


def test_damage_progression_data_agrees_with_the_dice_progression():
    doc = load_yaml_file(FOLDER / "damage_progression.yaml")
    for bonus, cells in doc["rows"].items():
        for column, cell in enumerate(cells):
            # "When a value falls on the cusp ... the better choice is fewer dice."
            first = cell.split("/")[0]
            assert from_value(6 * column + int(bonus)) == Dice.parse(first), (bonus, column)


def test_encumbrance_penalties_grow_with_the_load():
    tables = load_tables()
    st = 10
    assert tables.encumbrance_row(20, st).movement == 0   # 0-2x STR: none
    assert tables.encumbrance_row(21, st).movement == -2  # 2-3x STR
    row = tables.encumbrance_row(35, st)                  # 3-4x STR
    assert (row.movement, row.dex) == (-4, -1)
    row = tables.encumbrance_row(45, st)                  # 4-5x STR
    assert (row.movement, row.dex) == (-6, -2)
    assert tables.encumbrance_row(101, st).movement is None  # beyond 7x: maximum lift


def test_weapon_rows_derive_their_traits_from_the_notes():
    tables = load_tables()
    dagger = tables.weapon("dagger")
    assert dagger.throwable and dagger.small and dagger.reach == 1 and not dagger.missile
    assert tables.weapon("Spear").two_handed and tables.weapon("Spear").throwable
    assert tables.weapon("Spear").reach == 2 and tables.weapon("Spear").pole_arm
    assert tables.weapon("Bastard Sword (2-hand)").two_handed
    assert not tables.weapon("Bastard Sword (1-hand)").two_handed
    assert tables.weapon("Longbow").missile and not tables.weapon("Longbow").melee
    assert tables.weapon("Thrown Rock").throwable and not tables.weapon("Thrown Rock").missile
    assert tables.weapon("Broadsword").dice == Dice(2, 6, 0) and tables.weapon("Broadsword").st_min == 12
    assert tables.weapon("Pike").dice == Dice(2, 6, 1)
    assert tables.weapon("Cestus").strength_damage
    assert tables.weapon("Burning Torch").burning


def test_armor_rows_are_typed_with_their_kind():
    tables = load_tables()
    plate = tables.armor_piece("Plate")
    assert (plate.name, plate.kind, plate.defense, plate.dex_penalty, plate.movement_penalty) == \
        ("Plate Armor", "body", 5, -3, -4)
    assert tables.armor_piece("tower shield").kind == "shield"
    assert tables.armor_piece("Padded").defense == 1
    assert tables.armor_piece("Full Backpack").weight_kg is None


def test_unknown_table_names_suggest_the_closest():
    tables = load_tables()
    with pytest.raises(UnknownName, match='did you mean "Broadsword"'):
        tables.weapon("Brodsword")
    with pytest.raises(UnknownName, match='did you mean "Chainmail"'):
        tables.armor_piece("Chainmale")
