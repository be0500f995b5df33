"""Tiled objects in: figures only from the objects the GM marks; the rest counted, never dropped
silently (board/tiled/objects.py)."""

import re
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from board.hexgrid import Hex
from board.tiled import ImportOptions, convert
from board.tiled.objects import parse_figure_marks
from board.tiled.terrain import parse_mapping
from board.tiled.grid import Stagger
from board.yamlio import InputError

DATA = Path(__file__).resolve().parent / "data"
ISLAND = DATA / "tiled_island.tmx"
FLAT_EVEN = Stagger("x", "even", 32, 28, 16)


def load(path=ISLAND, figures=None, **options):
    return convert(path, ImportOptions(figures=parse_figure_marks(figures), **options))


def objects_line(imported):
    return next(line for line in imported.report if line.startswith("objects:"))


def test_only_objects_of_class_figure_become_figures_and_the_rest_are_counted_by_class():
    imported = load()
    assert [f.name for f in imported.battle.figures] == ["Ann"]
    assert objects_line(imported) == (
        "objects: 1 figures (Red 1); not imported: 5 (spawn 2, building 1, tree 1, Marker 1); "
        "1 outside the map; 1 in hidden layers (--hidden-layers reads them)"
    )


def test_a_decoration_with_a_figure_like_property_stays_decoration():
    # "Big tree" carries size: 3, a figure field; it is of class tree, so it is no figure.
    assert "Big tree" not in [f.name for f in load().battle.figures]


def test_spawn_points_become_figures_of_the_team_the_gm_names():
    battle = load(figures="player spawn=Red,Enemy Spawn=Blue").battle
    by_name = {f.name: (f.team, Hex(*f.at)) for f in battle.figures}
    assert by_name["Player spawn"] == ("Red", FLAT_EVEN.hexboard_hex(5, 2))
    assert by_name["Enemy spawn"] == ("Blue", FLAT_EVEN.hexboard_hex(1, 3))


def island_with(tmp_path, old, new):
    """The island in tmp_path with one piece of text replaced."""
    (tmp_path / "biomes.tsx").write_text((DATA / "biomes.tsx").read_text())
    path = tmp_path / "island.tmx"
    path.write_text(ISLAND.read_text().replace(old, new))
    return path


def test_a_class_mapped_to_a_team_makes_numbered_figures_of_every_such_object(tmp_path):
    battle = load(figures="spawn=Goblins").battle
    assert sorted((f.name, f.team) for f in battle.figures) == [
        ("Ann", "Red"),
        ("Enemy spawn", "Goblins"),
        ("Player spawn", "Goblins"),
    ]
    path = island_with(tmp_path, 'name="Enemy spawn"', 'name="Player spawn"')
    names = sorted(f.name for f in load(path, figures="spawn=Goblins").battle.figures)
    assert names == ["Ann", "Player spawn", "Player spawn 2"]


def test_objects_in_hidden_layers_are_read_when_asked():
    battle = load(hidden=True).battle
    assert sorted(f.name for f in battle.figures) == ["Ann", "Trap"]


def test_an_unmarked_object_with_a_team_is_named_in_the_summary(tmp_path):
    path = island_with(tmp_path, 'name="Ann" class="figure"', 'name="Ann"')
    imported = load(path)
    assert imported.battle.figures == []
    assert objects_line(imported).endswith(
        "Ann has a team but no class figure (give them class figure, or --figures NAME)"
    )


def test_a_figure_without_a_name_is_refused_at_the_object(tmp_path):
    path = island_with(tmp_path, 'name="Ann" class="figure"', 'class="figure"')
    with pytest.raises(InputError) as caught:
        load(path)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if 'id="1" class="figure"' in text)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:{line}: object 1 is a figure but has no name; give it a Name in Tiled"
    ]


# --- Any attribute broken: a message, never a traceback --------------------------------

SOURCES = {"island.tmx": ISLAND.read_text(), "biomes.tsx": (DATA / "biomes.tsx").read_text()}
ATTRIBUTES = [(name, m.span(1)) for name, text in SOURCES.items() for m in re.finditer(r'="([^"]*)"', text)]
VALUES = st.one_of(
    st.text(max_size=6),
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["", "0", "-1", "1e308", "nan", "inf", "odd", "even", "1", "x", "y"]),
)


TILECOUNT = next(a for a in ATTRIBUTES if SOURCES[a[0]][: a[1][0]].endswith('tilecount="'))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(ATTRIBUTES), VALUES), min_size=1, max_size=3))
@example(changes=[(TILECOUNT, "\u00b9")])  # "¹" is a digit to str.isdigit() that int() cannot read
def test_a_map_with_any_attribute_broken_imports_or_is_refused_with_a_message(tmp_path, changes):
    texts = dict(SOURCES)
    for (name, (start, end)), value in sorted(dict(changes).items(), reverse=True):
        texts[name] = texts[name][: start - 1] + quoteattr(value) + texts[name][end + 1 :]
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
    path = tmp_path / "island.tmx"
    try:
        convert(
            path,
            ImportOptions(
                parse_mapping("mountain=wall,ocean=off"), empty="off", figures=parse_figure_marks("spawn=Red")
            ),
        )
    except InputError as error:
        assert error.problems and all(str(p).startswith(str(tmp_path)) for p in error.problems)
