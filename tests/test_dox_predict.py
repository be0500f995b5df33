"""Exact odds: the prediction of a strike equals enumerating every die through apply()."""

from fractions import Fraction
from itertools import product

import pytest

from board.dice import ChainedDice, ScriptedDice, SeededDice
from board.rules.base import Command
from dox_helpers import fig, new_game


def enumerate_strike(game, command, dice_count):
    """Every combination of dice_count d6 through apply: P(hit), P(wounds | hit), P(unseated)."""
    hit, wounds, unseated = Fraction(0), {}, Fraction(0)
    weight = Fraction(1, 6**dice_count)
    target = command.target
    for faces in product(range(1, 7), repeat=dice_count):
        state = game.state.clone()
        dice = ChainedDice(ScriptedDice(faces), SeededDice(1))
        events = game.ruleset.apply(state, command, dice)
        if not any(e.data.get("hit") for e in events if e.kind == "attack"):
            continue
        hit += weight
        w = state.figures[target].wounds
        wounds[w] = wounds.get(w, Fraction(0)) + weight
        if any(e.kind == "roll" and e.data.get("success") is False for e in events):
            unseated += weight  # the Rider roll failed
    return hit, wounds, unseated


CASES = [
    (dict(weapon="Sword", strength=3), dict(armor="Leather", parry=3)),
    (dict(weapon="Fist"), dict(armor="Plate")),
    (dict(weapon="Greatsword", warrior=5), dict(dodge=0, parry=0, max_wounds=6)),
]


@pytest.mark.parametrize("ann, bob", CASES)
def test_the_strike_prediction_is_exact(ann, bob):
    game = new_game(fig("Ann", "Red", [0, 0], **ann), fig("Bob", "Blue", [1, 0], **bob), order=["Ann", "Bob"])
    command = Command(do="act", figure="Ann", action="strike", target="Bob")
    p = game.predict(command)
    hit, wounds, _ = enumerate_strike(game, command, 2)
    assert p.hit == hit
    assert p.expected_damage == sum(w * q for w, q in wounds.items())
    assert p.damage == {w: q / hit for w, q in sorted(wounds.items())}


def test_the_prediction_of_unseating_a_rider_is_exact():
    game = new_game(
        fig("Rex", "Red", [0, 1], mount="Horse", rider=2),
        fig("Horse", "Red", [0, 0], kind="horse"),
        fig("Ann", "Blue", [1, 0], weapon="Sword"),
        order=["Ann", "Rex", "Horse"],
    )
    command = Command(do="act", figure="Ann", action="strike", target="Rex")
    p = game.predict(command)
    hit, _, unseated = enumerate_strike(game, command, 4)
    assert (p.hit, p.outcomes["unseated"]) == (hit, unseated)


def test_a_pulled_blow_is_predicted_with_its_pull():
    game = new_game(fig("Ann", "Red", [0, 0], weapon="Sword"), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    full = game.predict(Command(do="act", figure="Ann", action="strike", target="Bob"))
    pulled = game.predict(Command(do="act", figure="Ann", action="strike", target="Bob", params={"pull": 2}))
    assert full.hit == pulled.hit and full.expected_damage - pulled.expected_damage == 2 * full.hit
    assert "2d6 + 2" in full.roll


def test_grabs_and_area_attacks_have_odds_too():
    game = new_game(fig("Ann", "Red", [0, 0], weapon="Firebomb"), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    grab = game.predict(Command(do="act", figure="Ann", action="grapple", target="Bob"))
    assert grab.hit == Fraction(26, 36)  # 2d6 + 2 >= 8
    area = game.predict(Command(do="act", figure="Ann", action="area_attack", to=(3, 0)))
    assert area.hit == Fraction(30, 36)  # 2d6 + 2 > 6
    assert game.predict(Command(do="act", figure="Ann", action="pass")) is None
