"""Hostile maps, saves and Tiled files are refused quickly, in bounded memory, with a message.

Deep nesting, alias bombs, circular aliases, control characters in names and oversized files
(issue 14, items 1 to 5). Loading runs in forked processes under a memory limit
(tests/hostile_runner.py), so that a crash by signal or a runaway allocation is a failure of
the case that caused it, not of the test run. Bounds are generous (10 s of CPU, 1 GB): they catch a
bomb (minutes, gigabytes), not a slow machine.
"""

from __future__ import annotations

import base64
import json
import random
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import yaml

from board.game import Game
from board.maps import load_map, parse_map
from board.rules.base import Command
from board.rules.registry import ruleset_ids
from board.script import game_to_yaml
from board.yamlio import InputError, dump_yaml, parse_yaml
from board.yamlparse import SafeLoader

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "hostile_runner.py"
TMX = ROOT / "tests" / "data" / "tiled_sample.tmx"
SECONDS, MEGABYTES = 10, 1024


def run_hostile(cases: list[dict]) -> list[dict]:
    """Each case loaded by the command line in its own process: outcome, time, memory, signal."""
    done = subprocess.run(
        [sys.executable, str(RUNNER)],
        input=json.dumps(cases),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def assert_survived(reports: list[dict], expect: str | None = "refused") -> None:
    """No traceback, no signal, under the time and memory bounds, and the outcome expected."""
    assert reports
    for report in reports:
        where = f"{report['kind']} {Path(report['path']).name}"
        assert report["signal"] == 0, f"{where}: killed by signal {report['signal']}"
        assert report["outcome"] != "traceback", f"{where}:\n{report.get('traceback')}"
        assert report["seconds"] < SECONDS, f"{where}: {report['seconds']} s"
        assert report["rss_mb"] < MEGABYTES, f"{where}: {report['rss_mb']} MB"
        if expect:
            assert report["outcome"] == expect, f"{where}: {report['outcome']}"


# --- hostile fragments, in YAML flow style so that any value can be replaced by one -----------


def deep(levels: int, opener: str = "[") -> str:
    """A value nested levels deep."""
    closer = {"[": "]", "{a: ": "}"}[opener]
    return opener * levels + "1" + closer * levels


def alias_bomb(levels: int, width: int) -> str:
    """A list whose last item stands for width ** levels copies of "x"."""
    items = [f"&a0 [{', '.join(['x'] * width)}]"]
    items += [f"&a{n} [{', '.join([f'*a{n - 1}'] * width)}]" for n in range(1, levels)]
    return "[" + ", ".join(items) + "]"


CIRCULAR = "&p {a: *p}"
CONTROL = ['"Bob\\0"', '"Bob\\x1b[31m"', '"Bob\\a"', '"Bo\\nb"', '"\\x7f"']


def map_text(path: Path, slot: tuple, fragment: str) -> str:
    """A map's YAML with the value at slot (keys and indices) replaced by the fragment."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=SafeLoader)
    return replace(data, slot, fragment)


def replace(data, slot: tuple, fragment: str) -> str:
    """The data as YAML, with the value at slot replaced by the fragment's text."""
    parent = data
    for key in slot[:-1]:
        parent = parent[key]
    parent[slot[-1]] = "@@HOSTILE@@"
    return dump_yaml(data).replace("'@@HOSTILE@@'", fragment).replace("@@HOSTILE@@", fragment)


@pytest.fixture(scope="module")
def save_data() -> dict:
    """A save of a short game on the arena, as data."""
    game = Game(load_map(ROOT / "maps" / "arena.yaml"), seed=3)
    for _ in range(6):
        game.submit(game.ruleset.legal_commands(game.state)[0])
    return yaml.load(game_to_yaml(game), Loader=SafeLoader)


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- item 1: deep nesting ------------------------------------------------------------------------


def test_deep_nesting_is_refused_before_the_parser_can_overflow(tmp_path, save_data):
    arena = ROOT / "maps" / "arena.yaml"
    nested = deep(30_000)
    cases = [
        {"kind": "map", "path": write(tmp_path, "deep-map.yaml", f"name: {nested}\n")},
        {"kind": "map", "path": write(tmp_path, "deep-notes.yaml", map_text(arena, ("notes",), nested))},
        {
            "kind": "save",
            "path": write(tmp_path, "deep-save.yaml", replace(dict(save_data), ("seed",), deep(30_000, "{a: "))),
        },
        {
            "kind": "save",
            "path": write(tmp_path, "deep-inline.yaml", replace(dict(save_data), ("map", "notes"), nested)),
        },
    ]
    assert_survived(run_hostile(cases))
    with pytest.raises(InputError, match="nests more than 100 levels"):
        parse_yaml(nested, "deep.yaml")


# --- item 2: alias bombs -------------------------------------------------------------------------


def test_an_alias_bomb_is_refused_counting_each_alias_as_a_copy(tmp_path, save_data):
    bomb = alias_bomb(7, 9)  # 9 ** 7 = 4.8 million copies of "x" from under 300 bytes
    save = dict(save_data)
    save["commands"] = [*save["commands"], {"do": "end", "params": "@@HOSTILE@@"}]
    cases = [
        {
            "kind": "map",
            "path": write(tmp_path, "bomb-map.yaml", map_text(ROOT / "maps" / "arena.yaml", ("notes",), bomb)),
        },
        {
            "kind": "save",
            "path": write(
                tmp_path, "bomb-save.yaml", replace(save, ("seed",), "1").replace("'@@HOSTILE@@'", f"{{b: {bomb}}}")
            ),
        },
    ]
    assert_survived(run_hostile(cases))
    with pytest.raises(InputError, match="counting each alias as a copy"):
        parse_yaml(bomb, "bomb.yaml")


def test_aliases_within_the_bound_still_load():
    data, _ = parse_yaml("a: &a [1, 2]\nb: *a\nc: {<<: {x: 1}, y: 2}\n", "ok.yaml")
    assert data == {"a": [1, 2], "b": [1, 2], "c": {"x": 1, "y": 2}}


# --- item 3: circular aliases --------------------------------------------------------------------


def test_a_circular_alias_is_refused_at_its_line(tmp_path, save_data):
    save = dict(save_data)
    save["commands"] = [*save["commands"], {"do": "end", "params": "@@HOSTILE@@"}]
    text = dump_yaml(save).replace("'@@HOSTILE@@'", CIRCULAR)
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "circular.yaml")
    problem = caught.value.problems[0]
    assert "circular" in problem.message and problem.line == text[: text.index("*p")].count("\n") + 1
    assert_survived(run_hostile([{"kind": "save", "path": write(tmp_path, "circular.yaml", text)}]))


