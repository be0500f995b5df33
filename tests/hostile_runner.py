"""Load hostile files through the command line, each in a forked process under a memory limit.

Run by tests/test_hostile_input.py as `python tests/hostile_runner.py` with a JSON list of cases
on stdin, each {"kind": "map" | "save" | "tmx", "path": ...}. It prints one JSON line per case:
its outcome ("refused" or "ok"), the exit status and signal of the process that loaded it, the
CPU seconds it took, its peak resident memory in MB, and any traceback. A fresh process per case
keeps one case's memory from counting against the next, and a signal (the stack overflow of a
C parser) from killing the run.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from board.cli import main
from board.maps import load_map  # noqa: F401  (imported once, not in every child)
from board.rules.registry import ruleset_ids
from board.tiled import convert  # noqa: F401
from board.saves import load_game, save_game
from board.yamlio import InputError

ADDRESS_SPACE = 3 * 2**30  # a bomb gets a MemoryError (a traceback: a failure), not the machine
ALARM_SECONDS = 300  # a hang ends in SIGALRM, reported as a signal (wall time: generous)


def load(kind: str, path: str) -> str:
    """Load one file the way the board's commands do: "refused" or "ok"."""
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        if kind == "map":
            status = main(["check", "-q", path])
        elif kind == "tmx":
            status = main(["import-tiled", path, path + ".yaml"])
        else:
            status = main(["replay", path])
            if status == 0:  # and what `play --load` does: replay, then autosave
                try:
                    save_game(load_game(path), path + ".autosave.yaml")
                except InputError:
                    status = 1
    return "ok" if status == 0 else "refused"


def run_case(case: dict) -> dict:
    """Load a case in a forked child; its outcome, status, time and peak memory."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: load, report on the pipe, exit without cleanup
        os.close(read_end)
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        os.nice(5)
        import signal

        signal.alarm(ALARM_SECONDS)
        try:
            report = {"outcome": load(case["kind"], case["path"])}
        except BaseException:
            report = {"outcome": "traceback", "traceback": traceback.format_exc()[-3000:]}
        os.write(write_end, json.dumps(report).encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as stream:
        text = stream.read().decode()
    _, status, usage = os.wait4(pid, 0)
    report = json.loads(text) if text else {"outcome": "no report"}
    # CPU time, not the clock: a bomb burns minutes of CPU, a busy machine only waits longer.
    report.update(
        case,
        seconds=round(usage.ru_utime + usage.ru_stime, 3),
        rss_mb=round(usage.ru_maxrss / 1024, 1),
        signal=os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0,
    )
    return report


if __name__ == "__main__":
    ruleset_ids()  # every ruleset imported once, before the children fork
    for item in json.load(sys.stdin):
        print(json.dumps(run_case(item)), flush=True)
