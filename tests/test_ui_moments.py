"""Moments (issue 35): a banner names each new turn and phase with a plain line on what happens
in it, for a moment; the end of a fight shows the winner, the turns, who fell and the damage."""

from board.script import load_script
from board.ui.draw.moments import SHOWN, FADE, fight_summary, phase_hint
from tests.ui_driver import ROOT, Driver
from board.ui.play.modes import PlanningMove


def test_a_new_phase_shows_its_banner_with_a_hint_for_a_moment_then_it_goes():
    d = Driver("maps/arena.yaml", settle=False)
    banner = d.scene.phase_banner
    assert banner.showing(d.now) and phase_hint(d.controller.info())
    d.tick(SHOWN + FADE + 0.1)
    assert not banner.showing(d.now)
    for _ in range(6):  # everyone stands still: the combat phase begins
        d.press("stand_still")
        if isinstance(d.view.mode, PlanningMove):
            d.press("confirm")
        d.frame()
    assert d.controller.info().phase == "combat"
    assert banner.showing(d.now) and banner.key[1] == "combat"


def test_the_end_of_a_fight_says_who_won_who_fell_and_the_damage_dealt():
    script = load_script(ROOT / "tests" / "scripts" / "example_fight.yaml")
    for command in script.commands:
        script.game.submit(command)
    d = Driver(script.game)
    assert d.scene.fight_over.rect.width  # drawn over the board
    lines = fight_summary(script.game)
    assert lines[0] == "Fallen: Gaut (unconscious)"
    assert lines[1:] == ["Red dealt 12 damage", "Blue dealt 8 damage"]
    d.click(d.scene.fight_over.rect.center)  # a click puts it away: the board to look at
    d.frame()
    assert d.scene.fight_over.closed


def test_back_at_the_start_screen_the_sides_chosen_are_kept():
    from board.game import Game
    from board.maps import load_map
    from board.ui.play.scene import PlayScene
    from tests.ui_driver import AppDriver

    game = Game(load_map(ROOT / "maps" / "arena.yaml"), seed=1)
    driver = AppDriver(lambda size: PlayScene(game, size, "The Arena", {"Red": "computer:hard", "Blue": "computer"}))
    driver.app._start()
    assert driver.app.scene.kinds == {"Red": "computer:hard", "Blue": "computer:normal"}


def test_the_end_of_a_fight_sounds_once_when_its_panel_appears(monkeypatch):
    from board.ui import sound

    asked: list[str] = []
    real_cue = sound.Sounds.cue
    monkeypatch.setattr(sound.Sounds, "cue", lambda self, name: asked.append(name) or real_cue(self, name))
    script = load_script(ROOT / "tests" / "scripts" / "example_fight.yaml")
    *before, last = script.commands
    for command in before:
        script.game.submit(command)
    d = Driver(script.game)
    d.frame()
    assert "fight_over" not in asked and not d.scene.fight_over.rect.width
    script.game.submit(last)  # the blow that ends the fight
    for _ in range(3):
        d.frame()
    assert d.scene.fight_over.rect.width and asked.count("fight_over") == 1
    d.click(d.scene.fight_over.rect.center)  # put away and drawn no more: no second sound
    d.frame()
    assert d.scene.fight_over.closed and asked.count("fight_over") == 1
