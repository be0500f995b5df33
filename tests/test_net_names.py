"""Players' names compare as a reader sees them (board/net/names.py)."""

from __future__ import annotations

import pytest

from board.net.names import clean_name, fold, name_refusal, same_name


@pytest.mark.parametrize("lookalike", ["gm", "GM ", "gM", "GМ", "Ｇｍ", "G\u200bM", "ＧＭ", "\tGM\n", "Gм"])
def test_names_that_read_as_gm_fold_to_the_same_name(lookalike):
    assert same_name(lookalike, "GM")


@pytest.mark.parametrize(
    "a, b",
    [
        ("Ann", "Аnn"),
        ("Ann", "ANN"),
        ("bo", "bо"),
        ("Aldric", "AIdric"),
        ("Korr", "Kοrr"),
        ("Zoe", "Zoë"),
        ("Ann Lee", "Ann  Lee"),
        ("ann0", "anno"),
    ],
)
def test_lookalike_letters_of_other_scripts_fold_to_latin(a, b):
    assert fold(a) == fold(b)


@pytest.mark.parametrize("a, b", [("Ann", "Bo"), ("Ann", "Anne"), ("Lee", "Leo")])
def test_different_names_stay_different(a, b):
    assert not same_name(a, b)


@pytest.mark.parametrize("bad", ["", "   ", "x" * 33, "a\x00b", "\u200b", "a\u202eb", 7, None])
def test_a_name_must_be_short_and_visible(bad):
    assert clean_name(bad) is None
    assert "visible characters" in name_refusal(bad, [])


def test_a_name_taken_is_refused_with_the_name_it_reads_as():
    assert "reads as 'GM'" in name_refusal("gМ", ["GM", "computer"])
    assert name_refusal("Ann", ["GM", "computer"]) is None
