"""Hexboard installed like a program: the sdist and wheel carry the maps, tables and art; the
wheel, installed offline into a fresh venv, gives a working `hexboard` command."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = "Scripts" if os.name == "nt" else "bin"
# What a build needs from the clone; never its venv, caches or earlier build output.
SKIP = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    "out",
    "tests",
    "docs",
    "benchmarks",
)

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("setuptools") is None, reason="building the wheel needs setuptools (the test extra has it)"
)


def _run(args, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kwargs)
    assert result.returncode == 0, f"{args}: {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


def _pip() -> list[str]:
    """A pip to install with: this interpreter's, else the system's (a venv made without pip)."""
    for python in (sys.executable, shutil.which("python3")):
        if python and subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode == 0:
            return [python, "-m", "pip"]
    pytest.skip("no pip to install the wheel with")


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict[str, Path]:
    """An sdist built from a copy of the clone, and the wheel built from that sdist (as
    `python -m build` does), offline: no build isolation, setuptools as installed."""
    work = tmp_path_factory.mktemp("build")
    shutil.copytree(ROOT, work / "src", ignore=SKIP)
    code = "import sys; from setuptools import build_meta as b; print(b.build_sdist(sys.argv[1]))"
    name = _run([sys.executable, "-c", code, work / "dist"], cwd=work / "src").stdout.split()[-1]
    sdist = work / "dist" / name
    with tarfile.open(sdist) as archive:
        # The "data" filter (Python 3.11.4 and later) refuses links and paths out of the folder.
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        archive.extractall(work / "unpacked", **safe)
    unpacked = next((work / "unpacked").iterdir())
    _run([*_pip(), "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", work / "dist", unpacked])
    return {"sdist": sdist, "wheel": next((work / "dist").glob("hexboard-*.whl"))}


def _site_packages() -> list[str]:
    """The folders this interpreter imports installed packages from (not the clone)."""
    return [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages") and Path(p).is_dir()]


@pytest.fixture(scope="session")
def venv(built, tmp_path_factory) -> Path:
    """A fresh venv with only the wheel installed in it, offline; the dependencies are the ones
    this interpreter already has, seen through a .pth file (not the clone's board/)."""
    home = tmp_path_factory.mktemp("venv") / "env"
    _run([sys.executable, "-m", "venv", "--without-pip", home])
    python = home / BIN / ("python.exe" if os.name == "nt" else "python")
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"]).stdout.strip())
    (site / "hexboard-test-dependencies.pth").write_text("\n".join(_site_packages()) + "\n")
    _run([*_pip(), "--python", python, "install", "--no-index", "--no-deps", "-q", built["wheel"]])
    return home


def _env(home: Path, tmp: Path, on_path: bool = True) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HEXBOARD_DATA_DIR=str(tmp / "data"))
    if on_path:
        env["PATH"] = str(home / BIN) + os.pathsep + env.get("PATH", "")
    return env


def test_the_sdist_carries_the_maps_tables_theme_icons_and_desktop_entry(built):
    with tarfile.open(built["sdist"]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {
        "maps/arena.yaml",
        "assets/tables/warrior-wizard/weapons.yaml",
        "assets/themes/board.json",
        "assets/icons/hexboard.svg",
        "assets/icons/hexboard-48.png",
        "assets/desktop/hexboard.desktop",
        "setup.py",
        "hexboard",
        "main.py",
    } <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".marshal")]


def test_the_wheel_carries_them_inside_the_package(built):
    names = set(zipfile.ZipFile(built["wheel"]).namelist())
    shipped = {
        str(p.relative_to(ROOT)).replace(os.sep, "/")
        for folder in ("assets", "maps")
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert {f"board/_data/{name}" for name in shipped} <= names
    assert "board/cli.py" in names and not [n for n in names if n.endswith(".marshal")]
    assert "board/locale/de.po" in names  # the German catalogue, read at run time


def test_the_installed_command_speaks_the_systems_german(venv, tmp_path):
    env = dict(_env(venv, tmp_path), LANGUAGE="de")
    usage = _run(["hexboard", "--help"], env=env, cwd=tmp_path).stdout
    assert usage.startswith("Aufruf: hexboard ") and "Optionen:" in usage


def test_the_installed_command_prints_the_version(venv, tmp_path):
    from board.resources import version

    out = _run(["hexboard", "--version"], env=_env(venv, tmp_path), cwd=tmp_path).stdout
    assert out.strip() == f"Hexboard {version()}" and version() != "unknown"


def test_the_installed_package_reads_its_own_copy_of_the_shipped_files(venv, tmp_path):
    code = "import board.resources as r; print(r.__file__); print(r.DEFAULT_MAP); print(r.TABLES)"
    python = venv / BIN / "python"
    lines = _run([python, "-c", code], env=_env(venv, tmp_path), cwd=tmp_path).stdout.split("\n")
    for line in lines[:3]:
        assert Path(line).resolve().is_relative_to(venv.resolve()), line
    assert Path(lines[1]).is_file()


def test_the_installed_command_checks_a_map(venv, tmp_path):
    out = _run(["hexboard", "check", "maps/arena.yaml"], env=_env(venv, tmp_path), cwd=ROOT).stdout
    assert out.startswith("maps/arena.yaml: ok: ")


def test_the_installed_command_renders_a_screenshot_headless_of_its_bundled_map(venv, tmp_path):
    env = _env(venv, tmp_path)
    python = venv / BIN / "python"
    bundled = _run(
        [python, "-c", "import board.resources as r; print(r.DEFAULT_MAP)"], env=env, cwd=tmp_path
    ).stdout.strip()
    out = _run(
        ["hexboard", "screenshot", bundled, tmp_path / "shot.png", "--size", "800x500"], env=env, cwd=tmp_path
    ).stdout
    assert "800x500" in out
    assert (tmp_path / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_help_names_the_installed_command_on_the_path_else_its_full_path(venv, tmp_path):
    usage = _run(["hexboard", "--help"], env=_env(venv, tmp_path), cwd=tmp_path).stdout
    assert usage.startswith("usage: hexboard ")
    script = venv / BIN / "hexboard"
    usage = _run([script, "--help"], env=_env(venv, tmp_path, on_path=False), cwd=tmp_path).stdout
    assert usage.split()[:2] == ["usage:", str(script)]


def test_the_one_folder_build_script_is_executable_shell_and_names_its_recipe():
    script = ROOT / "tools" / "build-onefolder.sh"
    assert os.access(script, os.X_OK)
    assert subprocess.run(["sh", "-n", str(script)]).returncode == 0
    assert "tools/hexboard.spec" in script.read_text() and (ROOT / "tools" / "hexboard.spec").is_file()


@pytest.mark.parametrize("errno_", [13, 30], ids=["permission-denied", "read-only-filesystem"])
def test_in_a_read_only_install_the_bundled_maps_load_and_no_parse_is_kept(tmp_path, monkeypatch, errno_):
    import board.atomic
    import board.yamlio
    from board.maps import load_map

    shutil.copytree(ROOT / "maps", tmp_path / "maps", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(board.yamlio, "KEPT_UNDER", [(tmp_path / "maps").resolve()])

    def refused(*args, **kwargs):
        raise OSError(errno_, os.strerror(errno_))

    monkeypatch.setattr(board.atomic.tempfile, "mkstemp", refused)
    monkeypatch.setattr(Path, "mkdir", refused)
    for _ in range(2):
        assert load_map(tmp_path / "maps" / "arena.yaml").name == "The Arena"
    assert [p.name for p in (tmp_path / "maps").iterdir() if not p.name.endswith(".yaml")] == []
