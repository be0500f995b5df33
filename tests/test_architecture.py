"""The functional core never imports pygame: only board/ui/ may; board/ imports no module in a cycle."""

import ast
import re
import subprocess
import sys
from pathlib import Path

from board.rules.registry import ruleset_ids

BOARD = Path(__file__).resolve().parents[1] / "board"


def test_only_board_ui_imports_pygame():
    offenders = []
    for path in BOARD.rglob("*.py"):
        if "ui" in path.relative_to(BOARD).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name.split(".")[0] in ("pygame", "pygame_gui") for name in names):
                offenders.append(f"{path.relative_to(BOARD.parent)}:{node.lineno}")
    assert offenders == []


def test_importing_the_core_does_not_load_pygame():
    code = (
        "import sys, board.hexgrid, board.footprints, board.dice, board.maps, board.rules.warrior_wizard.tables; "
        "print('pygame' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=BOARD.parent, check=True)
    assert result.stdout.strip() == "False"


ROOT = BOARD.parent


def _levels_up(node: ast.AST) -> int:
    """How many folders above a file a chain such as Path(__file__).parents[2].parent climbs."""
    ups = 0
    while True:
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            ups, node = ups + 1, node.value
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
        ):
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
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and (
                "shared/rules" in node.value or node.value.startswith(("/work", "../shared")) or node.value == "shared"
            )
        ):
            found.append(f"{name}:{node.lineno}: names a folder outside the repository")
    return found


def test_nothing_under_tests_or_board_reads_outside_the_repository():
    # A fresh clone has nothing beside it: the rule texts are reading material, not project files.
    files = [*BOARD.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    files.remove(Path(__file__).resolve())  # this module names those folders to look for them
    assert [
        place
        for path in files
        for place in reads_outside_the_repository(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
    ] == []


def test_the_outside_check_sees_a_path_that_climbs_out():
    source = (
        'from pathlib import Path\nA = Path(__file__).resolve().parents[2] / "shared" / "rules"\n'
        "B = Path(__file__).resolve().parents[1].parent\nC = Path(__file__).parents[1] / 'maps'\n"
        "D = Path(__file__).parent.parent / 'maps'\n"
    )
    found = reads_outside_the_repository("tests/test_sample.py", source)
    expected = ["tests/test_sample.py:2"] * 2 + ["tests/test_sample.py:3"]
    assert sorted(place.split(": ")[0] for place in found) == expected


# --- import cycles -------------------------------------------------------------------------


def _modules() -> dict[str, Path]:
    """Every module under board/ by its dotted name (a package by its folder's)."""
    out = {}
    for path in BOARD.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imported(node: ast.AST, package: str, modules: dict) -> list[str]:
    """The modules of board/ an import statement (at any depth) or an import_module(f"...")
    call names; `from package import module` names the module."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
        return [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
    if (
        isinstance(node, ast.Call)
        and getattr(node.func, "attr", "") == "import_module"
        and node.args
        and isinstance(node.args[0], ast.JoinedStr)
        and isinstance(node.args[0].values[0], ast.Constant)
    ):
        prefix = node.args[0].values[0].value  # "board.rules.": any package just below
        return [
            m
            for m in modules
            if m.startswith(prefix) and "." not in m[len(prefix) :] and modules[m].name == "__init__.py"
        ]
    return []


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of board/ it imports, function-level and dynamic imports included."""
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = {
            m
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            for m in _imported(node, package, modules)
            if m in modules and m != name
        }
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (none: no cycle)."""
    found, done = [], set()
    for start in sorted(graph):
        path, on_path = [start], {start: iter(sorted(graph[start]))}
        while path:
            step = next(on_path[path[-1]], None)
            if step is None:
                done.add(path.pop())
            elif step in on_path and step in path:
                found.append(path[path.index(step) :] + [step])
                done.update(path)
                break
            elif step not in done and step not in on_path:
                path.append(step)
                on_path[step] = iter(sorted(graph[step]))
        done.update(on_path)
    return found


def test_board_has_no_import_cycle_not_even_through_a_function_level_or_dynamic_import():
    # The registry imports each ruleset by name (importlib), so a ruleset that imported the
    # registry or the map loader closed a loop; a late import inside a function hid others.
    assert cycles(import_graph()) == []


def test_the_cycle_check_sees_a_late_import_and_a_loop_through_it():
    tree = ast.parse("def f():\n    from board.rules.warrior_wizard import fire\n")
    modules = {"board.rules.warrior_wizard": None, "board.rules.warrior_wizard.fire": None}
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom))
    assert _imported(node, "board.rules.warrior_wizard", modules) == ["board.rules.warrior_wizard.fire"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_follows_the_registrys_import_of_every_ruleset():
    assert {f"board.rules.{r.replace('-', '_')}" for r in ruleset_ids()} <= import_graph()["board.rules.registry"]


INTERFACE = {"board.rules.base", "board.rules.reports"}


def test_board_rules_has_layers_the_interface_then_the_kernel_then_the_rulesets():
    # The interface (commands, events, refusals, the Ruleset protocol and what a ruleset reports:
    # TurnInfo, ActionInfo, Token, GMKey...) names no kernel module; the kernel names no ruleset.
    graph = import_graph()
    rules = {m for m in graph if m.startswith("board.rules.")}
    upward = [(m, n) for m in INTERFACE for n in graph[m] & rules if n not in INTERFACE]
    upward += [
        (m, n)
        for m in rules
        if m.startswith("board.rules.kernel")
        for n in graph[m] & rules
        if not n.startswith("board.rules.kernel") and n not in INTERFACE
    ]
    assert upward == []


READERS_THAT_WRITE = re.compile(r"\bgame\.state\s*=[^=]|\.ruleset\.(card|tokens|actions)\(")


def test_only_the_game_and_the_rules_write_a_games_state_or_ask_its_ruleset_for_what_it_shows():
    # The UI, the computer and the tests read a game through Game: game.card(name),
    # game.tokens(), game.actions(name), game.with_state(state) (issue 34's read-only view).
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in (*BOARD.rglob("*.py"), *(ROOT / "tests").rglob("*.py"))
        if path != BOARD / "game.py" and "rules" not in path.relative_to(ROOT).parts[1:2]
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if READERS_THAT_WRITE.search(line) and path != Path(__file__)
    ]
    assert offenders == []
