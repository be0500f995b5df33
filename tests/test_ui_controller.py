"""The board in play, driven by synthetic mouse, keys and menu clicks on a dummy display.

The tests play the arena (maps/arena.yaml, seed 3: initiative Eamon, Brenna, Dagny, Aldric,
Cato, Fenna) through the same events a player makes, and check the game state, the status
line and the combat log. The rules decide; the board must show what they say. An xfail
(strict) test pins a known UI bug: it starts failing, and wants its marker gone, once fixed.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from board.ui.draw import hud
from board.ui.play.keys import PAN_STEP
from board.ui.play.modes import Aiming, ChoosingAction, ChoosingMove, GMMode, PlanningMove, Viewing
from ui_driver import ROOT, Driver, wheel_arrow

ENTER, ESC = pygame.K_RETURN, pygame.K_ESCAPE


def arena(seed: int = 3) -> Game:
    return Game(load_map(ROOT / "maps" / "arena.yaml"), seed=seed)


def move(game: Game, figure: str, action: str, to: str | None = None, facing: int | None = None) -> None:
    outcome = game.submit(Command(do="move", figure=figure, action=action, to=to, facing=facing))
    assert outcome.accepted, outcome.reason


def arena_in_combat() -> Game:
    """After a movement phase: Eamon ran 9 hexes into Brenna's front hex (Engaged); Aldric
    stepped one hex into Eamon's front hex (Engaged); Eamon is the first to act."""
    game = arena()
    move(game, "Eamon", "full_move", "0406", 3)
    move(game, "Brenna", "stand_still")
    move(game, "Dagny", "full_move", "1004", 3)
    move(game, "Aldric", "full_move", "0405", 0)
    move(game, "Cato", "stand_still")
    move(game, "Fenna", "stand_still")
    assert game.ruleset.turn_info(game.state).phase == "combat"
    return game


def chance_at_most(target: int, dice: int = 3) -> Fraction:
    """P(dice d6 total <= target), by counting every roll."""
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    return Fraction(sum(sum(r) <= target for r in rolls), len(rolls))


@pytest.fixture
def shown(monkeypatch):
    """What the board last drew on the status line and in the odds panel."""
    seen: dict = {"odds": None}
    draw_status, draw_odds = hud.draw_status, hud.draw_odds

    def status(screen, rect, message, warning, hint):
        seen.update(message=message, warning=warning, hint=hint)
        draw_status(screen, rect, message, warning, hint)

    def odds(screen, pos, target, prediction, rect, note="", avoid=()):
        seen["odds"] = (target, prediction)
        return draw_odds(screen, pos, target, prediction, rect, note, avoid)

    monkeypatch.setattr(hud, "draw_status", status)
    monkeypatch.setattr(hud, "draw_odds", odds)
    return seen


# --- movement ------------------------------------------------------------------------------


def test_the_figure_whose_turn_it_is_is_selected_without_a_click():
    d = Driver()
    assert d.controller.info().active == "Eamon"
    assert d.view.selected == "Eamon" and isinstance(d.view.mode, ChoosingMove)
    assert d.scene.menu.key[0] == "Eamon: movement"
    assert d.hex("0906") in d.scene.overlays().reach


def test_clicking_a_blue_hex_plans_the_move_and_q_e_turn_it_before_enter_confirms():
    d = Driver()
    before = d.state.clone()
    d.click("1106")
    assert isinstance(d.view.mode, PlanningMove) and d.view.mode.move.hex == d.hex("1106")
    assert d.state == before, "planning a move changes nothing yet"
    assert d.view.mode.move.facing == 3
    d.key(pygame.K_q)  # left: counter-clockwise, facing + 1
    d.key(pygame.K_q)
    d.key(pygame.K_e)
    assert d.view.mode.move.facing == 4
    d.key(ENTER)
    assert d.label(d.state.figures["Eamon"].hex) == "1106"
    assert d.figure("Eamon")["facing"] == 4
    assert [c.short() for c in d.game.history] == ["move Eamon jog"]  # two hexes: a Jog (issue 18)
    assert d.view.selected == "Brenna", "the next figure in the order is selected"


