"""The combat chart (assets/tables/combat-chart/chart.yaml) against the rule text, cell by cell.

The text's values are written here, so the test needs nothing outside the repository."""

import pytest

from board.rules.combat_chart.tables import CH, CM, load, target_number

# The Combat Chart as the rule text prints it (rows: Defense Rank 0-12; columns: Attack
# Rank 0-12), transcribed once from the text; *CH and *CM are the automatic results.
TEXT_CHART = {
    0: [9, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 18, "*CH"],
    1: [8, 9, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 18],
    2: [8, 8, 9, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17],
    3: [7, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14, 15, 16],
    4: [7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14, 15],
    5: [6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14],
    6: [6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13],
    7: [5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12],
    8: [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11],
    9: [4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10],
    10: [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10],
    11: [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9],
    12: ["*CM", 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9],
}

# The three critical tables, line by line as the text prints them.
TEXT_CRITS = {
    "critical_hit": [
        "1: Attack does +1 damage.",
        "2: Target must save vs. pain or be stunned next turn.",
        "3: Knocked weapon from target's hand.",
        "4: Attack does double (x2) damage.",
        "5: Attack causes 1 damage in next 3 rnds from bleeding.",
        "6: Attack does triple (x3) damage.",
    ],
    "critical_miss_armed": [
        "1: Attacker stumbles, -1 initiative until combat ends.",
        "2: Attacker loses balance, -1 DV next action.",
        "3: Attacker drops his weapon.",
        "4: Attacker strikes himself for 1 HP of damage.",
        "5: Attacker pulls muscle, -1 AV until combat ends.",
        "6: Attacker's weapon breaks.",
    ],
    "critical_miss_unarmed": [
        "1: Attacker stumbles, -1 initiative until combat ends.",
        "2: Attacker loses balance, -1 DV next action.",
        "3: Attacker loses balance, -2 DV next action.",
        "4: Attacker pulls muscle, -1 AV until combat ends.",
        "5: Attacker pulls muscle, -2 AV until combat ends.",
        "6: Attacker trips and falls to the ground.",
    ],
}


def test_the_text_chart_is_thirteen_by_thirteen():
    assert sorted(TEXT_CHART) == list(range(13))
    assert all(len(row) == 13 for row in TEXT_CHART.values())


@pytest.mark.parametrize("defense", range(13))
@pytest.mark.parametrize("attack", range(13))
def test_every_chart_cell_matches_the_text(attack, defense):
    assert target_number(load(), attack, defense) == TEXT_CHART[defense][attack]


def test_the_only_automatic_results_are_ch_at_attack_12_defense_0_and_cm_at_attack_0_defense_12():
    cells = {(a, d): target_number(load(), a, d) for a in range(13) for d in range(13)}
    assert [k for k, v in cells.items() if v == CH] == [(12, 0)]
    assert [k for k, v in cells.items() if v == CM] == [(0, 12)]


def test_ranks_beyond_the_chart_are_read_at_its_edge():
    tables = load()
    assert target_number(tables, 15, 0) == CH
    assert target_number(tables, -2, 3) == target_number(tables, 0, 3) == 7
    assert target_number(tables, 4, 20) == target_number(tables, 4, 12)


def test_a_higher_attack_rank_never_lowers_the_target_and_a_higher_defense_never_raises_it():
    tables = load()
    for d in range(13):
        row = [v for v in (target_number(tables, a, d) for a in range(13)) if isinstance(v, int)]
        assert row == sorted(row)
    for a in range(13):
        col = [v for v in (target_number(tables, a, d) for d in range(13)) if isinstance(v, int)]
        assert col == sorted(col, reverse=True)


def test_the_critical_tables_match_the_text_line_by_line():
    crits = load().crits
    for table, lines in TEXT_CRITS.items():
        assert [f"{k}: {crits[table][k]['text']}" for k in range(1, 7)] == lines