# --- item 4: control characters in names ---------------------------------------------------------


@pytest.mark.parametrize("slot", [("name",), ("figures", 0, "name"), ("figures", 1, "team")])
@pytest.mark.parametrize("name", CONTROL)
def test_a_control_character_in_a_name_is_refused_at_its_line(slot, name):
    text = map_text(ROOT / "maps" / "arena.yaml", slot, name)
    with pytest.raises(InputError) as caught:
        parse_map(text, "names.yaml")
    problem = caught.value.problems[0]
    assert "control characters" in problem.message
    assert problem.line == text[: text.index(name)].count("\n") + 1


def test_a_control_character_in_a_team_key_is_refused():
    text = map_text(ROOT / "maps" / "arena.yaml", ("teams",), '{"Red\\0": {color: "#ff0000"}}')
    with pytest.raises(InputError, match="control characters"):
        parse_map(text, "teams.yaml")


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_gm_cannot_add_a_figure_whose_name_holds_a_nul(ruleset):
    game = Game(load_map(ROOT / "maps" / "arena.yaml", ruleset))
    spec = {"name": "Nul\0", "at": "0808", "team": "Blue"}
    command = Command(do="gm", action="add", params={"figure": spec})
    outcome = game.submit(command)
    assert not outcome.accepted and "control characters" in outcome.reason
    command = Command(do="gm", action="add", params={"figure": {**spec, "name": "Nul", "team": "B\0"}})
    assert "control characters" in game.submit(command).reason


