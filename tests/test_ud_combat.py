"""Engage in combat, dealing damage, defend yourself, nimble dodge, wounds, dual wielding, wear.

Dice order of an attack by the players' side: the ability die, the weapon dice; then on a hit
the defender's armor dice and Power die; on a failure the defender's weapon dice (fresh), then
the attacker's armor dice and Power die.
"""

from helpers import act, fig, of_kind, refused, snap
from ud_helpers import figure, new_game

STILL = {"dodge": False}  # no nimble dodge, so the numbers are plain


def duel(attacker=None, defender=None, **options):
    a = figure("Grog", "PCs", (0, 0), **{**STILL, **(attacker or {})})
    d = figure("Orc", "Orcs", (1, 0), **{**STILL, **(defender or {})})
    return new_game(a, d, options=options)


def test_engage_rolls_ability_and_weapon_dice_and_takes_the_highest():
    game = duel({"weapons": ["Greatsword"]})
    out = act(game, "Grog", "engage", target="Orc", dice=[6, 2, 6])  # best 6: a success
    attack = of_kind(out, "attack")[0]
    assert attack.data["sides"] == [6, 10] and attack.data["faces"] == [6, 2]
    assert attack.data["grade"] == "success" and attack.data["hit"]


def test_a_success_hits_and_the_weapon_die_is_the_damage():
    game = duel({"weapons": ["Greatsword"]})
    out = act(game, "Grog", "engage", target="Orc", dice=[1, 9, 6])  # Power d6 of Orc rolls 6
    assert of_kind(out, "damage_roll")[0].data["damage"] == 9
    # no armor: 9 past armor, Power 6 <= 9: debilitating, incapacitated
    assert snap(game, "Orc")["status"] == "incapacitated"


def test_a_failure_means_the_defender_hits_the_attacker_a_trading_of_blows():
    game = duel()
    out = act(game, "Grog", "engage", target="Orc", dice=[3, 2, 5, 6])  # Orc's Sword d8 rolls 5
    assert [e.kind for e in out.events][:2] == ["attack", "miss"]
    hit = of_kind(out, "damage_roll")[0]
    assert hit.figure == "Grog" and hit.data["damage"] == 5
    assert snap(game, "Orc")["status"] == "ok" and fig(game, "Grog").wounds == ["incidental"]


def test_the_test_reading_best_die_4_to_5_is_a_setback_that_still_hits():
    game = duel()
    out = act(game, "Grog", "engage", target="Orc", dice=[2, 4, 6])
    assert of_kind(out, "attack")[0].data["grade"] == "setback"
    assert of_kind(out, "damage_roll")[0].figure == "Orc"


def test_wear_and_tear_a_setback_steps_the_attackers_weapon_down():
    game = duel()
    act(game, "Grog", "engage", target="Orc", dice=[2, 5, 6])
    assert snap(game, "Grog")["weapons"] == {"Sword": 6}


def test_wear_and_tear_is_an_option():
    game = duel(setback_wear=False)
    act(game, "Grog", "engage", target="Orc", dice=[2, 5, 6])
    assert snap(game, "Grog")["weapons"] == {"Sword": 8}


def test_wear_and_tear_multiple_successes_step_the_enemys_armor_down():
    game = duel(defender={"armor": ["Maille"]})
    out = act(game, "Grog", "engage", target="Orc", dice=[6, 7, 2, 6])
    assert of_kind(out, "attack")[0].data["grade"] == "critical"
    assert snap(game, "Orc")["armor"] == {"Maille": 4}


def test_engage_tests_power_or_grace_by_choice_or_the_better_die():
    game = duel({"power": 4, "grace": 10})
    out = act(game, "Grog", "engage", target="Orc", dice=[9, 1, 6])
    assert of_kind(out, "attack")[0].data["ability"] == "grace"
    game = duel({"power": 4, "grace": 10})
    out = act(game, "Grog", "engage", target="Orc", params={"ability": "power"}, dice=[4, 1, 6])
    assert of_kind(out, "attack")[0].data["sides"] == [4, 8]


