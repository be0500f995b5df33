"""The optional mass rule: +3 per doubling, +1 or +2 halfway, no bonus to initiate, group pins.
The text's gorilla examples are the test vectors."""

import pytest

from board.rules.dox.rolls import mass_bonus
from helpers import act, of_kind, only, refused, snap
from dox_helpers import fig, new_game, set_order

MASS = {"mass_rule": True}


@pytest.mark.parametrize(
    "heavy, light, bonus",
    [
        (800, 200, 6),  # "four times as massive ... two doublings, so the gorilla gets a +6"
        (2400, 200, 11),  # "twelve times ... between three and four doublings. It gets +11"
        (200, 200, 0),
        (200, 800, 0),
        (400, 200, 3),
        (300, 200, 2),
        (250, 200, 1),
        (220, 200, 0),
    ],
)
def test_three_per_doubling_and_one_or_two_halfway_to_the_next(heavy, light, bonus):
    assert mass_bonus(heavy, light) == bonus


def test_the_gorilla_gets_no_bonus_to_initiate_the_grapple():
    game = new_game(
        fig("Kong", "Blue", [0, 0], mass=800), fig("Man", "Red", [1, 0]), order=["Kong", "Man"], options=MASS
    )
    event = only(act(game, "Kong", "grapple", target="Man", dice=[3, 3]), "attack")
    assert event.data["modifier"] == 0 and event.data["dox"] == 0


def test_the_gorilla_gets_plus_6_to_escape_the_mans_grapple():
    game = new_game(
        fig("Man", "Red", [0, 0]), fig("Kong", "Blue", [1, 0], mass=800, athlete=2), order=["Man", "Kong"], options=MASS
    )
    act(game, "Man", "grapple", target="Kong", dice=[5, 5])
    out = act(game, "Kong", "escape", dice=[1, 1])  # 2 + 2 + 6 = 10 vs 2 + 7 = 9
    assert of_kind(out, "roll")[0].data["modifier"] == 6 and snap(game, "Kong")["held_by"] == []


def test_without_the_option_mass_gives_nothing():
    game = new_game(fig("Man", "Red", [0, 0]), fig("Kong", "Blue", [1, 0], mass=800), order=["Man", "Kong"])
    act(game, "Man", "grapple", target="Kong", dice=[5, 5])
    act(game, "Kong", "escape", dice=[1, 1])
    assert snap(game, "Kong")["held_by"] == ["Man"]


def test_the_gorilla_gets_plus_6_to_maintain_its_grapple():
    game = new_game(
        fig("Kong", "Blue", [0, 0], mass=800), fig("Man", "Red", [1, 0]), order=["Kong", "Man"], options=MASS
    )
    act(game, "Kong", "grapple", target="Man", dice=[4, 4])
    act(game, "Man", "pass")
    set_order(game, "Kong", "Man")
    event = only(act(game, "Kong", "better_hold", dice=[1, 1]), "attack")
    assert event.data["modifier"] == 6 and event.data["dox"] == 2 + 2 + 6 - 8


def test_masses_add_for_a_group_pin_and_the_best_offense_gets_the_bonus():
    # Two 200-pound men pin a 200-pound man: 400 against 200 is one doubling, +3, for Cal
    # (the better Offense); Ann, the weaker, gets nothing on her own better-hold rolls.
    game = new_game(
        fig("Ann", "Red", [0, 0]),
        fig("Cal", "Red", [1, -1], warrior=4),
        fig("Bob", "Blue", [1, 0], athlete=4),
        order=["Ann", "Cal", "Bob"],
        options=MASS,
    )
    act(game, "Ann", "grapple", target="Bob", dice=[5, 5])
    act(game, "Cal", "grapple", target="Bob", dice=[5, 5])
    out = act(game, "Bob", "escape", dice=[3, 3])  # 6 + 4 = 10 vs Cal's 4 + 7 + 3 = 14
    assert of_kind(out, "roll")[0].data["challenge"] == 14 and len(snap(game, "Bob")["held_by"]) == 2
    set_order(game, "Ann", "Cal", "Bob")
    assert only(act(game, "Ann", "better_hold", dice=[4, 4]), "attack").data["modifier"] == 0
    assert only(act(game, "Cal", "better_hold", dice=[4, 4]), "attack").data["modifier"] == 3


def test_a_much_more_massive_victim_cannot_be_slammed_thrown_or_moved():
    game = new_game(fig("Man", "Red", [0, 0]), fig("Kong", "Blue", [1, 0], mass=2400), order=["Man", "Kong"])
    act(game, "Man", "grapple", target="Kong", dice=[6, 6])
    act(game, "Kong", "pass")
    set_order(game, "Man", "Kong")
    assert "massive" in refused(game, do="move", figure="Man", action="move", to=(-1, 0))
    assert "massive" in refused(game, do="act", figure="Man", action="slam", params={"surface": "floor"})
    assert "massive" in refused(game, do="act", figure="Man", action="throw", to=(-1, 0))
