"""A whole fight on the default map, played with the mouse alone: clicks on hexes, the facing
wheel and menu buttons, never a key (issue 4: "play a full fight ... with only the mouse")."""

import random

import pytest

from board.hexgrid import Hex, direction_between, hex_distance, hex_linedraw
from tests.ui_driver import Driver, wheel_arrow
from board.ui.play.modes import ChoosingAction, ChoosingMove

ATTACKS = ("attack", "charge_attack", "attack_hth", "shoot")


def nearest_enemy(driver: Driver, name: str):
    me = driver.state.figures[name]
    return min((e for e in driver.state.enemies(me) if e.up), key=lambda e: hex_distance(me.hex, e.hex))


def face_towards(driver: Driver, at: Hex, enemy_hex: Hex) -> None:
    """Click the wheel's arrow, among those not dimmed, nearest the enemy (this confirms)."""
    line = hex_linedraw(at, enemy_hex)
    wanted = direction_between(line[0], line[1]) if len(line) > 1 else 0
    allowed = [d for d, why in driver.view.mode.facings.items() if why is None]
    assert allowed, "the facing wheel offers no facing"
    direction = min(allowed, key=lambda d: min((d - wanted) % 6, (wanted - d) % 6))
    driver.click(wheel_arrow(driver, direction))


def move_by_mouse(driver: Driver, rng: random.Random) -> None:
    name = driver.view.selected
    enemy = nearest_enemy(driver, name)
    info = driver.controller.move_info()
    if info is not None and info.hexes:
        # Close in: the reachable hex nearest the enemy (a stop hex is fine: it ends there).
        target = min(info.hexes, key=lambda h: (hex_distance(h, enemy.hex), rng.random()))
        if hex_distance(target, enemy.hex) < hex_distance(driver.state.figures[name].hex, enemy.hex):
            driver.click(target)
            face_towards(driver, target, enemy.hex)
            return
    if any(i.id == "stand_up" and i.enabled for i in driver.items()):
        driver.press("stand_up")
        return
    driver.click(name)  # a click on one's own token: stand still, then pick the facing
    face_towards(driver, driver.state.figures[name].hex, enemy.hex)


def act_by_mouse(driver: Driver, rng: random.Random) -> None:
    name = driver.view.selected
    offered = {i.id: i for i in driver.items() if i.enabled}
    infos = {i.id: i for i in driver.controller.actions(name)}
    for action in ATTACKS:
        info = infos.get(action)
        enemies = [
            t
            for t in (info.targets if info and info.enabled else ())
            if driver.state.figures[t].team != driver.state.figures[name].team
        ]
        if action in offered and enemies:
            driver.press(action)
            driver.click(rng.choice(enemies))
            return
    driver.press("stand_up" if "stand_up" in offered else "pass")


@pytest.mark.parametrize("name", ["arena", "dungeon", "burning", "outdoor"])
def test_a_whole_fight_can_be_played_with_the_mouse_alone(name):
    rng = random.Random(1)
    driver = Driver(f"maps/{name}.yaml")
    for _ in range(600):
        if driver.game.state.phase == "over":
            break
        mode = driver.view.mode
        before = len(driver.game.history)
        if isinstance(mode, ChoosingMove):
            move_by_mouse(driver, rng)
        elif isinstance(mode, ChoosingAction):
            act_by_mouse(driver, rng)
        assert len(driver.game.history) > before, f"a {mode} click did nothing: {driver.view.message}"
    assert driver.game.state.phase == "over" and driver.game.state.winner
    assert "wins" in driver.scene.log.text()
