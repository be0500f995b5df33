"""The computer under Warrior & Wizard takes its weapon back up, keeps a weapon that strikes
harder than its fist, and readies a slung shield (board/rules/warrior_wizard/tactics_arms.py)."""

from board.ai.player import choose
from helpers import act
from ww_helpers import figure, finish_turn, new_game, stand_still_until

FAR_FRIEND = figure("Cid", "blue", (0, -7), 2, dx=5)  # keeps Bob's side in the fight


def test_the_computer_picks_up_its_dropped_weapon_rather_than_punch_on():
    """Ann (ST 16) dropped her Great Sword (3d6+1) to wrestle; her fist does 3d6-2. Engaged by
    Bob, having stood still, she picks it up (it comes ready) instead of punching again."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=16, weapons=["Great Sword"]),
        figure("Bob", "blue", (1, 0), 3, st=12, dx=9),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann")
    act(game, "Ann", "attack_hth", target="Bob", dice=(6, 6, 6))  # a miss: the sword falls
    assert game.state.figures["Ann"].ready is None and game.state.items[(0, 0)] == ["Great Sword"]
    finish_turn(game)
    stand_still_until(game, "Ann", "movement")
    game.apply(choose(game, "normal", ai_seed=1).command)  # her move: she stands still
    stand_still_until(game, "Ann")
    decision = choose(game, "normal", ai_seed=1)
    assert (decision.command.action, decision.command.params) == ("drop_pickup", {"pick_up": ["Great Sword"]})
    assert "Great Sword" in decision.reason
    game.apply(decision.command)
    assert game.state.figures["Ann"].ready == "Great Sword"


def test_the_computer_does_not_drop_a_weapon_that_strikes_harder_than_its_fist():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=16, weapons=["Great Sword"]),
        figure("Bob", "blue", (1, 0), 3, st=12, dx=9),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann")
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action == "attack" and decision.command.target == "Bob"


def test_the_computer_punches_on_when_its_fist_strikes_as_hard_as_the_weapon_dropped():
    """ST 13 punches for 2d6+1, a Broadsword cuts for 2d6: no turn is spent picking it up."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=13, weapons=[]),
        figure("Bob", "blue", (1, 0), 3, st=12, dx=9),
        FAR_FRIEND,
    )
    game.state.items[(0, 0)] = ["Broadsword"]
    stand_still_until(game, "Ann")
    assert choose(game, "normal", ai_seed=1).command.action == "attack_hth"


def test_the_computer_readies_its_slung_shield_when_an_enemy_is_near():
    """Ann's Large Shield is slung; Bob stands two hexes off, out of her Broadsword's reach:
    she readies the shield rather than wait."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"], shield="Large Shield", shield_slung=True),
        figure("Bob", "blue", (2, 0), 3, st=12, dx=9),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann")
    decision = choose(game, "normal", ai_seed=1)
    assert (decision.command.action, decision.command.weapon) == ("ready", "Large Shield")
    game.apply(decision.command)
    assert game.state.figures["Ann"].shield_ready


def test_the_computer_keeps_a_two_handed_weapon_rather_than_ready_its_shield():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=15, weapons=["Battleaxe"], shield="Large Shield", shield_slung=True),
        figure("Bob", "blue", (2, 0), 3, st=12, dx=9),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann")
    assert choose(game, "normal", ai_seed=1).command.weapon != "Large Shield"


def _engaged_with_a_great_sword(st_lost: int):
    """Ann (ST 12, a Dagger) engaged by Bob (ST 16, a Great Sword), who strikes after her."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=13, st=12, weapons=["Dagger"]),
        figure("Bob", "blue", (1, 0), 3, st=16, dx=9, weapons=["Great Sword"]),
        FAR_FRIEND,
    )
    game.state.figures["Ann"].lethal = st_lost
    stand_still_until(game, "Ann")
    return game


def test_a_badly_wounded_figure_defends_against_the_blow_to_come():
    """ "If a target is Dodging or Defending, the attacker rolls 4d6 to hit him instead of 3d6":
    with 3 ST left before a Great Sword, keeping the blow off is worth more than a dagger's."""
    decision = choose(_engaged_with_a_great_sword(9), "normal", ai_seed=1)
    assert decision.command.action == "defend" and "4d6" in decision.reason


def test_a_fresh_figure_strikes_rather_than_defend():
    assert choose(_engaged_with_a_great_sword(0), "normal", ai_seed=1).command.action != "defend"
