"""The kernel's one reading of a command's hex (board/rules/kernel/hexes.py), in every ruleset."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

from board.game import Game
from board.hexgrid import Hex, hex_label
from board.maps import load_map, parse_map
from board.rules.base import Command, Refusal
from board.rules.kernel.hexes import to_hex
from board.yamlio import dump_yaml

MAPS = Path(__file__).resolve().parents[1] / "maps"
RULESETS = ("warrior-wizard", "combat-chart", "dox", "melee-seconds", "usage-dice")


def a_state(rows: int = 6):
    """Any ruleset's state as the parser sees it: something with the map as .battle."""
    terrain = "\n".join(" ".join("." * 8) for _ in range(rows)) + "\n"
    data = {"name": "Test", "ruleset": "warrior-wizard", "layout": "flat", "terrain": terrain, "figures": []}
    return SimpleNamespace(battle=parse_map(dump_yaml(data)))


def test_a_pair_and_a_printed_label_name_the_same_hex():
    state = a_state()
    h = Hex(3, 1)
    assert to_hex(state, [3, 1]) == to_hex(state, (3, 1)) == h
    assert to_hex(state, hex_label(h, "flat")) == h


@pytest.mark.parametrize(
    "value, says",
    [
        ("abc", "4 or 6 digits"),
        ("05", "4 or 6 digits"),
        ("0000", "start at 1"),
        ([1], "[q, r]"),
        ([1, 2, 3], "[q, r]"),
        (["a", "b"], "[q, r]"),
        (None, "[q, r]"),
        ([True, 0], "[q, r]"),
        (1.5, "[q, r]"),
        ("0909", "off the map"),
        ([40, 0], "off the map"),
    ],
)
def test_anything_but_a_hex_on_the_map_is_refused_with_a_reason(value, says):
    with pytest.raises(Refusal) as refused:
        to_hex(a_state(), value)
    assert says in refused.value.reason


def skirmish(ruleset: str) -> Game:
    """The ruleset's sample map (Warrior & Wizard: the arena)."""
    name = "arena" if ruleset == "warrior-wizard" else f"{ruleset}-skirmish"
    return Game(load_map(MAPS / f"{name}.yaml"))


def first_command_with_a_hex(game: Game):
    """Play the first legal command until one names a destination (to, or a path)."""
    for _ in range(60):
        legal = game.ruleset.legal_commands(game.state)
        found = next((c for c in legal if c.to is not None or c.path), None)
        if found is not None:
            return found
        assert game.submit(legal[0]).accepted
    raise AssertionError("no command with a destination came up")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_reads_a_label_and_refuses_a_bad_one_with_the_parsers_reason(ruleset):
    """usage-dice let parse_label's ValueError out of check (Game called it "malformed"
    settings); melee-seconds' move plots did not take labels. Now one parser serves all."""
    game = skirmish(ruleset)
    command = first_command_with_a_hex(game)
    end = Hex(*(command.to if command.to is not None else command.path[-1]))
    label = hex_label(end, game.state.battle.layout)
    assert game.check(command.model_copy(update={"to": label, "path": None})) is None
    bad = command.model_copy(update={"to": "abc", "path": None})
    with pytest.raises(Refusal) as refused:
        game.ruleset.check(game.state, bad)
    assert "4 or 6 digits" in refused.value.reason
    assert game.check(bad) == refused.value.reason


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rulesets_gm_place_refuses_a_bad_label_with_the_parsers_reason(ruleset):
    game = skirmish(ruleset)
    figure = next(iter(game.state.figures))
    reason = game.check(Command(do="gm", action="place", figure=figure, to="12345"))
    assert reason is not None and "4 or 6 digits" in reason


def test_only_the_kernel_reads_labels_and_searches_for_reach():
    """One parser, one search: no ruleset package imports parse_label or a breadth-first queue."""
    rules = Path(__file__).resolve().parents[1] / "board" / "rules"
    offenders = []
    for path in rules.rglob("*.py"):
        if "kernel" in path.relative_to(rules).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and any(
                a.name in ("parse_label", "deque", "heappush") for a in node.names
            ):
                offenders.append(f"{path.relative_to(rules)}:{node.lineno}")
    assert offenders == []
