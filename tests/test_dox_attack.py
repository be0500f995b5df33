"""The attack: Offense roll - Defense = dox; dox >= 0 hits; damage = dox + Strength + weapon -
Protection; Fortune negates wounds; an attacker may pull the blow."""

from helpers import act, of_kind, ok, only, refused, snap
from dox_helpers import fig, new_game

A = dict(weapon="Sword")  # Strength 2, Warrior 2, Dodge 2, Parry 2 by default; Sword +3


def duel(a=None, b=None, **kw):
    return new_game(
        fig("Ann", "Red", [0, 0], **{**A, **(a or {})}),
        fig("Bob", "Blue", [1, 0], **(b or {})),
        order=["Ann", "Bob"],
        **kw,
    )


def test_dox_is_the_offense_roll_minus_the_defense():
    game = duel()
    event = only(act(game, "Ann", "strike", target="Bob", dice=[5, 4]), "attack")
    # 2d6 9 + Warrior 2 = 11 against Defense 6 + 2 = 8: dox 3
    assert (event.data["total"], event.data["defense"], event.data["dox"]) == (11, 8, 3)


def test_a_dox_of_zero_hits():
    game = duel()
    out = act(game, "Ann", "strike", target="Bob", dice=[3, 3])
    assert only(out, "attack").data["dox"] == 0 and only(out, "attack").data["hit"]
    # dox 0 + Strength 2 + Sword 3 - Protection 0 = 5 wounds
    assert snap(game, "Bob")["wounds"] == 5


def test_a_negative_dox_misses():
    game = duel()
    out = act(game, "Ann", "strike", target="Bob", dice=[3, 2])
    assert only(out, "attack").data["dox"] == -1 and of_kind(out, "miss")
    assert snap(game, "Bob")["wounds"] == 0


def test_defense_is_the_better_of_dodge_and_parry():
    game = duel(b={"weapon": "Sword", "dodge": 1, "parry": 4})
    event = only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack")
    assert (event.data["defense"], event.data["using"]) == (10, "parry")
    game = duel(b={"weapon": "Sword", "dodge": 5, "parry": 4})
    event = only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack")
    assert (event.data["defense"], event.data["using"]) == (11, "dodge")


def test_defense_is_the_one_that_is_possible():
    # Bob's fists cannot parry: his Dodge serves even though his Parry rating is higher.
    game = duel(b={"dodge": 1, "parry": 5})
    assert only(act(game, "Ann", "strike", target="Bob", dice=[6, 6]), "attack").data["using"] == "dodge"


def test_damage_is_dox_plus_strength_plus_weapon_minus_protection():
    game = duel(a={"strength": 3}, b={"armor": "Chain"})
    act(game, "Ann", "strike", target="Bob", dice=[6, 5])
    # dox 13 - 8 = 5; 5 + 3 + 3 - Chain 4 = 7
    assert snap(game, "Bob")["wounds"] == 7


def test_protection_can_stop_every_wound():
    game = duel(a={"weapon": "Fist", "strength": 1}, b={"armor": "Plate"})
    out = act(game, "Ann", "strike", target="Bob", dice=[4, 2])
    assert only(out, "attack").data["hit"] and snap(game, "Bob")["wounds"] == 0


def test_the_victim_may_burn_fortune_to_negate_wounds():
    game = duel(b={"fortune": 3})
    act(game, "Ann", "strike", target="Bob", dice=[5, 4])  # dox 3: 8 wounds
    info = game.ruleset.turn_info(game.state)
    assert (info.phase, info.active) == ("fortune", "Bob")
    refused(game, do="act", figure="Bob", action="burn_fortune", params={"points": 4})
    refused(game, do="act", figure="Bob", action="strike", target="Ann")
    act(game, "Bob", "burn_fortune", params={"points": 3})
    assert (snap(game, "Bob")["wounds"], snap(game, "Bob")["fortune"]) == (5, 0)
    assert game.ruleset.turn_info(game.state).active == "Bob"  # now his own turn


def test_burning_no_fortune_takes_every_wound():
    game = duel(b={"fortune": 3})
    act(game, "Ann", "strike", target="Bob", dice=[5, 4])
    act(game, "Bob", "burn_fortune", params={"points": 0})
    assert (snap(game, "Bob")["wounds"], snap(game, "Bob")["fortune"]) == (8, 3)


def test_an_attacker_may_pull_the_blow():
    game = duel()
    act(game, "Ann", "strike", target="Bob", dice=[5, 4], params={"pull": 4})
    assert snap(game, "Bob")["wounds"] == 4  # 3 + 2 + 3 - 4
    refused(game, do="act", figure="Bob", action="strike", target="Ann", params={"pull": 3})


def test_a_figure_is_down_at_its_wound_limit_and_the_last_side_standing_wins():
    game = duel(b={"max_wounds": 5})
    out = act(game, "Ann", "strike", target="Bob", dice=[3, 3])
    assert snap(game, "Bob")["status"] == "down"
    assert game.state.phase == "over" and game.state.winner == "Red"
    assert [e.text for e in of_kind(out, "victory")] == ["Red wins"]


def test_only_the_active_figure_acts_and_only_once():
    game = duel()
    assert "turn" in refused(game, do="act", figure="Bob", action="strike", target="Ann")
    ok(game, do="act", figure="Ann", action="pass")
    assert game.state.active == "Bob"
