"""The functional core never imports pygame: only board/ui/ may."""

import ast
import subprocess
import sys
from pathlib import Path

BOARD = Path(__file__).resolve().parents[1] / "board"


def test_only_board_ui_imports_pygame():
    offenders = []
    for path in BOARD.rglob("*.py"):
        if "ui" in path.relative_to(BOARD).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.split(".")[0] in ("pygame", "pygame_gui") for name in names):
                offenders.append(f"{path.relative_to(BOARD.parent)}:{node.lineno}")
    assert offenders == []


def test_importing_the_core_does_not_load_pygame():
    code = ("import sys, board.hexgrid, board.footprints, board.dice, board.maps, board.tables; "
            "print('pygame' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=BOARD.parent, check=True)
    assert result.stdout.strip() == "False"
