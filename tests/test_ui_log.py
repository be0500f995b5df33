"""The combat log panel: cached rows, tumbling dice, scrolling, plain-text save."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from board.rules.base import Event
from board.script import load_script
from board.ui import theme
from board.ui.log import rows as log_module
from board.ui.log.panel import CombatLog
from board.ui.log.rows import CACHE_ROWS, STAGGER, TUMBLE, layout, piece_width

EXAMPLE = Path(__file__).parent / "scripts" / "example_fight.yaml"
WIDTH = 340


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.font.init()
    yield


def attack(faces=(3, 4, 2), hit=True):
    return Event(
        "attack",
        f"Sela attacks Gaut with Short Bow: 3d6 rolls {sum(faces)} vs 12, {'hits' if hit else 'misses'}",
        "Sela",
        {
            "target": "Gaut",
            "weapon": "Short Bow",
            "dice": 3,
            "faces": list(faces),
            "roll": sum(faces),
            "needed": 12,
            "hit": hit,
            "modifiers": [],
        },
    )


def plain(i):
    return Event("action", f"Figure {i}: Do nothing", f"Figure {i}", {"action": "pass"})


def example_events():
    script = load_script(EXAMPLE)
    for command in script.commands:
        script.game.submit(command)
    return list(script.game.events)


def settled_log(events, height=400):
    log = CombatLog(WIDTH)
    log.add(events, 0.0)
    log.skip()
    log.update(100.0)
    surface = pygame.Surface((WIDTH, height))
    log.draw(surface, surface.get_rect())
    return log, surface


def test_drawing_twice_does_not_render_again():
    log, surface = settled_log(example_events())
    first = log.renders
    assert first == len(log.shown) > 0
    log.draw(surface, surface.get_rect())
    assert log.renders == first


def test_dice_are_random_while_tumbling_then_settle_on_the_real_faces():
    log = CombatLog(WIDTH, seed=7)
    log.add([attack((3, 4, 2))], 0.0)
    entry = log.entries[0]
    assert entry.settle == pytest.approx(TUMBLE)
    shown = [entry.faces_at(t / 100) for t in range(0, 44, 2)]
    assert all(len(f) == 3 and all(1 <= x <= 6 for x in f) for f in shown)
    assert any(f != (3, 4, 2) for f in shown)
    assert len(set(shown)) > 3  # they keep changing
    assert entry.faces_at(TUMBLE) == (3, 4, 2)
    assert entry.faces_at(TUMBLE + 5) == (3, 4, 2)


def test_tumbling_dice_are_not_cached_and_the_outcome_waits_for_them():
    log = CombatLog(WIDTH)
    surface = pygame.Surface((WIDTH, 300))
    log.add([attack()], 0.0)
    assert log.update(0.2) and log.animating
    log.draw(surface, surface.get_rect())
    renders = log.renders  # the head row only: the dice row is drawn live
    assert renders == 1
    dice_row = layout(attack(), log.inner, 15)[-1]
    tumbling = log_module.render_row(dice_row, log.inner, (1, 1, 1), settled=False)
    settled = log_module.render_row(dice_row, log.inner, (1, 1, 1), settled=True)
    assert pygame.image.tobytes(tumbling, "RGBA") != pygame.image.tobytes(settled, "RGBA")
    assert log.update(TUMBLE + 0.01)  # the frame it settles
    assert not log.animating
    log.draw(surface, surface.get_rect())
    assert log.renders == renders + 1
    assert not log.update(1.0)


def test_lines_arrive_one_after_another_and_wait_for_the_dice():
    log = CombatLog(WIDTH)
    damage_roll = Event(
        "damage_roll", "1d6-1 rolls 4", "Sela", {"dice": "1d6-1", "faces": [5], "total": 4, "double": False}
    )
    log.add([plain(1), attack(), damage_roll], 0.0)
    assert len(log.entries) == 1
    log.update(STAGGER)
    assert [e.event.kind for e in log.entries] == ["action", "attack"]
    log.update(STAGGER + TUMBLE)
    assert len(log.entries) == 2  # the damage waits until the attack's dice have settled
    log.update(2 * STAGGER + TUMBLE + 1e-9)
    assert len(log.entries) == 3
    log.update(2 * STAGGER + 2 * TUMBLE + 1e-9)
    assert not log.animating


def test_a_long_batch_is_compressed_and_a_loaded_game_appears_at_once():
    log = CombatLog(WIDTH)
    log.add([attack() for _ in range(10)], 0.0)
    assert max(e.settle for e in log._pending) <= log_module.MAX_BATCH + 1e-9
    big = CombatLog(WIDTH)
    big.add([plain(i) for i in range(500)], 0.0)
    assert len(big.entries) == 500 and not big.animating


def test_skip_settles_everything():
    log = CombatLog(WIDTH)
    events = [attack() for _ in range(5)] + [plain(1)]
    log.add(events, 0.0)
    log.update(0.1)
    log.skip()
    assert not log.animating
    assert len(log.entries) == 6
    assert all(e.faces_at(0.1) == e.faces for e in log.entries)


def test_scrolling_clamps_to_the_oldest_and_the_newest_row():
    log, surface = settled_log([plain(i) for i in range(200)], height=300)
    assert log.shown[-1][0] == 200
    log.scroll(10_000)
    log.draw(surface, surface.get_rect())
    assert log.shown[0] == (1, 0)
    at_top = log.offset
    log.scroll(5)
    assert log.offset == at_top
    log.scroll(-10_000)
    assert log.offset == 0


def test_scrolled_back_the_view_stays_put_and_counts_new_lines():
    log, surface = settled_log([plain(i) for i in range(100)], height=300)
    log.scroll(20)
    log.draw(surface, surface.get_rect())
    before = list(log.shown)
    log.add([plain(i) for i in range(100, 103)], 200.0)
    log.skip()
    log.draw(surface, surface.get_rect())
    assert log.shown == before
    assert log.unseen == 3
    log.scroll(-log.offset)
    log.draw(surface, surface.get_rect())
    assert log.unseen == 0 and log.shown[-1][0] == 103


def test_at_the_bottom_the_log_follows_new_lines():
    log, surface = settled_log([plain(i) for i in range(100)], height=300)
    log.add([plain(100)], 200.0)
    log.draw(surface, surface.get_rect())
    assert log.shown[-1][0] == 101 and log.offset == 0


def test_five_thousand_events_are_kept_and_only_visible_rows_drawn():
    events = [attack() if i % 3 == 0 else plain(i) for i in range(5000)]
    log, surface = settled_log(events, height=700)
    assert len(log.entries) == 5000
    assert 0 < len(log.shown) < 60
    assert log.renders == len(log.shown)
    log.scroll(3000)
    log.draw(surface, surface.get_rect())
    assert log.renders <= 2 * 60
    assert len(log._cache) <= CACHE_ROWS


def test_the_cache_stays_bounded_when_scrolling_through_everything():
    log, surface = settled_log([plain(i) for i in range(2000)], height=600)
    for _ in range(80):
        log.scroll(25)
        log.draw(surface, surface.get_rect())
    assert len(log._cache) <= CACHE_ROWS


def test_long_text_wraps_within_the_panel():
    long = Event("damage", "Gaut takes 9 damage (12 - 3 stopped by armor) " * 3, "Gaut", {"taken": 9})
    rows = layout(long, 300, 15)
    assert len(rows) > 2
    for row in rows:
        assert row.indent + sum(piece_width(p) for p in row.pieces) <= 300
    assert " ".join(p.text for row in rows for p in row.pieces) == long.text.strip()


def test_kinds_are_styled():
    inner = 300
    hit, miss = layout(attack(hit=True), inner, 15)[-1], layout(attack(hit=False), inner, 15)[-1]
    assert hit.pieces[0].kind == "dice" and hit.pieces[-1].colour == theme.TEXT_GOOD
    assert miss.pieces[-1].colour == theme.TEXT_DIM
    turn = layout(Event("turn", "Turn 2 begins", None, {"turn": 2}), inner, 15)[0]
    assert turn.align == "rule" and turn.pieces[0].bold
    refused = layout(Event("rejected", "Refused (move Rolf): no", "Rolf", {"reason": "no"}), inner, 15)[0]
    assert refused.pieces[0].kind == "warn" and refused.pieces[1].colour == theme.TEXT_WARN
    gm = layout(Event("gm", "GM deals 3 damage to Gaut", "Gaut", {}), inner, 15)[0]
    assert gm.pieces[0].kind == "badge" and gm.pieces[1].text == "deals 3 damage to Gaut"
    won = layout(Event("victory", "Red wins", None, {"winner": "Red"}), inner, 15)[0]
    assert won.align == "centre" and won.pieces[0].bold and won.pieces[0].size > 15
    dies = layout(Event("dies", "Gaut dies", "Gaut"), inner, 15)[0]
    assert dies.pieces[0].colour == theme.TEXT_BAD


def test_a_rulesets_own_kinds_are_shown_in_the_tone_they_name_else_plain():
    inner = 300
    burns = layout(Event("burns", "Vell burns", "Vell", {"faces": [3]}, tone="fire"), inner, 15)[0]
    assert burns.pieces[0].kind == "dice" and burns.pieces[1].colour == theme.LOG_FIRE
    assert layout(Event("wear", "The axe chips", "Orc"), inner, 15)[0].pieces[0].colour == theme.TEXT
    shoved = Event("move", "Orc is shoved", "Orc", {"path": [[1, 0]], "forced": True})
    assert layout(shoved, inner, 15)[0].pieces[0].colour == theme.LOG_HURT
    assert layout(Event("move", "Orc stays put", "Orc", {"path": []}), inner, 15)[0].pieces[0].colour == theme.TEXT_DIM


def test_an_attack_with_dice_but_no_target_number_shows_no_missing_value():
    # Combat-chart's chart cells: one die, no "roll vs needed".
    chart = Event(
        "attack", "Korr attacks Brann: CH on the chart, 1d6 rolls 4", "Korr", {"hit": True, "chart": "CH", "faces": [4]}
    )
    shown = " ".join(p.text for row in layout(chart, 300, 15) for p in row.pieces)
    assert "None" not in shown and "hit" in shown


def test_the_warning_sign_falls_back_when_the_font_lacks_it():
    assert not log_module.has_glyph("\ue000", 15)
    assert log_module.has_glyph("A", 15)


def test_resizing_rewraps_the_rows():
    log, _surface = settled_log(example_events())
    rows = len(log._rows)
    narrow = pygame.Surface((200, 400))
    log.draw(narrow, narrow.get_rect())
    assert log.width == 200 and len(log._rows) > rows


def test_the_example_fight_ends_with_the_victory_line():
    log, _ = settled_log(example_events(), height=900)
    assert log.entries[-1].event.kind == "victory"
    assert log.shown[-1][0] == log.entries[-1].serial


def test_text_has_every_event_in_order():
    events = example_events()
    log = CombatLog(WIDTH)
    log.add(events, 0.0)  # still arriving: the text has them all anyway
    assert log.text().splitlines() == [e.text for e in events]


def test_save_writes_the_text(tmp_path):
    log, _ = settled_log(example_events())
    path = tmp_path / "fight.log"
    log.save(path)
    assert path.read_text(encoding="utf-8") == log.text()
    assert os.listdir(tmp_path) == ["fight.log"]


def test_save_is_atomic(tmp_path, monkeypatch):
    log, _ = settled_log(example_events())
    path = tmp_path / "fight.log"
    path.write_text("the old log\n", encoding="utf-8")

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        log.save(path)
    assert path.read_text(encoding="utf-8") == "the old log\n"
    assert os.listdir(tmp_path) == ["fight.log"]  # no temporary file left behind


def test_a_kept_panel_is_painted_again_only_when_the_log_changes():
    log, _ = settled_log([plain(1)])
    kept = pygame.Surface((WIDTH, 300))
    log.draw_kept(kept, kept.get_rect())
    kept.fill((255, 0, 0))
    log.update(101.0)
    log.draw_kept(kept, kept.get_rect())  # nothing changed: left as it was
    assert kept.get_at((WIDTH // 2, 150))[:3] == (255, 0, 0)
    log.add([plain(2)], 102.0)
    log.skip()
    log.update(103.0)
    log.draw_kept(kept, kept.get_rect())
    assert kept.get_at((WIDTH // 2, 150))[:3] == theme.PANEL


def test_a_kept_panel_shows_the_dice_settled_once_they_stop_tumbling():
    log = CombatLog(WIDTH)
    log.add([attack()], 0.0)
    kept = pygame.Surface((WIDTH, 300))
    now = 0.0
    while now < 10.0:  # every frame of the animation, and a few after it
        now += 0.05
        log.update(now)
        log.draw_kept(kept, kept.get_rect())
    _settled, fresh = settled_log([attack()], 300)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_the_board_names_no_kind_of_one_rulesets_own():
    """The log, the sounds and the animations read the common kinds (board.rules.kernel.events)
    and the tone an event names: no module of board/ui spells a ruleset's own kind."""
    import re

    from board.rules.kernel import events as common

    root = Path(__file__).resolve().parents[1]
    words = {v for k, v in vars(common).items() if k.isupper() and isinstance(v, str)}
    emitted = {
        kind
        for path in (root / "board" / "rules").rglob("*.py")
        for kind in re.findall(r'(?:Event|_fire)\(\s*"(\w+)"', path.read_text())
    }
    own = emitted - words
    assert {"burns", "staggers", "stray_hit", "wear", "plot"} <= own  # the scan sees them
    named = {
        str(path.relative_to(root)): sorted(own & set(re.findall(r'"(\w+)"', path.read_text())))
        for path in (root / "board" / "ui").rglob("*.py")
    }
    assert not {name: kinds for name, kinds in named.items() if kinds}