def test_a_hex_reached_only_through_a_threat_zone_is_refused_with_the_reason_and_nothing_changes(shown):
    d = Driver()
    before = d.state.clone()
    assert d.hex("0405") not in d.scene.overlays().reach
    d.click("0405")  # past Brenna's front hex 0406 and Aldric's 0505: every way in stops first
    d.frame()
    reason = d.game.check(Command(do="move", figure="Eamon", action="full_move", to="0405"))
    assert reason and "threat zone" in reason
    assert d.message == reason and d.view.warning
    assert shown["message"] == reason and shown["warning"], "the status line shows the rule's reason"
    assert d.state == before and d.game.history == []
    assert isinstance(d.view.mode, ChoosingMove)


def test_clicking_the_stop_hex_ends_the_move_there_and_the_figure_is_engaged():
    d = Driver()
    assert d.hex("0406") in d.scene.overlays().stops
    d.click("0406")
    d.key(ENTER)
    eamon = d.figure("Eamon")
    assert d.label(d.state.figures["Eamon"].hex) == "0406"
    assert eamon["engaged"] and eamon["engaged_with"] == ["Brenna"]
    assert "Eamon is Engaged by Brenna and stops" in d.scene.log.text()


def test_dragging_the_token_shows_the_path_then_plans_the_move_for_enter_to_confirm():
    d = Driver()
    d.mouse_down("Eamon")
    d.move_mouse("1206", buttons=(1, 0, 0))
    d.move_mouse("1106", buttons=(1, 0, 0))
    assert d.scene.overlays().path[-1] == d.hex("1106"), "the path follows the mouse"
    assert d.label(d.state.figures["Eamon"].hex) == "1306", "nothing moves before the release"
    d.mouse_up("1106")
    assert isinstance(d.view.mode, PlanningMove) and d.view.mode.move.hex == d.hex("1106")
    d.key(ENTER)
    assert d.label(d.state.figures["Eamon"].hex) == "1106"


def test_a_token_dropped_back_on_its_own_hex_means_stand_still():
    d = Driver()
    d.drag("Eamon", "Eamon")
    assert d.view.mode.move.action == "stand_still"
    d.key(ENTER)
    assert "Eamon stands still" in d.scene.log.text()
    assert d.label(d.state.figures["Eamon"].hex) == "1306"


def test_clicking_an_arrow_of_the_facing_wheel_sets_that_facing_and_confirms():
    d = Driver()
    d.click("1106")
    d.click(wheel_arrow(d, 5))
    assert d.label(d.state.figures["Eamon"].hex) == "1106"
    assert d.figure("Eamon")["facing"] == 5
    assert d.view.selected == "Brenna" and isinstance(d.view.mode, ChoosingMove)


def test_the_facing_picked_with_q_survives_the_mouse_going_to_the_confirm_button():
    d = Driver()
    d.click("1106")
    d.key(pygame.K_q)
    assert d.view.mode.move.facing == 4
    start, end = d.at("1106"), d.button("confirm").get_abs_rect().center
    for k in range(1, 21):  # the pointer crosses the wheel on its way east to the sidebar
        d.move_mouse((start[0] + (end[0] - start[0]) * k / 20, start[1] + (end[1] - start[1]) * k / 20))
    d.press("Confirm move and facing")
    assert d.figure("Eamon")["facing"] == 4


def test_esc_cancels_a_planned_move_and_the_state_is_unchanged():
    d = Driver()
    before = d.state.clone()
    d.click("1106")
    d.key(pygame.K_q)
    d.key(ESC)
    assert isinstance(d.view.mode, ChoosingMove)
    assert d.state == before and d.game.history == []
    assert d.view.selected == "Eamon"


