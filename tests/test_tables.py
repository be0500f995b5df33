"""The rule tables in assets/ against the rule text, cell by cell."""

import re

import pytest

from board.dice import Dice, from_value
from board.rules.kernel.names import TABLES, UnknownName
from board.rules.warrior_wizard.tables import load_tables
from board.yamlio import load_yaml_file

FOLDER = TABLES / "warrior-wizard"

# The rule text's tables, transcribed once from it, cells joined by single spaces (the
# text lost its column layout). Written here so that nothing outside the repository is read.
TEXT_WEAPONS = (
    "Knives: Dagger 1d6-1 - Short Thrown Main-Gauche 1d6-1 - Short Swords: Rapier 1d6 9 "
    "Medium Cutlass 2d6-2 10 Medium Short Sword 2d6-1 11 Medium Broadsword 2d6 12 Medium "
    "Bastard Sword (1-hand) 2d6+1 13 Medium Bastard Sword (2-hand) 3d6-2 13 Medium 2-handed "
    "Sword 3d6-1 14 Medium 2-handed Great Sword 3d6+1 16 Medium 2-handed Axe/Mace/Hammer: "
    "Club 1d6 9 Medium Thrown Hatchet 1d6 9 Medium Thrown Hammer 1d6+1 10 Medium Thrown Mace "
    "2d6-1 11 Medium Thrown Small Axe 1d6+2 11 Short Thrown Pick 2d6 12 Medium Morningstar "
    "2d6+1 13 Medium Great Hammer 2d6+2 14 Medium 2-handed Battleaxe 3d6 15 Medium 2-handed "
    "Pole Arms: Javelin 1d6-1 9 Medium Thrown Spear 1d6+2 11 Long Thrown, 2-handed Halberd "
    "2d6-1 13 Long 2-handed Pike Axe 2d6+2 15 Long 2-handed Trident 1d6 10 Medium Naginata "
    "1d6+2 10 Long 2-handed Cavalry Lance 3d6-1 13 Long Pike 2d6+1 or as Spear 12 Long 2 "
    "handed; Special Missile Weapons: Thrown Rock 1d6-4 - Thrown Sling 1d6-2 - Short Bow "
    "1d6-1 9 2-handed Horseman's Bow 1d6 10 2-handed Longbow 1d6+2 11 2-handed Light Crossbow"
    " 2d6 12 2-handed Heavy Crossbow 3d6 15 2-handed Other Weapons Quarterstaff 1d6+2 11 "
    "Medium Net 1d6-3 10 Thrown Cestus (See Notes) - Short Damage based on STR Whip 1d6-1 8 "
    "Long Lasso (See Notes) 8 Thrown Fighting Boomerang 2d6 11 Thrown Nunchaku 1d6+1 8 Medium"
    " Spear Thrower +2 to thrown spear (See Notes) STR Minimum is STR for spear thrown "
    "Blowgun Poison - Dart Poison - Burning Torch (See Notes) - Medium See below under Fire "
    "Damage Improvised Weapon (See Notes) Short/Medium See below under Improvised Weapon "
    "Wizard's Staff 1d6 - Medium See below under Wizard's Staff Flask of Oil (See Notes) See "
    "below under Fire Damage Poison Gas (See Notes) See below under Poisons Bola (See Notes) "
    "See below under Bola Shuriken 1d6-2 Thrown.  See below under Shuriken Arquebus 3d6+3 See"
    " below under Firearms Flintlock Pistol 1d6+2 See below under Firearms Grenade (See "
    "Notes) See below under Firearms Petard (See Notes) See below under Firearms Gunpowder "
    "Bomb (See Notes) See below under Firearms"
)
TEXT_ARMOR = (
    "Fine Plate 6 -2 25 -4 Plate Armor 5 -3 25 -4 Half Plate 4 -2 20 -4 Chainmail 3 -1 15 -3 "
    "Leather 2 -1 8 -2 Padded (Cloth) 1 -0 7 -0 Tower Shield 3 -1 15 - Large Shield 2 0 10 - "
    "Small Shield 1 0 5 Spiked Buckler 1 0 6 1d6-2 damage if used as a weapon. Full Backpack "
    "1 -1 or -2 Contents Stops 1 hit from behind, prevents shield from being slung on back "
    "Main Gauche or Dagger 1 0 See notes for Main Gauche"
)
TEXT_ENCUMBRANCE = [
    "0-2x STR in kg",
    "None.  No penalties; full swimming movement allowed.",
    "2-3x STR in kg",
    "-2 to Movement",
    "3-4x STR in kg",
    "-4 to Movement.  -1 to Effective Dexterity",
    "4-5x STR in kg",
    "-6 to Movement.  -2 to Effective Dexterity",
    "5-7x STR in kg",
    "-6 to Movement.  -1 STR every 2 minutes (nonlethal/fatigue).  Max of 10 minutes.",
    "STR squared in kg",
    "Maximum lift.  Character can move 1 hex with 4d6 Effective Strength check, otherwise no movement allowed.",
]
TEXT_DAMAGE_PROGRESSION = (
    "Bonus: 0 dice One die Two dice Three dice +1 1 point 1d6+1 2d6+1 3d6+1 +2 2 points/1d6-4"
    " 1d6+2 2d6+2 3d6+2 +3 1d6-3 1d6+3/2d6-3 2d6+3/3d6-3 3d6+3/4d6-3 +4 1d6-2 2d6-2 3d6-2 "
    "4d6-2 +5 1d6-1 2d6-1 3d6-1 4d6-1 +6 1d6 2d6 3d6 4d6"
)


