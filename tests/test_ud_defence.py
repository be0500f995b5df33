"""Defend yourself: on the other side's turn a player's figure tests to avoid the hit."""

from helpers import act, action_info, of_kind, refused, snap
from ud_helpers import figure, new_game

STILL = {"dodge": False}


def orcs_turn(grog=None, orc=None, **options):
    game = new_game(
        figure("Grog", "PCs", (0, 0), **{**STILL, **(grog or {})}),
        figure("Orc", "Orcs", (1, 0), **{**STILL, **(orc or {})}),
        options=options,
    )
    act(game, "Grog", "pass")
    assert game.state.side == "Orcs"
    return game


def test_the_players_figure_tests_when_the_gm_side_attacks():
    game = orcs_turn({"power": 8})
    out = act(game, "Orc", "engage", target="Grog", dice=[2, 3, 5, 6])
    attack = of_kind(out, "attack")[0]
    assert attack.figure == "Grog" and attack.data["sides"] == [8, 8]


def test_riposte_with_weapon_dice_a_success_hits_the_attacker():
    game = orcs_turn({"weapons": ["Greatsword"]})
    out = act(game, "Orc", "engage", target="Grog", dice=[1, 7, 6])  # Orc's Power 6 < 7
    assert of_kind(out, "damage_roll")[0].figure == "Orc"
    assert snap(game, "Orc")["status"] == "incapacitated" and snap(game, "Grog")["wounds"] == []


def test_defend_with_armor_dice_a_success_only_avoids_the_hit():
    game = orcs_turn({"armor": ["Plate"], "defence": "defend"})
    out = act(game, "Orc", "engage", target="Grog", dice=[1, 7])
    assert of_kind(out, "attack")[0].data["sides"] == [6, 8]
    assert not of_kind(out, "damage_roll") and snap(game, "Orc")["wounds"] == []


def test_a_failed_defence_lets_the_attacker_hit_with_a_fresh_weapon_roll():
    game = orcs_turn({"armor": ["Leather"]})
    out = act(game, "Orc", "engage", target="Grog", dice=[2, 3, 8, 2, 3])  # Orc's Sword 8
    hit = of_kind(out, "damage_roll")[0]
    assert hit.figure == "Grog" and hit.data["damage"] == 8 and hit.data["taken"] == 6
    assert snap(game, "Grog")["status"] == "incapacitated"


def test_the_defence_can_be_chosen_on_the_attack_or_as_a_standing_stance():
    game = orcs_turn({"armor": ["Plate"]})
    assert "defence" in action_info(game, "Orc", "engage").options
    out = act(game, "Orc", "engage", target="Grog", params={"defence": "defend"}, dice=[1, 5])
    assert of_kind(out, "attack")[0].data["sides"] == [6, 8]
    game = new_game(figure("Grog", "PCs", (0, 0), armor=["Plate"]), figure("Orc", "Orcs", (1, 0)))
    act(game, "Grog", "stance", params={"defence": "defend"})
    act(game, "Grog", "pass")
    out = act(game, "Orc", "engage", target="Grog", dice=[1, 5])
    assert of_kind(out, "attack")[0].data["sides"] == [6, 8]


def test_a_stance_that_changes_nothing_is_neither_offered_nor_taken():
    """Stance is free (it does not use up the figure's one action): setting the stance a figure
    already has would be a move that changes nothing and could be made forever."""
    game = new_game(figure("Grog", "PCs", (0, 0), defence="riposte", dodge=False), figure("Orc", "Orcs", (1, 0)))
    choices = action_info(game, "Grog", "stance").choices
    assert "riposte when attacked" not in choices and "nimble dodge off" not in choices
    assert "defend when attacked" in choices and "nimble dodge on" in choices
    assert (
        refused(game, do="act", figure="Grog", action="stance", params={"defence": "riposte"})
        == "Grog already has that stance"
    )
    act(game, "Grog", "stance", params={"defence": "defend", "dodge": False})  # one setting changes


def test_each_part_of_a_stance_changes_once_a_turn():
    """A stance changed back and forth is a free action that could also be taken forever: each
    part (defence, dodge, sunder) changes at most once a turn, and is free again the next."""
    game = new_game(figure("Grog", "PCs", (0, 0), defence="riposte", dodge=False), figure("Orc", "Orcs", (3, 0)))
    act(game, "Grog", "stance", params={"defence": "defend"})
    assert "riposte when attacked" not in action_info(game, "Grog", "stance").choices
    assert (
        refused(game, do="act", figure="Grog", action="stance", params={"defence": "riposte"})
        == "Grog has set its defence this turn"
    )
    act(game, "Grog", "stance", params={"dodge": True})  # another part is still free
    act(game, "Grog", "stance", params={"sunder": not game.state.figures["Grog"].sunder})
    assert action_info(game, "Grog", "stance").reason == "each part of its stance is set this turn"
    act(game, "Grog", "pass")
    act(game, "Orc", "pass")
    assert game.turn().active == "Grog" and game.turn().turn == 2
    assert "riposte when attacked" in action_info(game, "Grog", "stance").choices
    act(game, "Grog", "stance", params={"defence": "riposte"})


def test_without_the_player_facing_rule_the_gm_side_rolls_its_own_attack():
    game = orcs_turn(player_facing=False)
    out = act(game, "Orc", "engage", target="Grog", dice=[6, 2, 6])
    assert of_kind(out, "attack")[0].figure == "Orc" and of_kind(out, "damage_roll")[0].figure == "Grog"


