"""Rule sentences read strictly: throwing skills, Disengage away, lying figures, push-back."""

from board.hexgrid import Hex
from tests.helpers import ok, refused
from tests.ww_helpers import figure, new_game, stand_still_until


def test_a_thrown_weapon_needs_the_thrown_weapons_skill_or_its_own_skill():
    # "A thrown weapon may be thrown by a character with the Thrown Weapons Skill, or with
    # the weapon-specific Skill."
    for skills, allowed in (([], False), (["Thrown Weapons"], True), (["Javelin"], True)):
        game = new_game(
            figure("Ann", "red", (-3, 0), 0, dx=12, weapons=["Javelin"], skills=skills),
            figure("Bob", "blue", (0, 0), 3),
        )
        stand_still_until(game, "Ann")
        command = dict(do="act", figure="Ann", action="shoot", target="Bob", dice=(3, 3, 3, 1))
        if allowed:
            ok(game, **command)
        else:
            assert "needs the Thrown Weapons skill" in refused(game, **command)


def test_a_missile_weapon_needs_no_skill():
    game = new_game(figure("Ann", "red", (-3, 0), 0, dx=12, weapons=["Short Bow"]), figure("Bob", "blue", (0, 0), 3))
    stand_still_until(game, "Ann")
    ok(game, do="act", figure="Ann", action="shoot", target="Bob", dice=(3, 3, 3, 1))


def engaged_pair():
    """Bob, facing up-left (2), Engages Ann beside him; Ann acts first."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=13, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 2, dx=9, weapons=["Mace"]),
    )
    stand_still_until(game, "Ann")
    return game


def test_disengage_moves_away_from_the_opponent():
    # "To Disengage, move one hex away from the opponent, outside of his threat zone."
    game = engaged_pair()
    # (0, 1) is outside Bob's threat zone but still next to him: refused.
    reason = refused(game, do="act", figure="Ann", action="disengage", to=(0, 1))
    assert reason == "Disengage moves away from Bob: that hex is no farther from them"
    ok(game, do="act", figure="Ann", action="disengage", to=(-1, 0))
    ok(game, do="act", figure="Bob", action="strike_disengaging", dice=(6, 6, 6))
    assert game.state.figures["Ann"].hex == Hex(-1, 0)


def test_a_figure_lying_down_must_stand_before_it_attacks():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=13, weapons=["Broadsword"], posture="fallen"),
        figure("Bob", "blue", (1, 0), 3, dx=9, weapons=["Mace"]),
    )
    stand_still_until(game, "Ann")
    reason = refused(game, do="act", figure="Ann", action="attack", target="Bob")
    assert "fallen: stand up first" in reason


def test_a_surprised_figure_has_no_threat_zone_until_the_end_of_the_turn():
    # "A character who is unconscious, dead, fallen, prone, surprised, etc., has no Threat Zone."
    from tests.helpers import gm

    game = engaged_pair()
    assert game.snapshot()["figures"]["Ann"]["engaged"]
    gm(game, "surprise", "Bob")
    assert not game.snapshot()["figures"]["Ann"]["engaged"]
    assert game.snapshot()["figures"]["Bob"]["threat_zone"] == []
    turn = game.state.turn
    while game.state.turn == turn:
        ok(game, do="act", figure=game.state.active, action="pass")
    assert game.snapshot()["figures"]["Ann"]["engaged"]


def test_firearms_are_missile_weapons():
    game = new_game(
        figure("Ann", "red", (-3, 0), 0, dx=12, st=12, weapons=["Flintlock Pistol"]), figure("Bob", "blue", (0, 0), 3)
    )
    stand_still_until(game, "Ann")
    outcome = ok(game, do="act", figure="Ann", action="shoot", target="Bob", dice=(3, 3, 3, 6))
    assert [e.kind for e in outcome.events if e.kind in ("attack", "damage_roll")] == ["attack", "damage_roll"]


def test_the_fight_ends_at_once_when_fire_kills_the_last_of_a_side():
    from board.game import Game
    from board.maps import parse_map

    text = """\
name: Fire walk
layout: pointy
terrain: |
  . ^ ^ ^ . . .
  . . . . . . .
figures:
  - {name: Ann, team: Red, at: "0101", facing: 0, st: 3, dx: 14}
  - {name: Bob, team: Blue, at: "0702", facing: 3, dx: 9}
"""
    game = Game(parse_map(text), seed=1)
    # Ann (IQ 10) dares the fire (3d6: 3), walks through three burning hexes: 1d6-4 +2 +2 = 6.
    outcome = ok(game, do="move", figure="Ann", path=((1, 0), (2, 0), (3, 0), (4, 0)), dice=(1, 1, 1, 6))
    assert game.state.figures["Ann"].status == "dead"
    assert game.state.phase == "over" and game.state.winner == "Blue"
    assert [e.kind for e in outcome.events][-1] == "victory"