# --- item 5: size limits -------------------------------------------------------------------------


def test_an_oversized_map_named_by_a_save_is_refused_before_it_is_read(tmp_path, save_data):
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as stream:
        stream.truncate(1536 * 2**20)  # 1.5 GB, sparse: no disk used
    save = dict(save_data, map=str(huge))
    path = write(tmp_path, "by-path.yaml", dump_yaml(save))
    assert_survived(run_hostile([{"kind": "save", "path": path}, {"kind": "map", "path": str(huge)}]))
    with pytest.raises(InputError, match="may be at most 16 MB"):
        load_map(huge)


def tmx_with_layer(folder: Path, name: str, payload: bytes, compression: str = "zlib") -> str:
    """The Tiled sample with its tile layer replaced by base64 payload."""
    text = TMX.read_text(encoding="utf-8")
    start, end = text.index('<data encoding="csv">'), text.index("</data>") + len("</data>")
    data = f'<data encoding="base64" compression="{compression}">{base64.b64encode(payload).decode()}</data>'
    (folder / "hexes_flat.tsx").write_bytes((TMX.parent / "hexes_flat.tsx").read_bytes())
    (folder / "hexes_flat.png").write_bytes((TMX.parent / "hexes_flat.png").read_bytes())
    return write(folder, name, text[:start] + data + text[end:])


