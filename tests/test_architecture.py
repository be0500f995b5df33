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
    code = ("import sys, board.hexgrid, board.footprints, board.dice, board.maps, board.rules.warrior_wizard.tables; "
            "print('pygame' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=BOARD.parent, check=True)
    assert result.stdout.strip() == "False"


ROOT = BOARD.parent


def _levels_up(node: ast.AST) -> int:
    """How many folders above a file a chain such as Path(__file__).parents[2].parent climbs."""
    ups = 0
    while True:
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            ups, node = ups + 1, node.value
        elif (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
              and node.value.attr == "parents" and isinstance(node.slice, ast.Constant)):
            ups, node = ups + node.slice.value + 1, node.value.value
        elif isinstance(node, (ast.Call, ast.Attribute)):
            node = node.func if isinstance(node, ast.Call) else node.value
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name):
                return ups if node.args[0].id == "__file__" else 0
        else:
            return 0


def reads_outside_the_repository(name: str, source: str) -> list[str]:
    """Places in a source file (name: its path in the repository) that reach above the
    repository or into a known outside folder."""
    depth = len(Path(name).parts)  # climbing this many folders from the file reaches ROOT
    found = []
    for node in ast.walk(ast.parse(source)):
        if _levels_up(node) > depth:
            found.append(f"{name}:{node.lineno}: climbs above the repository")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                "shared/rules" in node.value or node.value.startswith(("/work", "../shared"))
                or node.value == "shared"):
            found.append(f"{name}:{node.lineno}: names a folder outside the repository")
    return found


def test_nothing_under_tests_or_board_reads_outside_the_repository():
    # A fresh clone has nothing beside it: the rule texts are reading material, not project files.
    files = [*BOARD.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    files.remove(Path(__file__).resolve())  # this module names those folders to look for them
    assert [place for path in files for place in reads_outside_the_repository(
        str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))] == []


def test_the_outside_check_sees_a_path_that_climbs_out():
    source = ('from pathlib import Path\nA = Path(__file__).resolve().parents[2] / "shared" / "rules"\n'
              "B = Path(__file__).resolve().parents[1].parent\nC = Path(__file__).parents[1] / 'maps'\n"
              "D = Path(__file__).parent.parent / 'maps'\n")
    found = reads_outside_the_repository("tests/test_sample.py", source)
    assert sorted(place.split(": ")[0] for place in found) == ["tests/test_sample.py:2"] * 2 + ["tests/test_sample.py:3"]
