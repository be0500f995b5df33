"""The GM commands every ruleset shares (board/rules/kernel/gm.py), under every ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.rules.registry import ruleset_ids

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.yaml"  # a walled room, 3 against 3


def arena(ruleset: str) -> Game:
    return Game(load_map(ARENA, ruleset), seed=2)


def gm(action: str, figure: str | None = None, **fields) -> Command:
    return Command(do="gm", action=action, figure=figure, **fields)


def refused(game: Game, command: Command) -> str:
    before = game.snapshot()
    outcome = game.submit(command)
    assert not outcome.accepted, f"{command} was accepted"
    assert game.snapshot() == before
    return outcome.reason


def free_hex(game: Game):
    taken = {c for token in game.tokens().values() for c in token.cells}
    return next(h for h in sorted(game.battle.cells) if game.battle.passable(h) and h not in taken)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_an_unknown_gm_command_is_refused_naming_those_the_ruleset_takes(ruleset):
    reason = refused(arena(ruleset), gm("smite", "Aldric"))
    assert reason.startswith('unknown GM command "smite"; expected one of: place, damage, heal')
    assert 'no figure named "Zed"' in refused(arena(ruleset), gm("place", "Zed", to=(1, 1)))


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_places_a_figure_only_where_it_can_stand(ruleset):
    game = arena(ruleset)
    wall = next(h for h in sorted(game.battle.cells) if not game.battle.passable(h))
    bryn = game.state.figures["Brenna"].hex
    assert (
        refused(game, gm("place", "Aldric", to=wall))
        == f"cannot place Aldric there: {game.battle.label(wall)} is a wall"
    )
    assert (
        refused(game, gm("place", "Aldric", to=bryn))
        == f"cannot place Aldric there: Brenna is in the way at {game.battle.label(bryn)}"
    )
    spot = free_hex(game)
    assert game.submit(gm("place", "Aldric", to=game.battle.label(spot))).accepted
    assert game.state.figures["Aldric"].hex == spot


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_place_takes_a_facing_only_where_figures_face_a_hex_side(ruleset):
    game = arena(ruleset)
    turn = gm("place", "Aldric", facing=3)
    if game.ruleset.facing:
        assert game.submit(turn).accepted and game.state.figures["Aldric"].facing == 3
        assert game.events[-1].text == "GM places Aldric at 0404, facing W"
    else:
        assert refused(game, turn) == "place does not take facing"


@pytest.mark.parametrize("ruleset", ruleset_ids())
@pytest.mark.parametrize("amount", [True, 0, -2, 1.5, "2", None])
def test_damage_and_heal_take_a_whole_number_of_one_or_more(ruleset, amount):
    # Warrior & Wizard took `amount: true` as 1 before the kernel checked it for all.
    for action in ("damage", "heal"):
        params = {} if amount is None else {"amount": amount}
        reason = refused(arena(ruleset), gm(action, "Aldric", params=params))
        assert reason.startswith("give params.amount: a whole number")


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_taking_out_a_whole_side_ends_the_fight(ruleset):
    game = arena(ruleset)
    blue = [f.name for f in game.state.figures.values() if f.team == "Blue"]
    for name in blue[:-1]:
        assert game.submit(gm("remove", name)).accepted
        assert name not in game.state.figures
    assert game.submit(gm("damage", blue[-1], params={"amount": 99})).accepted
    assert not game.state.figures[blue[-1]].up
    assert game.state.phase == "over" and game.state.winner == "Red"
    assert [e.text for e in game.events if e.kind == "victory"] == ["Red wins"]


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_adds_a_figure_checked_as_a_map_figure_is(ruleset):
    game = arena(ruleset)
    sheet = next(s for s in game.battle.figures if s.name == "Aldric").model_dump(mode="json")
    assert "already on the map" in refused(game, gm("add", params={"figure": sheet}))

    def add(**fields) -> Command:
        return gm("add", params={"figure": {**sheet, "name": "Dee", **fields}})

    assert "Brenna is in the way" in refused(game, add(at=list(game.state.figures["Brenna"].hex)))
    assert "wings" in refused(game, add(wings=2))
    spot = free_hex(game)
    assert game.submit(add(at=list(spot))).accepted
    assert game.state.figures["Dee"].hex == spot and game.events[-1].text == "GM adds Dee"
    assert game.submit(gm("remove", "Dee")).accepted and "Dee" not in game.snapshot()["figures"]
