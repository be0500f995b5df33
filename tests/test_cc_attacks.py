"""Attack Rank against Defense Rank on the chart, 3d6, critical hits and misses, optional armor rules."""

import pytest

from helpers import act, fig, of_kind, ok
from cc_helpers import new_game
from board.rules.combat_chart.state import Effect


def duel(a=None, b=None, options=None):
    """A (Long Sword, acts first) next to B (Mace, no armor); C far away so rounds do not end."""
    return new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9, "weapons": ["Long Sword"], **(a or {})},
        {"name": "B", "team": "Blue", "at": [1, 0], "weapons": ["Mace"], **(b or {})},
        {"name": "C", "team": "Blue", "at": [-4, 0], "mind": 1},
        options=options,
    )


def attack_event(out):
    return of_kind(out, "attack")[0]


def test_roll_the_target_number_or_less_on_3d6_to_hit():
    game = duel()  # AR 4 vs DR 0: 11
    out = act(game, "A", "attack", target="B", dice=[5, 4, 2, 3])
    assert attack_event(out).data["needed"] == 11 and attack_event(out).data["hit"]
    assert fig(game, "B").hp == 7
    game = duel()
    out = act(game, "A", "attack", target="B", dice=[5, 4, 3])
    assert not attack_event(out).data["hit"] and of_kind(out, "miss") and fig(game, "B").hp == 10


def test_attack_rank_is_weapon_spells_maneuver_skill_and_aim_less_shield_and_stun():
    game = duel(a={"skill": 1}, b={"armor": "Chain Mail"})
    a = fig(game, "A")
    a.effects.append(Effect("Bless", av=1, rounds=3))
    a.shield_penalty, a.stunned = 1, True
    out = act(game, "A", "maneuver", target="B", params={"maneuver": "Power Strike", "aim": True}, dice=[6, 6, 5])
    # Long Sword 4 + skill 1 + Bless 1 + Power Strike 2 + aimed past Chain Mail 1 - shield 1 - stun 2
    assert attack_event(out).data["attack_rank"] == 6
    assert dict(map(tuple, attack_event(out).data["modifiers"])) == {
        "Long Sword": 4,
        "skill": 1,
        "Bless": 1,
        "Power Strike": 2,
        "aimed past Chain Mail": 1,
        "after a shield block": -1,
        "stunned": -2,
    }


def test_defense_rank_is_armor_spells_and_dodging():
    game = duel(b={"armor": "Chain Mail"})
    fig(game, "B").effects.append(Effect("Protection", dv=2, rounds=3))
    fig(game, "B").stance = "dodge"
    out = act(game, "A", "attack", target="B", dice=[6, 6, 5])
    assert attack_event(out).data["defense_rank"] == 7  # 3 + 2 + 2
    assert attack_event(out).data["needed"] == 7  # chart: Defense 7, Attack 4


def test_parrying_defends_against_melee_only():
    game = new_game(
        {"name": "A", "team": "Red", "at": [0, 0], "mind": 9, "weapons": ["Short Bow"]},
        {"name": "B", "team": "Blue", "at": [3, 0], "weapons": ["Mace"]},
        {"name": "C", "team": "Blue", "at": [-4, 0], "mind": 1},
    )
    fig(game, "B").stance = "parry"
    out = act(game, "A", "attack", target="B", dice=[6, 6, 5])
    assert attack_event(out).data["defense_rank"] == 0
    game = duel()
    fig(game, "B").stance = "parry"
    assert attack_event(act(game, "A", "attack", target="B", dice=[6, 6, 5])).data["defense_rank"] == 2


def test_ch_on_the_chart_is_a_critical_hit_without_rolling_3d6():
    game = duel(a={"skill": 8})  # AR 12 vs DR 0: *CH
    out = act(game, "A", "attack", target="B", dice=[4, 5])  # 1d6 = 4: double damage; 1d8 = 5
    assert attack_event(out).data["chart"] == "*CH" and attack_event(out).data["faces"] == [4]
    assert fig(game, "B").hp == 0 and fig(game, "B").status == "unconscious"


