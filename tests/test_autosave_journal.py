"""The autosave's journal: one line a command, undos journalled, compaction, and crash safety
(a kill at any moment loses no saved command and leaves a game that loads)."""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from board.game import Game
from board.journal import journal_path
from board.maps import load_map
from board.saves import Autosaver, load_game, save_game

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "maps" / "arena.yaml"


def step(game: Game, rng: random.Random) -> None:
    """One move of the test player: mostly a random legal command, now and then an undo."""
    if game.history and rng.random() < 0.15:
        game.undo()
    else:
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))


def autosaved(folder: Path, seed: int, steps: int, **options) -> tuple[Autosaver, Game]:
    """A game played for some steps, autosaved after each."""
    autosave, game = Autosaver(folder, **options), Game(load_map(ARENA), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        step(game, rng)
        autosave.save(game)
    return autosave, game


def same_game(loaded: Game, game: Game) -> bool:
    return (
        [c.model_dump() for c in loaded.history] == [c.model_dump() for c in game.history]
        and loaded.snapshot() == game.snapshot()
        and loaded.notes == game.notes
    )


def noted_step(game: Game, rng: random.Random) -> None:
    """A step, and the computer's reason for most commands, as the board's computer gives it."""
    count = len(game.history)
    step(game, rng)
    if len(game.history) > count and rng.random() < 0.8:
        game.note(f"reason {rng.randrange(1000)} for command {count}: «cheap, and it hits»")


def test_each_command_is_one_line_in_the_journal_and_the_save_is_not_rewritten(tmp_path):
    autosave, game = Autosaver(tmp_path), Game(load_map(ARENA), seed=2)
    autosave.save(game)
    save = autosave.path.read_bytes()
    rng = random.Random(2)
    for count in range(1, 6):
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
        autosave.save(game)
        assert len(journal_path(autosave.path).read_text().splitlines()) == 1 + count
    assert autosave.path.read_bytes() == save
    assert same_game(load_game(autosave.path), game)


def test_undo_and_redo_are_journalled_and_the_game_reloads_exactly(tmp_path):
    autosave, game = Autosaver(tmp_path), Game(load_map(ARENA), seed=3)
    rng = random.Random(3)
    for _ in range(40):  # each step checked: undos land among the commands
        step(game, rng)
        autosave.save(game)
        assert same_game(load_game(autosave.path), game)
    game.undo()
    game.undo()
    game.redo()
    autosave.save(game)
    assert same_game(load_game(autosave.path), game)


def test_a_journal_line_cut_short_by_a_crash_is_not_read(tmp_path):
    autosave, game = autosaved(tmp_path, 4, 6)
    with open(journal_path(autosave.path), "ab") as journal:
        journal.write(b'{"at": 6, "command": {"do": "mo')  # a write the crash cut off
    assert same_game(load_game(autosave.path), game)


def test_a_journal_bound_to_another_save_is_ignored(tmp_path):
    autosave, _game = autosaved(tmp_path, 5, 5)
    other = Game(load_map(ROOT / "maps" / "dungeon.yaml"), seed=1)
    save_game(other, autosave.path)  # the save replaced, its old journal still beside it
    assert same_game(load_game(autosave.path), other)


def test_compaction_folds_the_journal_into_the_save(tmp_path):
    autosave, game = autosaved(tmp_path, 6, 60, compact_after=8)
    journal_lines = len(journal_path(autosave.path).read_text().splitlines())
    assert journal_lines <= 1 + max(8, len(game.history)) + 1
    assert same_game(load_game(autosave.path), game)
    os.unlink(journal_path(autosave.path))  # the save alone: the game as of the last compaction
    assert len(load_game(autosave.path).history) >= len(game.history) - journal_lines


def test_a_crash_between_the_new_save_and_its_journal_loses_nothing(tmp_path, monkeypatch):
    autosave, game = autosaved(tmp_path, 7, 10)
    real = os.replace

    def crash_on_the_journal(src, dst):
        if str(dst).endswith(".journal"):
            raise KeyboardInterrupt("killed")
        real(src, dst)

    monkeypatch.setattr(os, "replace", crash_on_the_journal)
    with pytest.raises(KeyboardInterrupt):
        autosave.compact(game)
    monkeypatch.setattr(os, "replace", real)
    assert same_game(load_game(autosave.path), game)


def test_a_clean_exit_leaves_the_whole_game_in_one_file(tmp_path):
    autosave, game = autosaved(tmp_path, 8, 12)
    autosave.close()
    closed = tmp_path / "last-closed.yaml"
    assert autosave.pending() is None and not journal_path(autosave.path).exists()
    assert not journal_path(closed).exists() and same_game(load_game(closed), game)


def test_a_declined_autosave_keeps_its_journal_beside_it(tmp_path):
    _autosave, game = autosaved(tmp_path, 9, 7)
    Autosaver(tmp_path).discard()  # a later run, offered the game, declines it
    assert same_game(load_game(tmp_path / "declined.yaml"), game)


PLAYER = """
import random, sys
from pathlib import Path
from board.game import Game
from board.maps import load_map
from board.saves import Autosaver
from tests.test_autosave_journal import step
seed = int(sys.argv[2])
rng = random.Random(seed)
game = Game(load_map(sys.argv[1]), seed=seed)
autosave = Autosaver(Path(sys.argv[3]), compact_after=5)
while game.state.phase != "over":
    step(game, rng)
    autosave.save(game)
    print(len(game.history), flush=True)  # saved: on disk before this line
"""


def histories(seed: int, steps: int) -> list[list[dict]]:
    """The commands of the child's game after each of its steps (it plays deterministically)."""
    rng = random.Random(seed)
    game = Game(load_map(ARENA), seed=seed)
    out = [[]]
    while game.state.phase != "over" and len(out) <= steps:
        step(game, rng)
        out.append([c.model_dump() for c in game.history])
    return out


def killed_after(steps: int, script: str, *args: str) -> int:
    """Run a player in a child process and SIGKILL it once it has said this many steps are
    saved (or it ended); returns how many it said."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env
    )
    saved = 0
    for _ in child.stdout:
        saved += 1
        if saved >= steps:
            break
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=120)
    return saved


@pytest.mark.parametrize("seed", range(8))
def test_a_kill_at_any_moment_loses_no_saved_command_and_leaves_a_loadable_game(tmp_path, seed):
    rng = random.Random(seed)
    saved = killed_after(rng.randint(1, 40), PLAYER, str(ARENA), str(seed), str(tmp_path))
    expected = histories(seed, saved + 1)
    loaded = [c.model_dump() for c in load_game(tmp_path / "autosave.yaml").history]
    # Killed between a save and its line on stdout, the file may hold the next step too.
    assert loaded in expected[saved : saved + 2]


def test_a_failed_journal_write_makes_the_next_save_write_the_game_whole(tmp_path, monkeypatch):
    autosave, game = autosaved(tmp_path, 10, 5)
    real = os.write

    def half_then_full_disk(fd, data):
        real(fd, data[: len(data) // 2])  # part of the line reaches the disk
        raise OSError(28, "No space left on device")

    game.submit(random.Random(1).choice(game.ruleset.legal_commands(game.state)))
    monkeypatch.setattr(os, "write", half_then_full_disk)
    with pytest.raises(OSError):
        autosave.save(game)
    monkeypatch.setattr(os, "write", real)
    autosave.save(game)  # the disk has room again
    assert same_game(load_game(autosave.path), game)


def test_a_side_handed_to_the_computer_is_in_the_autosave_before_the_next_command(tmp_path):
    autosave, game = autosaved(tmp_path, seed=4, steps=5)
    team = game.current_player()
    game.players[team] = "computer:hard"  # what the board's X key does
    autosave.save(game)
    assert load_game(autosave.path).players[team] == "computer:hard"
    game.players[team] = "person"  # and taken back
    autosave.save(game)
    assert load_game(autosave.path).players.get(team, "person") == "person"


# --- issue 31: an autosave damaged under a running board ------------------------------------------


def no_undo_step(game: Game, rng: random.Random) -> None:
    game.submit(rng.choice(game.ruleset.legal_commands(game.state)))


def played_on(autosave: Autosaver, game: Game, rng: random.Random, steps: int, move=step) -> None:
    for _ in range(steps):
        move(game, rng)
        autosave.save(game)


def killed(autosave: Autosaver) -> None:
    """What a kill leaves in one process: the files as they are, the lock let go by the system."""
    autosave.journal.close()
    os.close(autosave.lock.fd)


def cut_to_half(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def replaced(path: Path) -> None:
    path.unlink()
    path.write_text("a file of the same name\n")


@pytest.mark.parametrize("move", [step, no_undo_step], ids=["with-undo", "without-undo"])
@pytest.mark.parametrize(
    "damage, said",
    [
        (lambda save: journal_path(save).unlink(), "journal was deleted"),
        (lambda save: cut_to_half(journal_path(save)), "journal was cut short"),
        (lambda save: replaced(journal_path(save)), "journal was replaced"),
        (lambda save: save.unlink(), "autosave.yaml was deleted"),
        (lambda save: cut_to_half(save), "autosave.yaml was changed"),
    ],
    ids=["journal-deleted", "journal-cut", "journal-replaced", "save-deleted", "save-cut"],
)
def test_a_damaged_autosave_is_noticed_at_the_next_command_and_the_save_rewritten(tmp_path, move, damage, said):
    autosave, game = Autosaver(tmp_path), Game(load_map(ARENA), seed=11)
    rng = random.Random(11)
    played_on(autosave, game, rng, 30, move)
    assert autosave.take_notice() is None
    damage(autosave.path)
    played_on(autosave, game, rng, 1, move)
    notice = autosave.take_notice()
    assert notice and said in notice and autosave.take_notice() is None  # said once
    assert same_game(load_game(autosave.path), game)  # a crash now loses nothing
    played_on(autosave, game, rng, 5, move)
    assert autosave.take_notice() is None and same_game(load_game(autosave.path), game)


def test_a_deleted_autosave_is_still_offered_to_continue_from_its_journal(tmp_path):
    autosave, game = autosaved(tmp_path, 12, 20)
    autosave.path.unlink()  # and the board is killed before its next command
    killed(autosave)
    later = Autosaver(tmp_path)
    assert later.pending() == autosave.path
    assert same_game(load_game(later.pending()), game)


def test_a_journal_whose_first_line_names_no_save_restores_nothing(tmp_path):
    autosave, _ = autosaved(tmp_path, 13, 5)
    autosave.path.unlink()
    journal = journal_path(autosave.path)
    journal.write_text('{"hexboard_journal": 2, "save": "0", "text": "hexboard: 1\\n"}\n')
    assert Autosaver(tmp_path).pending() is None and not autosave.path.exists()


def test_a_journal_of_the_first_format_is_still_read(tmp_path):
    """Format 1 named its save by the digest alone: an autosave left by an older board."""
    import hashlib
    import json

    autosave, game = autosaved(tmp_path, 14, 12)
    journal = journal_path(autosave.path)
    lines = journal.read_text().splitlines(keepends=True)
    digest = hashlib.sha256(autosave.path.read_bytes()).hexdigest()
    journal.write_text(json.dumps({"hexboard_journal": 1, "save": digest}) + "\n" + "".join(lines[1:]))
    assert same_game(load_game(autosave.path), game)


# --- issue 31: two boards on one data folder ------------------------------------------------------

BOARD = """
import random, sys
from pathlib import Path
from board.game import Game
from board.maps import load_map
from board.saves import Autosaver
from tests.test_autosave_journal import no_undo_step
seed, steps = int(sys.argv[2]), int(sys.argv[4])
rng = random.Random(seed)
game = Game(load_map(sys.argv[1]), seed=seed)
autosave = Autosaver(Path(sys.argv[3]))
print("offered", autosave.pending(), flush=True)
for _ in range(steps):
    no_undo_step(game, rng)
    autosave.save(game)
print("saved", len(game.history), autosave.path.name, autosave.take_notice(), flush=True)
sys.stdin.readline()  # running until the test lets it end (by a kill)
"""


def board(folder: Path, seed: int, steps: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", BOARD, str(ARENA), str(seed), str(folder), str(steps)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def played(seed: int, steps: int) -> Game:
    game, rng = Game(load_map(ARENA), seed=seed), random.Random(seed)
    for _ in range(steps):
        no_undo_step(game, rng)
    return game


def crash(child: subprocess.Popen) -> None:
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=60)


def test_a_second_board_on_the_folder_is_told_and_autosaves_beside_the_first(tmp_path):
    first = board(tmp_path, 21, 24)
    assert first.stdout.readline().split() == ["offered", "None"]
    assert first.stdout.readline().split()[:3] == ["saved", "24", "autosave.yaml"]
    second = board(tmp_path, 22, 25)  # started while the first runs
    assert second.stdout.readline().split() == ["offered", "None"], "another board's live game is no crash to resume"
    said = second.stdout.readline()
    assert said.split()[:3] == ["saved", "25", "autosave-2.yaml"]
    assert f"Another Hexboard (process {first.pid}) is using this data folder" in said
    crash(first)
    crash(second)
    # Both games survive: the first where it was, the second offered once the first is dealt with.
    after = Autosaver(tmp_path)
    assert same_game(load_game(after.pending()), played(21, 24))
    after.discard()  # declined (or played on and closed): the second's game is offered next
    assert same_game(load_game(after.pending()), played(22, 25))
    assert not (tmp_path / "autosave-2.yaml").exists()


def test_the_lock_of_a_crashed_board_is_taken_over(tmp_path):
    child = board(tmp_path, 23, 3)
    child.stdout.readline()
    child.stdout.readline()
    crash(child)
    assert (tmp_path / "autosave.yaml.lock").read_text().strip() == str(child.pid)  # left behind
    autosave = Autosaver(tmp_path)
    assert autosave.pending() == tmp_path / "autosave.yaml"
    game = played(24, 2)
    autosave.save(game)
    assert autosave.path.name == "autosave.yaml" and autosave.take_notice() is None
    assert (tmp_path / "autosave.yaml.lock").read_text().strip() == str(os.getpid())
    autosave.close()
    assert not (tmp_path / "autosave.yaml.lock").exists()
    assert same_game(load_game(tmp_path / "last-closed.yaml"), game)


def test_two_boards_in_one_process_never_write_the_same_autosave(tmp_path):
    one, two = Autosaver(tmp_path), Autosaver(tmp_path)
    first, second = played(25, 6), played(26, 7)
    one.save(first)
    assert two.pending() is None
    two.save(second)
    assert two.path.name == "autosave-2.yaml" and "is using this data folder" in two.take_notice()
    one.close()
    two.close()  # each game set aside under its own name
    assert same_game(load_game(tmp_path / "last-closed.yaml"), first)
    assert same_game(load_game(tmp_path / "last-closed-2.yaml"), second)


def test_a_hostile_save_held_by_a_journal_is_refused_as_any_save_is(tmp_path):
    """A journal names its save by digest, which anyone can compute: what it restores is only
    a save like any other, read with the same limits."""
    import hashlib
    import json

    from board.yamlio import InputError

    text = "hexboard: 1\nmap: " + "[" * 5000 + "]" * 5000 + "\n"
    digest = hashlib.sha256(text.encode()).hexdigest()
    journal_path(tmp_path / "autosave.yaml").write_text(
        json.dumps({"hexboard_journal": 2, "save": digest, "text": text}) + "\n"
    )
    pending = Autosaver(tmp_path).pending()
    assert pending == tmp_path / "autosave.yaml"
    with pytest.raises(InputError):
        load_game(pending)


def test_a_link_planted_as_the_lock_is_not_followed(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    (tmp_path / "autosave.yaml.lock").symlink_to(target)
    autosave = Autosaver(tmp_path)
    with pytest.raises(OSError):
        autosave.save(played(27, 2))  # the board says "Autosave failed" (App.step)
    assert target.read_text() == "keep me\n"


def test_a_folder_without_flock_still_autosaves(tmp_path, monkeypatch):
    import errno

    from board import autosave_lock

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(autosave_lock.fcntl, "flock", no_locks)
    autosave, game = Autosaver(tmp_path), played(28, 4)
    autosave.save(game)
    assert autosave.path.name == "autosave.yaml" and same_game(load_game(autosave.path), game)


# --- issue 31 (item 17): the computer's reasons are journalled with their commands ---------------


def log_texts(game: Game) -> list[str]:
    return [event.text for event in game.logged_events()]


def test_the_computers_reasons_are_journalled_with_their_commands_through_undos_and_compaction(tmp_path):
    autosave, game = Autosaver(tmp_path, compact_after=8), Game(load_map(ARENA), seed=21)
    rng = random.Random(21)
    for _ in range(80):  # undos, redos and compactions land among the notes
        noted_step(game, rng)
        if game.undone and rng.random() < 0.3:
            game.redo()
        autosave.save(game)
        loaded = load_game(autosave.path)
        assert loaded.notes == game.notes and log_texts(loaded) == log_texts(game)
    assert game.notes and 0 < len(game.notes) < len(game.history)


def test_a_reason_costs_no_line_of_its_own_and_a_late_one_is_still_journalled(tmp_path):
    autosave, game = Autosaver(tmp_path), Game(load_map(ARENA), seed=22)
    autosave.save(game)
    journal = journal_path(autosave.path)
    rng = random.Random(22)
    for count in range(1, 5):
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
        game.note(f"why {count}")
        autosave.save(game)
        assert len(journal.read_text().splitlines()) == 1 + count  # one line: command and reason
    game.note("thought better of it")  # a reason given after its command was saved
    autosave.save(game)
    assert (
        load_game(autosave.path).notes == game.notes == {0: "why 1", 1: "why 2", 2: "why 3", 3: "thought better of it"}
    )


NOTED_PLAYER = """
import random, sys
from pathlib import Path
from board.game import Game
from board.maps import load_map
from board.saves import Autosaver
from tests.test_autosave_journal import noted_step
seed = int(sys.argv[2])
rng = random.Random(seed)
game = Game(load_map(sys.argv[1]), seed=seed)
autosave = Autosaver(Path(sys.argv[3]), compact_after=int(sys.argv[4]))
while game.state.phase != "over":
    noted_step(game, rng)
    autosave.save(game)
    print(len(game.history), flush=True)  # saved: on disk before this line
"""


def noted_games(seed: int, steps: int) -> list[Game]:
    """The child's game after each of its steps, as a clone (it plays deterministically)."""
    rng = random.Random(seed)
    game = Game(load_map(ARENA), seed=seed)
    out = [game.clone()]
    while game.state.phase != "over" and len(out) <= steps:
        noted_step(game, rng)
        out.append(game.clone())
    return out


@pytest.mark.parametrize("seed, compact_after", [(31, 256), (32, 6), (33, 256)])
def test_a_game_killed_mid_fight_resumes_with_the_computers_reasons_of_every_saved_command(
    tmp_path, seed, compact_after
):
    saved = killed_after(
        random.Random(seed).randint(20, 40), NOTED_PLAYER, str(ARENA), str(seed), str(tmp_path), str(compact_after)
    )
    resumed = load_game(Autosaver(tmp_path).pending())
    # Killed between a save and its line on stdout, the file may hold the next step too.
    live = [game for game in noted_games(seed, saved + 1)[saved : saved + 2] if same_game(resumed, game)]
    assert live, "the resumed game is the live one of a saved step, reasons and all"
    assert live[0].notes and log_texts(resumed) == log_texts(live[0])


@pytest.mark.parametrize(
    "note, why",
    [
        ('"' + "x" * 501 + '"', "too long"),
        ('"a\\u0000b"', "a control character"),
        ("7", "not text"),
        (None, "a reason for no command"),
    ],
)
def test_a_journals_bad_reason_ends_its_reading_as_a_bad_command_does(tmp_path, note, why):
    from board.script import command_json

    autosave, game = autosaved(tmp_path, 23, 4)
    assert game.history
    command = command_json(game.ruleset.legal_commands(game.state)[0])
    line = (
        f'{{"at": {len(game.history)}, "command": {command}, "note": {note}}}'
        if note
        else '{"at": 0, "note": "a reason for no command"}'
    )
    with open(journal_path(autosave.path), "a", encoding="utf-8") as journal:
        journal.write(line + "\n" + '{"at": 0}\n')  # the line after a bad one is not read either
    assert same_game(load_game(autosave.path), game), why