def test_an_engaged_figure_may_only_shift_or_stand_still_and_the_rest_say_engaged():
    game = arena()
    move(game, "Eamon", "full_move", "0406", 3)  # into Brenna's front hex
    d = Driver(game)
    assert d.figure("Brenna")["engaged"]
    items = d.items()
    assert {i.id for i in items if i.enabled and not i.id.startswith("computer:")} == {"stand_still", "shift"}
    greyed = [i for i in items if not i.enabled]
    assert {i.id for i in greyed} >= {"step", "jog", "half_move", "full_move"}
    for item in greyed:
        assert item.reason == "Engaged by Eamon: only Shift, Stand still or Stand up"
    d.key(pygame.K_3, "3")  # the third row, Step, is greyed out
    assert d.message == "Step: Engaged by Eamon: only Shift, Stand still or Stand up"
    assert isinstance(d.view.mode, ChoosingMove) and len(d.game.history) == 1


def test_an_engaged_figure_that_is_down_may_stand_up_or_stand_still():
    game = arena()
    move(game, "Eamon", "full_move", "0406", 3)
    d = Driver(game)
    d.key(pygame.K_g)  # GM: knock Brenna down
    d.click("Brenna")
    d.key(pygame.K_p, "p")
    d.key(pygame.K_p, "p")
    d.key(pygame.K_g)
    assert d.figure("Brenna")["posture"] == "prone" and d.figure("Brenna")["engaged"]
    assert {i.id for i in d.items() if i.enabled and not i.id.startswith("computer:")} == {"stand_up", "stand_still"}
    d.press("Stand up")
    assert d.figure("Brenna")["posture"] == "standing"
    assert d.view.selected == "Dagny"


# --- combat --------------------------------------------------------------------------------


def test_a_greyed_action_says_why_when_the_mouse_is_over_it(shown):
    d = Driver(arena_in_combat())
    charge = d.button("Charge and attack")
    item = d.scene.menu.buttons[charge]
    assert not item.enabled and "Eamon moved 9" in item.reason
    d.move_mouse(charge.get_abs_rect().center)
    d.frame()
    assert d.scene.menu.reason_at(d.scene.mouse) == f"Charge and attack: {item.reason}"
    assert shown["message"] == f"Charge and attack: {item.reason}" and shown["warning"]
    d.click(charge.get_abs_rect().center)  # a greyed button does nothing
    assert isinstance(d.view.mode, ChoosingAction) and len(d.game.history) == 6


def pass_to_aldric(d: Driver) -> None:
    for name in ("Eamon", "Brenna", "Dagny"):
        assert d.controller.info().active == name
        d.press("Do nothing")
    assert d.controller.info().active == "Aldric"


@pytest.mark.parametrize(
    "label, action", [("Charge and attack", "charge_attack"), ("Shift one hex and attack", "attack")]
)
def test_an_attack_shows_the_engines_odds_on_hover_and_the_log_tells_the_roll(shown, label, action):
    d = Driver(arena_in_combat())
    pass_to_aldric(d)
    d.press(label)
    assert isinstance(d.view.mode, Aiming) and d.view.mode.kind == "target" and d.view.mode.action.targets == ("Eamon",)
    d.move_mouse("Eamon")
    d.frame()
    expected = d.game.predict(Command(do="act", figure="Aldric", action=action, target="Eamon"))
    assert d.controller.predict("Eamon") == expected
    assert shown["odds"] == ("Eamon", expected), "the odds panel shows the engine's prediction"
    assert expected.dice == 3 and expected.hit == chance_at_most(expected.target_number)
    before = d.state.clone()
    d.click("Eamon")
    attack = [line for line in d.scene.log.text().splitlines() if line.startswith("Aldric attacks Eamon")]
    assert len(attack) == 1
    rolled = int(attack[0].split("3d6 rolls ")[1].split()[0])
    assert f"vs {expected.target_number}, " in attack[0]
    assert attack[0].endswith("hits" if rolled <= expected.target_number else "misses")
    assert d.state != before and len(d.game.history) == 10
    assert d.controller.info().active == "Cato"


