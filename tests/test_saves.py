"""Saved games: atomic writes, strict loading, and an autosave that survives SIGKILL."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from board.saves import Autosaver, load_game, save_game, write_atomically
from board.script import game_to_yaml, parse_script
from board.yamlio import InputError

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.yaml"


def played(n: int, seed: int = 4) -> Game:
    rng = random.Random(seed)
    game = Game(load_map(ARENA), seed=seed)
    for _ in range(n):
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
    return game


def test_a_saved_game_reopens_exactly(tmp_path):
    game = played(25)
    save_game(game, tmp_path / "game.yaml")
    again = load_game(tmp_path / "game.yaml")
    assert again.snapshot() == game.snapshot()
    assert [c.model_dump() for c in again.history] == [c.model_dump() for c in game.history]


def test_a_save_is_the_script_format(tmp_path):
    game = played(10)
    script = parse_script(game_to_yaml(game), "save.yaml", tmp_path)
    assert len(script.commands) == 10 and script.source.seed == game.seed


def test_an_atomic_write_never_leaves_half_a_file(tmp_path, monkeypatch):
    path = tmp_path / "save.yaml"
    write_atomically(path, "old: 1\n")

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_atomically(path, "new: 2\n" * 1000)
    assert path.read_text() == "old: 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"]  # no temporary file left


def test_a_damaged_save_is_refused_whole(tmp_path):
    game = played(12)
    text = game_to_yaml(game).replace('"figure": "', '"figure": "Nobody', 1)
    (tmp_path / "bad.yaml").write_text(text)
    with pytest.raises(InputError, match="the save is damaged: command 1"):
        load_game(tmp_path / "bad.yaml")


def test_a_save_from_a_newer_version_is_refused(tmp_path):
    text = game_to_yaml(played(3)).replace("hexboard: 1", "hexboard: 99")
    (tmp_path / "future.yaml").write_text(text)
    with pytest.raises(InputError, match="format 99"):
        load_game(tmp_path / "future.yaml")


def test_the_autosave_is_written_after_every_change_and_closed_on_exit(tmp_path):
    autosave = Autosaver(tmp_path)
    game = played(0)
    for count in range(1, 4):
        game.submit(game.ruleset.legal_commands(game.state)[0])
        autosave.save(game)
        assert len(load_game(autosave.path).history) == count
    autosave.close()
    assert autosave.pending() is None and (tmp_path / "last-closed.yaml").exists()


def test_declining_to_resume_keeps_the_game_aside(tmp_path):
    autosave = Autosaver(tmp_path)
    autosave.save(played(2))
    autosave.discard()
    assert autosave.pending() is None and load_game(tmp_path / "declined.yaml").history


PLAYER = """
import random, sys
from pathlib import Path
from board.game import Game
from board.maps import load_map
from board.saves import Autosaver
seed = int(sys.argv[2])
rng = random.Random(seed)
game = Game(load_map(sys.argv[1]), seed=seed)
autosave = Autosaver(Path(sys.argv[3]))
while game.state.phase != "over":
    game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
    autosave.save(game)
    print(len(game.history), flush=True)  # committed: on disk before this line
"""


def test_killing_the_game_at_random_points_loses_no_committed_command(tmp_path):
    # The child says after each command that it is on disk; the kill comes once it has
    # committed a chosen number, while it goes on playing (and writing) at full speed.
    rng = random.Random(7)
    for attempt in range(20):
        folder = tmp_path / f"run{attempt}"
        target = rng.randint(1, 40)  # the arena's random games run for thousands of commands
        child = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(ARENA), str(attempt), str(folder)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        lines = []
        while not lines or int(lines[-1]) < target:
            lines.append(child.stdout.readline())
            assert lines[-1], f"the child stopped after {lines[:-1]} commands"
        child.send_signal(signal.SIGKILL)
        # The rest through the same buffered reader: communicate(timeout=...) reads the pipe
        # itself and would miss lines readline() had already taken in (its buffer), so the
        # save would seem to hold commands the child never said it committed.
        with child.stdout:
            out = child.stdout.read()
        child.wait()
        committed = int((lines + out.split())[-1])
        game = load_game(Autosaver(folder).pending())  # never corrupt: loads whole, every command accepted
        # Killed between the write and the print, the save may hold one more.
        assert target <= committed <= len(game.history) <= committed + 1, (
            f"run {attempt}: target {target}, committed {committed}, saved {len(game.history)}, "
            f"printed {lines[-3:]} then {out.split()[-3:]}"
        )


def interrupted_writes(folder: Path) -> tuple[Path, Path]:
    """An old temporary file left by a killed autosave, and one of a write still in flight."""
    folder.mkdir(parents=True, exist_ok=True)
    old, young = folder / ".autosave.yaml.k1ll3d.tmp", folder / ".autosave.yaml.fl1ght.tmp"
    old.write_text("half a save", encoding="utf-8")
    young.write_text("a write in flight", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    return old, young


@pytest.mark.parametrize("argv", [["play", str(ARENA)], []], ids=["play a map", "start screen"])
def test_starting_the_board_removes_the_temporary_files_of_interrupted_autosaves(tmp_path, monkeypatch, argv):
    import board.ui.app
    from board.cli import main

    old, young = interrupted_writes(tmp_path)
    (tmp_path / "autosave.yaml").write_text("kept", encoding="utf-8")
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(board.ui.app, "run", lambda *args, **kwargs: 0)
    assert main(argv) == 0
    assert not old.exists(), "a killed autosave's temporary file is left behind"
    assert young.exists(), "another board's write in flight must not be deleted"
    assert (tmp_path / "autosave.yaml").read_text(encoding="utf-8") == "kept"


def test_a_save_gets_the_permissions_of_an_ordinary_file(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "new.yaml", "a: 1\n")
        kept = tmp_path / "kept.yaml"
        kept.write_text("a: 0\n")
        kept.chmod(0o640)
        write_atomically(kept, "a: 2\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.yaml").stat().st_mode & 0o777 == 0o644  # not mkstemp's 0600
    assert kept.stat().st_mode & 0o777 == 0o640, "an existing file keeps its mode"