def test_cm_on_the_chart_is_a_critical_miss_without_rolling_3d6():
    game = duel(a={"weapons": [], "ready": "none"}, b={"armor": "Plate"})
    fig(game, "B").gm_dv = 7  # DR 12 vs AR 0 (unarmed): *CM
    out = act(game, "A", "attack", target="B", dice=[6])
    assert attack_event(out).data["chart"] == "*CM" and not attack_event(out).data["hit"]
    assert fig(game, "A").posture == "fallen"  # unarmed 6: trips and falls


def test_three_identical_dice_on_a_hit_are_a_critical_hit_using_that_number():
    game = duel()
    out = act(game, "A", "attack", target="B", dice=[1, 1, 1, 5])  # 3 <= 11, crit 1: +1 damage
    assert of_kind(out, "critical")[0].data == {"table": "critical_hit", "result": 1}
    assert fig(game, "B").hp == 4


def test_three_identical_dice_on_a_miss_are_a_critical_miss_using_that_number():
    game = duel()
    out = act(game, "A", "attack", target="B", dice=[6, 6, 6])  # 18 > 11: armed 6, the weapon breaks
    assert of_kind(out, "critical")[0].data == {"table": "critical_miss_armed", "result": 6}
    assert fig(game, "A").ready is None and "Long Sword" not in fig(game, "A").weapons


def sure_hit():
    return duel(a={"skill": 7})  # AR 11 vs DR 0: 18, every triple hits


def test_critical_hit_1_does_plus_1_damage():
    game = sure_hit()
    act(game, "A", "attack", target="B", dice=[1, 1, 1, 3])
    assert fig(game, "B").hp == 6


@pytest.mark.parametrize("save,stunned", [([6, 6, 6], True), ([1, 2, 2], False)])
def test_critical_hit_2_target_saves_vs_pain_or_is_stunned_next_turn(save, stunned):
    game = sure_hit()
    act(game, "A", "attack", target="B", dice=[2, 2, 2, 3] + save)
    assert fig(game, "B").stunned is stunned and fig(game, "B").hp == 7
    if stunned:
        assert game.snapshot()["figures"]["B"]["attack_rank"] == 4 - 2


def test_critical_hit_3_knocks_the_weapon_from_the_targets_hand():
    game = sure_hit()
    act(game, "A", "attack", target="B", dice=[3, 3, 3, 3])
    assert fig(game, "B").ready is None and game.state.items[fig(game, "B").hex] == ["Mace"]


def test_critical_hit_4_does_double_damage():
    game = sure_hit()
    act(game, "A", "attack", target="B", dice=[4, 4, 4, 3])
    assert fig(game, "B").hp == 4


def test_critical_hit_5_bleeds_1_damage_in_each_of_the_next_3_rounds():
    game = sure_hit()
    act(game, "A", "attack", target="B", dice=[5, 5, 5, 3])
    assert fig(game, "B").hp == 7 and fig(game, "B").bleeding == [[1, 3]]


def test_critical_hit_6_does_triple_damage():
    game = sure_hit()
    act(game, "A", "attack", target="B", dice=[6, 6, 6, 3])
    assert fig(game, "B").hp == 1


def sure_cm(unarmed=False):
    a = {"weapons": [], "ready": "none"} if unarmed else {"weapons": ["Dagger"], "skill": -2}
    game = duel(a=a)
    fig(game, "B").gm_dv = 12
    return game


@pytest.mark.parametrize(
    "face,check",
    [
        (1, lambda g: g.snapshot()["figures"]["A"]["initiative"] == 13),
        (2, lambda g: g.snapshot()["figures"]["A"]["defense_rank"] == -1),
        (3, lambda g: g.state.items == {fig(g, "A").hex: ["Dagger"]} and fig(g, "A").ready is None),
        (4, lambda g: fig(g, "A").hp == 9),
        (5, lambda g: g.snapshot()["figures"]["A"]["attack_rank"] == 0 - 1),
        (6, lambda g: fig(g, "A").ready is None and fig(g, "A").weapons == [] and not g.state.items),
    ],
)
def test_critical_miss_armed_table(face, check):
    game = sure_cm()
    act(game, "A", "attack", target="B", dice=[face])
    assert check(game)