def test_clicking_a_figure_that_is_not_a_target_says_why_and_attacks_no_one():
    d = Driver(arena_in_combat())
    pass_to_aldric(d)
    d.press("Charge and attack")
    d.click("Brenna")
    assert d.message == d.game.check(Command(do="act", figure="Aldric", action="charge_attack", target="Brenna"))
    assert (
        d.view.warning and isinstance(d.view.mode, Aiming) and d.view.mode.kind == "target" and len(d.game.history) == 9
    )


def test_a_whole_turn_on_the_arena_by_mouse_and_keys(shown):
    d = Driver()
    # Eamon: past Brenna's front hex is refused; her front hex is where he must stop.
    d.click("0405")
    assert "threat zone" in d.message and d.game.history == []
    d.click("0406")
    d.key(pygame.K_q)
    d.key(pygame.K_e)
    d.key(ENTER)
    assert d.figure("Eamon")["engaged"]
    # Brenna is Engaged: Stand still from the menu.
    assert {i.id for i in d.items() if i.enabled and not i.id.startswith("computer:")} == {"stand_still", "shift"}
    d.press("Stand still")
    d.key(ENTER)
    # Dagny: drag her token two hexes west.
    d.drag("Dagny", "1004")
    d.key(ENTER)
    # Aldric: one hex into Eamon's front hex, facing him.
    d.click("0405")
    d.key(ENTER)
    # Cato: the first movement action by its key; Fenna: a hex and a wheel arrow.
    d.key(pygame.K_1, "1")
    d.key(ENTER)
    d.click("1108")
    d.click(wheel_arrow(d, 3))
    assert {n: d.label(f.hex) for n, f in d.state.figures.items()} == {
        "Aldric": "0405",
        "Brenna": "0306",
        "Cato": "0408",
        "Dagny": "1004",
        "Eamon": "0406",
        "Fenna": "1108",
    }
    assert d.controller.info().phase == "combat" and isinstance(d.view.mode, ChoosingAction)
    # Combat: Eamon ran too far to charge, and the menu says so.
    charge = d.button("Charge and attack")
    d.move_mouse(charge.get_abs_rect().center)
    d.frame()
    assert shown["message"].startswith("Charge and attack: only after moving no more than")
    pass_to_aldric(d)
    d.press("Charge and attack")
    d.move_mouse("Eamon")
    d.frame()
    assert shown["odds"][1] == d.game.predict(
        Command(do="act", figure="Aldric", action="charge_attack", target="Eamon")
    )
    d.click("Eamon")
    assert "Aldric attacks Eamon with Broadsword" in d.scene.log.text()
    d.press("Do nothing")  # Cato
    d.press("Do nothing")  # Fenna
    assert d.controller.info().turn == 2 and isinstance(d.view.mode, ChoosingMove)
    assert len(d.game.history) == 12


# --- undo and redo -------------------------------------------------------------------------


def attack_by_aldric(d: Driver) -> None:
    pass_to_aldric(d)
    d.press("Charge and attack")
    d.click("Eamon")


def test_ctrl_z_takes_back_the_last_command_exactly():
    d = Driver(arena_in_combat())
    pass_to_aldric(d)
    before, history = d.state.clone(), list(d.game.history)
    d.press("Charge and attack")
    d.click("Eamon")
    assert d.state != before
    d.ctrl(pygame.K_z)
    assert d.state == before and d.game.history == history
    assert d.message == "Undone" and d.controller.info().active == "Aldric"


