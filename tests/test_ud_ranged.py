"""Ranged weapons: volleys, no shooting while engaged, into melee, armor at hindrance, reloading."""

from helpers import act, action_info, of_kind, refused, snap
from ud_helpers import figure, new_game

STILL = {"dodge": False}


def archer(weapons=("Longbow",), target_at=(4, 0), extra=(), target=None, **options):
    return new_game(
        figure("Ann", "PCs", (0, 0), weapons=list(weapons), **STILL),
        figure("Orc", "Orcs", target_at, **{**STILL, **(target or {})}),
        *extra,
        options=options,
    )


def test_firing_tests_an_ability_with_the_ranged_weapon_and_hits_for_its_die():
    game = archer()
    out = act(game, "Ann", "shoot", target="Orc", dice=[2, 7, 6])
    assert of_kind(out, "attack")[0].data["sides"] == [6, 8]
    assert of_kind(out, "damage_roll")[0].data["damage"] == 7


def test_a_failed_shot_lets_the_target_return_a_volley():
    game = archer(target={"weapons": ["Shortbow"]})
    out = act(game, "Ann", "shoot", target="Orc", dice=[2, 3, 5, 6])
    assert "returns a volley" in of_kind(out, "roll")[0].text
    assert of_kind(out, "damage_roll")[0].figure == "Ann"


def test_a_failed_shot_at_a_target_without_a_missile_weapon_just_misses():
    game = archer()
    out = act(game, "Ann", "shoot", target="Orc", dice=[2, 3])
    assert not of_kind(out, "damage_roll") and of_kind(out, "miss")


def test_no_ranged_attacks_while_engaged_in_melee():
    game = archer(target_at=(1, 0))
    assert action_info(game, "Ann", "shoot").reason == "engaged in melee: no ranged attacks"
    assert "engaged" in refused(game, do="act", figure="Ann", action="shoot", target="Orc")


def test_firing_into_a_melee_is_at_hindrance_and_a_miss_hits_the_wrong_target():
    friend = figure("Bo", "PCs", (5, 0), **STILL)
    game = archer(extra=(friend,))
    out = act(game, "Ann", "shoot", target="Orc", dice=[3, 2, 6])
    assert of_kind(out, "attack")[0].data["sides"] == [4, 6]  # every die a step down
    wrong = of_kind(out, "damage_roll")[0]
    assert wrong.figure == "Bo" and wrong.data["damage"] == 2


def test_the_wrong_target_is_the_figure_next_to_the_target_nearest_the_shooter():
    near = figure("Cy", "PCs", (3, 0), **STILL)
    far = figure("Bo", "PCs", (5, 0), **STILL)
    game = archer(extra=(far, near))
    out = act(game, "Ann", "shoot", target="Orc", dice=[1, 1, 6])
    assert of_kind(out, "damage_roll")[0].figure == "Cy"


def test_defenders_roll_all_armor_dice_at_hindrance_against_ranged_hits():
    game = archer(target={"armor": ["Maille", "Helmet"]})
    out = act(game, "Ann", "shoot", target="Orc", dice=[1, 8, 4, 2, 6])
    assert of_kind(out, "damage_roll")[0].data["armor_sides"] == [4, 2]


def test_black_powder_weapons_need_a_turn_to_reload():
    game = archer(weapons=("Musket",))
    act(game, "Ann", "shoot", target="Orc", dice=[2, 2])
    assert snap(game, "Ann")["loaded"] == {"Musket": False}
    act(game, "Ann", "pass")
    act(game, "Orc", "pass")
    assert "reloaded" in action_info(game, "Ann", "shoot").reason
    act(game, "Ann", "reload")
    assert snap(game, "Ann")["loaded"] == {"Musket": True}
    assert "already taken its action" in refused(game, do="act", figure="Ann", action="shoot", target="Orc")


def test_walls_block_the_line_of_fire_and_range_is_limited():
    game = new_game(
        figure("Ann", "PCs", (0, 0), weapons=["Sling"]),
        figure("Orc", "Orcs", (4, 0)),
        figure("Imp", "Orcs", (-4, 0)),
        walls=[(2, 0), (2, -1), (1, 0)],
    )
    assert action_info(game, "Ann", "shoot").targets == ("Imp",)
