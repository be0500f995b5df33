"""A figure sheet's `pronoun:` (issue 35: every figure was "his"): rule messages speak of a figure
as its sheet says, "they" when it says nothing; any other word is refused at its line."""

import pytest

from board.maps import parse_map
from board.words import pronoun, they_do
from board.yamlio import InputError
from helpers import act, only, refused
from test_ww_combat_actions import after_moving, engaged_pair
from ww_helpers import figure, move, new_game


@pytest.mark.parametrize("word, their", [("they", "their"), ("she", "her"), ("he", "his")])
def test_a_dropped_weapon_is_said_to_be_the_figures_own_in_its_pronoun(word, their):
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=10, weapons=["Light Crossbow"], st=12, pronoun=word),
        figure("Bob", "blue", (3, 0), 3, dx=12),
    )
    move(game, "Bob", (2, 0), (1, 0), action="jog")  # Bob charges into Ann's threat zone
    move(game, "Ann")
    act(game, "Bob", "pass")
    outcome = act(game, "Ann", "shoot_charger", target="Bob", dice=(6, 6, 6))
    assert only(outcome, "drops").text == f"Ann drops {their} Light Crossbow"


def test_a_figure_without_a_pronoun_is_they():
    game = engaged_pair()
    assert game.state.figures["Ann"].pronoun == "they"
    assert pronoun(game.state.figures["Ann"], "themselves") == "themselves"


@pytest.mark.parametrize(
    "word, words", [("they", "they disengage"), ("she", "she disengages"), ("he", "he disengages")]
)
def test_the_engagers_choice_and_refusal_name_the_disengager_in_their_pronoun(word, words):
    game = engaged_pair({"dx": 14, "pronoun": word}, {"dx": 11, "weapons": ["Broadsword"], "st": 12})
    after_moving(game, 0)
    act(game, "Ann", "disengage", to=(-1, 0))
    labels = [i.label for i in game.actions("Bob")]
    assert f"Attack Ann as {words}" in labels
    assert f"whether to attack Ann as {words}" in refused(game, do="act", figure="Bob", action="pass")


def test_the_verb_agrees_with_she_and_he():
    class F:
        pronoun = "she"

    assert they_do(F, "disengage") == "she disengages" and they_do(F, "pass") == "she passes"
    assert pronoun(F, "them") == "her" and pronoun(F, "themselves") == "herself"


def test_a_pronoun_not_they_she_or_he_is_refused_at_its_line():
    text = 'name: P\nterrain: |\n  . .\nfigures:\n  - {name: Ann, at: "0101", pronoun: it}\n'
    with pytest.raises(InputError) as caught:
        parse_map(text, "p.yaml")
    (message,) = [str(p) for p in caught.value.problems]
    assert message.startswith("p.yaml:5:") and "'she'" in message


@pytest.mark.parametrize("word, self_", [("they", "themselves"), ("she", "herself"), ("he", "himself")])
def test_a_dox_figure_aiming_at_itself_is_refused_in_its_pronoun(word, self_):
    from dox_helpers import fig
    from dox_helpers import new_game as dox_game

    game = dox_game(fig("Ann", "red", (0, 0), pronoun=word), fig("Bob", "blue", (1, 0)), order=("Ann", "Bob"))
    assert f"Ann cannot aim at {self_}" in refused(game, do="act", figure="Ann", action="strike", target="Ann")