def test_ctrl_y_redoes_the_command_with_the_same_dice():
    d = Driver(arena_in_combat())
    attack_by_aldric(d)
    after, events = d.state.clone(), [e.text for e in d.game.events]
    d.ctrl(pygame.K_z)
    d.ctrl(pygame.K_y)
    assert d.message == "Redone (same dice)"
    assert [e.text for e in d.game.events] == events
    assert d.state == after
    attack = [line for line in d.scene.log.text().splitlines() if line.startswith("Aldric attacks")]
    # The undone rows left the log (issue 18): the redone roll, the same one, is shown once.
    assert attack == [e.text for e in d.game.events if e.text.startswith("Aldric attacks")]
    assert len(attack) == 1, "the log prints the same attack twice"


def test_redo_animates_the_move_from_where_the_figure_stood():
    d = Driver(settle=False)
    d.click("1106")
    d.key(ENTER)
    d.tick(2.0)
    d.ctrl(pygame.K_z)
    d.ctrl(pygame.K_y)
    glide = d.scene.animator.figure_fx("Eamon", d.now)
    assert glide is not None and glide.offset_path[0] == d.scene.camera.to_screen(d.hex("1306"))


def test_undo_with_nothing_to_undo_says_so_and_logs_no_undo():
    d = Driver()
    d.ctrl(pygame.K_z)
    assert d.message == "Nothing to undo" and d.view.warning
    assert "Undo" not in d.scene.log.text()


# --- what the view shows -------------------------------------------------------------------


def test_t_cycles_threat_zones_from_focus_to_all_to_off():
    d = Driver()
    d.move_mouse("Brenna")
    eamon_front = {d.hex(h) for h in ("1206", "1305", "1307")}
    assert set(d.scene.overlays().threat) == {"Eamon", "Brenna"}, "the selected and hovered figures"
    assert d.scene.overlays().threat["Eamon"] == eamon_front
    d.key(pygame.K_t)
    assert d.view.threat_mode == "all" and d.message == "Threat zones: all figures"
    assert set(d.scene.overlays().threat) == set(d.state.figures)
    d.key(pygame.K_t)
    assert d.view.threat_mode == "off" and d.scene.overlays().threat == {}
    d.key(pygame.K_t)
    assert d.view.threat_mode == "focus" and set(d.scene.overlays().threat) == {"Eamon", "Brenna"}


def test_gm_mode_changes_anything_and_every_change_is_a_command_that_replays():
    d = Driver()
    d.key(pygame.K_g)
    assert d.view.gm and isinstance(d.view.mode, GMMode)
    d.drag("Cato", "0806")  # not Cato's turn: in GM mode any figure goes anywhere
    assert d.label(d.state.figures["Cato"].hex) == "0806"
    assert d.game.events[-1].kind == "gm" and d.game.events[-1].text.startswith("GM places Cato at 0806")
    d.key(pygame.K_MINUS, "-")
    assert d.figure("Cato")["st"] == 13
    d.key(pygame.K_EQUALS, "=")
    assert d.figure("Cato")["st"] == 14
    d.key(pygame.K_p, "p")
    assert d.figure("Cato")["posture"] == "kneeling"
    d.click("Dagny")
    d.key(pygame.K_DELETE)
    assert "Dagny" not in d.state.figures
    assert [(c.do, c.figure, c.action) for c in d.game.history] == [
        ("gm", "Cato", "place"),
        ("gm", "Cato", "damage"),
        ("gm", "Cato", "heal"),
        ("gm", "Cato", "posture"),
        ("gm", "Dagny", "remove"),
    ]
    replay = arena()
    for command in d.game.history:
        assert replay.submit(command).accepted
    assert replay.state == d.state, "the GM's changes replay exactly"
    d.key(pygame.K_g)
    assert not d.view.gm and isinstance(d.view.mode, ChoosingMove) and d.view.selected == "Eamon"


