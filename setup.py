"""Builds the wheel with the shipped files inside the package: assets/ and maps/ at the
repository's top level become board/_data/assets and board/_data/maps (board/resources.py
finds them there). The project's settings are in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("assets", "maps")  # top-level folders the program reads at run time
SKIP = shutil.ignore_patterns("__pycache__", "*.marshal", "*.pyc", ".*")


class BuildWithData(build_py):
    """build_py, then the shipped folders copied under board/_data in the build."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them where they are, beside board/
        for name in SHIPPED:
            target = Path(self.build_lib) / "board" / "_data" / name
            if target.exists():
                shutil.rmtree(target)  # a rebuild must not keep a file removed since
            shutil.copytree(HERE / name, target, ignore=SKIP)

    def get_outputs(self, include_bytecode=True):
        """The copied files are outputs too (for --record and editable wheels)."""
        outputs = list(super().get_outputs(include_bytecode))
        if getattr(self, "editable_mode", False):
            return outputs
        data = Path(self.build_lib) / "board" / "_data"
        return outputs + [str(p) for p in data.rglob("*") if p.is_file()]


setup(cmdclass={"build_py": BuildWithData})
