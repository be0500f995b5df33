"""The keyboard alone (issue 36): a hex cursor on the arrows, Tab through the figures that may
act, Enter to select or confirm, a menu with a visible focus, and the odds for the hex under
the cursor. Each test drives the board with key events and asserts on the game or the screen."""

import random

import pygame
import pytest

from board.hexgrid import Hex, hex_distance, hex_to_pixel, layout_for
from board.ui import theme
from board.ui.draw import hud
from board.ui.play.cursor import arrow_step
from tests.keyboard_player import cursor_to, focused, play_one
from tests.ui_driver import Driver
from board.ui.play.modes import Aiming, ChoosingAction, PlanningMove


def centre(kind: str, h: Hex) -> tuple[float, float]:
    return hex_to_pixel(layout_for(kind, 1.0), h)


def press_run(kind: str, key: tuple[int, int], n: int) -> list[Hex]:
    """Where n presses of an arrow take the cursor from the origin (the run's row kept)."""
    h, anchor = Hex(0, 0), None
    seen = [h]
    for _ in range(n):
        anchor = centre(kind, seen[0])[1 if key[0] else 0]
        h = arrow_step(kind, h, key, anchor)[0]
        seen.append(h)
    return seen


@pytest.mark.parametrize("kind", ["flat", "pointy"])
@pytest.mark.parametrize("key", [(1, 0), (-1, 0), (0, 1), (0, -1)], ids=["right", "left", "down", "up"])
def test_an_arrow_moves_the_cursor_that_way_on_screen_and_a_run_keeps_its_row(kind, key):
    run = press_run(kind, key, 8)
    axis, across = (0, 1) if key[0] else (1, 0)
    for a, b in zip(run, run[1:]):
        assert hex_distance(a, b) == 1
        step = centre(kind, b)[axis] - centre(kind, a)[axis]
        assert step * (key[0] or key[1]) > 0.8  # always onward, that way
    # A zigzag at most: never further than half a hex off the row (or column) it started on.
    assert all(abs(centre(kind, h)[across] - centre(kind, run[0])[across]) <= 0.87 for h in run)


def test_where_a_hex_lies_straight_that_way_the_arrow_goes_straight_to_it():
    assert arrow_step("flat", Hex(0, 0), (0, -1), None) == [Hex(0, -1)]  # flat-top: up is north
    assert arrow_step("pointy", Hex(0, 0), (1, 0), None) == [Hex(1, 0)]  # pointy-top: right is east


@pytest.mark.parametrize("sample", ["arena", "dungeon", "melee-seconds-skirmish"])
def test_the_arrows_bring_the_cursor_to_any_hex_of_the_map(sample):
    d = Driver(f"maps/{sample}.yaml")
    rng = random.Random(7)
    cells = sorted(d.game.battle.cells)
    for target in rng.sample(cells, 8):
        cursor_to(d, target)
        x, y = d.scene.camera.to_screen(target)
        assert d.scene.board_rect.collidepoint(x, y), "the map pans to keep the cursor in view"
        assert d.view.hover == target  # hovered, as the mouse would


def test_the_cursor_is_drawn_where_it_is():
    d = Driver("maps/arena.yaml")
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    d.frame()
    corners = d.scene.camera.corners(d.scene.keyboard.cursor)
    x, y = (round(v) for v in corners[0])
    near = [d.screen.get_at((x + dx, y + dy))[:3] for dx in range(-2, 3) for dy in range(-2, 3)]
    assert theme.CURSOR in near


def test_enter_on_a_blue_hex_plans_the_move_left_right_turn_and_enter_confirms():
    d = Driver("maps/arena.yaml")
    name = d.view.selected
    target = sorted(d.controller.move_info().hexes)[0]
    cursor_to(d, target)
    d.key(pygame.K_RETURN)
    assert isinstance(d.view.mode, PlanningMove) and d.view.mode.move.hex == target
    facing = d.view.mode.move.facing
    d.key(pygame.K_RIGHT)
    assert d.view.mode.move.facing == (facing - 1) % 6  # as E
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)
    assert d.view.mode.move.facing == (facing + 1) % 6  # as Q
    d.key(pygame.K_RETURN)
    assert d.game.tokens()[name].hex == target and d.game.tokens()[name].facing == (facing + 1) % 6