def test_f1_opens_the_help_and_esc_closes_it_without_cancelling_the_planned_move():
    d = Driver()
    d.click("1106")
    d.key(pygame.K_F1)
    assert d.scene.help
    d.frame()
    d.key(ESC)
    assert not d.scene.help
    assert isinstance(d.view.mode, PlanningMove), "the first Esc only closes the help"
    d.key(pygame.K_SLASH, "?")
    assert d.scene.help
    d.key(pygame.K_F1)
    assert not d.scene.help


def test_the_help_button_in_the_top_bar_opens_the_help():
    d = Driver()
    help_button = next(b for b, action in d.scene.file_buttons.items() if action == "help")
    d.click(help_button.get_abs_rect().center)
    assert d.scene.help


# --- the camera ----------------------------------------------------------------------------


def test_the_wheel_zooms_about_the_cursor():
    d = Driver()
    cursor = (d.at("0706")[0] + 9, d.at("0706")[1] - 6)
    d.move_mouse(cursor)
    under, size = d.hex_under(cursor), d.scene.camera.size
    d.wheel(3)
    assert d.scene.camera.size == pytest.approx(size * 1.12**3)
    assert d.hex_under(cursor) == pytest.approx(under), "the same point of the map stays under the cursor"
    d.wheel(-2)
    assert d.scene.camera.size == pytest.approx(size * 1.12)
    assert d.hex_under(cursor) == pytest.approx(under)


def test_the_wheel_over_the_log_scrolls_the_log_not_the_map():
    from board.script import load_script

    script = load_script(ROOT / "tests" / "scripts" / "example_fight.yaml")
    for command in script.commands:
        script.game.submit(command)
    d = Driver(script.game)
    camera = (d.scene.camera.size, d.scene.camera.origin)
    d.wheel(2, d.scene.log_rect.center)
    assert d.scene.log.offset == 6
    assert (d.scene.camera.size, d.scene.camera.origin) == camera


def test_home_fits_the_whole_map_in_the_board_area():
    d = Driver()
    fitted = (d.scene.camera.size, d.scene.camera.origin)
    d.wheel(4, "0303")
    d.key(pygame.K_RIGHT)
    assert (d.scene.camera.size, d.scene.camera.origin) != fitted
    d.key(pygame.K_HOME)
    assert (d.scene.camera.size, d.scene.camera.origin) == fitted
    for h in d.game.battle.cells:
        for corner in d.scene.camera.corners(h):
            assert d.scene.board_rect.collidepoint(corner)


@pytest.mark.parametrize(
    "key, shift",
    [
        (pygame.K_LEFT, (PAN_STEP, 0)),
        (pygame.K_RIGHT, (-PAN_STEP, 0)),
        (pygame.K_UP, (0, PAN_STEP)),
        (pygame.K_DOWN, (0, -PAN_STEP)),
    ],
    ids=["left", "right", "up", "down"],
)
def test_shift_arrow_keys_pan_the_view_a_step_that_way(key, shift):
    d = Driver()
    x, y = d.scene.camera.to_screen(d.hex("0706"))
    d.key(key, mod=pygame.KMOD_LSHIFT)  # plain arrows move the hex cursor (board/ui/play/cursor.py)
    assert d.scene.camera.to_screen(d.hex("0706")) == pytest.approx((x + shift[0], y + shift[1]))


def test_a_right_drag_pans_the_map_with_the_mouse():
    d = Driver()
    x, y = d.scene.camera.to_screen(d.hex("0706"))
    d.drag((400, 400), (440, 370), button=3)
    assert d.scene.camera.to_screen(d.hex("0706")) == pytest.approx((x + 40, y - 30))
    assert d.game.history == [] and isinstance(d.view.mode, ChoosingMove)


# --- animations ----------------------------------------------------------------------------


