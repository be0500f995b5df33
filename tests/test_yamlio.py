"""A data file's (or a bundled map's) parse is kept beside it and read back only while the file is
unchanged."""

import subprocess
import sys
from pathlib import Path

import pytest

import board.yamlio
import board.yamlparse
from board.maps import load_map
from board.yamlio import InputError, load_yaml_file

ROOT = Path(__file__).resolve().parents[1]


def test_a_data_file_is_read_back_from_its_kept_parse_while_it_is_unchanged(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text('rows:\n  - [Dagger, 1d6-1, "-"]\n  - {name: Club, st: 9, thrown: true, note: null}\n')
    first = load_yaml_file(table)
    kept = tmp_path / "__pycache__" / "table.yaml.marshal"
    assert kept.is_file()
    assert (
        load_yaml_file(table)
        == first
        == {"rows": [["Dagger", "1d6-1", "-"], {"name": "Club", "st": 9, "thrown": True, "note": None}]}
    )
    table.write_text("rows: []\n")  # a changed file is parsed again, and kept anew
    assert load_yaml_file(table) == {"rows": []}
    assert load_yaml_file(table) == {"rows": []}


def test_a_damaged_kept_parse_is_ignored(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text("a: 1\n")
    load_yaml_file(table)
    (tmp_path / "__pycache__" / "table.yaml.marshal").write_bytes(b"not marshal")
    assert load_yaml_file(table) == {"a": 1}


def test_data_marshal_cannot_hold_is_parsed_every_time(tmp_path):
    table = tmp_path / "dated.yaml"
    table.write_text("when: 2024-05-01\n")
    assert str(load_yaml_file(table)["when"]) == "2024-05-01"
    assert not (tmp_path / "__pycache__" / "dated.yaml.marshal").exists()
    assert str(load_yaml_file(table)["when"]) == "2024-05-01"


def test_a_parse_that_cannot_be_kept_only_means_parsing_again(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text("a: [1, 2]\n")
    (tmp_path / "__pycache__").write_text("a file where the folder would be")
    assert load_yaml_file(table) == {"a": [1, 2]} == load_yaml_file(table)


def _map_with_an_unknown_weapon(folder):
    bundled = folder / "bundled.yaml"
    text = (ROOT / "maps" / "arena.yaml").read_text(encoding="utf-8").replace("[Halberd]", "[Halbard]")
    bundled.write_text(text, encoding="utf-8")
    line = text[: text.index("Halbard")].count("\n") + 1
    return bundled, line


def test_a_bundled_maps_parse_is_kept_with_the_lines_its_problems_name(tmp_path, monkeypatch):
    monkeypatch.setattr(board.yamlio, "KEPT_UNDER", [tmp_path.resolve()])
    bundled, line = _map_with_an_unknown_weapon(tmp_path)
    with pytest.raises(InputError) as first:
        load_map(bundled)
    assert (tmp_path / "__pycache__" / "bundled.yaml.marshal").is_file()

    def unparsed(text, file):
        raise AssertionError("the kept parse should have been read back")

    monkeypatch.setattr(board.yamlparse, "parse_yaml", unparsed)
    with pytest.raises(InputError) as again:
        load_map(bundled)
    assert str(again.value) == str(first.value)
    assert f"bundled.yaml:{line}:" in str(again.value) and "Halbard" in str(again.value)


def test_a_users_map_keeps_no_parse_beside_it(tmp_path):
    mine, _ = _map_with_an_unknown_weapon(tmp_path)
    mine.write_text((ROOT / "maps" / "arena.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert load_map(mine).name
    assert not (tmp_path / "__pycache__").exists()


def test_a_start_on_the_bundled_map_does_not_load_pyyaml():
    code = (
        "import sys; from board.game import Game; from board.maps import load_map; "
        "[Game(load_map('maps/arena.yaml')) for _ in range(2)]; print('yaml' in sys.modules)"
    )
    # The first run may write the kept parses; a later run reads them back.
    for _ in range(2):
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "False"