def test_an_edge_must_be_help_or_hindrance_whatever_the_script_gives():
    for edge in ("luck", ["help"], {"help": 1}):
        reason = refused(duel(), do="act", figure="Grog", action="engage", target="Orc", params={"edge": edge})
        assert reason == 'params.edge must be "help" or "hindrance"'


def test_armor_reduces_the_damage_grogs_example():
    # "Grog rolls a 4 while the Orc rolls a 5 ... the orc is bruised but not hurt."
    game = duel({"weapons": ["Greatsword"]}, {"armor": ["Maille"]}, setback_wear=False)
    out = act(game, "Grog", "engage", target="Orc", dice=[1, 4, 5, 2])
    hit = of_kind(out, "damage_roll")[0].data
    assert (hit["damage"], hit["armor"], hit["taken"]) == (4, 5, 0)
    assert snap(game, "Orc")["status"] == "ok" and snap(game, "Orc")["wounds"] == []


def test_damage_beyond_armor_wounds_by_the_power_roll_higher_is_incidental():
    game = duel(defender={"armor": ["Leather"]})
    act(game, "Grog", "engage", target="Orc", dice=[1, 7, 3, 5])  # 7 - 3 = 4; Power 5 > 4
    assert snap(game, "Orc")["wounds"] == ["incidental"] and snap(game, "Orc")["status"] == "ok"


def test_a_power_roll_lower_or_equal_is_debilitating_and_incapacitates():
    game = duel(defender={"armor": ["Leather"]})
    act(game, "Grog", "engage", target="Orc", dice=[1, 7, 3, 4])  # 4 <= 4
    assert snap(game, "Orc")["wounds"] == ["debilitating"]
    assert snap(game, "Orc")["status"] == "incapacitated"


def test_a_power_roll_of_1_is_a_severe_wound_and_power_steps_down():
    # "After armor, Grog is dealt 3 damage. He rolls his d6 Power and gets a 1 ... d4."
    game = duel()
    act(game, "Grog", "engage", target="Orc", dice=[2, 3, 8, 1])
    assert snap(game, "Grog")["power"] == 4 and snap(game, "Grog")["status"] == "incapacitated"
    assert snap(game, "Grog")["wounds"] == ["severe"]


def test_a_1_on_d2_power_is_a_mortal_wound_and_death():
    game = duel(defender={"power": 2})
    out = act(game, "Grog", "engage", target="Orc", dice=[6, 1, 1])
    assert snap(game, "Orc")["status"] == "dead" and of_kind(out, "dies")
    assert game.state.winner == "PCs"


def test_a_shield_is_sundered_to_cancel_the_remaining_damage():
    game = duel(defender={"armor": ["Shield"]})
    out = act(game, "Grog", "engage", target="Orc", dice=[1, 8, 2, 1])
    assert snap(game, "Orc")["armor"] == {} and snap(game, "Orc")["status"] == "ok"
    assert of_kind(out, "damage_roll")[0].data["sundered"]


def test_a_shield_kept_whole_when_its_bearer_will_not_sunder_it():
    game = duel(defender={"armor": ["Shield"], "sunder": False})
    act(game, "Grog", "engage", target="Orc", dice=[1, 7, 2, 6])  # 5 past the shield; 6 > 5
    assert snap(game, "Orc")["armor"] == {"Shield": 6} and snap(game, "Orc")["wounds"] == ["incidental"]


def test_nimble_dodge_a_lightly_armored_figure_adds_fatigue_to_cut_damage():
    game = duel(defender={"armor": ["Leather"], "dodge": True, "fatigue_limit": 3})
    out = act(game, "Grog", "engage", target="Orc", dice=[1, 8, 2, 6])  # 6 past armor, 3 dodged
    assert snap(game, "Orc")["fatigue"] == 3
    assert of_kind(out, "damage_roll")[0].data["taken"] == 3