def test_a_move_glides_along_its_path_until_its_animation_ends():
    d = Driver(settle=False)
    d.click("1106")
    d.key(ENTER)
    assert d.scene.animator.animating
    start, end = d.scene.camera.to_screen(d.hex("1306")), d.scene.camera.to_screen(d.hex("1106"))
    x, _ = d.scene.animator.position("Eamon", d.now)
    assert end[0] < x <= start[0], "the token is on its way"
    d.tick(1.0)
    assert not d.scene.animator.animating and d.scene.animator.position("Eamon", d.now) is None


CLICK_DURING_ANIMATION = """
import json, os
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
import board.ui.app as app
from board.game import Game
from board.hexgrid import parse_label
from board.maps import load_map

seen = {}

class Watched(app.PlayScene):
    def __init__(self, *args):
        super().__init__(*args)
        def at(label):
            return tuple(round(v) for v in self.camera.to_screen(parse_label(label, "pointy")))
        post = lambda kind, **a: pygame.event.post(pygame.event.Event(kind, **a))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # Eamon: 7 hexes, 0.9 s of glide
            post(kind, pos=at("0606"), button=1)
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # Brenna: plan 0305
            post(kind, pos=at("0305"), button=1)
        post(pygame.QUIT)

    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and "moved" in seen:
            seen["at_click"] = self.animator.animating or self.log.animating
        super().handle(event)
        if event.type == pygame.KEYDOWN:
            seen["moved"] = self.animator.animating
        if event.type == pygame.MOUSEBUTTONUP and "at_click" in seen:
            seen["mode"], seen["selected"] = type(self.controller.view.mode).__name__, self.controller.view.selected

app.PlayScene = Watched
app.run(Game(load_map("maps/arena.yaml"), seed=3), "The Arena")
print(json.dumps(seen))
"""


def test_a_click_during_an_animation_skips_it_and_still_counts():
    result = subprocess.run(
        [sys.executable, "-c", CLICK_DURING_ANIMATION], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["moved"] is True, "Eamon's move is animating when the click comes"
    assert seen["at_click"] is False, "app.run skipped the animation before the scene saw the click"
    assert (seen["mode"], seen["selected"]) == ("PlanningMove", "Brenna"), "the click still planned a move"


# --- A map without two sides ------------------------------------------------------------


@pytest.mark.parametrize("figures", ["[]", "[{name: Ann, team: Red, at: '0202'}, {name: Bo, team: Red, at: '0303'}]"])
def test_a_map_without_two_sides_opens_as_a_map_to_look_at_not_a_finished_fight(figures):
    from board.maps import parse_map

    battle = parse_map(f"name: Island\nsize: [5, 4]\nfigures: {figures}\n", "island.yaml")
    driver = Driver(Game(battle, seed=1))
    assert not [e for e in driver.game.events if e.kind == "victory"]
    assert driver.controller.info().phase == "view" and isinstance(driver.view.mode, Viewing)
    assert driver.scene.hint().startswith("A map without two sides: M opens it in the editor")
    driver.key(pygame.K_g)
    driver.key(pygame.K_g)  # in and out of GM mode: still a map to look at
    assert isinstance(driver.view.mode, Viewing)


def test_submit_returns_its_outcome_and_hands_its_events_to_whoever_shows_them():
    from board.ui.play.controller import Controller

    c = Controller(arena())
    handed: list = []
    c.shows = handed.append
    refused = c.submit(Command(do="move", figure="Brenna", action="stand_still"))  # not her turn
    assert not refused.accepted and refused.reason and c.view.warning
    done = c.submit(Command(do="move", figure="Eamon", action="stand_still"))
    assert done.accepted and done.events and handed[-1] == done.events
    assert c.view.selected == "Brenna"  # the view follows the game
    assert not hasattr(c.view, "events")  # nothing is mailed through the view


def test_the_scene_logs_the_events_of_a_command_the_computer_submits():
    d = Driver(arena())
    d.scene.act(Command(do="move", figure="Eamon", action="stand_still"), why="it waits")
    lines = d.scene.log.text().splitlines()
    assert "it waits" in lines[-2] and "Eamon stands still" in lines[-1]