def zeros_compressed(megabytes: int, wbits: int = zlib.MAX_WBITS) -> bytes:
    """megabytes of zero bytes, compressed (about a thousandth of the size)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    chunk = bytes(2**20)
    return b"".join(packer.compress(chunk) for _ in range(megabytes)) + packer.flush()


def test_a_tile_layer_that_inflates_past_the_map_is_refused(tmp_path):
    cases = [
        {"kind": "tmx", "path": tmx_with_layer(tmp_path, "zlib-bomb.tmx", zeros_compressed(800))},
        {
            "kind": "tmx",
            "path": tmx_with_layer(tmp_path, "gzip-bomb.tmx", zeros_compressed(200, 16 + zlib.MAX_WBITS), "gzip"),
        },
    ]
    assert_survived(run_hostile(cases))
    from board.tiled import convert

    with pytest.raises(InputError, match="unpacks to more than the 48 tiles"):
        convert(cases[0]["path"])


def test_a_tile_layer_cut_short_is_refused(tmp_path):
    from board.tiled import convert

    whole = zlib.compress(bytes(4 * 48))
    with pytest.raises(InputError, match="cut short"):
        convert(tmx_with_layer(tmp_path, "short.tmx", whole[:-6]))


# --- a bounded fuzz: hostile fragments at random places of real maps, saves and Tiled files --------

MAP_SLOTS = [
    ("name",),
    ("notes",),
    ("teams",),
    ("terrain",),
    ("hexes",),
    ("figures",),
    ("figures", 0),
    ("figures", 0, "name"),
    ("figures", 1, "team"),
    ("figures", 0, "at"),
]
SAVE_SLOTS = [
    ("seed",),
    ("options",),
    ("commands",),
    ("commands", 0),
    ("commands", 0, "params"),
    ("commands", 2, "figure"),
    ("map",),
    ("map", "name"),
    ("map", "figures", 0, "name"),
    ("map", "figures", 1),
]


def hostile_fragment(rng: random.Random) -> str:
    """One hostile YAML value: deep, a bomb, circular, a control character or very many values."""
    kind = rng.choice(["deep", "bomb", "circular", "control", "many"])
    if kind == "deep":
        return deep(rng.choice([99, 101, 1000, 30_000, 200_000]), rng.choice(["[", "{a: "]))
    if kind == "bomb":
        return alias_bomb(rng.randint(2, 9), rng.randint(2, 12))
    if kind == "circular":
        return rng.choice([CIRCULAR, "&q [1, *q]", "&r {a: [{b: *r}]}"])
    if kind == "control":
        code = rng.choice([0, 1, 7, 8, 27, 127, 0x85, 0x9B])
        return f'"Name\\x{code:02x}"' if code < 0x100 else f'"Name\\u{code:04x}"'
    return "[" + ", ".join(["1"] * rng.choice([1000, 90_000, 120_000])) + "]"


def oversized(folder: Path, rng: random.Random, name: str) -> str:
    """A file over the size limit: sparse (no disk used), from just over it to 2 GB."""
    path = folder / name
    with open(path, "wb") as stream:
        stream.truncate(rng.choice([16 * 2**20 + 1, 300 * 2**20, 2 * 2**30]))
    return str(path)


def hostile_tmx(folder: Path, rng: random.Random, name: str) -> str:
    """The Tiled sample with a bomb, deep XML, an entity bomb, a huge size or a control character."""
    kind = rng.choice(["zlib", "gzip", "deep", "entities", "size", "control"])
    if kind in ("zlib", "gzip"):
        wbits = zlib.MAX_WBITS if kind == "zlib" else 16 + zlib.MAX_WBITS
        return tmx_with_layer(folder, name, zeros_compressed(rng.choice([1, 64, 400]), wbits), kind)
    text = tmx_with_layer(folder, name, bytes(4 * 48), "")
    text = Path(text).read_text(encoding="utf-8")
    if kind == "deep":
        depth = rng.choice([1000, 100_000])
        text = text.replace("</map>", "<g>" * depth + "</g>" * depth + "</map>")
    elif kind == "entities":
        entities = '<!ENTITY a "aaaaaaaaaa">' + "".join(
            f'<!ENTITY {chr(98 + n)} "{("&" + chr(97 + n) + ";") * 10}">' for n in range(9)
        )
        text = text.replace("<map ", f"<!DOCTYPE map [{entities}]>\n<map ", 1)
        text = text.replace('value="Tiled Sample"', 'value="&j;"')
    elif kind == "size":
        text = text.replace('width="8" height="6"', 'width="2000000000" height="2000000000"', 1)
    else:
        text = text.replace('name="Ann"', 'name="Ann&#x85;"')
    return write(folder, name, text)


def hostile_cases(folder: Path, save: dict, rng: random.Random, count: int) -> list[dict]:
    """count hostile maps, saves and Tiled files, written into folder."""
    maps = sorted((ROOT / "maps").glob("*.yaml"))
    cases = []
    for n in range(count):
        kind = rng.choice(["map", "map", "save", "save", "save-by-path", "tmx", "oversized"])
        name = f"case{n}-{kind}"
        if kind == "map":
            text = map_text(rng.choice(maps), rng.choice(MAP_SLOTS), hostile_fragment(rng))
            cases.append({"kind": "map", "path": write(folder, name + ".yaml", text)})
        elif kind == "save":
            text = replace(json.loads(json.dumps(save)), rng.choice(SAVE_SLOTS), hostile_fragment(rng))
            cases.append({"kind": "save", "path": write(folder, name + ".yaml", text)})
        elif kind == "save-by-path":
            target = (
                oversized(folder, rng, name + "-map.yaml")
                if rng.random() < 0.5
                else write(
                    folder, name + "-map.yaml", map_text(rng.choice(maps), rng.choice(MAP_SLOTS), hostile_fragment(rng))
                )
            )
            text = dump_yaml({**save, "map": target})
            cases.append({"kind": "save", "path": write(folder, name + ".yaml", text)})
        elif kind == "tmx":
            cases.append({"kind": "tmx", "path": hostile_tmx(folder, rng, name + ".tmx")})
        else:
            cases.append({"kind": rng.choice(["map", "save"]), "path": oversized(folder, rng, name + ".yaml")})
    return cases


def test_a_fuzz_of_hostile_files_never_crashes_hangs_or_bloats(tmp_path, save_data):
    cases = hostile_cases(tmp_path, save_data, random.Random(14), count=48)
    reports = run_hostile(cases)
    assert len(reports) == len(cases)
    assert_survived(reports, expect=None)
    refused = sum(report["outcome"] == "refused" for report in reports)
    assert refused >= len(cases) * 3 // 4, "most hostile files should be refused"


def painted_layer(tiles: int) -> str:
    """A zlib tile layer of tiles painted tiles, in base64: about 1 KB whatever tiles is."""
    return base64.b64encode(zlib.compress(b"\x01\x00\x00\x00" * tiles, 9)).decode()


def test_tile_layers_painting_more_than_any_map_holds_are_refused(tmp_path):
    payload, text = painted_layer(500 * 500), TMX.read_text(encoding="utf-8")
    start, end = text.index("<layer"), text.index("</layer>") + len("</layer>")
    layers = "".join(
        f'<layer id="{n + 1}" name="L{n}" width="500" height="500"><data encoding="base64" '
        f'compression="zlib">{payload}</data></layer>'
        for n in range(40)
    )
    many = text[:start].replace('width="8" height="6"', 'width="500" height="500"', 1) + layers + text[end:]
    infinite = text.replace('infinite="0"', 'infinite="1"', 1)
    start, end = infinite.index("<data"), infinite.index("</data>") + len("</data>")
    chunks = "".join(f'<chunk x="{n * 500}" y="0" width="500" height="500">{payload}</chunk>' for n in range(40))
    infinite = infinite[:start] + f'<data encoding="base64" compression="zlib">{chunks}</data>' + infinite[end:]
    tmx_with_layer(tmp_path, "sample.tmx", b"")  # the tileset beside them
    cases = [
        {"kind": "tmx", "path": write(tmp_path, "layers.tmx", many)},
        {"kind": "tmx", "path": write(tmp_path, "chunks.tmx", infinite)},
    ]
    assert_survived(run_hostile(cases))
    from board.tiled import convert

    with pytest.raises(InputError, match="paint more than 500,000 tiles"):
        convert(cases[1]["path"])


def test_an_oversized_tiled_file_is_refused_before_it_is_read(tmp_path):
    from board.tiled import convert

    huge = tmp_path / "huge.tmx"
    with open(huge, "wb") as stream:
        stream.truncate(2**30)
    assert_survived(run_hostile([{"kind": "tmx", "path": str(huge)}]))
    with pytest.raises(InputError, match="may be at most 32 MB"):
        convert(huge)


# --- issue 31: commands whose settings a save cannot keep ----------------------------------------


def nested(levels: int):
    value = 1
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_submit_refuses_settings_nested_255_deep_as_cleanly_as_check(ruleset):
    game = Game(load_map(ROOT / "maps" / "arena.yaml", ruleset), seed=1)
    before = game.snapshot()
    legal = game.legal_actions()[0]
    for params in ({"zzz": nested(255)}, {**legal.params, "zzz": nested(255)}):
        command = legal.model_copy(update={"params": params})
        reason = game.check(command)
        outcome = game.submit(command)
        assert reason and not outcome.accepted and outcome.reason == reason
    assert game.snapshot() == before and not game.history
    game_to_yaml(game)  # still saveable


@pytest.mark.parametrize(
    "value",
    [float("-inf"), float("nan"), {1: "x"}, {"a": {2: "x"}}, {"when": set()}],
    ids=["minus-infinity", "nan", "number-key", "nested-number-key", "set"],
)
def test_settings_a_save_would_write_as_something_else_are_refused(value):
    game = Game(load_map(ROOT / "maps" / "arena.yaml"), seed=1)
    command = game.legal_actions()[0].model_copy(update={"params": {"zzz": value}})
    assert "save" in game.check(command) or "text" in game.check(command)
    assert not game.submit(command).accepted and not game.history


def test_a_tile_layer_with_non_ascii_text_is_refused_at_its_line(tmp_path):
    from board.tiled import convert

    path = Path(tmx_with_layer(tmp_path, "accent.tmx", zlib.compress(bytes(4 * 48))))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('compression="zlib">', 'compression="zlib">é', 1), encoding="utf-8")
    line = next(n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "<data" in row)
    with pytest.raises(InputError) as refused:
        convert(path)
    problem = refused.value.problems[0]
    assert (problem.file, problem.line) == (str(path), line) and "'é'" in problem.message
    assert_survived(run_hostile([{"kind": "tmx", "path": str(path)}]))