@pytest.mark.parametrize(
    "face,check",
    [
        (1, lambda g: g.snapshot()["figures"]["A"]["initiative"] == 13),
        (2, lambda g: g.snapshot()["figures"]["A"]["defense_rank"] == -1),
        (3, lambda g: g.snapshot()["figures"]["A"]["defense_rank"] == -2),
        (4, lambda g: g.snapshot()["figures"]["A"]["attack_rank"] == -1),
        (5, lambda g: g.snapshot()["figures"]["A"]["attack_rank"] == -2),
        (6, lambda g: fig(g, "A").posture == "fallen"),
    ],
)
def test_critical_miss_unarmed_table(face, check):
    game = sure_cm(unarmed=True)
    act(game, "A", "attack", target="B", dice=[face])
    assert check(game)


def test_losing_balance_lasts_until_the_end_of_the_attackers_next_turn():
    game = sure_cm()
    act(game, "A", "attack", target="B", dice=[2])
    act(game, "B", "pass")
    act(game, "C", "pass")
    assert game.snapshot()["figures"]["A"]["defense_rank"] == -1  # round 2, before A's turn
    act(game, "A", "pass")
    assert game.snapshot()["figures"]["A"]["defense_rank"] == 0


def test_a_fallen_figure_must_stand_up_before_anything_else():
    game = sure_cm(unarmed=True)
    act(game, "A", "attack", target="B", dice=[6])
    act(game, "B", "pass")
    act(game, "C", "pass")
    from helpers import refused

    assert "stand up" in refused(game, do="act", figure="A", action="attack", target="B")
    act(game, "A", "stand_up")
    assert fig(game, "A").posture == "standing"


def test_armor_absorbs_a_miss_by_3_or_less_only_with_the_optional_rule():
    for options, dice, absorbed in (
        ({"armor_absorbs": True}, [6, 5, 1], True),  # 12 vs 10
        ({"armor_absorbs": True}, [6, 6, 2], False),  # 14 vs 10
        ({}, [6, 5, 1], False),
    ):
        game = duel(b={"armor": "Leather"}, options=options)
        out = act(game, "A", "attack", target="B", dice=dice)
        assert any(e.data.get("absorbed") for e in out.events) is absorbed


@pytest.mark.parametrize("deflected,repair", [(1, False), (2, True)])
def test_armor_that_deflects_more_than_its_defense_value_needs_repairs(deflected, repair):
    game = duel(b={"armor": "Leather"}, options={"armor_absorbs": True, "armor_damage": True})
    act(game, "A", "attack", target="B", dice=[6, 5, 1, deflected])
    b = fig(game, "B")
    assert b.armor_wear == 1 and b.armor_needs_repair is repair
    assert game.snapshot()["figures"]["B"]["defense_rank"] == 1  # no effect in this combat


def test_a_hit_takes_health_points_down_to_unconscious_and_dead():
    game = duel(a={"skill": 7})
    ok(game, do="gm", action="damage", figure="B", params={"amount": 6})
    act(game, "A", "attack", target="B", dice=[1, 2, 3, 5])
    assert fig(game, "B").status == "unconscious"
    game = duel(a={"skill": 7})
    ok(game, do="gm", action="damage", figure="B", params={"amount": 6})
    act(game, "A", "attack", target="B", dice=[1, 2, 3, 8, 1])  # 4 - 8 = -4 > -5: still alive
    assert fig(game, "B").status == "unconscious"
    game = duel(a={"skill": 7})
    ok(game, do="gm", action="damage", figure="B", params={"amount": 7})
    act(game, "A", "attack", target="B", dice=[1, 2, 3, 8])  # 3 - 8 = -5: dead
    assert fig(game, "B").status == "dead"