def test_a_bad_defence_setting_is_refused():
    game = orcs_turn()
    assert "params.defence" in refused(
        game, do="act", figure="Orc", action="engage", target="Grog", params={"defence": "dodge"}
    )


def shot_at_grog(grog=None, orc=None, **options):
    game = new_game(
        figure("Grog", "PCs", (0, 0), **{**STILL, **(grog or {})}),
        figure("Orc", "Orcs", (4, 0), weapons=["Shortbow"], **{**STILL, **(orc or {})}),
        options=options,
    )
    act(game, "Grog", "pass")
    return game


def test_defend_yourself_covers_a_shot_by_the_gm_side_the_player_tests():
    """ "Referees should forewarn of NPC attacks, allowing the PCs to test their abilities to avoid
    a hit": a shot is an attack too."""
    game = shot_at_grog({"armor": ["Leather"], "defence": "defend"})
    out = act(game, "Orc", "shoot", target="Grog", dice=[5, 1])  # Grog: Power 5, Leather 1
    attack = of_kind(out, "attack")[0]
    # "defenders roll all armor dice at hinderance": Leather d4 rolls as a d2 against a shot
    assert attack.figure == "Grog" and attack.data["sides"] == [6, 2] and attack.data["hit"]
    assert not of_kind(out, "damage_roll") and snap(game, "Grog")["wounds"] == []


def test_a_failed_defence_against_a_shot_lets_it_hit_armor_at_hindrance():
    game = shot_at_grog({"armor": ["Leather"], "defence": "defend"})
    out = act(game, "Orc", "shoot", target="Grog", dice=[2, 1, 6, 1, 6])  # Shortbow d6 rolls 6
    hit = of_kind(out, "damage_roll")[0]
    assert hit.figure == "Grog" and hit.data["damage"] == 6 and hit.data["armor_sides"] == [2]
    assert snap(game, "Grog")["wounds"] == ["incidental"]


def test_riposte_against_a_shot_returns_a_volley_with_a_ready_ranged_weapon():
    game = shot_at_grog({"weapons": ["Shortbow"]})
    out = act(game, "Orc", "shoot", target="Grog", dice=[1, 6, 6])  # Grog's Shortbow 6; Orc's Power 6
    assert of_kind(out, "attack")[0].data["sides"] == [6, 6]
    assert of_kind(out, "damage_roll")[0].figure == "Orc"


def test_defend_yourself_covers_a_stunt_by_the_gm_side():
    game = orcs_turn({"defence": "defend"})
    out = act(game, "Orc", "trip", target="Grog", dice=[5])  # Grog: Power 5, no armor
    assert of_kind(out, "attack")[0].figure == "Grog" and not game.state.figures["Grog"].prone
    game = orcs_turn({"defence": "defend"})
    act(game, "Orc", "trip", target="Grog", dice=[2])
    assert game.state.figures["Grog"].prone
    game = orcs_turn()  # riposte: the weapon dice, and a success hits the Orc
    out = act(game, "Orc", "trip", target="Grog", dice=[1, 7, 6])
    assert not game.state.figures["Grog"].prone and of_kind(out, "damage_roll")[0].figure == "Orc"


def test_armor_broken_on_the_defence_roll_leaves_nothing_to_sunder_and_the_stunt_still_resolves():
    # Found by tests/test_contract.py: the defender's 1s broke both d2 pieces, and sunder armor
    # then raised "max() arg is an empty sequence" on a command legal_commands offered.
    game = orcs_turn({"armor": ["Maille d2", "Helmet d2"], "defence": "defend"})
    out = act(game, "Orc", "sunder_armor", target="Grog", dice=[1, 1, 1])
    assert snap(game, "Grog")["armor"] == {}
    assert "nothing left to sunder" in of_kind(out, "miss")[-1].text


def test_a_weapon_broken_on_the_riposte_leaves_nothing_to_disarm():
    game = orcs_turn({"weapons": ["Sword d2"]}, lone_item_wear=True)
    out = act(game, "Orc", "disarm", target="Grog", dice=[1, 1])
    assert "Sword" not in snap(game, "Grog")["weapons"]
    assert "no weapon left to disarm" in of_kind(out, "miss")[-1].text


def test_a_stance_refuses_a_setting_it_does_not_take_beside_one_it_does():
    game = new_game(figure("Grog", "PCs", (0, 0), defence="riposte", dodge=False), figure("Orc", "Orcs", (3, 0)))
    assert "params.zzz" in refused(
        game, do="act", figure="Grog", action="stance", params={"defence": "defend", "zzz": 1}
    )


def test_a_stance_takes_dodge_and_sunder_as_true_or_false_only():
    """-inf was taken as "on" and written in the save as null, which reads back as "off"."""
    game = new_game(figure("Grog", "PCs", (0, 0), defence="riposte", dodge=False), figure("Orc", "Orcs", (3, 0)))
    for value in (float("-inf"), 1, "yes", None, [True]):
        for key in ("dodge", "sunder"):
            refused(game, do="act", figure="Grog", action="stance", params={key: value})
    act(game, "Grog", "stance", params={"dodge": True})
    assert game.state.figures["Grog"].dodge is True
