"""The one-folder build's smoke test: from an empty folder, with no Python on the PATH and none
of its variables set, run the built program's --version, check the bundled default map and
render it headless; print how long each took. Exit status 1 if any step fails.

    python tools/smoke_onefolder.py dist/hexboard
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main(folder: str) -> int:
    root = Path(folder).resolve()
    program = root / ("hexboard.exe" if os.name == "nt" else "hexboard")
    maps = [p for p in (root / "_internal" / "maps", root / "maps") if p.is_dir()]
    if not program.is_file() or not maps:
        print(f"smoke: no built program with its maps in {root}", file=sys.stderr)
        return 1
    arena = maps[0] / "arena.yaml"
    with tempfile.TemporaryDirectory() as here:
        keep = ("SYSTEMROOT", "WINDIR", "TEMP", "TMP")  # Windows cannot start a program without them
        env = {k: v for k, v in os.environ.items() if k in keep}
        env.update(
            HOME=here,
            PATH=os.pathsep.join(("/usr/bin", "/bin")),
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            HEXBOARD_DATA_DIR=str(Path(here) / "data"),
        )
        steps = [
            ("--version", ["--version"]),
            ("check", ["check", str(arena)]),
            ("screenshot", ["screenshot", str(arena), "shot.png", "--size", "1280x800"]),
        ]
        for name, args in steps:
            start = time.perf_counter()
            run = subprocess.run([str(program), *args], cwd=here, env=env, capture_output=True, text=True, timeout=300)
            took = (time.perf_counter() - start) * 1000
            print(f"smoke: {name}: exit {run.returncode} in {took:.0f} ms: {run.stdout.strip()}")
            if run.returncode != 0:
                print(run.stderr, file=sys.stderr)
                return 1
        if (Path(here) / "shot.png").read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
            print("smoke: the screenshot is not a PNG", file=sys.stderr)
            return 1
    print("smoke: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "dist/hexboard"))
