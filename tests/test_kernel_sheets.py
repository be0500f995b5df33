"""A figure made from its sheet, and read back for a snapshot and a token (board/rules/kernel/sheets.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.hexgrid import Hex
from board.models import FigureBase
from board.rules.kernel.sheets import fields_of, from_sheet, token_of


class Sheet(FigureBase):
    """A sheet with a list and a number the figure shares, and one it does not."""

    weapons: list[str] = ["Sword"]
    hp: int = 10
    notes: str = "the figure has no such field"


@dataclass
class Figure:
    name: str
    team: str
    hex: Hex
    facing: int
    weapons: list[str]
    hp: int
    hp_max: int
    status: str = "ok"
    wounds: tuple[int, ...] = ()
    effects: list[str] = field(default_factory=list)


def a_sheet(**fields) -> Sheet:
    return Sheet.model_validate({"name": "Bryn", "team": "red", "at": [2, -1], "facing": 3, **fields})


def test_a_figure_takes_the_fields_it_shares_with_its_sheet_and_stands_at_its_hex():
    f = from_sheet(Figure, a_sheet(hp=7), hp_max=7)
    assert (f.name, f.team, f.hex, f.facing, f.hp, f.hp_max) == ("Bryn", "red", Hex(2, -1), 3, 7, 7)
    assert f.weapons == ["Sword"]


def test_a_list_on_the_figure_is_its_own_not_the_sheets():
    sheet = a_sheet(weapons=["Axe"])
    f = from_sheet(Figure, sheet, hp_max=10)
    f.weapons.append("Dagger")
    assert sheet.weapons == ["Axe"]


def test_fields_given_override_the_sheets():
    f = from_sheet(Figure, a_sheet(), hp=1, hp_max=10, status="down")
    assert (f.hp, f.status) == (1, "down")


def test_a_snapshot_reads_a_hex_or_a_tuple_as_a_new_list_and_the_rest_as_it_is():
    f = from_sheet(Figure, a_sheet(), hp_max=10, wounds=(2, 3))
    row = fields_of(f, "hex wounds weapons hp status")
    assert row == {"hex": [2, -1], "wounds": [2, 3], "weapons": ["Sword"], "hp": 10, "status": "ok"}
    assert list(row) == ["hex", "wounds", "weapons", "hp", "status"]  # in the order named
    row["weapons"].append("Axe")
    assert f.weapons == ["Sword"]


def test_a_token_of_a_figure_without_a_footprint_covers_its_one_hex():
    f = from_sheet(Figure, a_sheet(), hp_max=10)
    token = token_of(f, caption="Sword", facing=f.facing)
    assert (token.name, token.team, token.hex, token.cells, token.size) == ("Bryn", "red", Hex(2, -1), (Hex(2, -1),), 1)
    assert (token.status, token.caption, token.facing) == ("ok", "Sword", 3)