def test_tab_and_shift_tab_step_through_the_figures_that_may_act():
    d = Driver("maps/arena.yaml")
    active = d.view.selected
    d.key(pygame.K_TAB)
    assert d.scene.keyboard.cursor == d.game.tokens()[active].hex  # moving: the one to act
    rng = random.Random(3)
    while not isinstance(d.view.mode, ChoosingAction):
        play_one(d, rng)
    from board.ui.play.cursor import tab_order

    names = tab_order(d.controller)
    assert names[0] == d.controller.info().active
    seen = []
    for _ in names:
        d.key(pygame.K_TAB)
        seen.append(d.scene.keyboard.tabbed)
    assert sorted(seen) == sorted(names) and d.scene.keyboard.cursor == d.game.tokens()[seen[-1]].hex
    d.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert d.scene.keyboard.tabbed == seen[-2 if len(seen) > 1 else 0]  # back one


def test_the_menu_has_a_visible_focus_the_arrows_move_and_enter_presses():
    d = Driver("maps/arena.yaml")
    d.key(pygame.K_F6)
    assert d.scene.keyboard.on_menu
    first = focused(d)
    d.key(pygame.K_DOWN)
    second = focused(d)
    assert second != first and d.message.startswith(second.label)  # said on the status line
    d.frame()
    button = next(b for b, item in d.scene.menu.buttons.items() if item == second)
    frame = button.get_abs_rect().inflate(4, 4)
    edge = [d.screen.get_at((x, frame.top + 1))[:3] for x in range(frame.left + 6, frame.right - 6)]
    assert edge.count(theme.FOCUS) > frame.width // 2  # framed in the focus colour
    d.key(pygame.K_F6)
    assert not d.scene.keyboard.on_menu
    d.key(pygame.K_F6)
    while focused(d).id != "stand_still":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert isinstance(d.view.mode, PlanningMove)  # Stand still: pick a facing
    d.key(pygame.K_RETURN)
    assert [c.action for c in d.game.history] == ["stand_still"]


def test_while_aiming_tab_steps_through_the_targets_and_the_odds_show_at_the_cursor():
    d = Driver("maps/arena.yaml")
    rng = random.Random(11)
    for _ in range(400):
        c = d.controller
        attack = next(
            (
                i
                for i in c.actions()
                if isinstance(d.view.mode, ChoosingAction) and i.enabled and i.needs == "target" and i.targets
            ),
            None,
        )
        if attack is not None:
            break
        play_one(d, rng)
    else:
        pytest.fail("no attack came up")
    shown = []
    original = hud.draw_odds
    hud.draw_odds = lambda screen, at, target, *rest, **named: (
        shown.append((at, target)) or original(screen, at, target, *rest, **named)
    )
    try:
        d.key(pygame.K_F6) if not d.scene.keyboard.on_menu else None
        while focused(d).id != attack.id:
            d.key(pygame.K_DOWN)
        d.key(pygame.K_RETURN)
        assert (
            isinstance(d.view.mode, Aiming) and d.view.mode.kind == "target" and not d.scene.keyboard.on_menu
        )  # aiming: the board has the keys
        d.key(pygame.K_TAB)
        target = d.scene.keyboard.tabbed
        assert target in attack.targets
        d.frame()
        at = d.scene.camera.to_screen(d.game.tokens()[target].hex)
        assert shown and shown[-1][1] == target
        assert abs(shown[-1][0][0] - at[0]) <= 1 and abs(shown[-1][0][1] - at[1]) <= 1
    finally:
        hud.draw_odds = original
    before = len(d.game.history)
    d.key(pygame.K_RETURN)
    assert len(d.game.history) == before + 1
    assert d.game.history[-1].target == target


def test_on_the_computers_turn_enter_on_the_board_is_refused_and_said():
    d = Driver("maps/arena.yaml")
    team = d.game.current_player()
    d.game.players[team] = "computer:normal"
    d.scene.computer.due = lambda *a: False  # hold the computer back: the key comes first
    h = sorted(d.controller.move_info().hexes)[0]
    d.scene.keyboard.place(d.scene, h)
    d.key(pygame.K_RETURN)
    assert not d.game.history and "computer plays" in d.message
