"""The combat chart (assets/tables/combat-chart/chart.yaml) against the rule text, cell by cell."""

from pathlib import Path

import pytest

from board.rules.combat_chart.tables import CH, CM, load, target_number

TEXT = Path(__file__).resolve().parents[2] / "shared" / "rules" / "001_320f60941588f3aa.txt"


def _splits(digits: str, n: int, low: int) -> list[list[int]]:
    """Every way to cut a run of digits into n numbers 3..18, never decreasing along a row."""
    if n == 0:
        return [[]] if not digits else []
    out = []
    for width in (1, 2):
        head = digits[:width]
        if len(head) < width or head.startswith("0"):
            continue
        value = int(head)
        if 3 <= value <= 18 and value >= low:
            out += [[value] + rest for rest in _splits(digits[width:], n - 1, value)]
    return out


def chart_from_text() -> dict[int, list]:
    """Rebuild the 13x13 chart from the text, whose table lost its layout: each line is the
    Defense Rank, then groups "0 | 1 2 3 | 4 5 6 | 7 8 9 | 10 11 12" with the spaces gone."""
    text = TEXT.read_text()
    lines = text.split("Combat Chart\n", 1)[1].splitlines()[2:15]
    chart = {}
    for rank, line in enumerate(lines):
        tokens = line.split()
        assert tokens[0].startswith(str(rank))
        first = tokens[0][len(str(rank)):]
        row: list = [first if first.startswith("*") else int(first)]
        for group in tokens[1:]:
            if group.startswith("*"):
                row.append(group)
                continue
            wanted = 3 if len(row) + 3 <= 13 else 13 - len(row)
            low = row[-1] if isinstance(row[-1], int) else 0
            options = _splits(group, wanted, low) or _splits(group, wanted - 1, low)
            assert len(options) == 1, (rank, group, options)
            row += options[0]
        chart[rank] = row
    return chart


TEXT_CHART = chart_from_text()


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
    text = TEXT.read_text()
    crits = load().crits
    for heading, table in (("Critical Hits:", "critical_hit"),
                           ("Critical Misses (Armed Combat):", "critical_miss_armed"),
                           ("Critical Misses (Unarmed Combat):", "critical_miss_unarmed")):
        block = text.split(heading, 1)[1].splitlines()[2:8]
        assert [f"{k}: {crits[table][k]['text']}" for k in range(1, 7)] == block
