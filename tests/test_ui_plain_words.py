"""Every message in a player's words (issue 35): the replayed example fights' logs, and the
lines a shared game's status shows for a command (what was played, sent or refused), carry
no program identifier: no snake_case id, no True/False/None, no "1 hexes"."""

import re
from pathlib import Path

import pytest

from board.rules.base import Command
from board.script import load_script
from board.words import hexes, plural
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("*.yaml"))
PROGRAM_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(True|False|None)\b|\b1 hexes\b|\b1 wounds\b")


def program_words(lines) -> list[str]:
    return sorted({line for line in lines if PROGRAM_WORDS.search(line)})


def replayed(path: Path):
    script = load_script(path)
    for command in script.commands:
        script.game.submit(command)
    return script


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_a_replayed_example_fights_log_has_no_program_words(path):
    script = replayed(path)
    driver = Driver(script.game)
    log = driver.scene.log.text().splitlines()
    assert len(log) > 10
    assert not program_words(log), "\n".join(program_words(log)[:20])


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_the_status_lines_of_a_shared_game_name_commands_in_words(path):
    script = replayed(path)
    lines = [f"GM played {c.words()}" for c in script.commands]
    lines += [f"Sent to the host: {c.words()}" for c in script.commands]
    assert not program_words(lines), "\n".join(program_words(lines)[:20])


def test_a_refused_command_is_said_in_words_on_the_status_line_and_not_logged():
    driver = Driver("maps/arena.yaml")
    outcome = driver.game.submit(Command(do="move", figure="Eamon", action="stand_still", to=(9, 9)))
    assert not outcome.accepted
    assert not program_words([outcome.events[0].text]), outcome.events[0].text
    assert outcome.events[0].text.startswith("Refused: Eamon: move (stand still)")
    driver.scene.log.add(outcome.events, 0.0)
    assert "Refused" not in driver.scene.log.text()


def test_counts_read_singular_for_one():
    assert (hexes(1), hexes(2), plural(1, "wound"), plural(0, "wound")) == ("1 hex", "2 hexes", "1 wound", "0 wounds")


def test_the_window_is_titled_hexboard_not_hexboard_hexboard():
    from board.ui.caption import window_title

    assert (window_title("Hexboard"), window_title("The Arena")) == ("Hexboard", "Hexboard - The Arena")
