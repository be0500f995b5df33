"""The play scene offers Warrior & Wizard's choices by mouse: an engager's choice to strike a
disengaging figure, keeping a spell up, and taking a breather."""

from __future__ import annotations

from board.rules.base import Command
from ui_driver import Driver
from ww_helpers import figure, new_game, stand_still_until
from board.ui.play.modes import ChoosingMove


def test_an_engager_chooses_by_mouse_whether_to_attack_a_disengaging_figure():
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=14), figure("Bob", "blue", (1, 0), 3, dx=11, weapons=["Broadsword"])
    )
    stand_still_until(game, "Ann")
    assert game.submit(Command(do="act", figure="Ann", action="disengage", to=(-1, 0))).accepted
    d = Driver(game)
    assert d.view.selected == "Bob" and {i.id for i in d.items()} >= {"strike_disengaging", "let_go"}
    d.press("let_go")
    assert game.history[-1].action == "let_go" and game.state.figures["Ann"].hex == (-1, 0)
    assert d.view.selected == "Bob"  # his own action is still to come


def test_a_caster_keeps_a_spell_up_and_a_figure_takes_a_breather_from_the_movement_menu():
    merlin = figure("Merlin", "red", (0, 0), 0, dx=12, iq=14, spells=["Blur"])
    game = new_game(
        merlin, figure("Orc", "blue", (4, 0), 3, dx=9), options={"nonlethal_damage": True, "breather": True}
    )
    stand_still_until(game, "Merlin")
    assert game.submit(
        Command(do="act", figure="Merlin", action="cast", target="Merlin", params={"spell": "Blur"})
    ).accepted
    stand_still_until(game, "Merlin", "movement")
    d = Driver(game)
    d.press("upkeep")
    assert game.history[-1].action == "upkeep" and game.state.spells[0].kept == 2
    assert d.view.selected == "Merlin" and isinstance(d.view.mode, ChoosingMove)
    stand_still_until(game, "Orc", "movement")
    d = Driver(game)
    d.press("breather")
    assert game.state.figures["Orc"].turn.stance == "breather"
