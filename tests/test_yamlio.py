"""A data file's parse is kept beside it and read back only while the file is unchanged."""

from board.yamlio import load_yaml_file


def test_a_data_file_is_read_back_from_its_kept_parse_while_it_is_unchanged(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text("rows:\n  - [Dagger, 1d6-1, \"-\"]\n  - {name: Club, st: 9, thrown: true, note: null}\n")
    first = load_yaml_file(table)
    kept = tmp_path / "__pycache__" / "table.yaml.marshal"
    assert kept.is_file()
    assert load_yaml_file(table) == first == {
        "rows": [["Dagger", "1d6-1", "-"], {"name": "Club", "st": 9, "thrown": True, "note": None}]}
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
