"""Exact odds: the prediction equals an exhaustive enumeration of every die through apply()."""

from collections import defaultdict
from fractions import Fraction

import pytest

from board.rules.base import Command
from board.rules.usage_dice.gear import step_down
from board.rules.usage_dice.predict import _hit_outcomes, _hit_sums, hit_outcomes, hit_sums
from helpers import act
from ud_helpers import figure, new_game


class _Branch(Exception):
    def __init__(self, sides):
        self.sides = sides


class _TreeDice:
    """Dice that replay a prefix, then stop to ask for a branch."""

    def __init__(self, prefix):
        self.prefix, self.next = prefix, 0

    def roll(self, sides):
        if self.next < len(self.prefix):
            self.next += 1
            return self.prefix[self.next - 1]
        raise _Branch(sides)


def enumerate_apply(game, command):
    """Every way the dice can fall: (probability, events) for each."""
    leaves, stack = [], [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        state = game.state.clone()
        try:
            events = game.ruleset.apply(state, command, _TreeDice(prefix))
        except _Branch as branch:
            stack += [(prefix + (face,), p / branch.sides) for face in range(1, branch.sides + 1)]
            continue
        leaves.append((p, events))
    return leaves


def tally(leaves, attacker, target):
    out, damage = defaultdict(Fraction), defaultdict(Fraction)
    for p, events in leaves:
        for e in events:
            if e.kind == "attack" and e.data["grade"] != "fail":
                out[e.data["grade"]] += p
            if e.kind == "damage_roll":
                who = "target" if e.figure == target else "you" if e.figure == attacker else "wrong target"
                out[f"{who} hit"] += p
                if who == "target":
                    damage[e.data["taken"]] += p
            if e.kind == "unconscious":
                who = "target" if e.figure == target else "you" if e.figure == attacker else "wrong target"
                out[f"{who} incapacitated"] += p
            if e.kind == "dies":
                who = "target" if e.figure == target else "you" if e.figure == attacker else "wrong target"
                out[f"{who} dies"] += p
    return out, damage


CASES = {
    "dual wielder against a shield and leather": (
        [
            figure("A", "PCs", (0, 0), power=4, grace=2, weapons=["Dagger", "Hand Axe"], fatigue_limit=1),
            figure("B", "Orcs", (1, 0), power=4, weapons=["Dagger"], armor=["Leather", "Buckler"], fatigue_limit=1),
        ],
        {"do": "act", "figure": "A", "action": "engage", "target": "B"},
        None,
    ),
    "a d2 shield that breaks on its own die cannot be sundered": (
        [
            figure("A", "PCs", (0, 0), power=4, weapons=["Dagger"]),
            figure("B", "Orcs", (1, 0), power=4, armor=["Shield d2", "Leather"], dodge=False),
        ],
        {"do": "act", "figure": "A", "action": "engage", "target": "B"},
        None,
    ),
    "a defend-yourself riposte": (
        [
            figure("A", "PCs", (0, 0), power=4, weapons=["Dagger"], armor=["Buckler"], sunder=False),
            figure("B", "Orcs", (1, 0), power=2, weapons=["Hand Axe"], armor=["Leather"], dodge=False),
        ],
        {"do": "act", "figure": "B", "action": "engage", "target": "A"},
        "pass A",
    ),
    "a shot by the gm side, the player defends with armor": (
        [
            figure("A", "PCs", (0, 0), power=4, armor=["Leather"], defence="defend", dodge=False),
            figure("B", "Orcs", (3, 0), power=4, weapons=["Shortbow"]),
        ],
        {"do": "act", "figure": "B", "action": "shoot", "target": "A"},
        "pass A",
    ),
    "a shot by the gm side into a melee, the player ripostes without a bow": (
        [
            figure("A", "PCs", (0, 0), power=4, armor=["Buckler"], dodge=False),
            figure("C", "Orcs", (1, 0), power=2, dodge=False),
            figure("B", "Orcs", (4, 0), power=4, weapons=["Shortbow"]),
        ],
        {"do": "act", "figure": "B", "action": "shoot", "target": "A"},
        "pass A",
    ),
    "a shot by the gm side, the player returns a volley": (
        [
            figure("A", "PCs", (0, 0), power=4, weapons=["Sling"], dodge=False),
            figure("B", "Orcs", (3, 0), power=2, weapons=["Shortbow"], armor=["Leather"]),
        ],
        {"do": "act", "figure": "B", "action": "shoot", "target": "A"},
        "pass A",
    ),
    "a shot into a melee": (
        [
            figure("A", "PCs", (0, 0), power=4, grace=4, weapons=["Sling"]),
            figure("C", "PCs", (4, 0), power=4, dodge=False),
            figure("B", "Orcs", (3, 0), power=4, armor=["Helmet", "Gambeson"]),
        ],
        {"do": "act", "figure": "A", "action": "shoot", "target": "B", "params": {"edge": "help"}},
        None,
    ),
    "a missed shot returns a volley": (
        [
            figure("A", "PCs", (0, 0), power=4, grace=2, weapons=["Sling"], dodge=False),
            figure("B", "Orcs", (3, 0), power=2, weapons=["Sling"], armor=["Leather"]),
        ],
        {"do": "act", "figure": "A", "action": "shoot", "target": "B"},
        None,
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_prediction_equals_exhaustive_enumeration(case):
    figures, command, before = CASES[case]
    game = new_game(*figures)
    if before:
        act(game, before.split()[1], before.split()[0])
    command = Command(**command)
    prediction = game.predict(command)
    counted, damage = tally(enumerate_apply(game, command), command.figure, command.target)
    for key in (
        "target hit",
        "you hit",
        "wrong target hit",
        "target incapacitated",
        "you incapacitated",
        "target dies",
        "you dies",
        "setback",
        "critical",
        "success",
    ):
        assert prediction.outcomes.get(key, 0) == counted.get(key, 0), key
    assert prediction.hit == counted["target hit"]
    hit = counted["target hit"]
    if hit:
        assert prediction.damage == {k: v / hit for k, v in sorted(damage.items())}
    assert prediction.expected_damage == sum(k * v for k, v in damage.items())


def test_prediction_reads_the_roll_and_leaves_the_state_alone():
    game = new_game(figure("A", "PCs", (0, 0), weapons=["Greatsword"]), figure("B", "Orcs", (1, 0)))
    before = game.snapshot()
    prediction = game.predict(Command(do="act", figure="A", action="engage", target="B"))
    assert prediction.roll.startswith("Power d6 + Greatsword d10, best 4+")
    assert prediction.hit == 1 - Fraction(3, 6) * Fraction(3, 10)
    assert game.snapshot() == before
    assert game.predict(Command(do="act", figure="A", action="pass")) is None


def test_a_stunt_predicts_its_chance_of_success():
    game = new_game(figure("A", "PCs", (0, 0)), figure("B", "Orcs", (1, 0)))
    prediction = game.predict(Command(do="act", figure="A", action="trip", target="B"))
    assert prediction.hit == 1 - Fraction(3, 6) * Fraction(3, 8)


def test_the_odds_of_a_stunt_the_player_defends_against_are_the_odds_it_lands():
    game = new_game(
        figure("A", "PCs", (0, 0), power=4, grace=4, weapons=["Dagger"], dodge=False),
        figure("B", "Orcs", (1, 0), power=4),
    )
    act(game, "A", "pass")
    command = Command(do="act", figure="B", action="trip", target="A")
    leaves = enumerate_apply(game, command)
    lands = sum(p for p, events in leaves if any(e.kind == "falls" for e in events))
    ripostes = sum(p for p, events in leaves if any(e.kind == "damage_roll" for e in events))
    prediction = game.predict(command)
    assert prediction.hit == lands == Fraction(3, 4) * Fraction(3, 4)
    assert prediction.outcomes["you hit"] == ripostes


def test_a_hit_is_worked_out_afresh_once_the_armor_wears_or_the_fatigue_grows():
    # hit_outcomes is kept by what it reads (armor, Power, dodge room, sunder): a worn armor
    # die or a dodge spent must not be answered with the odds of the figure as it was.
    game = new_game(figure("A", "PCs", (0, 0), power=4, armor=["Leather"]), figure("B", "Orcs", (1, 0)))
    state = game.state.clone()
    a = state.figures["A"]
    before = hit_outcomes(a, 6, False)
    assert before == _hit_outcomes(a, 6, False, False)
    a.armor[0].die = step_down(a.armor[0].die)
    worn = hit_outcomes(a, 6, False)
    assert worn == _hit_outcomes(a, 6, False, False) and worn != before
    a.fatigue = a.fatigue_limit
    tired = hit_outcomes(a, 6, False)
    assert tired == _hit_outcomes(a, 6, False, False) and tired != worn


def test_a_hits_sums_are_worked_out_afresh_once_the_armor_wears():
    # hit_sums adds up hit_outcomes over a damage roll, kept by the same reading as hit_outcomes
    # plus the damage roll: a worn armor die must not be answered with the sums of the fresh one.
    game = new_game(figure("A", "PCs", (0, 0), power=4, armor=["Leather"]), figure("B", "Orcs", (1, 0)))
    a = game.state.clone().figures["A"]
    roll = {4: Fraction(1, 2), 8: Fraction(1, 2)}
    before = hit_sums(a, roll, False, False)
    assert before == _hit_sums(a, roll, False, False)
    assert before[0][" hit"] == 1 and sum(before[1].values()) == 1
    assert hit_sums(a, {4: Fraction(1)}, False, False) != before
    a.armor[0].die = step_down(a.armor[0].die)
    worn = hit_sums(a, roll, False, False)
    assert worn == _hit_sums(a, roll, False, False) and worn != before
