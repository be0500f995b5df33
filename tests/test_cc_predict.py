"""Predictions are exact: compared with every dice sequence run through apply()."""

from fractions import Fraction

import pytest

from cc_helpers import new_game
from board.rules.base import Command


class _Branch(Exception):
    pass


class _Path:
    """Dice that follow a prefix, and ask for a new branch past it."""

    def __init__(self, prefix):
        self.prefix, self.i, self.sides = prefix, 0, []

    def roll(self, sides):
        if self.i == len(self.prefix):
            raise _Branch(sides)
        value = self.prefix[self.i]
        self.i += 1
        return value


def enumerate_apply(game, command):
    """Every complete dice sequence of the command with its probability: (state, events, p)."""
    out, stack = [], [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        state = game.state.clone()
        try:
            events = game.ruleset.apply(state, command, _Path(prefix))
        except _Branch as branch:
            sides = branch.args[0]
            stack += [(prefix + (v,), p / sides) for v in range(1, sides + 1)]
            continue
        out.append((state, events, p))
    return out


CASES = [
    ({"weapons": ["Long Sword"]}, {}, {}),
    ({"weapons": ["Mace"], "skill": 7}, {"body": 9}, {}),  # every triple hits; pain saves
    ({"weapons": ["Long Sword"], "skill": 8}, {}, {}),  # *CH
    ({"weapons": ["Dagger"], "skill": -2}, {"armor": "Leather"}, {"armor_absorbs": True}),
]


@pytest.mark.parametrize("a,b,options", CASES)
def test_prediction_equals_exact_enumeration_through_apply(a, b, options):
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 20, **a},
        {"name": "B", "team": "Blue", "at": [1, 0], "weapons": ["Mace"], "hp": 6, **b},
        {"name": "C", "team": "Blue", "at": [-4, 0], "mind": 1},
        options=options,
    )
    command = Command(do="act", figure="A", action="attack", target="B")
    prediction = game.predict(command)
    hit = Fraction(0)
    damage: dict[int, Fraction] = {}
    outcomes = {k: Fraction(0) for k in prediction.outcomes}
    for state, events, p in enumerate_apply(game, command):
        attack = next(e for e in events if e.kind == "attack")
        crit = next((e for e in events if e.kind == "critical"), None)
        lost = sum(e.data["taken"] for e in events if e.kind == "damage" and e.figure == "B")
        if attack.data["hit"]:
            hit += p
            damage[lost] = damage.get(lost, Fraction(0)) + p
            outcomes["hit"] += p
        if crit is not None:
            outcomes["critical hit" if crit.data["table"] == "critical_hit" else "critical miss"] += p
        b = state.figures["B"]
        outcomes["stunned"] += p if b.stunned else 0
        outcomes["disarmed"] += p if b.ready is None else 0
        outcomes["bleeds"] += p if b.bleeding else 0
        outcomes["down"] += p if b.status == "unconscious" else 0
        outcomes["dies"] += p if b.status == "dead" else 0
        if "armor absorbs" in outcomes:
            outcomes["armor absorbs"] += p if any(e.data.get("absorbed") for e in events) else 0
    assert prediction.hit == hit
    assert prediction.damage == {k: v / hit for k, v in sorted(damage.items())}
    assert prediction.expected_damage == sum(k * v for k, v in damage.items())
    assert prediction.outcomes == outcomes


def test_a_magical_attack_predicts_the_failed_saving_throw():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 20, "magic": 5, "spells": ["Sleep"]},
        {"name": "B", "team": "Blue", "at": [2, 0], "mind": 10},
        {"name": "C", "team": "Blue", "at": [-4, 0], "mind": 1},
    )
    prediction = game.predict(Command(do="act", figure="A", action="cast", target="B", params={"spell": "Sleep"}))
    assert prediction.hit == Fraction(1, 2) and prediction.roll == "B saves on 3d6, 10 or less"


def test_the_prediction_reads_how_the_roll_is_made():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 20, "weapons": ["Long Sword"]},
        {"name": "B", "team": "Blue", "at": [1, 0]},
    )
    prediction = game.predict(Command(do="act", figure="A", action="attack", target="B"))
    assert prediction.roll == "3d6, 11 or less" and prediction.hit == Fraction(135, 216)
