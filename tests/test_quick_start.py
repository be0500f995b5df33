"""The README's quick start: two commands that work from a fresh clone, the second run by CI."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def quick_start() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def commands() -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", quick_start(), re.S)]


def test_the_quick_start_has_two_commands_run_by_the_launcher_in_a_venv():
    assert commands() == ["./hexboard", "./hexboard test"]
    assert "venv" in quick_start()
    assert os.access(ROOT / "hexboard", os.X_OK), "the launcher is executable in the clone"


def test_ci_runs_the_second_command_exactly_as_the_readme_writes_it():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert commands()[1] in lines


@pytest.mark.skipif(shutil.which("sh") is None, reason="no POSIX shell")
def test_without_venv_or_pip_the_launcher_says_which_package_to_install(tmp_path):
    # A Python whose venv module and pip are missing (Debian without python3-venv and python3-pip).
    fake = tmp_path / "python3"
    fake.write_text('#!/bin/sh\ncase "$1 $2" in "-m venv"|"-m pip") exit 1;; esac\nexit 0\n')
    fake.chmod(0o755)
    clone = tmp_path / "clone"
    clone.mkdir()
    shutil.copy(ROOT / "hexboard", clone / "hexboard")
    result = subprocess.run(
        ["sh", str(clone / "hexboard")],
        env={**os.environ, "PYTHON": str(fake)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "sudo apt install python3-venv" in result.stderr
    assert not (clone / ".venv").exists(), "no half-made venv is left behind"
