"""Prediction equals exact enumeration through resolution."""

import itertools
from fractions import Fraction

import pytest

from board.rules.base import Command
from tests.helpers import act
from tests.ms_helpers import caster_plotted, fighter, general, new_game


def setup(b_facing=3, armour=None, hits=12):
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, weapons=["Mace"]),
        fighter("B", "Blue", (1, 0), facing=b_facing, amr=1, armour=armour, hits=hits, co=2),
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1])
    return g


@pytest.mark.parametrize("facing, armour, hits", [(3, None, 12), (0, "Mail", 6), (1, "Leather", 4)])
def test_prediction_matches_exact_enumeration_through_apply(facing, armour, hits):
    g = setup(facing, armour, hits)
    command = Command(do="act", figure="A", action="attack", target="B")
    p = g.ruleset.predict(g.state, command)
    act(g, "A", "attack", target="B")
    base = g.state
    hit = Fraction(0)
    dist: dict[int, Fraction] = {}
    out = {"knocked out": Fraction(0), "killed": Fraction(0)}
    for a in range(1, 21):
        if a > p.target_number:
            continue
        hit += Fraction(1, 20)
        for loc, d in itertools.product(range(1, 7), range(1, 7)):
            trial = base.clone()
            from board.dice import ScriptedDice

            events = g.ruleset.apply(trial, Command(do="act", figure="B", action="nothing"), ScriptedDice([a, loc, d]))
            dmg = [e.data["taken"] for e in events if e.kind == "damage"][0]
            w = Fraction(1, 20 * 36)
            dist[dmg] = dist.get(dmg, 0) + w
            status = trial.figures["B"].status
            if status == "dead":
                out["killed"] += w
            elif status == "unconscious":
                out["knocked out"] += w
    assert p.hit == hit
    assert {k: v / hit for k, v in dist.items()} == {k: v for k, v in p.damage.items() if v}
    assert p.outcomes["knocked out"] == out["knocked out"] and p.outcomes["killed"] == out["killed"]


def test_the_odds_do_not_show_a_spell_the_target_plotted_in_secret():
    """2.2.1 written plots are secret until the second resolves: B's odds against M are the same
    whether M plotted a spell (D 0, 3.7) or nothing, and the spell still counts when B's attack
    resolves."""
    attack = Command(do="act", figure="B", action="attack", target="M")
    odds = [caster_plotted(plot, written=True).predict(attack) for plot in ("cast", "nothing")]
    assert odds[0] == odds[1] and odds[0].modifiers == ()
    g = caster_plotted("cast", written=True)
    out = act(g, "B", "attack", target="M", dice=[15, 2, 4])  # 15 hits only with D 0 (11 + 4)
    assert [e.kind for e in out.events].count("damage") == 1


def test_the_odds_show_a_spell_plotted_in_the_open():
    attack = Command(do="act", figure="B", action="attack", target="M")
    odds = caster_plotted("cast", written=False).predict(attack)
    assert ("defender's D is 0", 4) in odds.modifiers