def test_no_nimble_dodge_in_heavy_armor():
    game = duel(defender={"armor": ["Plate"], "dodge": True})
    act(game, "Grog", "engage", target="Orc", dice=[1, 8, 2, 6])
    assert snap(game, "Orc")["fatigue"] == 0


def test_dual_wielders_roll_all_weapon_dice_and_take_the_highest():
    game = duel({"weapons": ["Sword", "Dagger"]})
    out = act(game, "Grog", "engage", target="Orc", dice=[2, 3, 4, 6])
    data = of_kind(out, "attack")[0].data
    assert data["sides"] == [6, 8, 4] and of_kind(out, "damage_roll")[0].data["damage"] == 4


def test_any_1_steps_that_piece_of_equipment_down():
    game = duel({"weapons": ["Sword", "Dagger"]}, setback_wear=False)
    act(game, "Grog", "engage", target="Orc", dice=[2, 1, 4, 6])
    assert snap(game, "Grog")["weapons"] == {"Sword": 6, "Dagger": 4}


def test_heavily_clad_roll_all_armor_dice_and_a_1_steps_that_piece_down():
    game = duel(defender={"armor": ["Maille", "Helmet", "Shield"], "sunder": False})
    out = act(game, "Grog", "engage", target="Orc", dice=[6, 3, 1, 2, 1, 6])
    hit = of_kind(out, "damage_roll")[0].data
    assert hit["armor_sides"] == [6, 4, 6] and hit["armor"] == 2
    assert snap(game, "Orc")["armor"] == {"Maille": 4, "Helmet": 4, "Shield": 4}


def test_a_lone_piece_does_not_wear_on_a_1_unless_the_option_says_so():
    game = duel(defender={"armor": ["Maille"]})
    act(game, "Grog", "engage", target="Orc", dice=[6, 2, 1, 6])
    assert snap(game, "Orc")["armor"] == {"Maille": 6}
    game = duel(defender={"armor": ["Maille"]}, lone_item_wear=True)
    act(game, "Grog", "engage", target="Orc", dice=[6, 2, 1, 6])
    assert snap(game, "Orc")["armor"] == {"Maille": 4}


def test_a_piece_stepped_down_from_d2_breaks():
    game = duel({"weapons": ["Sword d2", "Dagger"]}, setback_wear=False)
    out = act(game, "Grog", "engage", target="Orc", dice=[2, 1, 4, 6])
    assert snap(game, "Grog")["weapons"] == {"Dagger": 4}
    assert any("breaks" in e.text for e in of_kind(out, "wear"))


def test_sunder_after_wear_a_shield_broken_by_its_own_die_cannot_also_be_sundered():
    """ "the defender rolls both their armor die and Power. Armor reduces the damage ... If bearing
    a shield, they can sunder it": the armor roll (and its 1s' wear) comes first; a shield that
    broke on its own die is no longer borne."""
    game = duel(defender={"armor": ["Shield d2", "Leather"]})
    out = act(game, "Grog", "engage", target="Orc", dice=[1, 8, 1, 1, 6])  # shield d2 and Leather roll 1
    hit = of_kind(out, "damage_roll")[0].data
    assert not hit["sundered"] and hit["taken"] == 7
    assert snap(game, "Orc")["armor"] == {"Leather": 2} and snap(game, "Orc")["status"] == "incapacitated"


def test_never_refuse_a_legal_engage_because_of_its_own_dice():
    """Seeded dice over 200 seeds: every engage against a d2 shield plus Leather is carried out."""
    for seed in range(200):
        game = new_game(
            figure("Grog", "PCs", (0, 0), **STILL),
            figure("Orc", "Orcs", (1, 0), armor=["Shield d2", "Leather"], **STILL),
            seed=seed,
        )
        act(game, "Grog", "engage", target="Orc")
