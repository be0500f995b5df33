"""Board animations: timing math only, no display needed."""

import subprocess
import sys
from pathlib import Path

import pytest

from board.rules.base import Event
from board.script import load_script
from board.ui.draw.animations import (
    DEAD_ALPHA,
    FADE,
    FLASH,
    FLOAT,
    LIMIT,
    NO_HURT,
    HURT,
    RISE,
    SPEED,
    TIP,
    Animator,
    schedule,
)

ROOT = Path(__file__).resolve().parents[1]


def project(h):
    return (h[0] * 10.0, h[1] * 10.0)


def move(name, path):
    return Event("move", f"{name} moves", name, {"action": "jog", "path": [list(h) for h in path], "facing": 0})


def damage(name, taken):
    return Event("damage", f"{name} takes {taken} damage", name, {"raw": taken + 2, "armor": 2, "taken": taken})


def test_a_move_glides_along_its_path_and_then_ends():
    anim = Animator(project)
    anim.add([move("Rolf", [(1, 0), (2, 0), (3, 0)])], 0.0, {"Rolf": (0, 0)})
    end = 3 / SPEED
    assert anim.position("Rolf", 0.0) == pytest.approx((0.0, 0.0))
    assert anim.position("Rolf", end / 2) == pytest.approx((15.0, 0.0))
    assert anim.position("Rolf", end / 3) == pytest.approx((10.0, 0.0))
    fx = anim.figure_fx("Rolf", end / 2)
    assert fx.offset_path == [(0.0, 0.0), (10.0, 0.0), (20.0, 0.0), (30.0, 0.0)]
    assert fx.at(1.0) == (30.0, 0.0)
    assert anim.update(end - 0.01) and anim.animating
    assert anim.update(end + 0.01)  # the frame it ends: one last redraw
    assert not anim.animating
    assert anim.position("Rolf", end + 0.01) is None
    assert anim.figure_fx("Rolf", end + 0.01) is None
    assert not anim.update(end + 0.02)


def test_a_carried_figure_glides_at_the_same_time_as_the_move_before():
    rider = Event("move", "Rex rides along", "Rex", {"path": [[1, 0], [2, 0]], "along": True})
    anim = Animator(project)
    anim.add(
        [move("Horse", [(1, 0), (2, 0)]), rider, move("Ann", [(5, 1)])],
        0.0,
        {"Horse": (0, 0), "Rex": (0, 0), "Ann": (5, 0)},
    )
    half = 1 / SPEED
    assert anim.position("Rex", half) == anim.position("Horse", half) == pytest.approx((10.0, 0.0))
    assert anim.position("Ann", half) == pytest.approx((50.0, 0.0))  # the next move waits for both


def test_a_glide_follows_the_camera():
    anim = Animator(project)
    anim.add([move("Rolf", [(1, 0)])], 0.0, {"Rolf": (0, 0)})
    anim.set_projection(lambda h: (h[0] * 20.0 + 5, h[1] * 20.0))
    assert anim.position("Rolf", 0.5 / SPEED) == pytest.approx((15.0, 0.0))


def test_a_hit_flashes_after_the_move_and_floats_the_damage():
    anim = Animator(project)
    anim.add([move("Rolf", [(1, 0), (2, 0)]), damage("Gaut", 3)], 0.0, {"Rolf": (0, 0), "Gaut": (3, 0)})
    hit = 2 / SPEED
    assert anim.figure_fx("Gaut", hit - 0.01).flash == 0
    assert anim.floaters(hit - 0.01) == []
    assert anim.figure_fx("Gaut", hit + 0.01).flash > 0.9
    assert anim.figure_fx("Gaut", hit + FLASH / 2).flash == pytest.approx(0.5)
    ((pos, text, colour, alpha),) = anim.floaters(hit)
    assert (pos, text, colour, alpha) == ((30.0, 0.0), "-3", HURT, 1.0)
    ((pos, _, _, alpha),) = anim.floaters(hit + FLOAT / 2)
    assert pos == pytest.approx((30.0, -RISE / 2)) and alpha == pytest.approx(1.0)
    ((pos, _, _, alpha),) = anim.floaters(hit + FLOAT * 0.9)
    assert alpha == pytest.approx(0.2)
    assert anim.floaters(hit + FLOAT + 0.01) == []


def test_damage_floats_from_where_the_target_moved_to():
    anim = Animator(project)
    anim.add([move("Gaut", [(4, 0)]), damage("Gaut", 2)], 0.0, {"Gaut": (3, 0)})
    ((pos, text, _, _),) = anim.floaters(1 / SPEED + 0.01)
    assert pos[0] == 40.0 and text == "-2"


def test_damage_stopped_by_armor_floats_a_grey_zero_without_a_flash():
    anim = Animator(project)
    anim.add([damage("Gaut", 0)], 0.0, {"Gaut": (3, 0)})
    ((_, text, colour, _),) = anim.floaters(0.1)
    assert text == "0" and colour == NO_HURT
    assert anim.figure_fx("Gaut", 0.1) is None


def test_a_falling_figure_tips_over_and_stays_tipped_only_while_animating():
    anim = Animator(project)
    anim.add([Event("falls", "Rolf falls down", "Rolf"), damage("Gaut", 1)], 0.0, {"Rolf": (0, 0), "Gaut": (1, 0)})
    assert anim.figure_fx("Rolf", 0.0).tip == 0
    assert anim.figure_fx("Rolf", TIP / 2).tip == pytest.approx(0.5)
    assert anim.figure_fx("Rolf", TIP + 0.1).tip == 1.0  # the flash on Gaut still runs
    anim.update(10.0)
    assert anim.figure_fx("Rolf", 10.0) is None


