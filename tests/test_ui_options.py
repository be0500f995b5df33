"""Everything the rules allow is reachable with the mouse: maneuvers, extra damage, the spell
to cast, and picking weapons up."""

from board.game import Game
from board.maps import parse_map
from tests.ui_driver import Driver

DUEL = """\
name: Duel
layout: pointy
terrain: |
  # # # # # # #
  # . . . . . #
  # . . . . . #
  # # # # # # #
figures:
  - {{name: Ann, team: Red, at: "0302", facing: 0, st: 16, dx: 14, {ann}}}
  - {{name: Bob, team: Blue, at: "0402", facing: 3, st: 10, dx: 9, weapons: [Mace]}}
"""


def duel(ann: str) -> Driver:
    """Ann and Bob face each other; every figure stands still; Ann is to act in combat."""
    driver = Driver(Game(parse_map(DUEL.format(ann=ann)), seed=1))
    while driver.game.state.phase == "movement":
        driver.press("stand_still")
        driver.key(13)  # Enter confirms the stand-still facing
    assert driver.game.state.active == "Ann"
    return driver


def option_labels(driver: Driver) -> list[str]:
    return [item.label for item in driver.items() if item.id.startswith("option:")]


def test_a_slam_can_be_chosen_from_the_menu_and_the_odds_follow_it():
    driver = duel("weapons: [Broadsword]")
    driver.press("attack")
    assert option_labels(driver)[0].startswith("Maneuver: normal")
    driver.press("option:maneuver")
    assert option_labels(driver)[0].startswith("Maneuver: slam")
    driver.move_mouse("Bob")
    assert driver.controller.attack_command("Bob").params == {"maneuver": "slam"}
    driver.click("Bob")
    attack = driver.game.history[-1]
    assert attack.action == "attack" and attack.params == {"maneuver": "slam"}


def test_extra_damage_from_strength_can_be_chosen():
    # ST 16 with a Broadsword (minimum 12): up to +2 damage at -1 to hit each.
    driver = duel("weapons: [Broadsword]")
    driver.press("attack")
    driver.press("option:extra_damage")
    driver.press("option:extra_damage")
    assert driver.controller.attack_command("Bob").params == {"extra_damage": 2}
    prediction = driver.controller.predict("Bob")
    assert ("+2 damage from Strength", -2) in prediction.modifiers


def test_a_caster_with_two_spells_chooses_which_to_cast():
    driver = duel("spells: [Magic Fist, Blur]")
    driver.press("cast")
    assert option_labels(driver)[0].startswith("Spell: Magic Fist")
    driver.press("option:spell")
    assert option_labels(driver)[0].startswith("Spell: Blur")
    driver.click("Bob")
    assert driver.game.history[-1].params == {"spell": "Blur"}
    assert any(s.name == "Blur" for s in driver.game.state.spells)


def test_a_weapon_lying_in_the_hex_can_be_picked_up():
    driver = duel("weapons: [Broadsword]")
    driver.game.state.items[driver.game.state.figures["Ann"].hex] = ["Mace"]  # no command drops one here
    driver.controller._actions.clear()
    driver.frame()
    driver.press("drop_pickup")
    driver.press("Pick up Mace")
    assert "Mace" in driver.game.state.figures["Ann"].weapons
