"""Honest odds tooltips (issue 18): no "Damage if hit 0.0" for what does no damage (a sleep
spell, a usage-dice shot whose damage lands as wounds); the damage a hit does as a bar chart;
each ruleset says under its odds what the prediction cannot know."""

from fractions import Fraction

import pygame
import pytest

from board.rules.reports import Prediction
from board.rules.registry import get_ruleset, ruleset_ids
from board.ui.draw import odds


def prediction(damage, outcomes=None) -> Prediction:
    hit = Fraction(1, 2)
    expected = sum((k * v for k, v in damage.items()), Fraction(0)) * hit
    return Prediction(3, 10, hit, damage, expected, outcomes or {"dies": Fraction(1, 20)})


@pytest.mark.parametrize("damage", [{}, {0: Fraction(1)}])
def test_an_attack_that_does_no_damage_claims_none(damage):
    kinds = [kind for kind, _ in odds.odds_lines("Bryn", prediction(damage, {"knocked out": Fraction(1, 2)}))]
    assert "damage" not in kinds and "chart" not in kinds
    assert ("outcome", ("knocked out", Fraction(1, 2), False)) in odds.odds_lines(
        "Bryn", prediction(damage, {"knocked out": Fraction(1, 2)})
    )


def test_the_damage_a_hit_does_is_drawn_as_a_bar_per_value():
    p = prediction({1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)})
    rows = odds.odds_lines("Bryn", p)
    assert ("damage", "Damage if hit: 2.0 on average, after armor") in rows and ("chart", None) in rows
    pygame.font.init()
    chart = odds._chart(p)
    step = chart.get_width() // 3
    heights = [sum(chart.get_at((i * step + step // 2, y)).a > 0 for y in range(odds.CHART_HEIGHT)) for i in range(3)]
    assert heights[1] == odds.CHART_HEIGHT and heights[0] == heights[2] == odds.CHART_HEIGHT // 2


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_says_what_its_odds_cannot_know(ruleset):
    note = get_ruleset(ruleset).odds_note
    assert "not foreseen" in note