def test_unconscious_tips_too():
    anim = Animator(project)
    anim.add([Event("unconscious", "Gaut falls unconscious", "Gaut")], 0.0, {"Gaut": (1, 0)})
    assert anim.figure_fx("Gaut", TIP / 2).tip == pytest.approx(0.5)


def test_a_dying_figure_fades_to_a_faint_body_not_to_nothing():
    anim = Animator(project)
    anim.add([damage("Gaut", 9), Event("dies", "Gaut dies", "Gaut")], 0.0, {"Gaut": (1, 0)})
    assert anim.figure_fx("Gaut", FLASH - 0.01).alpha == 1.0  # the fade waits for the flash
    assert anim.figure_fx("Gaut", FLASH + FADE / 2).alpha == pytest.approx((1 + DEAD_ALPHA) / 2)
    alphas = [anim.figure_fx("Gaut", t / 100).alpha for t in range(0, 100)]
    assert min(alphas) == pytest.approx(DEAD_ALPHA)
    assert alphas == sorted(alphas, reverse=True)


def test_skip_ends_everything():
    anim = Animator(project)
    anim.add([move("Rolf", [(1, 0)] * 5), damage("Rolf", 4), Event("dies", "Rolf dies", "Rolf")], 0.0, {"Rolf": (0, 0)})
    assert anim.animating
    anim.skip()
    assert not anim.animating
    assert anim.figure_fx("Rolf", 0.1) is None and anim.position("Rolf", 0.1) is None
    assert anim.floaters(0.5) == []


def test_a_command_never_animates_longer_than_the_limit():
    anim = Animator(project)
    path = [(q, 0) for q in range(1, 31)]  # 30 hexes: 3.75 s at full speed
    anim.add(
        [
            move("Rolf", path),
            damage("Gaut", 5),
            Event("falls", "Gaut falls", "Gaut"),
            Event("dies", "Gaut dies", "Gaut"),
        ],
        0.0,
        {"Rolf": (0, 0), "Gaut": (31, 0)},
    )
    assert anim.figure_fx("Gaut", LIMIT - 0.01).alpha < 0.5  # the fade still ran, faster
    assert anim.update(LIMIT - 0.01) and anim.animating
    anim.update(LIMIT + 0.001)
    assert not anim.animating


def test_the_next_command_waits_for_the_previous_ones_main_part():
    anim = Animator(project)
    anim.add([move("Rolf", [(1, 0), (2, 0)])], 0.0, {"Rolf": (0, 0)})
    anim.add([move("Gaut", [(4, 0)])], 0.05, {"Gaut": (5, 0), "Rolf": (2, 0)})
    assert anim.position("Gaut", 0.1) == (50.0, 0.0)  # waiting at its start hex
    assert anim.position("Gaut", 2 / SPEED + 0.5 / SPEED) == pytest.approx((45.0, 0.0))


def test_events_without_animations_add_nothing():
    anim = Animator(project)
    anim.add([Event("turn", "Turn 1 begins", None, {"turn": 1}), move("Sela", [])], 0.0, {"Sela": (0, 0)})
    assert not anim.animating and anim.figure_fx("Sela", 0.0) is None


def test_every_command_of_the_example_fight_fits_the_limit():
    script = load_script(ROOT / "tests" / "scripts" / "example_fight.yaml")
    game = script.game
    for command in script.commands:
        before = {name: (f.hex.q, f.hex.r) for name, f in game.state.figures.items()}
        outcome = game.submit(command)
        batch, cursor = schedule(outcome.events, before, 0.0)
        assert batch.end <= LIMIT + 1e-9 and cursor <= batch.end + 1e-9


def test_animations_never_import_pygame():
    code = "import sys, board.ui.draw.animations; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "False"


def moves_in_random_play(ruleset: str, seed: int = 2, commands: int = 400):
    """Each accepted command of random legal play on the arena with a common move event in it:
    (anchor hexes before, its events, anchor hexes after)."""
    import random

    from board.game import Game
    from board.maps import load_map
    from board.rules.kernel.events import MOVE

    game, rng, seen = Game(load_map(ROOT / "maps" / "arena.yaml", ruleset), seed=seed), random.Random(seed), []

    def anchors():
        return {name: tuple(t.hex) for name, t in game.tokens().items()}

    for _ in range(commands):
        legal = [] if game.is_terminal() else game.legal_actions()
        if not legal:
            break
        # Moves first, half the time, so that every ruleset moves within the budget.
        moving = [c for c in legal if c.path or c.to or c.do == "move"]
        before = anchors()
        outcome = game.submit(rng.choice(moving if moving and rng.random() < 0.5 else legal))
        if outcome.accepted and any(e.kind == MOVE and e.data["path"] for e in outcome.events):
            seen.append((before, outcome.events, anchors()))
    return seen


@pytest.mark.parametrize("ruleset", ["warrior-wizard", "combat-chart", "usage-dice", "dox", "melee-seconds"])
def test_every_rulesets_moves_slide_along_their_path(ruleset):
    """A defect: the animation knew only Warrior & Wizard's move kinds, so dox, combat-chart and
    melee-seconds tokens jumped. Every common move slides, and ends where the figure stands."""
    from board.rules.kernel.events import MOVE

    seen = moves_in_random_play(ruleset)
    assert len(seen) >= 3
    for before, events, after in seen:
        batch, _ = schedule(events, before, 0.0)
        for name in {e.figure for e in events if e.kind == MOVE and e.data["path"]}:
            glides = [tr for tr in batch.tracks if tr.kind == "move" and tr.figure == name]
            moved = before.get(name) != after.get(name)
            assert glides or not moved, (name, [e.text for e in events])
            if glides and name in after:
                assert tuple(glides[-1].hexes[-1]) == after[name]