def joined(cells) -> str:
    return re.sub(r"\s*/\s*", "/", " ".join(c for c in cells if c))


def test_weapons_table_matches_the_text_cell_by_cell():
    doc = load_yaml_file(FOLDER / "weapons.yaml")
    data = []
    for category, rows in doc["categories"].items():
        data.append(category)
        for row in rows:
            data += row
    # The text prints category headers with a colon ("Knives:").
    expected = TEXT_WEAPONS.replace(":", "")
    assert joined(data).replace(":", "") == expected


def test_armor_table_matches_the_text_cell_by_cell():
    doc = load_yaml_file(FOLDER / "armor.yaml")
    data = [cell for row in doc["rows"] for cell in row]
    assert joined(data) == TEXT_ARMOR


def test_encumbrance_table_matches_the_text():
    rows = load_yaml_file(FOLDER / "encumbrance.yaml")["rows"]
    assert [cell for row in rows for cell in row["text"]] == TEXT_ENCUMBRANCE


def test_damage_progression_table_matches_the_text():
    doc = load_yaml_file(FOLDER / "damage_progression.yaml")
    data = ["Bonus:", *doc["columns"]]
    for bonus, cells in doc["rows"].items():
        data += [bonus, *cells]
    assert joined(data) == TEXT_DAMAGE_PROGRESSION


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
    assert tables.encumbrance_row(20, st).movement == 0  # 0-2x STR: none
    assert tables.encumbrance_row(21, st).movement == -2  # 2-3x STR
    row = tables.encumbrance_row(35, st)  # 3-4x STR
    assert (row.movement, row.dex) == (-4, -1)
    row = tables.encumbrance_row(45, st)  # 4-5x STR
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
    assert (plate.name, plate.kind, plate.defense, plate.dex_penalty, plate.movement_penalty) == (
        "Plate Armor",
        "body",
        5,
        -3,
        -4,
    )
    assert tables.armor_piece("tower shield").kind == "shield"
    assert tables.armor_piece("Padded").defense == 1
    assert tables.armor_piece("Full Backpack").weight_kg is None


def test_unknown_table_names_suggest_the_closest():
    tables = load_tables()
    with pytest.raises(UnknownName, match='did you mean "Broadsword"'):
        tables.weapon("Brodsword")
    with pytest.raises(UnknownName, match='did you mean "Chainmail"'):
        tables.armor_piece("Chainmale")
